import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../platform/db/database';
import { textArray } from '../../../platform/db/array-literals';
import { turnoverRequirements, type TurnoverRequirementRow } from '../schema';

/** One requirement per (source, reference): a second insert of the same one changes nothing. */
export async function insertRequirement(tx: Tx, requirement: typeof turnoverRequirements.$inferInsert): Promise<void> {
  await tx.insert(turnoverRequirements).values(requirement).onConflictDoNothing();
}

/**
 * Many requirements in one statement, their columns as arrays (a row of parameters each was most of
 * a day's rebates' time); those already recorded are left as they are.
 */
export async function insertRequirements(
  tx: Tx,
  requirements: (typeof turnoverRequirements.$inferInsert)[],
): Promise<void> {
  if (requirements.length === 0) return;
  const column = (pick: (row: (typeof requirements)[number]) => string | number | bigint) =>
    `{${requirements.map((row) => String(pick(row))).join(',')}}`;
  await tx.execute(sql`insert into turnover_requirements (merchant_id, member_id, source, reference, base_amount, required, original_required)
    select * from unnest(${column((r) => r.merchantId)}::int[], ${column((r) => r.memberId)}::bigint[],
      ${textArray(requirements.map((r) => r.source))}::text[], ${textArray(requirements.map((r) => r.reference))}::text[],
      ${column((r) => r.baseAmount)}::bigint[], ${column((r) => r.required)}::bigint[], ${column((r) => r.originalRequired)}::bigint[])
    on conflict do nothing`);
}

export type RequirementChanges = Partial<
  Pick<
    TurnoverRequirementRow,
    'done' | 'required' | 'completedAt' | 'changeKind' | 'changeReason' | 'changedBy' | 'changedAt'
  >
>;

export async function updateRequirement(tx: Tx, id: number, changes: RequirementChanges): Promise<void> {
  await tx.update(turnoverRequirements).set(changes).where(eq(turnoverRequirements.id, id));
}

/** What the member's outstanding requirements still ask. */
export async function outstandingTurnover(q: Queryable, merchantId: number, memberId: number): Promise<bigint> {
  const [row] = await q
    .select({ left: sql<string>`coalesce(sum(${turnoverRequirements.required} - ${turnoverRequirements.done}), 0)` })
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.merchantId, merchantId),
        eq(turnoverRequirements.memberId, memberId),
        isNull(turnoverRequirements.completedAt),
      ),
    );
  return BigInt(row?.left ?? 0);
}

/**
 * The outstanding requirements of several members, locked in id order — the order one member's
 * own bet locks its requirements in, so the two never wait on each other in a cycle.
 */
export function lockOutstandingRequirementsOf(
  tx: Tx,
  merchantId: number,
  memberIds: readonly number[],
): Promise<TurnoverRequirementRow[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.merchantId, merchantId),
        inArray(turnoverRequirements.memberId, [...memberIds]),
        isNull(turnoverRequirements.completedAt),
      ),
    )
    .orderBy(asc(turnoverRequirements.id))
    .for('update');
}

/** What is done of many requirements (and whether each is complete), in one statement. */
export async function updateRequirementsDone(
  tx: Tx,
  updates: readonly { id: number; done: bigint; completedAt: Date | null }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`update turnover_requirements as r set done = v.done, completed_at = v.completed_at
    from unnest(${sql.param(updates.map((each) => each.id))}::bigint[], ${sql.param(updates.map((each) => String(each.done)))}::bigint[],
      ${sql.param(updates.map((each) => each.completedAt?.toISOString() ?? null))}::timestamptz[]) as v(id, done, completed_at)
    where r.id = v.id`);
}

/** The member's outstanding requirements, oldest first, locked against concurrent bets and changes. */
export function lockOutstandingRequirements(
  tx: Tx,
  merchantId: number,
  memberId: number,
): Promise<TurnoverRequirementRow[]> {
  return tx
    .select()
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.merchantId, merchantId),
        eq(turnoverRequirements.memberId, memberId),
        isNull(turnoverRequirements.completedAt),
      ),
    )
    .orderBy(asc(turnoverRequirements.id))
    .for('update');
}

/** One of the member's requirements, whatever its state, locked; undefined when the member has no such one. */
export async function lockRequirement(
  tx: Tx,
  merchantId: number,
  memberId: number,
  id: number,
): Promise<TurnoverRequirementRow | undefined> {
  const [row] = await tx
    .select()
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.merchantId, merchantId),
        eq(turnoverRequirements.memberId, memberId),
        eq(turnoverRequirements.id, id),
      ),
    )
    .for('update');
  return row;
}

/** The member's requirements, open ones first, then the latest closed; at most `limit`. */
export function requirementsForTracker(
  q: Queryable,
  merchantId: number,
  memberId: number,
  limit: number,
): Promise<TurnoverRequirementRow[]> {
  return q
    .select()
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.merchantId, merchantId), eq(turnoverRequirements.memberId, memberId)))
    .orderBy(sql`${turnoverRequirements.completedAt} is not null`, desc(turnoverRequirements.id))
    .limit(limit);
}

/** The requirements of these sources' references (a promotion's grants), whatever their state. */
export function requirementsOfReferences(
  q: Queryable,
  merchantId: number,
  source: TurnoverRequirementRow['source'],
  references: readonly string[],
): Promise<TurnoverRequirementRow[]> {
  if (references.length === 0) return Promise.resolve([]);
  return q
    .select()
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.merchantId, merchantId),
        eq(turnoverRequirements.source, source),
        inArray(turnoverRequirements.reference, [...references]),
      ),
    );
}

/** Bet toward and waived of the requirements whose reference starts with `prefix` (a promotion's grants). */
export async function turnoverFiguresOfPrefix(
  q: Queryable,
  merchantId: number,
  source: TurnoverRequirementRow['source'],
  prefix: string,
): Promise<{ done: bigint; waived: bigint }> {
  const [row] = await q
    .select({
      done: sql<string>`coalesce(sum(${turnoverRequirements.done}), 0)`,
      waived: sql<string>`coalesce(sum(${turnoverRequirements.required} - ${turnoverRequirements.done}) filter (where ${turnoverRequirements.changeKind} = 'waived'), 0)`,
    })
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.merchantId, merchantId),
        eq(turnoverRequirements.source, source),
        sql`${turnoverRequirements.reference} like ${prefix.replace(/[\\%_]/g, '\\$&') + '%'}`,
      ),
    );
  return { done: BigInt(row?.done ?? 0), waived: BigInt(row?.waived ?? 0) };
}
