import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_CODES, GAME_WALLET_API_PATHS, PROVIDER_API_PATHS, PROVIDER_HEADERS } from '@palaro/contract';
import {
  success,
  ZGameRecords,
  ZGameRecordsQuery,
  ZLaunchGame,
  ZLaunchGameQuery,
  ZProviderAuthenticateRequest,
  ZProviderBalance,
  ZProviderBalanceRequest,
  ZProviderBetAndSettleRequest,
  ZProviderBetAndSettleResult,
  ZProviderCreditRequest,
  ZProviderDebitRequest,
  ZProviderRollbackRequest,
  ZProviderSession,
  ZProviderTransactionResult,
  ZProviderTransactions,
  ZProviderTransactionsRequest,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { DomainError } from '../../platform/http/errors';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import * as api from './provider-api';
import type { GameProviderRow } from './schema';
import { gameRecords, launchGame, registeredProvider } from './service';
import { signedHeadersOf, verifySignedRequest, type SignedHeaders } from './signing';
import * as store from './store';

export const GAME_WALLET_TAG = {
  name: 'game-wallet',
  description: `Game launch and betting records (players); the seamless wallet for game providers (${PROVIDER_API_PATHS.debit.slice(0, PROVIDER_API_PATHS.debit.lastIndexOf('/'))}/*, signed with HMAC-SHA256: docs/GAME-PROVIDERS.md)`,
};

/** A provider's body is small JSON; anything larger is refused before it is read whole. */
const PROVIDER_BODY_LIMIT = 16 * 1024;
/** A provider's accepted calls are noted at most this often (the operator's "last call"). */
const TOUCH_EVERY_MS = 60_000;

/** The player's calls: launch a game, read the betting records. */
export function gameWalletRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  return (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: [GAME_WALLET_TAG.name] } as const;

    routes.post(
      GAME_WALLET_API_PATHS.launchGame,
      {
        schema: {
          ...common,
          summary:
            'Launch a game (spec §7; a POST: each launch mints a token and records a recent game): a launch token bound to the member’s session, the game and the currency, and the URL to navigate to; 409 game.provider.not_connected when no provider of the vendor is connected here',
          body: ZLaunchGameQuery,
          response: { 200: success(ZLaunchGame), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await launchGame(ctx, auth, request.body));
      },
    );

    routes.get(
      GAME_WALLET_API_PATHS.gameRecords,
      {
        schema: {
          ...common,
          summary:
            'Betting records (/m/gameRecord): the member’s rounds in a day range of the merchant’s time zone, newest first, by category, with totals over the whole filter',
          querystring: ZGameRecordsQuery,
          response: { 200: success(ZGameRecords), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await gameRecords(db, ctx.merchant, auth.member.id, request.query, ctx.now()));
      },
    );
  };
}

/** A signed call's provider and headers, set by the body parser once the signature is verified. */
interface VerifiedCall {
  provider: GameProviderRow;
  headers: SignedHeaders;
  rawBody: string;
}

/**
 * The provider API: every call a signed POST of JSON. The body parser of this scope keeps the exact
 * bytes and checks the signature before the body is even parsed, so a forged or stale call is
 * refused (401) before anything else; a body the parser never saw is refused the same way before
 * validation. Only a verified body is then validated by the route's schema.
 */
export function providerRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const verified = new WeakMap<FastifyRequest, VerifiedCall>();
  const touched = new Map<number, number>();
  // A transaction of its own per call: its money is posted as its last statement (MoneyPlan), so
  // calls of different players run side by side on the pool and meet on the house account only for
  // that statement and the commit. (Grouped commits hold the house account for a whole group, which
  // made them no faster here; bench/provider-wallet.mjs measures.)
  const transaction = (work: (tx: Tx) => Promise<api.ProviderAnswer>) => db.transaction(work);

  const verifiedCall = (request: FastifyRequest): VerifiedCall => {
    const call = verified.get(request);
    if (!call)
      throw new DomainError(
        ERROR_CODES.signatureInvalid,
        `A signed JSON body is required (${PROVIDER_HEADERS.signature}, see docs/GAME-PROVIDERS.md)`,
      );
    return call;
  };

  const noteCall = async (provider: GameProviderRow, now: Date) => {
    if (now.getTime() - (touched.get(provider.id) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(provider.id, now.getTime());
    await store.touchProvider(db, provider.id, now);
  };

  const send = (reply: FastifyReply, answer: api.ProviderAnswer) =>
    reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);

  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: PROVIDER_BODY_LIMIT },
      async (request: FastifyRequest, body: string | Buffer) => {
        const rawBody = typeof body === 'string' ? body : body.toString('utf8');
        const headers = signedHeadersOf({ rawBody, headers: request.headers });
        // A provider switched off still signs in: its rounds already played must settle (provider-api.ts refuses new bets).
        const provider = await registeredProvider(db, headers.vendorCode);
        if (!provider)
          throw new DomainError(ERROR_CODES.providerUnknown, `No provider ${headers.vendorCode} is connected here`);
        verifySignedRequest({ rawBody, headers: request.headers }, headers, provider.secret, platform.now());
        verified.set(request, { provider, headers, rawBody });
        try {
          return JSON.parse(rawBody) as unknown;
        } catch {
          throw new DomainError(ERROR_CODES.validation, 'The request body is not valid JSON');
        }
      },
    );

    // A body of another type (text/plain, none at all) never reached the signature check above:
    // refused before the schema runs, so an unsigned caller never reads the schema's field errors.
    app.addHook('preValidation', async (request) => {
      verifiedCall(request);
    });

    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: [GAME_WALLET_TAG.name] } as const;

    /** A call answered once per request id. */
    function onceRoute<S extends z.ZodType, R extends z.ZodType>(
      path: string,
      summary: string,
      body: S,
      result: R,
      work: (tx: Tx, call: api.ProviderCall, body: z.infer<S>) => Promise<z.infer<R>>,
    ) {
      app.post(
        path,
        { schema: { ...common, summary, body, response: { 200: success(result), ...FAILURE_RESPONSES } } },
        async (request: FastifyRequest, reply: FastifyReply) => {
          const { provider, headers, rawBody } = verifiedCall(request);
          const now = platform.now();
          const { token, playerId } = request.body as { token?: unknown; playerId?: unknown };
          const launch = typeof token === 'string' ? await api.launchContextOf(db, token) : undefined;
          const player =
            typeof playerId === 'string' ? await api.providerPlayerOf(db, provider.id, playerId) : undefined;
          // What the call's transaction needs from outside it, read first (never the app's handle inside a transaction).
          const merchantIds = new Set<number>();
          if (launch) merchantIds.add(launch.token.merchantId);
          if (player) merchantIds.add(player.merchantId);
          const accounts = new Map<number, api.PlatformAccounts>();
          for (const merchantId of merchantIds) {
            const merchantAccounts = await api.platformAccountsOf(db, merchantId);
            if (merchantAccounts) accounts.set(merchantId, merchantAccounts);
          }
          const answer = await api.answerOnce(
            transaction,
            { providerId: provider.id, requestId: headers.requestId, path, rawBody },
            now,
            (tx, moneyPlan) =>
              work(tx, { provider, now, launch, player, accounts, money: moneyPlan }, request.body as z.infer<S>),
          );
          await noteCall(provider, now);
          return send(reply, answer);
        },
      );
    }

    onceRoute(
      PROVIDER_API_PATHS.authenticate,
      'Provider: a launch token → the player, currency, balance and game',
      ZProviderAuthenticateRequest,
      ZProviderSession,
      (tx, call, body) => api.authenticate(tx, call, body),
    );
    onceRoute(
      PROVIDER_API_PATHS.debit,
      'Provider: a bet (idempotent by transactionId; the launch token must be valid)',
      ZProviderDebitRequest,
      ZProviderTransactionResult,
      (tx, call, body) => api.debit(tx, call, body),
    );
    onceRoute(
      PROVIDER_API_PATHS.credit,
      'Provider: a win, or a zero credit ending the round (never refused for an expired token)',
      ZProviderCreditRequest,
      ZProviderTransactionResult,
      (tx, call, body) => api.credit(tx, call, body),
    );
    onceRoute(
      PROVIDER_API_PATHS.rollback,
      'Provider: give a bet back while its round has no credit',
      ZProviderRollbackRequest,
      ZProviderTransactionResult,
      (tx, call, body) => api.rollback(tx, call, body),
    );
    onceRoute(
      PROVIDER_API_PATHS.betAndSettle,
      'Provider: a bet and its final credit in one call',
      ZProviderBetAndSettleRequest,
      ZProviderBetAndSettleResult,
      (tx, call, body) => api.betAndSettle(tx, call, body),
    );

    routes.post(
      PROVIDER_API_PATHS.balance,
      {
        schema: {
          ...common,
          summary: 'Provider: the player’s balance now (signed; not stored per request id)',
          body: ZProviderBalanceRequest,
          response: { 200: success(ZProviderBalance), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { provider } = verifiedCall(request);
        const now = platform.now();
        const player = await api.providerPlayerOf(db, provider.id, request.body.playerId);
        const value = await api.balance(db, { provider, now, player }, request.body);
        await noteCall(provider, now);
        return ok(value);
      },
    );

    routes.post(
      PROVIDER_API_PATHS.transactions,
      {
        schema: {
          ...common,
          summary:
            'Provider: reconciliation — its transactions by roundId or by time range [from, to), oldest first, paged',
          body: ZProviderTransactionsRequest,
          response: { 200: success(ZProviderTransactions), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { provider } = verifiedCall(request);
        const now = platform.now();
        const value = await api.transactions(db, provider, now, request.body);
        await noteCall(provider, now);
        return ok(value);
      },
    );
  };
}
