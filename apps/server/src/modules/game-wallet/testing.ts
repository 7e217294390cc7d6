import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { GAME_WALLET_API_PATHS, INHOUSE_VENDOR_CODE, PROVIDER_API_PATHS, PROVIDER_HEADERS } from '@palaro/contract';
import type { Database } from '../../platform/db/database';
import type { AccountsClient } from '../accounts/testing';
import { games } from '../games/schema';
import { gameProviderPlayers, gameProviders } from './schema';
import { providerCredentials } from './service';
import { signProviderRequest } from './signing';

export const newRequestId = () => `req-${randomBytes(9).toString('hex')}`;
export const newTransactionId = (prefix = 'tx') => `${prefix}-${randomBytes(8).toString('hex')}`;

export interface SignOptions {
  requestId?: string;
  timestamp?: number;
  secret?: string;
  vendorCode?: string;
  /** Replaces the computed signature (a forgery). */
  signature?: string;
}

/** A provider's game server as the tests play it: signs every call like a real one (over inject). */
export class ProviderClient {
  constructor(
    readonly app: FastifyInstance,
    private secret: string,
    private readonly now: () => Date,
    readonly vendorCode = INHOUSE_VENDOR_CODE,
  ) {}

  static async of(
    app: FastifyInstance,
    database: Database,
    now: () => Date,
    vendorCode = INHOUSE_VENDOR_CODE,
  ): Promise<ProviderClient> {
    const credentials = await providerCredentials(database.db, vendorCode);
    expect(credentials, `provider ${vendorCode} is connected`).toBeDefined();
    return new ProviderClient(app, credentials!.secret, now, vendorCode);
  }

  useSecret(secret: string): void {
    this.secret = secret;
  }

  /** The headers a provider sends with `rawBody`. */
  signedHeaders(rawBody: string, options: SignOptions = {}): Record<string, string> {
    const requestId = options.requestId ?? newRequestId();
    const timestamp = String(options.timestamp ?? this.now().getTime());
    return {
      'content-type': 'application/json',
      [PROVIDER_HEADERS.provider]: options.vendorCode ?? this.vendorCode,
      [PROVIDER_HEADERS.timestamp]: timestamp,
      [PROVIDER_HEADERS.requestId]: requestId,
      [PROVIDER_HEADERS.signature]:
        options.signature ?? signProviderRequest(options.secret ?? this.secret, timestamp, requestId, rawBody),
    };
  }

  async call(path: string, body: unknown, options: SignOptions = {}) {
    const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
    return this.app.inject({
      method: 'POST',
      url: path,
      payload: rawBody,
      headers: this.signedHeaders(rawBody, options),
    });
  }
}

/** The catalogue's id (nodeId) of a game of the demo merchant, by its code. */
export async function nodeIdOf(database: Database, gameCode: string): Promise<number> {
  const [row] = await database.db.select({ id: games.id }).from(games).where(eq(games.code, gameCode));
  expect(row, `game ${gameCode}`).toBeDefined();
  return row!.id;
}

/** Launches a game as the signed-in member and answers the launch token from the game URL's fragment. */
export async function launchToken(
  client: AccountsClient,
  vendor: string,
  nodeId: number,
): Promise<{ token: string; gameUrl: string }> {
  const response = await client.request('POST', GAME_WALLET_API_PATHS.launchGame, { vendor, nodeId });
  expect(response.statusCode, response.body).toBe(200);
  const gameUrl = response.json().value.gameUrl as string;
  const token = new URLSearchParams(new URL(gameUrl, 'http://palaro.test').hash.slice(1)).get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { token: token!, gameUrl };
}

/** The id a provider (PLR unless named) knows the member by, once the member launched one of its games. */
export async function providerPlayerIdOfMember(
  database: Database,
  memberId: number,
  vendorCode = INHOUSE_VENDOR_CODE,
): Promise<string> {
  const [row] = await database.db
    .select({ playerId: gameProviderPlayers.playerId })
    .from(gameProviderPlayers)
    .innerJoin(gameProviders, eq(gameProviders.id, gameProviderPlayers.providerId))
    .where(and(eq(gameProviderPlayers.memberId, memberId), eq(gameProviders.vendorCode, vendorCode)));
  expect(row, `member ${memberId} has a ${vendorCode} player id`).toBeDefined();
  return row!.playerId;
}

/** Launches a game and authenticates its token as the provider would: the token and the player id the provider was given. */
export async function authenticatedLaunch(
  client: AccountsClient,
  provider: ProviderClient,
  vendor: string,
  nodeId: number,
): Promise<{ token: string; playerId: string }> {
  const { token } = await launchToken(client, vendor, nodeId);
  const session = await provider.call(PROVIDER_API_PATHS.authenticate, { token });
  expect(session.statusCode, session.body).toBe(200);
  return { token, playerId: session.json().value.playerId as string };
}
