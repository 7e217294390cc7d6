import {
  chaseDraws,
  chaseDrawStake,
  ERROR_CODES,
  LOTTERY_ERROR_CODES,
  MY_CHASES_PAGE_SIZE,
  type ChaseStopReason,
  type LotteryBetState,
  type TChase,
  type TChaseResult,
  type TMyChases,
  wireCentavos,
} from '@palaro/contract';
import type { z } from 'zod';
import type { ZChaseRequest, ZMyChasesQuery } from '@palaro/contract/schemas';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { FailureLog, type Logger } from '../../platform/logger';
import { idempotent } from '../wallet/idempotency';
import type { EntryDraft } from '../wallet/ledger';
import { cancelForRefund } from './cancel';
import { memberPricing } from './prize-groups';
import { chaseStopsAsWon, drawsCancelledByWin, isOnSale } from './rules';
import type { LotteryBetRow, LotteryChaseDrawRow, LotteryChaseRow, LotteryDrawRow, LotteryGameRow } from './schema';
import {
  drawOnSale,
  gameByCode,
  isTrial,
  oddsChanged,
  planSlip,
  slipStake,
  TRIAL_MEMBER_TYPE,
  writeSlip,
  type Bettor,
} from './slips';
import {
  cancelChaseDrawsOnDraws,
  cancelWaitingChaseDraws,
  chaseById,
  finishChaseIfDone,
  insertChase,
  insertChaseDraws,
  listChaseBets,
  listChaseDraws,
  listDueChaseDraws,
  listMemberChases,
  listPendingChaseDrawIds,
  lockChase,
  lockMemberChase,
  lockPendingChaseBetsOnDraws,
  lockStopOnWinChases,
  lockWaitingChaseDraw,
  markChaseDrawMissed,
  markChaseDrawPlaced,
  markChaseStopped,
} from './store/chases';
import { lockDrawForSale, lockDrawsForShare } from './store/draws';
import { gameById } from './store/games';

/**
 * Chasing (docs/LOTTERY.md "Chasing"): one slip on the draw on sale and the next ones. The chase
 * and its draws are written when it is made, and the first draw (on sale already) is placed in the
 * same transaction; every later draw is placed when it opens — by the schedule job right after it
 * opens the draws (placeChaseDraws), one transaction per chase draw — and never up front. A draw
 * the balance, the draw limit, a changed prize group or a changed game does not allow stops the
 * chase with that reason, with nothing of that draw written or debited (its savepoint rolled
 * back). The debit's journal reference is LC<chase draw id>: a second placement is refused by the
 * journal even if the row's state check were passed twice.
 */

type ChaseRequest = z.output<typeof ZChaseRequest>;

const chaseReference = (chaseDrawId: number) => `LC${chaseDrawId}`;

function chaseUnknown(chaseId: number): DomainError {
  return new DomainError(LOTTERY_ERROR_CODES.chaseUnknown, `No lottery chase ${chaseId} of yours`);
}

/** Ends a chase early: its waiting draws are cancelled (nothing of them was debited). */
async function stopChase(tx: Tx, chaseId: number, reason: ChaseStopReason, now: Date): Promise<void> {
  await markChaseStopped(tx, chaseId, reason, now);
  await cancelWaitingChaseDraws(tx, chaseId);
}

/** Places one chase draw on its draw (held FOR SHARE, on sale) in the caller's transaction. */
async function placeChaseDraw(
  tx: Tx,
  chase: LotteryChaseRow,
  chaseDraw: LotteryChaseDrawRow,
  game: LotteryGameRow,
  draw: LotteryDrawRow,
  now: Date,
) {
  const bettor: Bettor = {
    merchantId: chase.merchantId,
    memberId: chase.memberId,
    memberType: chase.trial ? TRIAL_MEMBER_TYPE : 0,
  };
  const pricing = await memberPricing(tx, chase.merchantId, chase.memberId, game, chase.trial);
  if (pricing.group !== chase.prizeGroup) throw oddsChanged(pricing.group);
  const planned = planSlip(game, chase.bets, chaseDraw.multiplier);
  const reference = chaseReference(chaseDraw.id);
  const written = await writeSlip(tx, { game, draw, bettor, planned, pricing, reference, chaseId: chase.id, now });
  await markChaseDrawPlaced(tx, chaseDraw.id, draw.id, reference, now);
  return written;
}

/** Places a chase draw and posts its debit at once (a chase draw's own transaction or savepoint). */
async function placeAndDebit(
  tx: Tx,
  chase: LotteryChaseRow,
  chaseDraw: LotteryChaseDrawRow,
  game: LotteryGameRow,
  draw: LotteryDrawRow,
  now: Date,
): Promise<void> {
  const { debit } = await placeChaseDraw(tx, chase, chaseDraw, game, draw, now);
  await debit(tx);
}

/**
 * Makes a chase: the slip is checked at every multiplier it will be placed at and priced at the
 * member's prize group before anything is written; then, behind the member's idempotency key, the
 * chase, its draws and the first draw's bets and debit commit together (a first draw the balance
 * does not cover refuses the whole chase).
 */
export async function createChase(
  db: Db,
  now: () => Date,
  bettor: Bettor,
  key: string,
  request: ChaseRequest,
): Promise<TChaseResult> {
  const game = await gameByCode(db, bettor.merchantId, request.gameCode);
  const pricing = await memberPricing(db, bettor.merchantId, bettor.memberId, game, isTrial(bettor));
  if (request.prizeGroup !== pricing.group) throw oddsChanged(pricing.group);
  const multipliers = request.multipliers ?? Array<number>(request.draws).fill(1);
  for (const multiplier of new Set(multipliers)) planSlip(game, request.bets, multiplier);
  const base = planSlip(game, request.bets);
  const stake = slipStake(base);
  return idempotent(
    db,
    { merchantId: bettor.merchantId, memberId: bettor.memberId, key, operation: 'lottery.chase', request },
    async (tx, finish) => {
      const time = now();
      const draw = await drawOnSale(tx, game, request.numero, time);
      const slots = chaseDraws(game, draw.drawsAt.getTime(), request.draws);
      const chase = await insertChase(tx, {
        merchantId: bettor.merchantId,
        memberId: bettor.memberId,
        trial: isTrial(bettor),
        gameId: game.id,
        // Kept as JSON, the unit stake as a number: at most the game's largest bet, far inside 2^53.
        bets: base.map(({ betType, picks, combinations, unitStake, multiplier }) => ({
          betType,
          picks,
          combinations,
          unitStake: Number(unitStake),
          multiplier,
        })),
        slipStake: stake,
        prizeGroup: pricing.group,
        stopOnWin: request.stopOnWin,
        createdAt: time,
      });
      const draws = await insertChaseDraws(
        tx,
        slots.map((slot, index) => ({
          chaseId: chase.id,
          merchantId: bettor.merchantId,
          gameId: game.id,
          seq: index + 1,
          numero: slot.numero,
          drawsAt: new Date(slot.drawsAt),
          multiplier: multipliers[index]!,
          stake: chaseDrawStake(stake, multipliers[index]!),
        })),
      );
      const { balance, debit } = await placeChaseDraw(tx, chase, draws[0]!, game, draw, time);
      finish(debit);
      await finishChaseIfDone(tx, chase.id, time);
      const [view] = await chaseViews(tx, [(await chaseById(tx, chase.id))!], game);
      return { chase: view!, balance: wireCentavos(balance) };
    },
  );
}

/** Its bets' states taken together: pending while any is, won if any won, then lost, refunded, cancelled. */
function combinedBetState(states: readonly LotteryBetState[]): LotteryBetState {
  for (const state of ['pending', 'won', 'lost', 'refunded'] as const) if (states.includes(state)) return state;
  return 'cancelled';
}

async function chaseViews(
  q: Queryable,
  chases: readonly LotteryChaseRow[],
  gameOf: LotteryGameRow | Map<number, LotteryGameRow>,
): Promise<TChase[]> {
  if (chases.length === 0) return [];
  const ids = chases.map((chase) => chase.id);
  // One after the other: `q` may be a transaction, whose one connection runs one query at a time.
  const draws = await listChaseDraws(q, ids);
  const bets = await listChaseBets(q, ids);
  const betsOf = new Map<string, { states: LotteryBetState[]; won: bigint }>();
  const debited = new Map<number, bigint>();
  for (const bet of bets) {
    const entry = betsOf.get(`${bet.chaseId}:${bet.drawId}`) ?? { states: [], won: 0n };
    entry.states.push(bet.state);
    entry.won += bet.winAmount;
    betsOf.set(`${bet.chaseId}:${bet.drawId}`, entry);
    if (bet.state !== 'cancelled' && bet.state !== 'refunded')
      debited.set(bet.chaseId!, (debited.get(bet.chaseId!) ?? 0n) + bet.stake);
  }
  return chases.map((chase) => {
    const game = gameOf instanceof Map ? gameOf.get(chase.gameId)! : gameOf;
    const mine = draws
      .filter((draw) => draw.chaseId === chase.id)
      .map((draw) => {
        const placed = draw.drawId === null ? undefined : betsOf.get(`${chase.id}:${draw.drawId}`);
        return {
          seq: draw.seq,
          numero: draw.numero,
          drawsAt: draw.drawsAt.getTime(),
          multiplier: draw.multiplier,
          stake: draw.stake,
          state: draw.state,
          betState: placed ? combinedBetState(placed.states) : null,
          winAmount: placed?.won ?? 0n,
          placedAt: draw.placedAt?.getTime() ?? null,
        };
      });
    return {
      chaseId: String(chase.id),
      gameCode: game.gameCode,
      bets: chase.bets,
      slipStake: wireCentavos(chase.slipStake),
      prizeGroup: chase.prizeGroup,
      stopOnWin: chase.stopOnWin,
      state: chase.state,
      stopReason: chase.stopReason,
      totalStake: wireCentavos(mine.reduce((sum, draw) => sum + draw.stake, 0n)),
      debited: wireCentavos(debited.get(chase.id) ?? 0n),
      won: wireCentavos(mine.reduce((sum, draw) => sum + draw.winAmount, 0n)),
      createdAt: chase.createdAt.getTime(),
      endedAt: chase.endedAt?.getTime() ?? null,
      draws: mine.map((draw) => ({
        ...draw,
        stake: wireCentavos(draw.stake),
        winAmount: wireCentavos(draw.winAmount),
      })),
    };
  });
}

/** The member's chases, newest first, each with its draws. */
export async function myChases(db: Db, bettor: Bettor, query: z.output<typeof ZMyChasesQuery>): Promise<TMyChases> {
  const rows = await listMemberChases(db, bettor.merchantId, bettor.memberId, query.gameCode, {
    limit: MY_CHASES_PAGE_SIZE + 1,
    offset: (query.pageNo - 1) * MY_CHASES_PAGE_SIZE,
  });
  const page = rows.slice(0, MY_CHASES_PAGE_SIZE);
  const chases = await chaseViews(
    db,
    page.map((row) => row.chase),
    new Map(page.map((row) => [row.game.id, row.game])),
  );
  return { chases, pageNo: query.pageNo, hasMore: rows.length > MY_CHASES_PAGE_SIZE };
}

/** The player cancels the rest of a chase: its draws not yet debited. Draws already placed stand (cancel their bets before lock). */
export async function cancelChase(db: Db, now: () => Date, bettor: Bettor, chaseId: number): Promise<TChase> {
  return db.transaction(async (tx) => {
    const row = await lockMemberChase(tx, bettor.merchantId, bettor.memberId, chaseId);
    if (!row) throw chaseUnknown(chaseId);
    if (row.chase.state !== 'active')
      throw new DomainError(
        LOTTERY_ERROR_CODES.chaseEnded,
        `Chase ${chaseId} has ended (${row.chase.stopReason ?? row.chase.state})`,
      );
    await stopChase(tx, chaseId, 'cancelled', now());
    const [view] = await chaseViews(tx, [(await chaseById(tx, chaseId))!], row.game);
    return view!;
  });
}

const STOP_REASONS: Partial<Record<string, ChaseStopReason>> = {
  [ERROR_CODES.insufficientBalance]: 'balance',
  [LOTTERY_ERROR_CODES.drawLimitReached]: 'draw_limit',
  [LOTTERY_ERROR_CODES.oddsChanged]: 'odds_changed',
  // The game's bet types or limits changed since the chase was made.
  [LOTTERY_ERROR_CODES.betTypeUnknown]: 'game_changed',
  [LOTTERY_ERROR_CODES.selectionInvalid]: 'game_changed',
  [LOTTERY_ERROR_CODES.stakeOutOfLimits]: 'game_changed',
};

/** Every chase draw of a tick fails alike while the database is away: one line an interval stands for them. */
const placementOutages = new FailureLog();

/**
 * Places every waiting chase draw of the draws open now (the schedule job calls it right after it
 * opens draws, on one replica per tick). Each chase draw in its own transaction: its chase locked
 * and still active, the row still waiting (another replica placing it at once finds it placed),
 * its draw held FOR SHARE and on sale. A chase draw whose draw went by without it being placed (an
 * outage) is missed, nothing debited.
 */
export async function placeChaseDraws(deps: { db: Db; now: () => Date; log?: Logger }): Promise<void> {
  const now = deps.now();
  const due = await listDueChaseDraws(deps.db);
  for (const { id, chaseId } of new Map(due.map((row) => [row.id, row])).values()) {
    try {
      await placeDue(deps, id, chaseId, now);
    } catch (error) {
      // One chase's failure (it is retried next tick) keeps no other chase from its draw.
      if (deps.log)
        placementOutages.failed(
          deps.log,
          'lottery: place a chase draw',
          error,
          'lottery: a chase draw could not be placed',
          { level: 'error', fields: { chaseDrawId: id } },
        );
    }
  }
}

/**
 * One due chase draw, in its own transaction. Locks in the order cancelChase and stopChasesOnWin
 * use: the chase first (a second replica placing it waits here, then finds it placed), then its
 * draw row, then the draw FOR SHARE.
 */
async function placeDue(deps: { db: Db; log?: Logger }, id: number, chaseId: number, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const chase = await lockChase(tx, chaseId);
    const chaseDraw = await lockWaitingChaseDraw(tx, id);
    if (!chaseDraw || chase!.state !== 'active') return;
    // Its own draw: the open draw it was found with, or an earlier one (never made, or its sale
    // ended before it was placed: an outage) whose numero is before that open draw's.
    const draw = await lockDrawForSale(tx, chaseDraw.gameId, chaseDraw.numero);
    if (!draw || !isOnSale(draw, now)) {
      await markChaseDrawMissed(tx, id);
      await finishChaseIfDone(tx, chase!.id, now);
      return;
    }
    const game = await gameById(tx, chase!.gameId);
    try {
      // A savepoint: a refused draw leaves nothing of it behind (its bets are written before the debit).
      await tx.transaction((savepoint) => placeAndDebit(savepoint, chase!, chaseDraw, game!, draw, now));
    } catch (error) {
      const reason = error instanceof DomainError ? STOP_REASONS[error.code] : undefined;
      if (!reason) throw error;
      await stopChase(tx, chase!.id, reason, now);
      deps.log?.info({ chaseId: chase!.id, numero: draw.numero, reason }, 'lottery: chase stopped');
      return;
    }
    await finishChaseIfDone(tx, chase!.id, now);
  });
}

/**
 * Stop-after-win, when a winning bet of a chase settles (in the settlement chunk's transaction;
 * `wonChaseIds` distinct, rules.ts chasesWonIn): each chase made with stop-on-win and not stopped yet
 * stops ('won') as rules.ts decides — its waiting draws cancelled, and its bets on draws still on
 * sale cancelled like a player's cancel; draws locked already stand. Answers their refunds, which
 * the settlement posts with its wins in one statement: posted here, each chase's refund would take
 * the house before the next chase's wallet and the winners' (a deadlock with any call holding one of
 * those wallets).
 */
export async function stopChasesOnWin(tx: Tx, wonChaseIds: readonly number[], now: Date): Promise<EntryDraft[]> {
  const refunds: EntryDraft[] = [];
  if (wonChaseIds.length === 0) return refunds;
  const chases = await lockStopOnWinChases(tx, wonChaseIds);
  for (const chase of chases) {
    const open = await listPendingChaseDrawIds(tx, chase.id);
    const draws = open.length === 0 ? [] : await lockDrawsForShare(tx, open);
    const onSale = drawsCancelledByWin(draws, now).map((draw) => draw.id);
    let refunded: LotteryBetRow[] = [];
    if (onSale.length > 0) {
      refunded = await lockPendingChaseBetsOnDraws(tx, chase.id, onSale);
      refunds.push(...(await cancelForRefund(tx, refunded, 'Lottery chase stopped after a win', now)));
      await cancelChaseDrawsOnDraws(tx, chase.id, onSale);
    }
    if (chaseStopsAsWon(chase, refunded.length)) await stopChase(tx, chase.id, 'won', now);
  }
  return refunds;
}
