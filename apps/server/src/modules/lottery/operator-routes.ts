import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOTTERY_API_PATHS } from '@palaro/contract';
import {
  success,
  ZLotteryMonitor,
  ZLotteryMonitorQuery,
  ZMerchantParams,
  ZOperatorDraw,
  ZOperatorDrawParams,
  ZOperatorDraws,
  ZOperatorDrawsQuery,
  ZGameSettingsChange,
  ZOperatorGameSettings,
  ZOperatorGameSource,
  ZOperatorLotteryParams,
  ZResultEntry,
  ZResultSourceChange,
  ZVoidDraw,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import type { LotteryDeps } from './draws';
import { operatorChangeGameSettings, operatorGameSettings } from './game-settings';
import * as operator from './operator';

/** The operator's lottery controls, inside the operator plugin (its token check and audit actor). */
export function lotteryOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const deps: LotteryDeps = { db: platform.db, now: platform.now, jobs: platform.jobs, log: platform.log };
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const drawResponse = { 200: success(ZOperatorDraw), ...FAILURE_RESPONSES };

    routes.get(
      LOTTERY_API_PATHS.operatorMonitor,
      {
        schema: {
          ...common,
          summary:
            'The draw monitor: draws past their time without a result, abnormal or not yet paid, per game, with tickets and stakes; and each traditional game’s result source',
          params: ZMerchantParams,
          querystring: ZLotteryMonitorQuery,
          response: { 200: success(ZLotteryMonitor), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await operator.lotteryMonitor(
            platform.db,
            request.params.merchantCode,
            request.query.gameCode,
            platform.now(),
          ),
        ),
    );

    routes.get(
      LOTTERY_API_PATHS.operatorDraws,
      {
        schema: {
          ...common,
          summary: 'A lottery game’s recent draws, newest first',
          params: ZOperatorLotteryParams,
          querystring: ZOperatorDrawsQuery,
          response: { 200: success(ZOperatorDraws), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await operator.operatorDraws(
            platform.db,
            request.params.merchantCode,
            request.params.gameCode,
            request.query.limit,
            platform.now(),
          ),
        ),
    );

    routes.post(
      LOTTERY_API_PATHS.operatorEnterResult,
      {
        schema: {
          ...common,
          summary:
            'Enter a traditional draw’s official result (a first entry: it settles nothing until another operator confirms it)',
          params: ZOperatorDrawParams,
          body: ZResultEntry,
          response: drawResponse,
        },
      },
      async (request) =>
        ok(
          await operator.operatorEnterResult(
            deps,
            request.params.merchantCode,
            request.params.gameCode,
            request.params.numero,
            request.body.result,
            request.operatorActor,
          ),
        ),
    );

    routes.post(
      LOTTERY_API_PATHS.operatorConfirmResult,
      {
        schema: {
          ...common,
          summary:
            'Confirm a first entry by typing the result again (a different operator): equal → drawn and settled, different → disputed',
          params: ZOperatorDrawParams,
          body: ZResultEntry,
          response: drawResponse,
        },
      },
      async (request) =>
        ok(
          await operator.operatorConfirmResult(
            deps,
            request.params.merchantCode,
            request.params.gameCode,
            request.params.numero,
            request.body.result,
            request.operatorActor,
          ),
        ),
    );

    routes.post(
      LOTTERY_API_PATHS.operatorVoid,
      {
        schema: {
          ...common,
          summary: 'Void a draw not yet drawn, or abnormal: sales stop and every stake is refunded',
          params: ZOperatorDrawParams,
          body: ZVoidDraw,
          response: drawResponse,
        },
      },
      async (request) =>
        ok(
          await operator.operatorVoidDraw(
            deps,
            request.params.merchantCode,
            request.params.gameCode,
            request.params.numero,
            request.body.reason,
            request.operatorActor,
          ),
        ),
    );

    routes.post(
      LOTTERY_API_PATHS.operatorSource,
      {
        schema: {
          ...common,
          summary:
            'Point a traditional game at its result source (operators or a feed’s http(s) address) and set its grace period',
          params: ZOperatorLotteryParams,
          body: ZResultSourceChange,
          response: { 200: success(ZOperatorGameSource), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await operator.operatorSetSource(
            deps,
            request.params.merchantCode,
            request.params.gameCode,
            request.body,
            request.operatorActor,
          ),
        ),
    );

    const settingsResponse = { 200: success(ZOperatorGameSettings), ...FAILURE_RESPONSES };
    routes.get(
      LOTTERY_API_PATHS.operatorGameSettings,
      {
        schema: {
          ...common,
          summary:
            'A lottery game’s sales settings: cancel switch, HOT, prize group, stake limits, and a jackpot game’s pool, minimum and share',
          params: ZOperatorLotteryParams,
          response: settingsResponse,
        },
      },
      async (request) =>
        ok(await operatorGameSettings(platform.db, request.params.merchantCode, request.params.gameCode)),
    );

    routes.post(
      LOTTERY_API_PATHS.operatorChangeGameSettings,
      {
        schema: {
          ...common,
          summary:
            'Change a lottery game’s sales settings (only those given); limits stay in order, a jackpot’s only on a jackpot game; audited',
          params: ZOperatorLotteryParams,
          body: ZGameSettingsChange,
          response: settingsResponse,
        },
      },
      async (request) =>
        ok(
          await operatorChangeGameSettings(
            deps,
            request.params.merchantCode,
            request.params.gameCode,
            request.body,
            request.operatorActor,
          ),
        ),
    );
  };
}
