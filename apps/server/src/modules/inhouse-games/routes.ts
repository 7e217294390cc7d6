import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INHOUSE_API_PATHS, INHOUSE_SESSION_HEADER } from '@palaro/contract';
import {
  success,
  ZClientSeedRequest,
  ZFairnessState,
  ZInhouseOpenSession,
  ZInhouseRoundDetail,
  ZInhouseRoundPage,
  ZInhouseRoundParams,
  ZInhouseRoundsQuery,
  ZInhouseSession,
  ZMinesCurrent,
  ZMinesResult,
  ZMinesRevealRequest,
  ZMinesStartRequest,
  ZRotateRequest,
  ZSeedRotation,
  ZSlotSpinRequest,
  ZSlotSpinResult,
} from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import type { InhouseDeps } from './deps';
import { rotateSeed, setClientSeed } from './fairness';
import { cashOut, currentMinesRound, revealCell, startMines } from './mines';
import { listRounds, roundDetail } from './round-history';
import { currentSession, openSession, requireSession } from './sessions';
import { spin } from './slot';

export const INHOUSE_GAMES_TAG = {
  name: 'inhouse-games',
  description:
    'Palaro’s own game server (vendor PLR): sessions, Isla Slots spins, Mines rounds, provable fairness (seeds, rotation, verify data)',
};

/** The player's browser calls these on /m/play/<gameCode>; every call but opening a session names its session in a header. */
export function inhouseGamesRoutes(deps: InhouseDeps): RoutePlugin {
  const sessionOf = (request: FastifyRequest) => {
    const header = request.headers[INHOUSE_SESSION_HEADER];
    return requireSession(deps, typeof header === 'string' ? header : undefined);
  };

  return (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: [INHOUSE_GAMES_TAG.name] } as const;

    routes.post(
      INHOUSE_API_PATHS.openSession,
      {
        schema: {
          ...common,
          summary: 'Open a game session with the launch token (the wallet authenticates it)',
          body: ZInhouseOpenSession,
          response: { 200: success(ZInhouseSession), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await openSession(deps, request.body.launchToken)),
    );

    routes.get(
      INHOUSE_API_PATHS.session,
      {
        schema: {
          ...common,
          summary: 'The session again: balance, fairness state, rules and the open mines round',
          response: { 200: success(ZInhouseSession), ...FAILURE_RESPONSES },
        },
      },
      async (request) => {
        const { session, token } = await sessionOf(request);
        return ok(await currentSession(deps, session, token));
      },
    );

    routes.post(
      INHOUSE_API_PATHS.slotSpin,
      {
        schema: {
          ...common,
          summary: 'One Isla Slots round (free spins included): one bet-and-settle at the wallet',
          body: ZSlotSpinRequest,
          response: { 200: success(ZSlotSpinResult), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await spin(deps, (await sessionOf(request)).session, BigInt(request.body.bet))),
    );

    routes.post(
      INHOUSE_API_PATHS.minesStart,
      {
        schema: {
          ...common,
          summary: 'Start a Mines round: the mines are fixed from the seeds and the bet is debited',
          body: ZMinesStartRequest,
          response: { 200: success(ZMinesResult), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(await startMines(deps, (await sessionOf(request)).session, BigInt(request.body.bet), request.body.mines)),
    );

    routes.post(
      INHOUSE_API_PATHS.minesReveal,
      {
        schema: {
          ...common,
          summary: 'Reveal a cell of the round in play (a mine ends it; the last safe cell cashes out)',
          body: ZMinesRevealRequest,
          response: { 200: success(ZMinesResult), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await revealCell(deps, (await sessionOf(request)).session, request.body.cell)),
    );

    routes.post(
      INHOUSE_API_PATHS.minesCashout,
      {
        schema: {
          ...common,
          summary: 'Cash out the round in play at its multiplier: credited at the wallet',
          response: { 200: success(ZMinesResult), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await cashOut(deps, (await sessionOf(request)).session)),
    );

    routes.get(
      INHOUSE_API_PATHS.minesCurrent,
      {
        schema: {
          ...common,
          summary: 'The Mines round in play, or null (a reload resumes it)',
          response: { 200: success(ZMinesCurrent), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok({ round: await currentMinesRound(deps, (await sessionOf(request)).session) }),
    );

    routes.put(
      INHOUSE_API_PATHS.clientSeed,
      {
        schema: {
          ...common,
          summary: 'Set the client seed of the next rounds',
          body: ZClientSeedRequest,
          response: { 200: success(ZFairnessState), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await setClientSeed(deps, (await sessionOf(request)).session, request.body.clientSeed)),
    );

    routes.post(
      INHOUSE_API_PATHS.rotateSeed,
      {
        schema: {
          ...common,
          summary: 'Reveal the server seed in use and commit to a new one (nonce back to 0)',
          body: ZRotateRequest,
          response: { 200: success(ZSeedRotation), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await rotateSeed(deps, (await sessionOf(request)).session, request.body.clientSeed)),
    );

    routes.get(
      INHOUSE_API_PATHS.rounds,
      {
        schema: {
          ...common,
          summary: 'The player’s rounds of this game, newest first, 20 a page',
          querystring: ZInhouseRoundsQuery,
          response: { 200: success(ZInhouseRoundPage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await listRounds(deps, (await sessionOf(request)).session, request.query.pageNo)),
    );

    routes.get(
      INHOUSE_API_PATHS.round,
      {
        schema: {
          ...common,
          summary:
            'One round with what recomputes it: seed hash, client seed, nonce, and the server seed once revealed',
          params: ZInhouseRoundParams,
          response: { 200: success(ZInhouseRoundDetail), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await roundDetail(deps, (await sessionOf(request)).session, request.params.roundId)),
    );
  };
}
