import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { LotteryBetState } from '@palaro/contract';
import { numberArray } from '../../../platform/db/array-literals';
import type { Db, Queryable, Tx } from '../../../platform/db/database';
import {
  lotteryBets,
  lotteryDraws,
  lotteryGames,
  type LotteryBetRow,
  type LotteryDrawRow,
  type LotteryGameRow,
  type UplineGroup,
} from '../schema';

/**
 * Queries on lottery_bets as slips, cancels, a draw's lock and the player's and operator's screens
 * use them (a settlement's own reads and writes: store/settlement.ts; a chase's: store/chases.ts).
 */

/** One slip's bets to insert, each priced at its member's prize group. */
export interface NewSlipBets {
  merchantId: number;
  memberId: number;
  trial: boolean;
  gameId: number;
  drawId: number;
  /** The slip's journal reference: unique per slip, it names the slip's rows in the insert's answer. */
  reference: string;
  prizeGroup: number;
  /** Its uplines' groups when one of them earns a rebate (prize-groups.ts). */
  uplineGroups: UplineGroup[] | null;
  chaseId: number | null;
  placedAt: Date;
  bets: readonly {
    betType: string;
    picks: number[][];
    combinations: number;
    unitStake: bigint;
    multiplier: number;
    stake: bigint;
  }[];
}

/**
 * Inserts the bets of `slips` by one statement whatever their number, the values sent as one array
 * per column rather than a parameter per value (building a group's 150-row insert through the query
 * builder took 8–15 ms of the event loop). Answers each slip's rows, in its bets' order.
 */
export async function insertSlipBets(tx: Tx, slips: readonly NewSlipBets[]): Promise<LotteryBetRow[][]> {
  const bets = slips.flatMap((slip) => slip.bets.map((bet) => ({ slip, bet })));
  const column = <T>(pick: (row: (typeof bets)[number]) => T) => sql.param(bets.map(pick));
  const inserted = await tx.execute(sql`
    insert into ${lotteryBets} (merchant_id, member_id, trial, game_id, draw_id, slip_reference, bet_type, picks, combinations, unit_stake,
                                multiplier, stake, prize_group, placed_at, chase_id, upline_groups)
    select merchant_id, member_id, trial, game_id, draw_id, slip_reference, bet_type, picks::jsonb, combinations, unit_stake,
           multiplier, stake, prize_group, placed_at::timestamptz, chase_id, upline_groups::jsonb
    from unnest(${column(({ slip }) => slip.merchantId)}::int[], ${column(({ slip }) => slip.memberId)}::bigint[],
                ${column(({ slip }) => slip.trial)}::boolean[], ${column(({ slip }) => slip.gameId)}::bigint[], ${column(({ slip }) => slip.drawId)}::bigint[],
                ${column(({ slip }) => slip.reference)}::text[], ${column(({ bet }) => bet.betType)}::text[], ${column(({ bet }) => JSON.stringify(bet.picks))}::text[],
                ${column(({ bet }) => bet.combinations)}::int[], ${sql.param(numberArray(bets.map(({ bet }) => bet.unitStake)))}::bigint[], ${column(({ bet }) => bet.multiplier)}::int[],
                ${sql.param(numberArray(bets.map(({ bet }) => bet.stake)))}::bigint[], ${column(({ slip }) => slip.prizeGroup)}::int[], ${column(({ slip }) => slip.placedAt.toISOString())}::text[],
                ${column(({ slip }) => slip.chaseId)}::bigint[], ${column(({ slip }) => (slip.uplineGroups ? JSON.stringify(slip.uplineGroups) : null))}::text[])
      with ordinality as v(merchant_id, member_id, trial, game_id, draw_id, slip_reference, bet_type, picks, combinations, unit_stake,
                           multiplier, stake, prize_group, placed_at, chase_id, upline_groups, position)
    order by position
    returning id, slip_reference`);
  const { rows } = inserted as unknown as { rows: { id: string | number; slip_reference: string }[] };
  // Ids are drawn in insertion order: a slip's ids in ascending order are its bets in order.
  const idsOf = new Map<string, number[]>();
  for (const row of rows) {
    const ids = idsOf.get(row.slip_reference) ?? [];
    ids.push(Number(row.id));
    idsOf.set(row.slip_reference, ids);
  }
  return slips.map((slip) => {
    const ids = idsOf.get(slip.reference)!.sort((a, b) => a - b);
    return slip.bets.map((bet, index): LotteryBetRow => ({
      id: ids[index]!,
      merchantId: slip.merchantId,
      memberId: slip.memberId,
      trial: slip.trial,
      gameId: slip.gameId,
      drawId: slip.drawId,
      slipReference: slip.reference,
      betType: bet.betType,
      picks: bet.picks,
      combinations: bet.combinations,
      unitStake: bet.unitStake,
      multiplier: bet.multiplier,
      stake: bet.stake,
      prizeGroup: slip.prizeGroup,
      state: 'pending',
      winAmount: 0n,
      placedAt: slip.placedAt,
      settledAt: null,
      chaseId: slip.chaseId,
      uplineGroups: slip.uplineGroups,
    }));
  });
}

/** What the member has staked on the draw (cancelled bets not counted), in centavos. */
export async function memberStakeOnDraw(tx: Tx, drawId: number, memberId: number): Promise<bigint> {
  const [already] = await tx
    .select({ total: sql<string>`coalesce(sum(${lotteryBets.stake}), 0)` })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.memberId, memberId), ne(lotteryBets.state, 'cancelled')));
  return BigInt(already!.total);
}

/** What each member has staked on each draw of `pairs` (cancelled bets not counted); pairs without a bet are left out. */
export async function memberStakesOnDraws(
  tx: Tx,
  pairs: readonly { drawId: number; memberId: number }[],
): Promise<{ drawId: number; memberId: number; total: bigint }[]> {
  const rows = await tx
    .select({
      drawId: lotteryBets.drawId,
      memberId: lotteryBets.memberId,
      total: sql<string>`sum(${lotteryBets.stake})`,
    })
    .from(lotteryBets)
    .where(
      and(
        sql`(${lotteryBets.drawId}, ${lotteryBets.memberId}) in (${sql.join(
          pairs.map(({ drawId, memberId }) => sql`(${drawId}::bigint, ${memberId}::bigint)`),
          sql`, `,
        )})`,
        sql`${lotteryBets.state} <> 'cancelled'`,
      ),
    )
    .groupBy(lotteryBets.drawId, lotteryBets.memberId);
  return rows.map((row) => ({ drawId: row.drawId, memberId: row.memberId, total: BigInt(row.total) }));
}

/** The ids of the draw's tickets: its bets not cancelled. */
export async function listTicketIds(tx: Tx, drawId: number): Promise<number[]> {
  const tickets = await tx
    .select({ id: lotteryBets.id })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), ne(lotteryBets.state, 'cancelled')));
  return tickets.map((ticket) => ticket.id);
}

/** Which of `betIds` are the member's, with their draws. */
export async function listMemberBetDraws(
  tx: Tx,
  merchantId: number,
  memberId: number,
  betIds: readonly number[],
): Promise<{ id: number; drawId: number }[]> {
  return tx
    .select({ id: lotteryBets.id, drawId: lotteryBets.drawId })
    .from(lotteryBets)
    .where(
      and(
        eq(lotteryBets.merchantId, merchantId),
        eq(lotteryBets.memberId, memberId),
        inArray(lotteryBets.id, [...betIds]),
      ),
    );
}

/** The bets `betIds`, locked FOR UPDATE in id order. */
export async function lockBets(tx: Tx, betIds: readonly number[]): Promise<LotteryBetRow[]> {
  return tx
    .select()
    .from(lotteryBets)
    .where(inArray(lotteryBets.id, [...betIds]))
    .orderBy(asc(lotteryBets.id))
    .for('update');
}

/** Marks those of `betIds` still pending cancelled. */
export async function markBetsCancelled(tx: Tx, betIds: readonly number[], now: Date): Promise<void> {
  await tx
    .update(lotteryBets)
    .set({ state: 'cancelled', settledAt: now })
    .where(and(inArray(lotteryBets.id, [...betIds]), eq(lotteryBets.state, 'pending')));
}

/** A bet's draw as its view needs it. */
export type BetDraw = Pick<LotteryDrawRow, 'numero' | 'result' | 'state' | 'opensAt' | 'locksAt'>;

/** A page of the member's bets, newest first, of one game and state when named. */
export async function listMemberBets(
  db: Db,
  merchantId: number,
  memberId: number,
  filter: { gameCode?: string; state?: LotteryBetState },
  page: { limit: number; offset: number },
): Promise<{ bet: LotteryBetRow; game: LotteryGameRow; draw: BetDraw }[]> {
  const conditions = [eq(lotteryBets.merchantId, merchantId), eq(lotteryBets.memberId, memberId)];
  if (filter.gameCode) conditions.push(eq(lotteryGames.gameCode, filter.gameCode));
  if (filter.state) conditions.push(eq(lotteryBets.state, filter.state));
  return db
    .select({
      bet: lotteryBets,
      game: lotteryGames,
      draw: {
        numero: lotteryDraws.numero,
        result: lotteryDraws.result,
        state: lotteryDraws.state,
        opensAt: lotteryDraws.opensAt,
        locksAt: lotteryDraws.locksAt,
      },
    })
    .from(lotteryBets)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryBets.gameId))
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
    .where(and(...conditions))
    .orderBy(desc(lotteryBets.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The merchant's largest real-money wins (of one game when named), largest first. */
export async function listLargestWins(
  db: Db,
  merchantId: number,
  gameCode: string | undefined,
  limit: number,
): Promise<{ bet: LotteryBetRow; game: LotteryGameRow; numero: string }[]> {
  // A won bet is one with a win amount (check lottery_bets_won): said so, the winners' index serves it.
  const conditions = [
    eq(lotteryBets.merchantId, merchantId),
    gt(lotteryBets.winAmount, 0n),
    eq(lotteryBets.trial, false),
  ];
  if (gameCode) conditions.push(eq(lotteryGames.gameCode, gameCode));
  return db
    .select({ bet: lotteryBets, game: lotteryGames, numero: lotteryDraws.numero })
    .from(lotteryBets)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryBets.gameId))
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
    .where(and(...conditions))
    .orderBy(desc(lotteryBets.winAmount), desc(lotteryBets.id))
    .limit(limit);
}

/** A draw's tickets and stakes as the operator sees them, in centavos. */
export interface DrawStats {
  tickets: number;
  pendingTickets: number;
  stake: bigint;
  pendingStake: bigint;
}

/** The tickets and stakes of each of `drawIds` that has a bet. */
export async function drawStats(q: Queryable, drawIds: readonly number[]): Promise<Map<number, DrawStats>> {
  if (drawIds.length === 0) return new Map();
  const rows = await q
    .select({
      drawId: lotteryBets.drawId,
      tickets: sql<number>`(count(*) filter (where ${lotteryBets.state} <> 'cancelled'))::int`,
      pendingTickets: sql<number>`(count(*) filter (where ${lotteryBets.state} = 'pending'))::int`,
      stake: sql<string>`coalesce(sum(${lotteryBets.stake}) filter (where ${lotteryBets.state} <> 'cancelled'), 0)`,
      pendingStake: sql<string>`coalesce(sum(${lotteryBets.stake}) filter (where ${lotteryBets.state} = 'pending'), 0)`,
    })
    .from(lotteryBets)
    .where(inArray(lotteryBets.drawId, [...drawIds]))
    .groupBy(lotteryBets.drawId);
  return new Map(
    rows.map((row) => [
      row.drawId,
      {
        tickets: row.tickets,
        pendingTickets: row.pendingTickets,
        stake: BigInt(row.stake),
        pendingStake: BigInt(row.pendingStake),
      },
    ]),
  );
}
