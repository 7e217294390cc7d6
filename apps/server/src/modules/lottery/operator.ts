import {
  drawTimeZone,
  formatWinningNumber,
  isTraditionalFamily,
  LOTTERY_ERROR_CODES,
  OPERATOR_DRAWS_LIMIT,
  redactFeedUrl,
  type TLotteryMonitor,
  type TOperatorDraw,
  type TOperatorDraws,
  type TOperatorGameSource,
  type TResultSourceChange,
  wireCentavos,
} from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import { voidDraw, type LotteryDeps } from './draws';
import { TRADITIONAL_JOBS } from './job-names';
import { confirmResult, enterResult } from './results';
import { resultDueAt } from './rules';
import type { LotteryDrawRow, LotteryGameRow } from './schema';
import { drawStats, type DrawStats } from './store/bets';
import { findDrawByNumero, findOpenOrLockedDraw, listRecentDraws, listUnfinishedDraws } from './store/draws';
import { findMerchantGame, listTraditionalGames, updateGame } from './store/games';

/**
 * The operator's draw control (operator API, docs/LOTTERY.md "Operator commands"): the draw monitor,
 * a game's recent draws, a traditional draw's result entered and confirmed by two operators, and
 * voids. Every change is audited in its own transaction.
 */

/** An electronic draw this long past its draw time without a result is late on the monitor. */
const ELECTRONIC_LATE_MS = 60_000;

function isLate(game: LotteryGameRow, draw: LotteryDrawRow, now: Date): boolean {
  if (draw.result || draw.state === 'cancelled') return false;
  const allowance = game.schedule ? game.resultGraceSeconds * 1000 : ELECTRONIC_LATE_MS;
  return now.getTime() > draw.drawsAt.getTime() + allowance;
}

export function operatorDrawView(
  game: LotteryGameRow,
  draw: LotteryDrawRow,
  stats: DrawStats | undefined,
  now: Date,
): TOperatorDraw {
  const awaiting = ['open', 'locked', 'abnormal'].includes(draw.state);
  return {
    gameCode: game.gameCode,
    family: game.family,
    timeZone: drawTimeZone(game.schedule),
    numero: draw.numero,
    state: draw.state,
    opensAt: draw.opensAt.getTime(),
    locksAt: draw.locksAt.getTime(),
    drawsAt: draw.drawsAt.getTime(),
    late: isLate(game, draw, now),
    resultSource: draw.resultSource,
    winningNumber: draw.result ? formatWinningNumber(game.family, draw.result) : '',
    pendingEntry:
      awaiting && draw.enteredResult && draw.enteredBy && draw.enteredAt
        ? {
            winningNumber: formatWinningNumber(game.family, draw.enteredResult),
            enteredBy: draw.enteredBy,
            enteredAt: draw.enteredAt.getTime(),
          }
        : null,
    enteredBy: draw.resultSource === 'rng' ? null : draw.resultBy,
    confirmedBy: draw.resultConfirmedBy,
    abnormal:
      draw.state === 'abnormal' && draw.abnormalReason && draw.abnormalAt
        ? { reason: draw.abnormalReason, since: draw.abnormalAt.getTime() }
        : null,
    cancelReason: draw.cancelReason,
    tickets: stats?.tickets ?? 0,
    pendingTickets: stats?.pendingTickets ?? 0,
    stake: wireCentavos(stats?.stake ?? 0n),
    pendingStake: wireCentavos(stats?.pendingStake ?? 0n),
  };
}

export async function gameOf(q: Db | Tx, merchantCode: string, gameCode: string): Promise<LotteryGameRow> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const game = await findMerchantGame(q, merchant.id, gameCode);
  if (!game) throw new DomainError(LOTTERY_ERROR_CODES.gameUnknown, `${merchantCode} has no lottery game ${gameCode}`);
  return game;
}

async function drawOf(q: Db | Tx, game: LotteryGameRow, numero: string): Promise<LotteryDrawRow> {
  const draw = await findDrawByNumero(q, game.id, numero);
  if (!draw) throw new DomainError(LOTTERY_ERROR_CODES.drawUnknown, `${game.gameCode} has no draw ${numero}`);
  return draw;
}

/**
 * The draw monitor: every draw of the merchant that needs watching — open or locked past its draw
 * time (waiting for its result), drawn but not settled, abnormal — or cancelled with stakes still to refund, per game
 * (ordered by game, then draw time), with its tickets and stakes.
 */
export async function lotteryMonitor(
  db: Db,
  merchantCode: string,
  gameCode: string | undefined,
  now: Date,
): Promise<TLotteryMonitor> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  const rows = await listUnfinishedDraws(db, merchant.id, gameCode, now, OPERATOR_DRAWS_LIMIT);
  const stats = await drawStats(
    db,
    rows.map((row) => row.draw.id),
  );
  const traditional = await listTraditionalGames(db, merchant.id, gameCode);
  return {
    serverTime: now.getTime(),
    draws: rows.map((row) => operatorDrawView(row.game, row.draw, stats.get(row.draw.id), now)),
    sources: traditional.map(sourceView),
  };
}

/** A game's result source as the operator sees it: the feed's address with its secrets as ***. */
export function sourceView(game: LotteryGameRow): TOperatorGameSource {
  return {
    gameCode: game.gameCode,
    family: game.family,
    resultSource: game.resultSource,
    feedUrl: game.feedUrl ? redactFeedUrl(game.feedUrl) : null,
    resultGraceSeconds: game.resultGraceSeconds,
  };
}

/**
 * Points a traditional game at its result source (operators' entries, or a feed) and optionally sets
 * how long a draw waits for its result. Applies to the draw awaiting its result too: switched to a
 * feed, the feed is asked from the draw time (now, if past); a new grace period gets its own
 * result-due job (the old one finds the draw not yet due, or already abnormal). Audited, the feed's
 * secrets left out.
 */
export async function operatorSetSource(
  deps: LotteryDeps,
  merchantCode: string,
  gameCode: string,
  change: TResultSourceChange,
  actor: string,
): Promise<TOperatorGameSource> {
  return deps.db.transaction(async (tx) => {
    const found = await gameOf(tx, merchantCode, gameCode);
    if (!found.schedule || !isTraditionalFamily(found.family)) {
      throw new DomainError(
        LOTTERY_ERROR_CODES.resultNotOfficial,
        `${found.gameCode} is drawn by our RNG: its results come from no operator or feed`,
      );
    }
    const game = await updateGame(tx, found.id, {
      resultSource: change.source,
      feedUrl: change.source === 'feed' ? change.feedUrl! : null,
      ...(change.graceMinutes !== undefined && { resultGraceSeconds: change.graceMinutes * 60 }),
    });
    const now = deps.now();
    const awaiting = await findOpenOrLockedDraw(tx, game!.id);
    if (awaiting && game!.resultSource === 'feed') {
      const runAt = new Date(Math.max(awaiting.drawsAt.getTime(), now.getTime()));
      await deps.jobs.enqueue(
        TRADITIONAL_JOBS.feed,
        { drawId: awaiting.id, poll: 1 },
        { runAt, uniqueKey: `feed:${awaiting.id}:at:${runAt.getTime()}` },
        tx,
      );
    }
    if (awaiting && game!.resultGraceSeconds !== found.resultGraceSeconds) {
      const due = resultDueAt(game!, awaiting);
      await deps.jobs.enqueue(
        TRADITIONAL_JOBS.due,
        { drawId: awaiting.id },
        { runAt: due, uniqueKey: `due:${awaiting.id}:at:${due.getTime()}` },
        tx,
      );
    }
    const view = sourceView(game!);
    await recordAudit(tx, {
      actor,
      action: 'lottery.source.set',
      merchantId: game!.merchantId,
      details: {
        gameCode: game!.gameCode,
        from: found.resultSource,
        to: view.resultSource,
        feedUrl: view.feedUrl,
        resultGraceSeconds: view.resultGraceSeconds,
      },
    });
    return view;
  });
}

/** A game's most recent draws (scheduled ones included), newest first. */
export async function operatorDraws(
  db: Db,
  merchantCode: string,
  gameCode: string,
  limit: number,
  now: Date,
): Promise<TOperatorDraws> {
  const game = await gameOf(db, merchantCode, gameCode);
  const draws = await listRecentDraws(db, game.id, limit);
  const stats = await drawStats(
    db,
    draws.map((draw) => draw.id),
  );
  return { gameCode: game.gameCode, draws: draws.map((draw) => operatorDrawView(game, draw, stats.get(draw.id), now)) };
}

async function answerFor(tx: Tx, game: LotteryGameRow, draw: LotteryDrawRow, now: Date): Promise<TOperatorDraw> {
  return operatorDrawView(game, draw, (await drawStats(tx, [draw.id])).get(draw.id), now);
}

/** The first entry of a traditional draw's official result (results.ts enterResult). */
export async function operatorEnterResult(
  deps: LotteryDeps,
  merchantCode: string,
  gameCode: string,
  numero: string,
  text: string,
  actor: string,
): Promise<TOperatorDraw> {
  return deps.db.transaction(async (tx) => {
    const game = await gameOf(tx, merchantCode, gameCode);
    const draw = await drawOf(tx, game, numero);
    const now = deps.now();
    return answerFor(tx, game, await enterResult(tx, now, draw.id, text, actor), now);
  });
}

/** The second operator's confirmation (results.ts confirmResult): drawn when equal, disputed when not. */
export async function operatorConfirmResult(
  deps: LotteryDeps,
  merchantCode: string,
  gameCode: string,
  numero: string,
  text: string,
  actor: string,
): Promise<TOperatorDraw> {
  return deps.db.transaction(async (tx) => {
    const game = await gameOf(tx, merchantCode, gameCode);
    const draw = await drawOf(tx, game, numero);
    return answerFor(tx, game, await confirmResult(tx, deps, draw.id, text, actor), deps.now());
  });
}

/** Voids a draw not yet drawn, or abnormal (draws.ts voidDraw): sales stop, every stake is refunded by the settlement job. */
export async function operatorVoidDraw(
  deps: LotteryDeps,
  merchantCode: string,
  gameCode: string,
  numero: string,
  reason: string,
  actor: string,
): Promise<TOperatorDraw> {
  const game = await gameOf(deps.db, merchantCode, gameCode);
  const draw = await drawOf(deps.db, game, numero);
  const voided = await voidDraw(deps, draw.id, reason, (tx, locked) =>
    recordAudit(tx, {
      actor,
      action: 'lottery.draw.void',
      merchantId: game.merchantId,
      details: {
        gameCode: game.gameCode,
        numero: locked.numero,
        state: locked.state,
        abnormalReason: locked.abnormalReason,
        reason,
      },
    }),
  );
  if (!voided)
    throw new DomainError(
      LOTTERY_ERROR_CODES.voidRefused,
      `Draw ${numero} of ${game.gameCode} is ${draw.state}: only a draw not yet drawn, or abnormal, can be voided`,
    );
  const after = await drawOf(deps.db, game, numero);
  return operatorDrawView(game, after, (await drawStats(deps.db, [after.id])).get(after.id), deps.now());
}
