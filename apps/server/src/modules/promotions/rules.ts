import {
  MEMBER_TYPES,
  type PromotionPeriod,
  type TEligibility,
  type TPromotionRule,
  type TurnoverBase,
} from '@palaro/contract';
import { addDays, startOfLocalDay } from '../../platform/time-zone';

/*
 * The promotion types as plain functions of their parameters (docs/REWARDS.md): amounts in bigint
 * centavos, never negative, never a fraction of a centavo (every division rounds down), never above
 * the promotion's cap.
 */

const ZERO = 0n;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const atLeastZero = (value: bigint) => (value < ZERO ? ZERO : value);

/** `percent` of an amount, rounded down to the centavo. */
export function percentOf(amount: bigint, percent: number): bigint {
  return atLeastZero((atLeastZero(amount) * BigInt(Math.max(0, Math.trunc(percent)))) / 100n);
}

/** First-deposit, reload and referral bonus: percent of the deposit, capped; nothing below the minimum. */
export function depositBonus(params: { percent: number; cap: number; minDeposit: number }, deposit: bigint): bigint {
  if (deposit <= ZERO || deposit < BigInt(params.minDeposit)) return ZERO;
  return min(percentOf(deposit, params.percent), BigInt(params.cap));
}

/** A check-in's reward on the n-th day of a streak (1-based): past the list, its last amount. */
export function checkInReward(rewards: readonly number[], streak: number): bigint {
  if (rewards.length === 0 || streak < 1) return ZERO;
  return atLeastZero(BigInt(rewards[Math.min(streak, rewards.length) - 1]!));
}

/** The streak a check-in today makes: one more than yesterday's, or 1 when yesterday was missed. */
export function nextStreak(today: string, last: { day: string; streak: number } | null): number {
  if (last && last.day === addDays(today, -1)) return last.streak + 1;
  return 1;
}

/** Turnover reward: the highest tier the period's valid bets reach. */
export function turnoverReward(tiers: readonly { turnover: number; reward: number }[], turnover: bigint): bigint {
  let best = ZERO;
  let bestTier = -1n;
  for (const tier of tiers) {
    const needed = BigInt(tier.turnover);
    if (turnover >= needed && needed > bestTier) {
      bestTier = needed;
      best = atLeastZero(BigInt(tier.reward));
    }
  }
  return best;
}

/** The next tier's turnover above what is bet (null at the top). */
export function nextTier(tiers: readonly { turnover: number }[], turnover: bigint): bigint | null {
  const above = tiers.map((tier) => BigInt(tier.turnover)).filter((needed) => needed > turnover);
  return above.length === 0 ? null : above.reduce(min);
}

/** Loss rebate (cashback): the period's net loss times the rate in basis points, capped; nothing below the minimum loss. */
export function lossRebate(
  params: { rateBasisPoints: number; cap: number; minLoss: number },
  bets: bigint,
  returned: bigint,
): bigint {
  const loss = bets - returned;
  if (loss <= ZERO || loss < BigInt(params.minLoss)) return ZERO;
  return min((loss * BigInt(Math.max(0, Math.trunc(params.rateBasisPoints)))) / 10_000n, BigInt(params.cap));
}

/** A mission's tasks as done so far, whether all are complete, and the progress (0–100, the mean of each task's). */
export function missionProgress(
  tasks: readonly { kind: string; target: number }[],
  doneOf: (kind: string) => bigint,
): { tasks: { kind: string; target: number; done: bigint }[]; complete: boolean; progress: number } {
  const counted = tasks.map((task) => ({ ...task, done: atLeastZero(doneOf(task.kind)) }));
  const complete = counted.every((task) => task.done >= BigInt(task.target));
  const parts = counted.map((task) =>
    task.target <= 0 ? 100 : Math.min(100, Number((task.done * 100n) / BigInt(task.target))),
  );
  const progress = parts.length === 0 ? 0 : Math.floor(parts.reduce((a, b) => a + b, 0) / parts.length);
  return { tasks: counted, complete, progress };
}

/** A birthday (YYYY-MM-DD or MM-DD) falls on the local day, or in its month for a monthly promotion. */
export function isBirthday(birthday: string | undefined | null, day: string, period: PromotionPeriod): boolean {
  const match = /(\d{2})-(\d{2})$/.exec(birthday ?? '');
  if (!match) return false;
  const [, month, date] = match;
  if (period === 'month' || period === 'once') return day.slice(5, 7) === month;
  return day.slice(5) === `${month}-${date}`;
}

// ── periods, in the merchant's time zone ───────────────────────────────────────────────────────

/** ISO week of a calendar day: '2026-W49'. */
export function isoWeekOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  const weekday = utc.getUTCDay() || 7;
  utc.setUTCDate(utc.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(utc.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((utc.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${utc.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The first local day of the period a day is in. */
export function periodStartDay(period: PromotionPeriod, day: string): string {
  if (period === 'day' || period === 'once') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
  return addDays(day, 1 - weekday);
}

/** The period's key of a local day: 'once', '2026-12-07', '2026-W49', '2026-12'. */
export function periodUnit(period: PromotionPeriod, day: string): string {
  if (period === 'once') return 'once';
  if (period === 'day') return day;
  if (period === 'week') return isoWeekOf(day);
  return day.slice(0, 7);
}

/** The first local day of the period before the one `day` is in. */
export function previousPeriodDay(period: PromotionPeriod, day: string): string {
  return addDays(periodStartDay(period, day), -1);
}

/** The instants a period covers, [from, to), in the time zone ('once' spans the promotion). */
export function periodRange(
  period: PromotionPeriod,
  day: string,
  timeZone: string,
  promotion: { startsAt: Date; endsAt: Date | null },
): { from: Date; to: Date | null } {
  if (period === 'once') return { from: promotion.startsAt, to: promotion.endsAt };
  const first = periodStartDay(period, day);
  let next: string;
  if (period === 'day') next = addDays(first, 1);
  else if (period === 'week') next = addDays(first, 7);
  else {
    const [year, month] = first.split('-').map(Number) as [number, number];
    next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  }
  return { from: startOfLocalDay(first, timeZone), to: startOfLocalDay(next, timeZone) };
}

/** Rewards on a finished period (loss rebate, turnover reward) look back one period; the others at the current one. */
export function looksBack(rule: TPromotionRule): boolean {
  return rule.type === 'loss_rebate' || rule.type === 'turnover_reward';
}

// ── limits, eligibility, turnover ──────────────────────────────────────────────────────────────

/** A grant fits the budget when what is spent plus it stays within it (no budget: always). */
export function fitsBudget(budget: bigint | null, spent: bigint, amount: bigint): boolean {
  return budget === null || spent + amount <= budget;
}

/** The part of a grant the budget still allows (a grant is never cut: all of it or nothing). */
export function grantWithinBudget(budget: bigint | null, spent: bigint, amount: bigint): bigint {
  return amount > ZERO && fitsBudget(budget, spent, amount) ? amount : ZERO;
}

export interface MemberFacts {
  type: number;
  vipLevel: number;
  createdAt: Date;
}

/** Why the member may not take part (an i18n key), or null when they may. Trial accounts never get real money (spec §6). */
export function ineligibility(eligibility: TEligibility, member: MemberFacts, now: Date): string | null {
  if (member.type === MEMBER_TYPES.trial) return 'promo_trial';
  if (!eligibility.memberTypes.includes(member.type)) return 'promo_not_for_you';
  if (member.vipLevel < eligibility.minVipLevel) return 'promo_vip_level';
  if (
    eligibility.newMemberDays !== null &&
    now.getTime() - member.createdAt.getTime() > eligibility.newMemberDays * 86_400_000
  )
    return 'promo_new_members';
  return null;
}

/** The amount a bonus's turnover requirement is a multiple of. */
export function turnoverBaseOf(base: TurnoverBase, bonus: bigint, deposit: bigint): bigint {
  return base === 'bonus_and_deposit' ? bonus + atLeastZero(deposit) : bonus;
}

/** The journal reference of a grant: unique per (promotion, member, period key). */
export function grantReference(promotionId: number, memberId: number, unit: string): string {
  return `PR${promotionId}-${memberId}-${unit}`;
}

/** The references of one promotion's grants all start with this. */
export function grantReferencePrefix(promotionId: number): string {
  return `PR${promotionId}-`;
}
