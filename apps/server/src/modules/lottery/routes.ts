import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, LOTTERY_API_PATHS } from '@palaro/contract';
import {
  success,
  ZLanguage,
  ZLotteryVerification,
  ZLotteryDraw,
  ZLotteryGameCode,
  ZLotteryGameDetail,
  ZLotteryLaunch,
  ZLotteryLaunchQuery,
  ZLotteryList,
  ZLotteryListQuery,
  ZLotteryMenu,
  ZLotteryMenuQuery,
  ZLotteryResults,
  ZLotteryResultsQuery,
  ZMyLotteryBets,
  ZMyLotteryBetsQuery,
  ZNumero,
  ZPlaceBetsRequest,
  ZPlaceBetsResult,
  ZWinnerBoard,
  ZWinnerBoardQuery,
  ZCancelBetsRequest,
  ZCancelBetsResult,
  ZChase,
  ZChaseParams,
  ZChaseRequest,
  ZChaseResult,
  ZMyChases,
  ZMyChasesQuery,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { DomainError, HTTP_STATUS_BY_CODE } from '../../platform/http/errors';
import { cookieOf, createMemberGuard } from '../accounts/guard';
import { SESSION } from '../accounts/policy';
import { merchantOf } from '../site/request-context';
import { cancelBets } from './cancel';
import { lotteryIconSvg } from './catalogue';
import { cancelChase, createChase, myChases } from './chase';
import * as lottery from './service';
import { SlipCommitter } from './slip-group';

export const LOTTERY_TAG = {
  name: 'lottery',
  description: 'Electronic lottery: games, draws, bets, results, winners, verification and launch',
};

const ZGameParams = z.object({ gameCode: ZLotteryGameCode });
const ZDrawParams = z.object({ gameCode: ZLotteryGameCode, numero: ZNumero });
const ZLanguageOnly = z.object({ language: ZLanguage.optional() });
const ZIconParams = z.object({ family: z.string().regex(/^[A-Z0-9]{2,8}\.svg$/) });

export function lotteryRoutes(platform: PlatformContext) {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  const slips = new SlipCommitter(db, platform.now);
  const bettorOf = async (request: Parameters<typeof guard.requireMember>[0]) => {
    const { ctx, auth } = await guard.requireMember(request);
    return { merchantId: ctx.merchant.id, memberId: auth.member.id, memberType: auth.member.type };
  };
  /** The signed-in member, or null for a visitor (no session, or one that expired). */
  const bettorOrVisitor = async (request: Parameters<typeof guard.requireMember>[0]) => {
    if (!cookieOf(request, SESSION.cookieName)) return null;
    try {
      return await bettorOf(request);
    } catch (error) {
      if (error instanceof DomainError && HTTP_STATUS_BY_CODE[error.code] === 401) return null;
      throw error;
    }
  };

  return (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: [LOTTERY_TAG.name] } as const;
    const failures = FAILURE_RESPONSES;

    routes.get(
      LOTTERY_API_PATHS.list,
      {
        schema: {
          ...common,
          summary: 'The lottery list (spec §7) of a prize mode',
          querystring: ZLotteryListQuery.extend(ZLanguageOnly.shape),
          response: { 200: success(ZLotteryList), ...failures },
        },
      },
      async (request) => {
        const merchant = await merchantOf(request, platform);
        const games = await lottery.lotteryList(
          db,
          merchant.id,
          request.query.prizeMode,
          request.query.language ?? 'TY',
          platform.now(),
        );
        return ok({ prizeMode: request.query.prizeMode, games });
      },
    );

    routes.get(
      LOTTERY_API_PATHS.menu,
      {
        schema: {
          ...common,
          summary: 'The lottery menu (spec §7): games by group with each current draw and the previous winning number',
          querystring: ZLotteryMenuQuery,
          response: { 200: success(ZLotteryMenu), ...failures },
        },
      },
      async (request) => {
        const merchant = await merchantOf(request, platform);
        return ok(
          await lottery.lotteryMenu(
            db,
            merchant.id,
            request.query.prizeMode,
            request.query.language ?? 'TY',
            platform.now(),
          ),
        );
      },
    );

    routes.get(
      LOTTERY_API_PATHS.game,
      {
        schema: {
          ...common,
          summary: 'One game: bet types with their odds at the member’s prize group, stake limits, current draw',
          params: ZGameParams,
          querystring: ZLanguageOnly,
          response: { 200: success(ZLotteryGameDetail), ...failures },
        },
      },
      async (request) => {
        const merchant = await merchantOf(request, platform);
        return ok(
          await lottery.gameDetail(
            db,
            merchant.id,
            request.params.gameCode,
            request.query.language ?? 'TY',
            platform.now(),
            await bettorOrVisitor(request),
          ),
        );
      },
    );

    routes.get(
      LOTTERY_API_PATHS.numero,
      {
        schema: {
          ...common,
          summary: 'The current draw of a game (numero, times, seed hash, on sale)',
          params: ZGameParams,
          response: { 200: success(ZLotteryDraw), ...failures },
        },
      },
      async (request) =>
        ok(await lottery.numero(db, (await merchantOf(request, platform)).id, request.params.gameCode, platform.now())),
    );

    routes.get(
      LOTTERY_API_PATHS.results,
      {
        schema: {
          ...common,
          summary: 'Recent results of a game, newest first',
          params: ZGameParams,
          querystring: ZLotteryResultsQuery,
          response: { 200: success(ZLotteryResults), ...failures },
        },
      },
      async (request) => {
        const merchant = await merchantOf(request, platform);
        const draws = await lottery.recentResults(
          db,
          merchant.id,
          request.params.gameCode,
          request.query.pageSize,
          platform.now(),
        );
        return ok({ gameCode: request.params.gameCode, draws });
      },
    );

    routes.post(
      LOTTERY_API_PATHS.placeBets,
      {
        schema: {
          ...common,
          summary: `Place a slip of bets on one draw (${IDEMPOTENCY_HEADER} header)`,
          body: ZPlaceBetsRequest,
          response: { 200: success(ZPlaceBetsResult), ...failures },
        },
      },
      async (request) =>
        ok(await lottery.placeBets(slips, db, await bettorOf(request), idempotencyKeyOf(request), request.body)),
    );

    routes.get(
      LOTTERY_API_PATHS.myBets,
      {
        schema: {
          ...common,
          summary: 'The member’s lottery bets, newest first',
          querystring: ZMyLotteryBetsQuery,
          response: { 200: success(ZMyLotteryBets), ...failures },
        },
      },
      async (request) => ok(await lottery.myBets(db, await bettorOf(request), request.query, platform.now())),
    );

    routes.post(
      LOTTERY_API_PATHS.cancelBets,
      {
        schema: {
          ...common,
          summary: `Cancel pending bets of draws still on sale, where the game allows it; each stake comes back (${IDEMPOTENCY_HEADER} header)`,
          body: ZCancelBetsRequest,
          response: { 200: success(ZCancelBetsResult), ...failures },
        },
      },
      async (request) =>
        ok(await cancelBets(db, platform.now, await bettorOf(request), idempotencyKeyOf(request), request.body)),
    );

    routes.post(
      LOTTERY_API_PATHS.createChase,
      {
        schema: {
          ...common,
          summary: `Chase a slip on the draw on sale and the next ones, each debited when it opens (${IDEMPOTENCY_HEADER} header)`,
          body: ZChaseRequest,
          response: { 200: success(ZChaseResult), ...failures },
        },
      },
      async (request) =>
        ok(await createChase(db, platform.now, await bettorOf(request), idempotencyKeyOf(request), request.body)),
    );

    routes.get(
      LOTTERY_API_PATHS.myChases,
      {
        schema: {
          ...common,
          summary: 'The member’s chases with each draw’s state, newest first',
          querystring: ZMyChasesQuery,
          response: { 200: success(ZMyChases), ...failures },
        },
      },
      async (request) => ok(await myChases(db, await bettorOf(request), request.query)),
    );

    routes.post(
      LOTTERY_API_PATHS.cancelChase,
      {
        schema: {
          ...common,
          summary: 'Cancel the chase’s draws not yet debited',
          params: ZChaseParams,
          response: { 200: success(ZChase), ...failures },
        },
      },
      async (request) =>
        ok(await cancelChase(db, platform.now, await bettorOf(request), Number(request.params.chaseId))),
    );

    routes.get(
      LOTTERY_API_PATHS.winners,
      {
        schema: {
          ...common,
          summary: 'The winner board: real settled wins, largest first, names masked',
          querystring: ZWinnerBoardQuery.extend(ZLanguageOnly.shape),
          response: { 200: success(ZWinnerBoard), ...failures },
        },
      },
      async (request) =>
        ok(
          await lottery.winnerBoard(
            db,
            (await merchantOf(request, platform)).id,
            request.query.gameCode,
            request.query.language ?? 'TY',
          ),
        ),
    );

    routes.get(
      LOTTERY_API_PATHS.verify,
      {
        schema: {
          ...common,
          summary:
            'A drawn draw’s proof (public): an electronic draw’s revealed seed, public value and result, recomputed; a traditional draw’s official source',
          params: ZDrawParams,
          response: { 200: success(ZLotteryVerification), ...failures },
        },
      },
      async (request) =>
        ok(
          await lottery.verification(
            db,
            (await merchantOf(request, platform)).id,
            request.params.gameCode,
            request.params.numero,
          ),
        ),
    );

    routes.get(
      LOTTERY_API_PATHS.launch,
      {
        schema: {
          ...common,
          summary: 'The lottery launch (spec §7): the lottery page’s address',
          querystring: ZLotteryLaunchQuery,
          response: { 200: success(ZLotteryLaunch), ...failures },
        },
      },
      async (request) => {
        const { ctx } = await guard.requireMember(request);
        return ok(await lottery.launchLottery(db, ctx.merchant.id, request.query));
      },
    );

    routes.get(
      '/lgw/lottery/icons/:family',
      {
        schema: { ...common, summary: 'A lottery family’s icon (SVG)', params: ZIconParams },
      },
      async (request, reply) => {
        const svg = lotteryIconSvg(request.params.family.replace(/\.svg$/, '') as never);
        if (!svg) return reply.code(404).send();
        return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
      },
    );
  };
}
