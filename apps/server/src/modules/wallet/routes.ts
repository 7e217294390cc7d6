import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, INBOX_EVENT_NAME, WALLET_EVENT_NAME, type TBalanceEvent, type TInboxEvent } from '@palaro/contract';
import {
  success,
  ZAccountRecords,
  ZDayRangeQuery,
  ZProfitAndLoss,
  ZRecordsQuery,
  ZTurnover,
  ZWalletBalance,
} from '@palaro/contract/schemas';
import { MerchantBroadcasts } from '../../platform/broadcast';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok, SERIALIZED_AS_BUILT } from '../../platform/http/envelope';
import { securityHeadersFor } from '../../platform/http/security-headers';
import { FailureLog } from '../../platform/logger';
import { createMemberGuard } from '../accounts/guard';
import { unreadCount, unreadCountsOf } from '../inbox/service';
import { BalancePush } from './balance-push';
import { accountRecords, groupedRecordsPages, profitAndLoss } from './records';
import type { WithdrawalFigures } from './store/withdrawal-figures';
import { BalanceReads } from './balance-reads';
import { turnoverSummary } from './turnover';

/** Comment lines keep proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** A stream ends after this long; the browser reconnects and the session is checked again. */
const STREAM_LIFETIME_MS = 30 * 60_000;
const RECONNECT_MS = 3000;
/** A balance that could not be read (the database is away) is read again after 1 s, 2 s… up to 15 s. */
const RESEND_FIRST_MS = 1000;
const RESEND_MAX_MS = 15_000;

export const WALLET_TAG = {
  name: 'wallet',
  description: 'Balance, live balance events, account records, profit and loss, turnover',
};

export function walletRoutes(platform: PlatformContext, withdrawals: WithdrawalFigures) {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  const balances = new BalanceReads(db, withdrawals);
  const recordPages = groupedRecordsPages(db);
  const openStreams = new Set<() => void>();
  // Every open stream's read fails at once while the database is away: a line an interval stands for them.
  const streamOutages = new FailureLog();

  return async function registerWalletRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [WALLET_TAG.name];
    // One LISTEN connection per app: the pushes of every open balance stream go through it.
    const push = new BalancePush(platform.database, app.log);
    await push.start();
    app.addHook('onClose', () => push.close());
    // Merchant-wide events (the lottery's draws) reach the same streams (platform/broadcast.ts).
    const broadcasts = new MerchantBroadcasts(platform.database, app.log);
    await broadcasts.start();
    app.addHook('onClose', () => broadcasts.close());
    const failures = FAILURE_RESPONSES;
    app.addHook('preClose', async () => {
      for (const end of openStreams) end();
    });

    routes.get(
      API_PATHS.walletBalance,
      {
        ...SERIALIZED_AS_BUILT,
        schema: {
          tags,
          summary: 'The wallet balance (sumBalance) and pending withdrawals',
          response: { 200: success(ZWalletBalance), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await balances.read(ctx.merchant, auth.member.id));
      },
    );

    routes.get(
      API_PATHS.walletEvents,
      {
        schema: {
          tags,
          summary: `Server-sent events: a "${WALLET_EVENT_NAME}" event with the balance now and after every movement of the wallet; an "${INBOX_EVENT_NAME}" event with the unread count now and whenever it changes; merchant-wide events ("lottery": a draw changed state) as they happen`,
        },
      },
      async (request, reply) => {
        const { ctx, auth } = await guard.requireMember(request);
        const memberId = auth.member.id;
        reply.hijack();
        const raw = reply.raw;
        // A hijacked answer skips the onSend hooks: it carries the security headers itself.
        raw.writeHead(200, {
          ...securityHeadersFor(request, platform.config),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        raw.write(`retry: ${RECONNECT_MS}\n\n`);
        // Sends one after another, so the page always ends on the newest balance. A balance that
        // could not be read is read again until it is sent or the stream ends: the page must not
        // keep a balance the wallet no longer has.
        let queue = Promise.resolve();
        let resend: NodeJS.Timeout | null = null;
        let resendDelayMs = RESEND_FIRST_MS;
        const send = (reason: string) => {
          queue = queue
            .then(async () => {
              const balance = await balances.read(ctx.merchant, memberId);
              const event: TBalanceEvent = {
                sumBalance: balance.sumBalance,
                pendingWithdrawals: balance.pendingWithdrawals,
                reason,
              };
              if (!raw.writableEnded) raw.write(`event: ${WALLET_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
              resendDelayMs = RESEND_FIRST_MS;
            })
            .catch((error: unknown) => {
              const message = 'could not send a balance event; trying again';
              if (
                !streamOutages.databaseOutage(
                  request.log,
                  'balance stream',
                  error,
                  `${message}: the database is unavailable`,
                ) &&
                resendDelayMs === RESEND_FIRST_MS
              ) {
                request.log.warn({ err: error }, message);
              }
              if (resend || raw.writableEnded) return;
              resend = setTimeout(() => {
                resend = null;
                send(reason);
              }, resendDelayMs);
              resendDelayMs = Math.min(resendDelayMs * 2, RESEND_MAX_MS);
            });
        };
        const unsubscribe = push.subscribe(ctx.merchant.id, memberId, (notice) => send(notice.reason));
        const unsubscribeBroadcasts = broadcasts.subscribe(ctx.merchant.id, (message) => {
          if (!raw.writableEnded) raw.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
        });
        // The inbox's unread count rides the same stream: sent now, then whenever it changes (the
        // counts are kept in memory, so a change heard twice, locally and by NOTIFY, is sent once).
        let inboxQueue = Promise.resolve();
        let unreadSent: number | null = null;
        const sendUnread = () => {
          inboxQueue = inboxQueue
            .then(async () => {
              const unread = await unreadCount(db, auth.member);
              if (unread === unreadSent || raw.writableEnded) return;
              unreadSent = unread;
              const event: TInboxEvent = { unread };
              raw.write(`event: ${INBOX_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
            })
            .catch((error: unknown) => {
              if (!streamOutages.databaseOutage(request.log, 'inbox count', error, 'could not send the unread count'))
                request.log.warn({ err: error }, 'could not send the unread count');
            });
        };
        const unsubscribeInbox = unreadCountsOf(db)?.subscribe(ctx.merchant.id, memberId, sendUnread);
        const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
        const end = () => {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          if (resend) clearTimeout(resend);
          unsubscribe();
          unsubscribeBroadcasts();
          unsubscribeInbox?.();
          openStreams.delete(end);
          if (!raw.writableEnded) raw.end();
        };
        const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
        openStreams.add(end);
        request.raw.on('close', end);
        send('snapshot');
        sendUnread();
      },
    );

    routes.get(
      API_PATHS.accountRecords,
      {
        ...SERIALIZED_AS_BUILT,
        schema: {
          tags,
          summary: 'Account records: every movement with its type, amount and balance after',
          querystring: ZRecordsQuery,
          response: { 200: success(ZAccountRecords), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await accountRecords(db, ctx.merchant, auth.member.id, request.query, ctx.now(), recordPages));
      },
    );

    routes.get(
      API_PATHS.profitAndLoss,
      {
        schema: {
          tags,
          summary: 'Profit and loss per day and per game category',
          querystring: ZDayRangeQuery,
          response: { 200: success(ZProfitAndLoss), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await profitAndLoss(db, withdrawals, ctx.merchant, auth.member.id, request.query, ctx.now()));
      },
    );

    routes.get(
      API_PATHS.turnover,
      {
        schema: {
          tags,
          summary: 'The turnover tracker: required, done and left for each deposit or bonus',
          response: { 200: success(ZTurnover), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await turnoverSummary(db, ctx.merchant.id, auth.member.id));
      },
    );
  };
}
