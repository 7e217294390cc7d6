import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TTurnover } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { turnoverRequirements } from './schema';

export interface TurnoverSource {
  merchantId: number;
  memberId: number;
  source: 'deposit' | 'bonus' | 'adjustment';
  reference: string;
  baseAmount: bigint;
  /** Percent of the base amount to bet (100 = once). */
  percent: number;
}

/** The turnover a credit requires: percent of the amount, rounded up to the centavo. */
export function requiredTurnover(baseAmount: bigint, percent: number): bigint {
  return (baseAmount * BigInt(percent) + 99n) / 100n;
}

/** Records the requirement a deposit or bonus brings (nothing when the merchant requires none). */
export async function addTurnoverRequirement(tx: Tx, source: TurnoverSource): Promise<void> {
  const required = requiredTurnover(source.baseAmount, source.percent);
  if (required <= 0n) return;
  await tx.insert(turnoverRequirements).values({
    merchantId: source.merchantId, memberId: source.memberId, source: source.source, reference: source.reference,
    baseAmount: source.baseAmount, required,
  }).onConflictDoNothing();
}

/**
 * Spreads a bet's valid amount over the member's open requirements, oldest first: what fills one
 * requirement carries over to the next.
 */
export function fillRequirements<T extends { required: bigint; done: bigint }>(open: readonly T[], betAmount: bigint): { requirement: T; done: bigint }[] {
  let left = betAmount;
  const changes: { requirement: T; done: bigint }[] = [];
  for (const requirement of open) {
    if (left <= 0n) break;
    const room = requirement.required - requirement.done;
    if (room <= 0n) continue;
    const applied = left < room ? left : room;
    left -= applied;
    changes.push({ requirement, done: requirement.done + applied });
  }
  return changes;
}

/** Applies a settled bet to the member's turnover (called by the games in the bet's transaction). */
export async function recordBetTurnover(tx: Tx, merchantId: number, memberId: number, betAmount: bigint, now: Date): Promise<void> {
  const open = await tx
    .select()
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.merchantId, merchantId), eq(turnoverRequirements.memberId, memberId), isNull(turnoverRequirements.completedAt)))
    .orderBy(asc(turnoverRequirements.id))
    .for('update');
  for (const { requirement, done } of fillRequirements(open, betAmount)) {
    await tx
      .update(turnoverRequirements)
      .set({ done, completedAt: done >= requirement.required ? now : null })
      .where(eq(turnoverRequirements.id, requirement.id));
  }
}

/** What the member still has to bet before withdrawing. */
export async function turnoverLeft(q: Queryable, merchantId: number, memberId: number): Promise<bigint> {
  const [row] = await q
    .select({ left: sql<string>`coalesce(sum(${turnoverRequirements.required} - ${turnoverRequirements.done}), 0)` })
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.merchantId, merchantId), eq(turnoverRequirements.memberId, memberId), isNull(turnoverRequirements.completedAt)));
  return BigInt(row?.left ?? 0);
}

const TRACKER_ITEMS = 50;

/** The turnover tracker: each requirement (open ones first, then the latest completed) and the totals. */
export async function turnoverSummary(q: Queryable, merchantId: number, memberId: number): Promise<TTurnover> {
  const rows = await q
    .select()
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.merchantId, merchantId), eq(turnoverRequirements.memberId, memberId)))
    .orderBy(sql`${turnoverRequirements.completedAt} is not null`, desc(turnoverRequirements.id))
    .limit(TRACKER_ITEMS);
  const open = rows.filter((row) => row.completedAt === null);
  const required = open.reduce((sum, row) => sum + row.required, 0n);
  const done = open.reduce((sum, row) => sum + row.done, 0n);
  const left = await turnoverLeft(q, merchantId, memberId);
  return {
    required: Number(required),
    done: Number(done),
    left: Number(left),
    canWithdraw: left === 0n,
    items: rows.map((row) => ({
      id: String(row.id),
      source: row.source,
      reference: row.reference,
      baseAmount: Number(row.baseAmount),
      required: Number(row.required),
      done: Number(row.done),
      left: Number(row.required - row.done),
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    })),
  };
}
