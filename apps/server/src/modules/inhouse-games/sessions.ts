import { createHash, randomBytes } from 'node:crypto';
import { INHOUSE_ERROR_CODES, type TInhouseSession } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import type { InhouseDeps } from './deps';
import { fairnessState } from './fairness';
import { gameOf, gameRules } from './games';
import { minesViewWithSeed } from './round-views';
import type { InhouseSessionRow } from './schema';
import * as store from './store';
import { WalletRefusal } from './wallet-client';
import { walletError } from './wallet-calls';

/** A player's game session: opened with the launch token the wallet authenticates, named by its own token on every call. */

const SESSION_TTL_MS = 12 * 60 * 60_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function sessionView(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  sessionToken: string,
  balance: bigint,
): Promise<TInhouseSession> {
  const game = gameOf(session.gameCode);
  const inPlay = game.kind === 'mines' ? await store.roundInPlay(deps.db, session.playerId, session.gameCode) : null;
  return {
    sessionToken,
    game: { code: session.gameCode, name: session.gameName, kind: game.kind },
    balance: Number(balance),
    currency: session.currency,
    betSteps: [...game.betSteps],
    statedRtp: game.statedRtp,
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
    ...gameRules(game.kind),
    currentRound: inPlay?.status === 'open' ? await minesViewWithSeed(deps, inPlay) : null,
  };
}

/** Opens a session: the wallet authenticates the launch token (player, currency, balance, game). */
export async function openSession(deps: InhouseDeps, launchToken: string): Promise<TInhouseSession> {
  let player;
  try {
    player = await deps.wallet.authenticate(launchToken);
  } catch (error) {
    if (error instanceof WalletRefusal && error.status < 500) {
      throw new DomainError(
        INHOUSE_ERROR_CODES.sessionInvalid,
        'This game link is no longer valid: open the game again from the lobby',
      );
    }
    throw walletError(error);
  }
  gameOf(player.game.code);
  const sessionToken = randomBytes(32).toString('base64url');
  const now = deps.now();
  const session = await store.insertSession(deps.db, {
    tokenHash: hashToken(sessionToken),
    playerId: player.playerId,
    gameCode: player.game.code,
    gameName: player.game.name,
    launchToken,
    currency: player.currency,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return sessionView(deps, session, sessionToken, BigInt(player.balance));
}

/** The session a request's token names, if it is still open. */
export async function requireSession(
  deps: InhouseDeps,
  sessionToken: string | undefined,
): Promise<{ session: InhouseSessionRow; token: string }> {
  const session =
    sessionToken && /^[A-Za-z0-9_-]{43}$/.test(sessionToken)
      ? await store.sessionByTokenHash(deps.db, hashToken(sessionToken))
      : null;
  if (!session || session.expiresAt <= deps.now()) {
    throw new DomainError(
      INHOUSE_ERROR_CODES.sessionInvalid,
      'No open game session: open the game again from the lobby',
    );
  }
  return { session, token: sessionToken! };
}

export async function currentSession(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  token: string,
): Promise<TInhouseSession> {
  let balance: bigint;
  try {
    balance = BigInt((await deps.wallet.balance(session.playerId)).balance);
  } catch (error) {
    throw walletError(error);
  }
  return sessionView(deps, session, token, balance);
}

export async function purgeExpiredSessions(deps: InhouseDeps): Promise<number> {
  return store.deleteExpiredSessions(deps.db, deps.now());
}
