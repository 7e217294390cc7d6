import { and, asc, count, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { GameCategory, ProviderTransactionType } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import {
  gameLaunchTokens,
  gameProviderPlayers,
  gameProviderRequests,
  gameProviders,
  gameRounds,
  gameTransactions,
  type GameLaunchTokenRow,
  type GameProviderPlayerRow,
  type GameProviderRow,
  type GameRoundRow,
  type GameTransactionRow,
  type NewGameRoundRow,
  type NewGameTransactionRow,
} from './schema';

// Providers

export async function findProviderByCode(q: Queryable, vendorCode: string): Promise<GameProviderRow | undefined> {
  const [row] = await q.select().from(gameProviders).where(eq(gameProviders.vendorCode, vendorCode));
  return row;
}

export function listProviders(q: Queryable): Promise<GameProviderRow[]> {
  return q.select().from(gameProviders).orderBy(asc(gameProviders.vendorCode));
}

/** Adds the provider unless one with its vendor code exists (the seed's insert-if-absent). */
export async function insertProviderIfAbsent(q: Queryable, values: typeof gameProviders.$inferInsert): Promise<void> {
  await q.insert(gameProviders).values(values).onConflictDoNothing({ target: gameProviders.vendorCode });
}

export async function updateProvider(
  q: Queryable,
  id: number,
  changes: Partial<Pick<GameProviderRow, 'enabled' | 'secret' | 'secretRotatedAt'>>,
): Promise<GameProviderRow> {
  const [row] = await q.update(gameProviders).set(changes).where(eq(gameProviders.id, id)).returning();
  return row!;
}

/** Notes a provider's accepted call, at most once a minute (the operator's "last call" needs no more). */
export async function touchProvider(q: Queryable, id: number, now: Date): Promise<void> {
  await q
    .update(gameProviders)
    .set({ lastCallAt: now })
    .where(
      and(
        eq(gameProviders.id, id),
        sql`(${gameProviders.lastCallAt} is null or ${gameProviders.lastCallAt} < ${new Date(now.getTime() - 60_000)})`,
      ),
    );
}

// Launch tokens

export async function insertLaunchToken(q: Queryable, values: typeof gameLaunchTokens.$inferInsert): Promise<void> {
  await q.insert(gameLaunchTokens).values(values);
}

export async function findLaunchToken(q: Queryable, tokenHash: string): Promise<GameLaunchTokenRow | undefined> {
  const [row] = await q.select().from(gameLaunchTokens).where(eq(gameLaunchTokens.tokenHash, tokenHash));
  return row;
}

/** The sign-in sessions of the member's unexpired launches of the provider's games. */
export async function liveLaunchSessionIds(
  q: Queryable,
  providerId: number,
  merchantId: number,
  memberId: number,
  now: Date,
): Promise<number[]> {
  const rows = await q
    .selectDistinct({ sessionId: gameLaunchTokens.memberSessionId })
    .from(gameLaunchTokens)
    .where(
      and(
        eq(gameLaunchTokens.providerId, providerId),
        eq(gameLaunchTokens.memberId, memberId),
        eq(gameLaunchTokens.merchantId, merchantId),
        gt(gameLaunchTokens.expiresAt, now),
      ),
    );
  return rows.flatMap((row) => (row.sessionId === null ? [] : [row.sessionId]));
}

export async function deleteLaunchTokensExpiredBefore(q: Queryable, cutoff: Date): Promise<number> {
  const rows = await q
    .delete(gameLaunchTokens)
    .where(lt(gameLaunchTokens.expiresAt, cutoff))
    .returning({ id: gameLaunchTokens.id });
  return rows.length;
}

// The ids providers know players by

/** The provider's id of the member, made with `newPlayerId` unless it has one (a concurrent launch's id wins). */
export async function providerPlayerIdOf(
  q: Queryable,
  values: { providerId: number; merchantId: number; memberId: number },
  newPlayerId: string,
): Promise<string> {
  await q
    .insert(gameProviderPlayers)
    .values({ ...values, playerId: newPlayerId })
    .onConflictDoNothing({
      target: [gameProviderPlayers.providerId, gameProviderPlayers.merchantId, gameProviderPlayers.memberId],
    });
  const [row] = await q
    .select({ playerId: gameProviderPlayers.playerId })
    .from(gameProviderPlayers)
    .where(
      and(
        eq(gameProviderPlayers.providerId, values.providerId),
        eq(gameProviderPlayers.merchantId, values.merchantId),
        eq(gameProviderPlayers.memberId, values.memberId),
      ),
    );
  return row!.playerId;
}

/** The member a provider's player id names, if that provider was given it. */
export async function findProviderPlayer(
  q: Queryable,
  providerId: number,
  playerId: string,
): Promise<GameProviderPlayerRow | undefined> {
  const [row] = await q
    .select()
    .from(gameProviderPlayers)
    .where(and(eq(gameProviderPlayers.providerId, providerId), eq(gameProviderPlayers.playerId, playerId)));
  return row;
}

// Request ids

export interface RequestClaim {
  providerId: number;
  requestId: string;
  path: string;
  bodyHash: string;
  createdAt: Date;
}

/**
 * Claims the request id as the first statement of the call's transaction: true when it is new. A
 * concurrent call with the same id waits here for the first to commit, then finds its answer.
 */
export async function claimRequest(tx: Tx, claim: RequestClaim): Promise<boolean> {
  const rows = await tx
    .insert(gameProviderRequests)
    .values({ ...claim, statusCode: 0, response: sql`'null'::jsonb` })
    .onConflictDoNothing()
    .returning({ requestId: gameProviderRequests.requestId });
  return rows.length > 0;
}

export async function findRequest(q: Queryable, providerId: number, requestId: string) {
  const [row] = await q
    .select()
    .from(gameProviderRequests)
    .where(and(eq(gameProviderRequests.providerId, providerId), eq(gameProviderRequests.requestId, requestId)));
  return row;
}

/** A provider transaction's answer, stored when its call's answer is. */
export interface TransactionAnswer {
  id: bigint;
  response: unknown;
  walletReference: string | null;
}

/** Stores the call's answer under its request id and its transactions' answers, in one statement. */
export async function storeRequestAnswer(
  tx: Tx,
  providerId: number,
  requestId: string,
  statusCode: number,
  response: unknown,
  transactions: readonly TransactionAnswer[] = [],
): Promise<void> {
  if (transactions.length === 0) {
    await tx
      .update(gameProviderRequests)
      .set({ statusCode, response })
      .where(and(eq(gameProviderRequests.providerId, providerId), eq(gameProviderRequests.requestId, requestId)));
    return;
  }
  await tx.execute(sql`
    with answered as (
      update ${gameTransactions} t set response = v.response::jsonb, wallet_reference = v.wallet_reference
      from unnest(${sql.param(transactions.map((each) => String(each.id)))}::bigint[], ${sql.param(transactions.map((each) => JSON.stringify(each.response)))}::text[],
                  ${sql.param(transactions.map((each) => each.walletReference))}::text[]) as v(id, response, wallet_reference)
      where t.id = v.id
    )
    update ${gameProviderRequests} set status_code = ${statusCode}, response = ${JSON.stringify(response)}::jsonb
    where provider_id = ${providerId} and request_id = ${requestId}`);
}

export async function deleteRequestsBefore(q: Queryable, cutoff: Date): Promise<number> {
  const rows = await q
    .delete(gameProviderRequests)
    .where(lt(gameProviderRequests.createdAt, cutoff))
    .returning({ id: gameProviderRequests.requestId });
  return rows.length;
}

// Rounds

/** The round, locked for the rest of the transaction (every change to a round goes through here). */
export async function lockRound(tx: Tx, providerId: number, roundId: string): Promise<GameRoundRow | undefined> {
  const [row] = await tx
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, roundId)))
    .for('update');
  return row;
}

export async function lockRoundByPk(tx: Tx, id: bigint): Promise<GameRoundRow> {
  const [row] = await tx.select().from(gameRounds).where(eq(gameRounds.id, id)).for('update');
  return row!;
}

/** Opens the round unless a concurrent call just did; either way answers it, locked. */
export async function openRound(tx: Tx, values: NewGameRoundRow): Promise<GameRoundRow> {
  // A row this transaction inserted is its own until it commits: locked as lockRound would, without a second statement.
  const [opened] = await tx
    .insert(gameRounds)
    .values(values)
    .onConflictDoNothing({ target: [gameRounds.providerId, gameRounds.roundId] })
    .returning();
  return opened ?? (await lockRound(tx, values.providerId, values.roundId))!;
}

export async function updateRound(
  tx: Tx,
  id: bigint,
  changes: Partial<Pick<GameRoundRow, 'stake' | 'refunded' | 'win' | 'credits' | 'status' | 'settledAt'>>,
): Promise<void> {
  await tx.update(gameRounds).set(changes).where(eq(gameRounds.id, id));
}

export async function findRoundByPk(q: Queryable, id: bigint): Promise<GameRoundRow> {
  const [row] = await q.select().from(gameRounds).where(eq(gameRounds.id, id));
  return row!;
}

export async function findRound(q: Queryable, providerId: number, roundId: string): Promise<GameRoundRow | undefined> {
  const [row] = await q
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, roundId)));
  return row;
}

export interface MemberRoundsFilter {
  merchantId: number;
  memberId: number;
  start: Date;
  end: Date;
  category?: GameCategory | undefined;
}

function memberRoundsWhere(filter: MemberRoundsFilter): SQL {
  return and(
    eq(gameRounds.memberId, filter.memberId),
    eq(gameRounds.merchantId, filter.merchantId),
    gte(gameRounds.startedAt, filter.start),
    lt(gameRounds.startedAt, filter.end),
    filter.category ? eq(gameRounds.category, filter.category) : undefined,
  )!;
}

/** A page of the member's rounds, newest first, on the (member, started) index range. */
export function memberRounds(
  q: Queryable,
  filter: MemberRoundsFilter,
  offset: number,
  limit: number,
): Promise<GameRoundRow[]> {
  return q
    .select()
    .from(gameRounds)
    .where(memberRoundsWhere(filter))
    .orderBy(desc(gameRounds.startedAt), desc(gameRounds.id))
    .limit(limit)
    .offset(offset);
}

export async function memberRoundTotals(q: Queryable, filter: MemberRoundsFilter) {
  const [row] = await q
    .select({
      total: count(),
      stake: sql<string>`coalesce(sum(${gameRounds.stake}), 0)`,
      refunded: sql<string>`coalesce(sum(${gameRounds.refunded}), 0)`,
      win: sql<string>`coalesce(sum(${gameRounds.win}), 0)`,
    })
    .from(gameRounds)
    .where(memberRoundsWhere(filter));
  return {
    total: row?.total ?? 0,
    stake: BigInt(row?.stake ?? 0),
    refunded: BigInt(row?.refunded ?? 0),
    win: BigInt(row?.win ?? 0),
  };
}

// Transactions

export async function findTransaction(
  q: Queryable,
  providerId: number,
  type: ProviderTransactionType,
  transactionId: string,
): Promise<GameTransactionRow | undefined> {
  const [row] = await q
    .select()
    .from(gameTransactions)
    .where(
      and(
        eq(gameTransactions.providerId, providerId),
        eq(gameTransactions.type, type),
        eq(gameTransactions.transactionId, transactionId),
      ),
    );
  return row;
}

/** Every transaction of the provider with this id, whatever its type (a rollback may name a credit by mistake). */
export function findTransactionsById(
  q: Queryable,
  providerId: number,
  transactionId: string,
): Promise<GameTransactionRow[]> {
  return q
    .select()
    .from(gameTransactions)
    .where(and(eq(gameTransactions.providerId, providerId), eq(gameTransactions.transactionId, transactionId)))
    .orderBy(asc(gameTransactions.id));
}

/**
 * Claims the provider's transaction id for its type: the new row, or undefined when a concurrent
 * call holds it (this one waited for that call's commit; the caller reads its answer).
 */
export async function claimTransaction(tx: Tx, values: NewGameTransactionRow): Promise<GameTransactionRow | undefined> {
  const [row] = await tx.insert(gameTransactions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateTransaction(
  tx: Tx,
  id: bigint,
  changes: Partial<Pick<GameTransactionRow, 'rolledBack'>>,
): Promise<void> {
  await tx.update(gameTransactions).set(changes).where(eq(gameTransactions.id, id));
}

export type ReconciliationFilter = { providerId: number } & ({ roundPk: bigint } | { from: Date; to: Date });

function reconciliationWhere(filter: ReconciliationFilter): SQL {
  return 'roundPk' in filter
    ? and(eq(gameTransactions.providerId, filter.providerId), eq(gameTransactions.roundPk, filter.roundPk))!
    : and(
        eq(gameTransactions.providerId, filter.providerId),
        gte(gameTransactions.createdAt, filter.from),
        lt(gameTransactions.createdAt, filter.to),
      )!;
}

export async function providerTransactions(q: Queryable, filter: ReconciliationFilter, offset: number, limit: number) {
  const where = reconciliationWhere(filter);
  const [rows, [summary]] = await Promise.all([
    q
      .select({
        transaction: gameTransactions,
        roundId: gameRounds.roundId,
        gameCode: gameRounds.gameCode,
        currency: gameRounds.currency,
        playerId: gameProviderPlayers.playerId,
      })
      .from(gameTransactions)
      .innerJoin(gameRounds, eq(gameRounds.id, gameTransactions.roundPk))
      .leftJoin(
        gameProviderPlayers,
        and(
          eq(gameProviderPlayers.providerId, gameTransactions.providerId),
          eq(gameProviderPlayers.merchantId, gameTransactions.merchantId),
          eq(gameProviderPlayers.memberId, gameTransactions.memberId),
        ),
      )
      .where(where)
      .orderBy(asc(gameTransactions.createdAt), asc(gameTransactions.id))
      .limit(limit)
      .offset(offset),
    q.select({ total: count() }).from(gameTransactions).where(where),
  ]);
  return { rows, total: summary?.total ?? 0 };
}
