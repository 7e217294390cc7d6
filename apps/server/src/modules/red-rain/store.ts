import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db/database';
import { numberArray } from '../../platform/db/array-literals';
import { redRainEnvelopes, redRainEvents, redRainTakers, type RedRainEventRow } from './schema';

type Rows<T> = { rows: T[] };
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export async function insertEvent(q: Queryable, row: typeof redRainEvents.$inferInsert): Promise<RedRainEventRow> {
  return (await q.insert(redRainEvents).values(row).returning())[0]!;
}

export async function eventById(q: Queryable, merchantId: number, id: number): Promise<RedRainEventRow | undefined> {
  const rows = await q
    .select()
    .from(redRainEvents)
    .where(and(eq(redRainEvents.merchantId, merchantId), eq(redRainEvents.id, id)));
  return rows[0];
}

export async function lockEvent(tx: Tx, id: number): Promise<RedRainEventRow | undefined> {
  return (await tx.select().from(redRainEvents).where(eq(redRainEvents.id, id)).for('update'))[0];
}

/** Events not cancelled that end after `since`, soonest first. */
export function currentEvents(q: Queryable, merchantId: number, since: Date): Promise<RedRainEventRow[]> {
  return q
    .select()
    .from(redRainEvents)
    .where(
      and(
        eq(redRainEvents.merchantId, merchantId),
        ne(redRainEvents.state, 'cancelled'),
        gt(redRainEvents.endsAt, since),
      ),
    )
    .orderBy(asc(redRainEvents.startsAt), asc(redRainEvents.id))
    .limit(20);
}

export function merchantEvents(q: Queryable, merchantId: number): Promise<RedRainEventRow[]> {
  return q
    .select()
    .from(redRainEvents)
    .where(eq(redRainEvents.merchantId, merchantId))
    .orderBy(desc(redRainEvents.startsAt), desc(redRainEvents.id))
    .limit(100);
}

/** Started, not split yet, not cancelled: the start job's work. */
export async function eventsToSplit(q: Queryable, now: Date): Promise<number[]> {
  const rows = await q
    .select({ id: redRainEvents.id })
    .from(redRainEvents)
    .where(
      and(
        eq(redRainEvents.state, 'scheduled'),
        sql`${redRainEvents.splitAt} is null`,
        sql`${redRainEvents.startsAt} <= ${at(now)}`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Writes an event's envelopes (one statement, the amounts as one array) and marks it split. */
export async function insertEnvelopes(tx: Tx, eventId: number, amounts: readonly number[], now: Date): Promise<void> {
  await tx.execute(sql`insert into red_rain_envelopes (event_id, amount)
    select ${eventId}, amount from unnest(${numberArray(amounts)}::bigint[]) as amount`);
  await tx.update(redRainEvents).set({ splitAt: now }).where(eq(redRainEvents.id, eventId));
}

export async function freeEnvelopes(q: Queryable, eventIds: readonly number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await q
    .select({ eventId: redRainEnvelopes.eventId, free: sql<string>`count(*)::text` })
    .from(redRainEnvelopes)
    .where(and(inArray(redRainEnvelopes.eventId, [...eventIds]), sql`${redRainEnvelopes.memberId} is null`))
    .groupBy(redRainEnvelopes.eventId);
  return new Map(rows.map((row) => [row.eventId, Number(row.free)]));
}

export async function takersOf(
  q: Queryable,
  memberId: number,
  eventIds: readonly number[],
): Promise<Map<number, { grabs: number; caught: bigint }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await q
    .select()
    .from(redRainTakers)
    .where(and(eq(redRainTakers.memberId, memberId), inArray(redRainTakers.eventId, [...eventIds])));
  return new Map(rows.map((row) => [row.eventId, { grabs: row.grabs, caught: row.caught }]));
}

/** The member's past catches, latest event first. */
export function historyOf(q: Queryable, merchantId: number, memberId: number, limit: number) {
  return q
    .select({
      eventId: redRainEvents.id,
      titleTy: redRainEvents.titleTy,
      titleEn: redRainEvents.titleEn,
      startsAt: redRainEvents.startsAt,
      grabs: redRainTakers.grabs,
      caught: redRainTakers.caught,
    })
    .from(redRainTakers)
    .innerJoin(redRainEvents, eq(redRainEvents.id, redRainTakers.eventId))
    .where(and(eq(redRainTakers.memberId, memberId), eq(redRainEvents.merchantId, merchantId)))
    .orderBy(desc(redRainEvents.startsAt), desc(redRainEvents.id))
    .limit(limit);
}

export function envelopesOfMember(q: Queryable, eventId: number, memberId: number) {
  return q
    .select({ amount: redRainEnvelopes.amount, grabbedAt: redRainEnvelopes.grabbedAt })
    .from(redRainEnvelopes)
    .where(and(eq(redRainEnvelopes.eventId, eventId), eq(redRainEnvelopes.memberId, memberId)))
    .orderBy(asc(redRainEnvelopes.grabbedAt));
}

export function bestEnvelopes(q: Queryable, eventId: number, limit: number) {
  return q
    .select({ amount: redRainEnvelopes.amount, memberId: redRainEnvelopes.memberId })
    .from(redRainEnvelopes)
    .where(and(eq(redRainEnvelopes.eventId, eventId), isNotNull(redRainEnvelopes.memberId)))
    .orderBy(desc(redRainEnvelopes.amount), asc(redRainEnvelopes.grabbedAt))
    .limit(limit);
}

/** Paid so far and by how many members, per event. */
export async function paidOf(
  q: Queryable,
  eventIds: readonly number[],
): Promise<Map<number, { paid: bigint; takers: number }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await q
    .select({
      eventId: redRainTakers.eventId,
      paid: sql<string>`coalesce(sum(${redRainTakers.caught}), 0)::text`,
      takers: sql<string>`count(*)::text`,
    })
    .from(redRainTakers)
    .where(inArray(redRainTakers.eventId, [...eventIds]))
    .groupBy(redRainTakers.eventId);
  return new Map(rows.map((row) => [row.eventId, { paid: BigInt(row.paid), takers: Number(row.takers) }]));
}

export async function setEventState(q: Queryable, id: number, state: 'cancelled'): Promise<RedRainEventRow> {
  return (await q.update(redRainEvents).set({ state }).where(eq(redRainEvents.id, id)).returning())[0]!;
}

/**
 * DEPOSITS IN A WINDOW: what a member's deposits credited to their wallet since `from`, read from
 * the journal (entries of kind 'deposit' on the member's cash account). For qualification only.
 */
export async function memberDepositsSince(
  q: Queryable,
  merchantId: number,
  memberId: number,
  from: Date,
): Promise<bigint> {
  const { rows } = (await q.execute(sql`select coalesce(sum(l.amount), 0)::text as total
      from ledger_accounts a
      join journal_lines l on l.account_id = a.id
      join journal_entries e on e.id = l.entry_id
      where a.merchant_id = ${merchantId} and a.member_id = ${memberId} and e.kind = 'deposit' and l.amount > 0
        and e.created_at >= ${at(from)}`)) as unknown as Rows<{ total: string }>;
  return BigInt(rows[0]!.total);
}

type Row = Record<string, string | number | null>;

/**
 * Raises the grab count of each member (ids distinct) who is below the event's limit, inserting
 * the first; answers the counts raised, by member. Rows locked in member order, so two batches
 * over the same members cannot deadlock.
 */
export async function countGrabs(
  tx: Tx,
  eventId: number,
  memberIds: readonly number[],
  limit: number,
): Promise<Map<number, number>> {
  const sorted = [...memberIds].sort((a, b) => a - b);
  const { rows } = (await tx.execute(sql`insert into red_rain_takers (event_id, member_id, grabs, caught)
      select ${eventId}, member_id, 1, 0 from unnest(${numberArray(sorted)}::bigint[]) as member_id
      on conflict (event_id, member_id) do update set grabs = red_rain_takers.grabs + 1
        where red_rain_takers.grabs < ${limit}
      returning member_id, grabs`)) as unknown as Rows<Row>;
  return new Map(rows.map((row) => [Number(row.member_id), Number(row.grabs)]));
}

/**
 * One free envelope for each member (in the order given), atomically: the event's first free ones
 * not locked by another transaction (SKIP LOCKED), paired with the members in order. Answers the
 * envelope each member got; members past the free envelopes get none.
 */
export async function takeEnvelopes(
  tx: Tx,
  eventId: number,
  memberIds: readonly number[],
  now: Date,
): Promise<Map<number, { id: number; amount: bigint }>> {
  const { rows } = (await tx.execute(sql`with free as (
        select id, row_number() over (order by id) as position from (
          select id from red_rain_envelopes where event_id = ${eventId} and member_id is null
            order by id limit ${memberIds.length} for update skip locked) picked),
      takers as (
        select member_id, position from unnest(${numberArray(memberIds)}::bigint[]) with ordinality as t(member_id, position))
    update red_rain_envelopes v set member_id = takers.member_id, grabbed_at = ${at(now)}
      from free join takers using (position)
      where v.id = free.id
      returning v.id, v.amount::text as amount, v.member_id`)) as unknown as Rows<Row>;
  return new Map(rows.map((row) => [Number(row.member_id), { id: Number(row.id), amount: BigInt(row.amount!) }]));
}

/** Undoes the counts raised for members left without an envelope (their first grab's row goes). */
export async function uncountGrabs(tx: Tx, eventId: number, memberIds: readonly number[]): Promise<void> {
  const ids = numberArray([...memberIds].sort((a, b) => a - b));
  await tx.execute(sql`with gone as (
      delete from red_rain_takers where event_id = ${eventId} and member_id = any(${ids}::bigint[]) and grabs = 1
      returning member_id)
    update red_rain_takers set grabs = grabs - 1
      where event_id = ${eventId} and member_id = any(${ids}::bigint[]) and grabs > 1`);
}

/** Adds each member's envelope to their catch; answers the catches now, by member. */
export async function addCatches(
  tx: Tx,
  eventId: number,
  taken: ReadonlyMap<number, { amount: bigint }>,
): Promise<Map<number, bigint>> {
  const members = [...taken.keys()];
  const amounts = members.map((member) => taken.get(member)!.amount);
  const { rows } = (await tx.execute(sql`update red_rain_takers t set caught = t.caught + x.amount
      from unnest(${numberArray(members)}::bigint[], ${numberArray(amounts)}::bigint[]) as x(member_id, amount)
      where t.event_id = ${eventId} and t.member_id = x.member_id
      returning t.member_id, t.caught::text as caught`)) as unknown as Rows<Row>;
  return new Map(rows.map((row) => [Number(row.member_id), BigInt(row.caught!)]));
}
