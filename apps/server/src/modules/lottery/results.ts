import { z } from 'zod';
import {
  drawTimeZone,
  formatLocalTime,
  LOTTERY_ERROR_CODES,
  parseOfficialResult,
  sameOfficialResult,
  isTraditionalFamily,
  formatWinningNumber,
  redactFeedUrl,
  type AbnormalReason,
  type TraditionalFamily,
} from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import { lockInside, TooEarly, type LotteryDeps } from './draws';
import { fixDrawJackpot, storedJackpot } from './jackpot';
import { LOTTERY_JOBS, TRADITIONAL_JOBS } from './job-names';
import { resultDueAt } from './rules';
import type { LotteryDrawRow, LotteryGameRow } from './schema';
import {
  drawWithGame,
  lockDrawWithGame,
  markDrawAbnormal,
  markDrawDrawnOfficially,
  recordResultEntry,
} from './store/draws';
import { announceDraw } from './views';

/**
 * Traditional games (prize mode Lott): their draws follow the official schedule and take their
 * results from the official draw, never from our RNG (docs/LOTTERY.md "Traditional games").
 *
 * - One draw at a time: the schedule tick opens a game's next draw only once the one before has
 *   its result (drawn or settled) or was voided; it opens on sale at once and locks lockSeconds
 *   before its official time.
 * - Results: an operator's entry is only a first entry; a second, different operator types the
 *   result again — equal, the draw is drawn and settled; different, it is disputed. A feed game's
 *   job polls the feed from the draw time; an answer that is not a result of the family is ignored
 *   (logged) and polled again.
 * - Abnormal: no result `resultGraceSeconds` after the draw time (late), the source saying the
 *   official draw has none (missing), or a disagreement (disputed) → state 'abnormal': no sale, the
 *   draw view says why, the next draw does not open, until an operator voids it (every stake
 *   refunded) or enters its result and another confirms it.
 */

/** How often a feed game asks its feed for a result after the draw time, until the grace period ends. */
export const FEED_POLL_MS = 60_000;
const FEED_TIMEOUT_MS = 10_000;
/** The audit actor of the scheduler's own changes. */
const SYSTEM_ACTOR = 'system:lottery';

/** Draw states that still wait for a result. */
const AWAITING = new Set(['open', 'locked', 'abnormal']);

function officialFamily(game: LotteryGameRow): TraditionalFamily {
  if (game.resultSource === 'rng' || !isTraditionalFamily(game.family)) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultNotOfficial,
      `${game.gameCode} is drawn by our RNG: its results are not entered`,
    );
  }
  return game.family;
}

/** Sales stop for good (locked if the lock job has not run yet), the draw is abnormal and says why. */
async function markAbnormal(
  tx: Tx,
  draw: LotteryDrawRow,
  reason: AbnormalReason,
  now: Date,
  clearEntry = false,
): Promise<LotteryDrawRow> {
  const locked = await lockInside(tx, draw, now);
  const abnormal = await markDrawAbnormal(tx, locked.id, reason, now, clearEntry);
  await announceDraw(tx, abnormal, now);
  return abnormal;
}

/**
 * The official result stands: the draw is drawn (abnormal or not before), a jackpot game's pool is
 * fixed for it (jackpot.ts) and its settlement enqueued.
 */
async function applyResult(
  tx: Tx,
  deps: LotteryDeps,
  game: LotteryGameRow,
  draw: LotteryDrawRow,
  result: number[],
  source: { kind: 'operator' | 'feed'; by: string; confirmedBy: string | null },
  now: Date,
): Promise<LotteryDrawRow> {
  const locked = await lockInside(tx, draw, now);
  const jackpot = await fixDrawJackpot(tx, game, locked, result, now);
  const drawn = await markDrawDrawnOfficially(
    tx,
    locked.id,
    {
      result,
      resultSource: source.kind,
      resultBy: source.by,
      resultConfirmedBy: source.confirmedBy,
      jackpot: jackpot && storedJackpot(jackpot),
    },
    now,
  );
  await announceDraw(tx, drawn, now);
  await deps.jobs.enqueue(LOTTERY_JOBS.settle, { drawId: draw.id }, { uniqueKey: `settle:${draw.id}` }, tx);
  return drawn;
}

function awaitingResult(game: LotteryGameRow, draw: LotteryDrawRow, now: Date): void {
  if (!AWAITING.has(draw.state)) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultNotDue,
      `Draw ${draw.numero} of ${game.gameCode} is ${draw.state}: it takes no result`,
    );
  }
  if (now < draw.drawsAt) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultNotDue,
      `Draw ${draw.numero} of ${game.gameCode} is drawn officially at ${formatLocalTime(drawTimeZone(game.schedule), draw.drawsAt.getTime())}: enter its result after that`,
    );
  }
}

function parsed(game: LotteryGameRow, family: TraditionalFamily, text: string): number[] {
  const { result, problem } = parseOfficialResult(family, text);
  if (!result) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultInvalid,
      `Not a result of ${game.gameCode} (${game.nameEn}): ${problem}`,
      {
        fields: [{ field: 'result', i18nKey: 'in_request_invalid', message: problem }],
      },
    );
  }
  return result;
}

/**
 * An operator's first entry of a draw's official result. It settles nothing: it waits for another
 * operator's confirmation. The same operator may correct their own entry; another's is refused
 * (confirm it instead). Audited in the same transaction.
 */
export async function enterResult(
  tx: Tx,
  now: Date,
  drawId: number,
  text: string,
  actor: string,
): Promise<LotteryDrawRow> {
  const row = await lockDrawWithGame(tx, drawId);
  const { draw, game } = row!;
  const result = parsed(game, officialFamily(game), text);
  awaitingResult(game, draw, now);
  if (draw.enteredResult && draw.enteredBy !== actor) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultAlreadyEntered,
      `Draw ${draw.numero} already has a first entry by ${draw.enteredBy}: another operator confirms it (or voids the draw)`,
    );
  }
  const locked = await lockInside(tx, draw, now);
  const entered = await recordResultEntry(tx, locked.id, result, actor, now);
  await recordAudit(tx, {
    actor,
    action: 'lottery.result.enter',
    merchantId: draw.merchantId,
    details: { gameCode: game.gameCode, numero: draw.numero, result: formatWinningNumber(game.family, result) },
  });
  return entered;
}

/**
 * A second operator types the result again. Equal to the first entry: the result stands (drawn,
 * settled by the job). Different: the draw is disputed (abnormal) and the first entry cleared, so
 * the result is entered afresh. Audited either way.
 */
export async function confirmResult(
  tx: Tx,
  deps: LotteryDeps,
  drawId: number,
  text: string,
  actor: string,
): Promise<LotteryDrawRow> {
  const now = deps.now();
  const row = await lockDrawWithGame(tx, drawId);
  const { draw, game } = row!;
  const family = officialFamily(game);
  const result = parsed(game, family, text);
  awaitingResult(game, draw, now);
  if (!draw.enteredResult || !draw.enteredBy) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultNotEntered,
      `Draw ${draw.numero} has no first entry to confirm: enter the result first`,
    );
  }
  if (draw.enteredBy === actor) {
    throw new DomainError(
      LOTTERY_ERROR_CODES.resultSameOperator,
      `The result of ${draw.numero} was entered by ${actor}: a different operator confirms it`,
    );
  }
  const details = {
    gameCode: game.gameCode,
    numero: draw.numero,
    entered: formatWinningNumber(family, draw.enteredResult),
    enteredBy: draw.enteredBy,
    confirmed: formatWinningNumber(family, result),
  };
  if (!sameOfficialResult(family, draw.enteredResult, result)) {
    await recordAudit(tx, { actor, action: 'lottery.result.dispute', merchantId: draw.merchantId, details });
    return markAbnormal(tx, draw, 'disputed', now, true);
  }
  await recordAudit(tx, { actor, action: 'lottery.result.confirm', merchantId: draw.merchantId, details });
  return applyResult(
    tx,
    deps,
    game,
    draw,
    draw.enteredResult,
    { kind: 'operator', by: draw.enteredBy, confirmedBy: actor },
    now,
  );
}

/** The result-due job: a draw still without its result when the grace period ends is abnormal ('late'). */
export async function resultDue(deps: LotteryDeps, drawId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockDrawWithGame(tx, drawId);
    if (!row || (row.draw.state !== 'open' && row.draw.state !== 'locked')) return;
    const now = deps.now();
    const due = resultDueAt(row.game, row.draw);
    if (now < due) throw new TooEarly(`draw ${drawId}'s result is due at ${due.toISOString()}`);
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: 'lottery.draw.late',
      merchantId: row.draw.merchantId,
      details: { gameCode: row.game.gameCode, numero: row.draw.numero, due: due.toISOString() },
    });
    await markAbnormal(tx, row.draw, 'late', now);
  });
}

/**
 * The feed's answer (docs/LOTTERY.md "Result feed"): the draw's numero and `status` drawn with its
 * result in the official format, pending (not yet), or no_draw (the official draw has no result).
 */
const ZFeedAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('drawn'), numero: z.string(), result: z.string().max(400) }),
  z.object({ status: z.literal('pending'), numero: z.string().optional() }),
  z.object({ status: z.literal('no_draw'), numero: z.string() }),
]);

/** Asks the feed about one draw: GET feedUrl?gameCode&numero&drawsAt. Null when it did not answer usefully. */
async function askFeed(
  deps: LotteryDeps,
  game: LotteryGameRow,
  draw: LotteryDrawRow,
): Promise<z.infer<typeof ZFeedAnswer> | null> {
  const url = new URL(game.feedUrl!);
  url.searchParams.set('gameCode', game.gameCode);
  url.searchParams.set('numero', draw.numero);
  url.searchParams.set('drawsAt', draw.drawsAt.toISOString());
  // A user name and password in the address are sent as HTTP basic authentication (fetch refuses them in the URL).
  const headers: Record<string, string> = { accept: 'application/json' };
  if (url.username || url.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    const answer = ZFeedAnswer.safeParse(await response.json());
    if (!response.ok || !answer.success || (answer.data.numero !== undefined && answer.data.numero !== draw.numero)) {
      deps.log?.warn(
        { gameCode: game.gameCode, numero: draw.numero, status: response.status },
        'lottery feed: an answer that is not this draw’s',
      );
      return null;
    }
    return answer.data;
  } catch (error) {
    deps.log?.warn({ err: error, gameCode: game.gameCode, numero: draw.numero }, 'lottery feed: no answer');
    return null;
  }
}

/**
 * The feed job: asks once; a result of the family stands (unless it contradicts an operator's
 * first entry: disputed), no_draw makes the draw abnormal ('missing'), anything else is asked again
 * FEED_POLL_MS later while the grace period lasts (the result-due job then marks it late).
 */
export async function pollFeed(deps: LotteryDeps, drawId: number, poll: number): Promise<void> {
  const row = await drawWithGame(deps.db, drawId);
  if (!row || row.game.resultSource !== 'feed' || (row.draw.state !== 'open' && row.draw.state !== 'locked')) return;
  if (deps.now() < row.draw.drawsAt) throw new TooEarly(`draw ${drawId} is drawn at ${row.draw.drawsAt.toISOString()}`);
  const family = officialFamily(row.game);
  const answer = await askFeed(deps, row.game, row.draw);
  const result = answer?.status === 'drawn' ? parseOfficialResult(family, answer.result) : null;
  if (result && !result.result)
    deps.log?.warn(
      { gameCode: row.game.gameCode, numero: row.draw.numero, problem: result.problem },
      'lottery feed: not a result of the game',
    );
  await deps.db.transaction(async (tx) => {
    const locked = await lockDrawWithGame(tx, drawId);
    if (!locked || (locked.draw.state !== 'open' && locked.draw.state !== 'locked')) return;
    const { draw, game } = locked;
    const now = deps.now();
    // The feed's address as shown (its secrets as ***): the audit log and the draw's public verification keep it.
    const feed = redactFeedUrl(game.feedUrl!);
    const details = { gameCode: game.gameCode, numero: draw.numero, feed };
    if (result?.result) {
      if (draw.enteredResult && !sameOfficialResult(family, draw.enteredResult, result.result)) {
        await recordAudit(tx, {
          actor: SYSTEM_ACTOR,
          action: 'lottery.result.dispute',
          merchantId: draw.merchantId,
          details: {
            ...details,
            entered: formatWinningNumber(family, draw.enteredResult),
            fed: answer!.status === 'drawn' ? answer!.result : '',
          },
        });
        await markAbnormal(tx, draw, 'disputed', now, true);
        return;
      }
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'lottery.result.feed',
        merchantId: draw.merchantId,
        details: { ...details, result: formatWinningNumber(family, result.result) },
      });
      await applyResult(tx, deps, game, draw, result.result, { kind: 'feed', by: feed, confirmedBy: null }, now);
      return;
    }
    if (answer?.status === 'no_draw') {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'lottery.draw.missing',
        merchantId: draw.merchantId,
        details,
      });
      await markAbnormal(tx, draw, 'missing', now);
      return;
    }
    const next = new Date(now.getTime() + FEED_POLL_MS);
    if (next < resultDueAt(game, draw)) {
      // Keyed by its time: a chain started again by a source change (operator.ts) never meets this one's keys.
      await deps.jobs.enqueue(
        TRADITIONAL_JOBS.feed,
        { drawId, poll: poll + 1 },
        { runAt: next, uniqueKey: `feed:${drawId}:at:${next.getTime()}` },
        tx,
      );
    }
  });
}
