import {
  ERROR_CODES,
  fieldError,
  formatMoney,
  requiredTurnover,
  type TTurnover,
  type TTurnoverChange,
  type TTurnoverItem,
  type TurnoverSource as SourceKind,
} from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import type { TurnoverRequirementRow } from './schema';
import * as store from './store/turnover-requirements';

export interface TurnoverSource {
  merchantId: number;
  memberId: number;
  source: SourceKind;
  reference: string;
  baseAmount: bigint;
  /** Percent of the base amount to bet (100 = once). */
  percent: number;
  /**
   * Per game category, the percent of a valid bet that counts toward this requirement (a bonus's
   * terms: slots 100, live 10); a category not named counts in full. Left out, every bet counts in
   * full (a deposit's requirement).
   */
  contributions?: Readonly<Record<string, number>> | null;
}

/** Records the requirement a deposit or bonus brings (nothing when the merchant requires none). */
export async function addTurnoverRequirement(tx: Tx, source: TurnoverSource): Promise<void> {
  const required = requiredTurnover(source.baseAmount, source.percent);
  if (required <= 0n) return;
  await store.insertRequirement(tx, {
    merchantId: source.merchantId,
    memberId: source.memberId,
    source: source.source,
    reference: source.reference,
    baseAmount: source.baseAmount,
    required,
    originalRequired: required,
    contributions: source.contributions && Object.keys(source.contributions).length > 0 ? source.contributions : null,
  });
}

/** The percent of a bet of `category` that counts toward a requirement with these contributions. */
export function contributionOf(
  contributions: Readonly<Record<string, number>> | null | undefined,
  category: string | null | undefined,
): number {
  if (!contributions || !category) return 100;
  const percent = contributions[category];
  return percent === undefined ? 100 : Math.max(0, Math.min(100, Math.trunc(percent)));
}

/**
 * addTurnoverRequirement for many grants at once (a day's rebates, a month's VIP bonuses, a batch
 * of red-envelope grabs, a leaderboard's prizes): one statement a 5,000 of them; a source already
 * recorded is left as it is.
 */
export async function addTurnoverRequirements(tx: Tx, sources: readonly TurnoverSource[]): Promise<void> {
  const rows = sources.flatMap((source) => {
    const required = requiredTurnover(source.baseAmount, source.percent);
    return required > 0n
      ? [
          {
            merchantId: source.merchantId,
            memberId: source.memberId,
            source: source.source,
            reference: source.reference,
            baseAmount: source.baseAmount,
            required,
            originalRequired: required,
          },
        ]
      : [];
  });
  for (let from = 0; from < rows.length; from += 5000)
    await store.insertRequirements(tx, rows.slice(from, from + 5000));
}

/**
 * Spreads a bet's valid amount over the member's open requirements, oldest first: what fills one
 * requirement carries over to the next.
 */
export function fillRequirements<
  T extends { required: bigint; done: bigint; contributions?: Readonly<Record<string, number>> | null },
>(open: readonly T[], betAmount: bigint, category?: string | null): { requirement: T; done: bigint }[] {
  let left = betAmount;
  const changes: { requirement: T; done: bigint }[] = [];
  for (const requirement of open) {
    if (left <= 0n) break;
    const room = requirement.required - requirement.done;
    if (room <= 0n) continue;
    // A requirement counts a bet of its category by its weight (whole centavos, rounded down); the
    // part of the bet it used — its applied amount at that weight, rounded up — no longer carries on.
    const percent = BigInt(contributionOf(requirement.contributions, category));
    if (percent === 0n) continue;
    const weighted = (left * percent) / 100n;
    if (weighted <= 0n) continue;
    const applied = weighted < room ? weighted : room;
    const used = percent === 100n ? applied : (applied * 100n + percent - 1n) / percent;
    left -= used < left ? used : left;
    changes.push({ requirement, done: requirement.done + applied });
  }
  return changes;
}

/** Applies a settled bet to the member's turnover (called by the games in the bet's transaction). */
export async function recordBetTurnover(
  tx: Tx,
  merchantId: number,
  memberId: number,
  betAmount: bigint,
  now: Date,
  category?: string | null,
): Promise<void> {
  const open = await store.lockOutstandingRequirements(tx, merchantId, memberId);
  for (const { requirement, done } of fillRequirements(open, betAmount, category)) {
    await store.updateRequirement(tx, requirement.id, { done, completedAt: done >= requirement.required ? now : null });
  }
}

/**
 * Applies many settled bets at once (a lottery settlement's chunk): `amounts` by member id. Two
 * statements whatever the number of members: every outstanding requirement of theirs read and
 * locked, then every change written.
 */
export async function recordBetsTurnover(
  tx: Tx,
  merchantId: number,
  amounts: ReadonlyMap<number, bigint>,
  now: Date,
  category?: string | null,
): Promise<void> {
  const openByMember = new Map<number, TurnoverRequirementRow[]>();
  for (const requirement of await store.lockOutstandingRequirementsOf(tx, merchantId, [...amounts.keys()])) {
    const open = openByMember.get(requirement.memberId) ?? [];
    open.push(requirement);
    openByMember.set(requirement.memberId, open);
  }
  const updates = [...openByMember].flatMap(([memberId, open]) =>
    fillRequirements(open, amounts.get(memberId)!, category).map(({ requirement, done }) => ({
      id: requirement.id,
      done,
      completedAt: done >= requirement.required ? now : null,
    })),
  );
  await store.updateRequirementsDone(tx, updates);
}

/** What the member still has to bet before withdrawing. */
export function turnoverLeft(q: Queryable, merchantId: number, memberId: number): Promise<bigint> {
  return store.outstandingTurnover(q, merchantId, memberId);
}

// ── operator changes ───────────────────────────────────────────────────────────────────────────

/** Who changes a requirement, why (the member reads it) and when. */
export interface TurnoverChangeStamp {
  reason: string;
  by: string;
  at: Date;
}

type RequirementChanges = Pick<
  TurnoverRequirementRow,
  'completedAt' | 'changeKind' | 'changeReason' | 'changedBy' | 'changedAt'
> &
  Partial<Pick<TurnoverRequirementRow, 'required'>>;

/** Only an outstanding requirement can be waived or adjusted; a completed or waived one stays as it is. */
export function assertOutstanding(
  requirement: Pick<TurnoverRequirementRow, 'id' | 'completedAt' | 'changeKind'>,
): void {
  if (requirement.completedAt === null) return;
  const state = requirement.changeKind === 'waived' ? 'waived' : 'complete';
  throw new DomainError(ERROR_CODES.turnoverClosed, `Turnover requirement ${requirement.id} is already ${state}`, {
    requirementId: String(requirement.id),
    state,
  });
}

/** Waiving closes the requirement as it stands: what was bet stays done, nothing is left. */
export function waiverOf(stamp: TurnoverChangeStamp): RequirementChanges {
  return {
    completedAt: stamp.at,
    changeKind: 'waived',
    changeReason: stamp.reason,
    changedBy: stamp.by,
    changedAt: stamp.at,
  };
}

/**
 * A new required amount for an outstanding requirement: never below what is already done (bets
 * cannot be undone), and completing it when it equals what is done.
 */
export function adjustmentOf(
  requirement: Pick<TurnoverRequirementRow, 'required' | 'done'>,
  required: bigint,
  stamp: TurnoverChangeStamp,
): RequirementChanges {
  if (required < requirement.done) {
    throw new DomainError(
      ERROR_CODES.validation,
      `The requirement cannot go below what is already done (${formatMoney(Number(requirement.done))})`,
      {
        fields: [fieldError('required')],
        done: Number(requirement.done),
      },
    );
  }
  if (required === requirement.required) {
    throw new DomainError(ERROR_CODES.validation, `The requirement already is ${formatMoney(Number(required))}`, {
      fields: [fieldError('required')],
    });
  }
  return {
    required,
    completedAt: required === requirement.done ? stamp.at : null,
    changeKind: 'adjusted',
    changeReason: stamp.reason,
    changedBy: stamp.by,
    changedAt: stamp.at,
  };
}

// ── the tracker ────────────────────────────────────────────────────────────────────────────────

const TRACKER_ITEMS = 50;

/** Each requirement of the member (open ones first, then the latest closed). */
export function trackerRows(q: Queryable, merchantId: number, memberId: number): Promise<TurnoverRequirementRow[]> {
  return store.requirementsForTracker(q, merchantId, memberId, TRACKER_ITEMS);
}

export function changeOf(row: TurnoverRequirementRow): TTurnoverChange | null {
  if (row.changeKind === null) return null;
  return { kind: row.changeKind, reason: row.changeReason ?? '', at: (row.changedAt ?? row.createdAt).toISOString() };
}

export function toTurnoverItem(row: TurnoverRequirementRow): TTurnoverItem {
  return {
    id: String(row.id),
    source: row.source,
    reference: row.reference,
    baseAmount: Number(row.baseAmount),
    required: Number(row.required),
    originalRequired: Number(row.originalRequired),
    done: Number(row.done),
    // A waived requirement keeps what was bet; nothing is left of it.
    left: row.completedAt === null ? Number(row.required - row.done) : 0,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    change: changeOf(row),
  };
}

/** The totals of the tracker: what the outstanding requirements ask, have and lack. */
export async function turnoverTotals(
  q: Queryable,
  merchantId: number,
  memberId: number,
  rows: readonly TurnoverRequirementRow[],
): Promise<Omit<TTurnover, 'items'>> {
  const open = rows.filter((row) => row.completedAt === null);
  const required = open.reduce((sum, row) => sum + row.required, 0n);
  const done = open.reduce((sum, row) => sum + row.done, 0n);
  const left = await turnoverLeft(q, merchantId, memberId);
  return { required: Number(required), done: Number(done), left: Number(left), canWithdraw: left === 0n };
}

/** The turnover tracker: each requirement (open ones first, then the latest completed) and the totals. */
export async function turnoverSummary(q: Queryable, merchantId: number, memberId: number): Promise<TTurnover> {
  const rows = await trackerRows(q, merchantId, memberId);
  return { ...(await turnoverTotals(q, merchantId, memberId, rows)), items: rows.map(toTurnoverItem) };
}

/** The requirements a promotion's grants brought, by their references. */
export function bonusRequirements(
  q: Queryable,
  merchantId: number,
  references: readonly string[],
): Promise<TurnoverRequirementRow[]> {
  return store.requirementsOfReferences(q, merchantId, 'bonus', references);
}

/** What was bet toward, and waived of, the bonus requirements whose reference starts with `prefix`. */
export function bonusTurnoverFigures(
  q: Queryable,
  merchantId: number,
  prefix: string,
): Promise<{ done: bigint; waived: bigint }> {
  return store.turnoverFiguresOfPrefix(q, merchantId, 'bonus', prefix);
}
