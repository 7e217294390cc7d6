import type { Language, PromotionMemberStatus, TPromotionRule } from '@palaro/contract';
import type { Queryable } from '../../platform/db/database';
import { addDays, localDay } from '../../platform/time-zone';
import { invitedMemberIds } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { memberMovements } from '../wallet/service';
import {
  checkInReward,
  depositBonus,
  ineligibility,
  isBirthday,
  looksBack,
  lossRebate,
  missionProgress,
  nextStreak,
  nextTier,
  periodRange,
  periodStartDay,
  periodUnit,
  previousPeriodDay,
  turnoverReward,
} from './rules';
import type { PromotionApplicationRow, PromotionGrantRow, PromotionRow } from './schema';
import * as store from './store';

/** A reward the member may get now: its period key, amount and the deposit it came from. */
export interface RewardUnit {
  unit: string;
  amount: bigint;
  deposit: bigint;
  streak: number;
}

export interface Evaluation {
  status: PromotionMemberStatus;
  units: RewardUnit[];
  /** The period key applications and the status refer to. */
  unit: string;
  progress: number | null;
  tasks: { kind: string; target: number; done: bigint }[];
  calendar: { day: string; signed: boolean; reward: bigint; today: boolean }[];
  streak: number;
  ineligibleKey: string | null;
  application: PromotionApplicationRow | null;
  granted: bigint;
}

/** What the rules read of a member, loaded once for a list of promotions. */
export interface MemberView {
  member: MemberRow;
  timeZone: string;
  now: Date;
  grants: PromotionGrantRow[];
  applications: PromotionApplicationRow[];
  joined: Set<number>;
}

export async function memberView(
  q: Queryable,
  member: MemberRow,
  timeZone: string,
  now: Date,
  promotionIds: readonly number[],
): Promise<MemberView> {
  // One after the other: inside a transaction the three share its one connection.
  const grants = await store.grantsOf(q, member.id, promotionIds);
  const applications = await store.applicationsOf(q, member.id, promotionIds);
  const joined = await store.joinedPromotionIds(q, member.id, promotionIds);
  return { member, timeZone, now, grants, applications, joined };
}

const DEPOSIT_KINDS = ['deposit'] as const;
const PLAY_KINDS = ['bet', 'win', 'bet_refund'] as const;
const EPOCH = new Date(0);

async function deposits(q: Queryable, member: MemberRow, from: Date, to: Date | null) {
  return (await memberMovements(q, member.merchantId, [member.id], DEPOSIT_KINDS, from, to)).filter(
    (line) => line.amount > 0n,
  );
}

/** Valid bets (bets less refunds) and what came back (wins and refunds) in [from, to). */
async function play(q: Queryable, member: MemberRow, from: Date, to: Date | null) {
  let bets = 0n;
  let wins = 0n;
  let refunds = 0n;
  for (const line of await memberMovements(q, member.merchantId, [member.id], PLAY_KINDS, from, to)) {
    if (line.kind === 'bet') bets -= line.amount;
    else if (line.kind === 'win') wins += line.amount;
    else refunds += line.amount;
  }
  const valid = bets - refunds;
  return { valid: valid > 0n ? valid : 0n, wins };
}

type RuleOf<T extends TPromotionRule['type']> = Extract<TPromotionRule, { type: T }>;

/** The rule's rewards for the member now, and what it shows of the progress toward them. */
async function rewardsOf(
  q: Queryable,
  promotion: PromotionRow,
  view: MemberView,
  grants: PromotionGrantRow[],
): Promise<Pick<Evaluation, 'units' | 'unit' | 'progress' | 'tasks' | 'calendar' | 'streak'>> {
  const { member, timeZone, now } = view;
  const today = localDay(now, timeZone);
  const rule = promotion.rule;
  const base = { progress: null, tasks: [], calendar: [], streak: 0 };
  const granted = (unit: string) => grants.some((grant) => grant.unit === unit);
  const unitToday = periodUnit(promotion.period, today);
  const range = periodRange(promotion.period, today, timeZone, promotion);

  switch (rule.type) {
    case 'first_deposit': {
      const [first] = await deposits(q, member, EPOCH, null);
      const inTime =
        first !== undefined &&
        first.createdAt >= promotion.startsAt &&
        (promotion.endsAt === null || first.createdAt < promotion.endsAt);
      const amount = inTime ? depositBonus(rule, first.amount) : 0n;
      const units =
        amount > 0n && !granted('once') ? [{ unit: 'once', amount, deposit: first!.amount, streak: 0 }] : [];
      return { ...base, unit: 'once', units, progress: first ? 100 : 0 };
    }
    case 'reload': {
      const inPeriod = await deposits(q, member, range.from, range.to);
      const best = inPeriod.reduce((top, line) => (line.amount > top ? line.amount : top), 0n);
      const amount = depositBonus(rule, best);
      const units = amount > 0n && !granted(unitToday) ? [{ unit: unitToday, amount, deposit: best, streak: 0 }] : [];
      return { ...base, unit: unitToday, units, progress: best > 0n ? 100 : 0 };
    }
    case 'check_in':
      return checkIn(rule, today, grants);
    case 'turnover_reward':
    case 'loss_rebate': {
      const lastDay = previousPeriodDay(promotion.period, today);
      const unit = periodUnit(promotion.period, lastDay);
      const last = periodRange(promotion.period, lastDay, timeZone, promotion);
      // The claim window: claimDays after the period it rewards ended.
      const open = last.to !== null && now.getTime() < last.to.getTime() + promotion.claimDays * 86_400_000;
      const finished = await play(q, member, last.from, last.to);
      const amount = open ? rewardOfPlay(rule, finished) : 0n;
      const current = await play(q, member, range.from, range.to);
      const progress = progressOfPlay(rule, current);
      const units = amount > 0n && !granted(unit) ? [{ unit, amount, deposit: 0n, streak: 0 }] : [];
      return { ...base, unit, units, progress };
    }
    case 'referral': {
      const invited = await invitedMemberIds(q, member.merchantId, member.id);
      const firsts = new Map<number, bigint>();
      for (const line of await memberMovements(q, member.merchantId, invited, DEPOSIT_KINDS, EPOCH, null))
        if (line.amount > 0n && !firsts.has(line.memberId) && line.createdAt >= promotion.startsAt)
          firsts.set(line.memberId, line.amount);
      const units: RewardUnit[] = [];
      for (const [invitee, deposit] of firsts) {
        const unit = `invitee:${invitee}`;
        const amount = depositBonus(rule, deposit);
        if (amount > 0n && !granted(unit)) units.push({ unit, amount, deposit, streak: 0 });
      }
      return { ...base, unit: 'referral', units, progress: null };
    }
    case 'birthday': {
      const birthday = (member.profile as Record<string, string | undefined>).birthday;
      const unit = periodUnit(promotion.period === 'once' ? 'month' : promotion.period, today);
      const amount = isBirthday(birthday, today, promotion.period) ? BigInt(rule.amount) : 0n;
      const units = amount > 0n && !granted(unit) ? [{ unit, amount, deposit: 0n, streak: 0 }] : [];
      return { ...base, unit, units };
    }
    case 'mission':
      return mission(q, promotion, rule, view, range, unitToday, granted(unitToday));
  }
}

function rewardOfPlay(rule: RuleOf<'turnover_reward'> | RuleOf<'loss_rebate'>, play: { valid: bigint; wins: bigint }) {
  return rule.type === 'turnover_reward'
    ? turnoverReward(rule.tiers, play.valid)
    : lossRebate(rule, play.valid, play.wins);
}

function progressOfPlay(rule: RuleOf<'turnover_reward'> | RuleOf<'loss_rebate'>, play: { valid: bigint }) {
  if (rule.type !== 'turnover_reward') return null;
  const next = nextTier(rule.tiers, play.valid);
  if (next === null) return 100;
  return next <= 0n ? 100 : Math.min(100, Number((play.valid * 100n) / next));
}

function checkIn(rule: RuleOf<'check_in'>, today: string, grants: PromotionGrantRow[]) {
  const byDay = new Map(grants.map((grant) => [grant.unit, grant]));
  const signedToday = byDay.get(today);
  const yesterday = byDay.get(addDays(today, -1));
  const streakBefore = yesterday ? yesterday.streak : 0;
  const streak = signedToday
    ? signedToday.streak
    : nextStreak(today, yesterday ? { day: addDays(today, -1), streak: yesterday.streak } : null);
  // The calendar: the streak's days so far and the days to come, seven in all.
  const shownBefore = Math.min(signedToday ? signedToday.streak - 1 : streakBefore, 6);
  const first = addDays(today, -shownBefore);
  const calendar = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(first, index);
    return { day, signed: byDay.has(day), reward: checkInReward(rule.rewards, index + 1), today: day === today };
  });
  const amount = checkInReward(rule.rewards, streak);
  const units = signedToday || amount <= 0n ? [] : [{ unit: today, amount, deposit: 0n, streak }];
  return {
    unit: today,
    units,
    progress: null,
    tasks: [],
    calendar,
    streak: signedToday ? signedToday.streak : streakBefore,
  };
}

async function mission(
  q: Queryable,
  promotion: PromotionRow,
  rule: RuleOf<'mission'>,
  view: MemberView,
  range: { from: Date; to: Date | null },
  unit: string,
  alreadyGranted: boolean,
) {
  const { member, timeZone, now } = view;
  const kinds = new Set(rule.tasks.map((task) => task.kind));
  const depositSum = kinds.has('deposit')
    ? (await deposits(q, member, range.from, range.to)).reduce((sum, line) => sum + line.amount, 0n)
    : 0n;
  const turnover = kinds.has('turnover') ? (await play(q, member, range.from, range.to)).valid : 0n;
  const today = localDay(now, timeZone);
  const firstDay =
    promotion.period === 'once' ? localDay(promotion.startsAt, timeZone) : periodStartDay(promotion.period, today);
  const checkIns = kinds.has('check_in')
    ? BigInt(await store.checkInDays(q, member.merchantId, member.id, firstDay, today))
    : 0n;
  const counted = missionProgress(rule.tasks, (kind) =>
    kind === 'deposit' ? depositSum : kind === 'turnover' ? turnover : checkIns,
  );
  const amount = counted.complete ? BigInt(rule.reward) : 0n;
  const units = amount > 0n && !alreadyGranted ? [{ unit, amount, deposit: 0n, streak: 0 }] : [];
  return { unit, units, progress: counted.progress, tasks: counted.tasks, calendar: [], streak: 0 };
}

/** The promotion as the member stands in it: the spec's status, what is claimable, the progress. */
export async function evaluate(q: Queryable, promotion: PromotionRow, view: MemberView): Promise<Evaluation> {
  const { now, member } = view;
  const grants = view.grants.filter((grant) => grant.promotionId === promotion.id);
  const applications = view.applications.filter((row) => row.promotionId === promotion.id);
  const ineligibleKey = ineligibility(promotion.eligibility, member, now);
  const granted = grants.reduce((sum, grant) => sum + grant.amount, 0n);
  const joined = view.joined.has(promotion.id);
  const empty = { units: [], progress: null, tasks: [], calendar: [], streak: 0 };

  const ended =
    promotion.state === 'closed' ||
    (promotion.endsAt !== null &&
      now.getTime() >= promotion.endsAt.getTime() + (looksBack(promotion.rule) ? promotion.claimDays * 86_400_000 : 0));
  if (now < promotion.startsAt)
    return { ...empty, status: 'coming_soon', unit: '', ineligibleKey, application: null, granted };

  const rewards = ended ? { ...empty, unit: '' } : await rewardsOf(q, promotion, view, grants);
  const application = applications.find((row) => row.unit === rewards.unit) ?? null;
  const limitReached = promotion.perMemberLimit !== null && grants.length >= promotion.perMemberLimit;
  const units = limitReached ? [] : rewards.units;
  const grantedNow = grants.find((grant) => grant.unit === rewards.unit);

  let status: PromotionMemberStatus;
  if (ended) status = grants.length > 0 ? grantStatus(grants[0]!) : 'close';
  else if (promotion.requiresJoin && !joined) status = 'join';
  else if (promotion.rule.type === 'check_in') status = grantedNow ? 'signed' : 'claim';
  else if (application?.status === 'applying') status = 'applying';
  else if (grantedNow) status = grantStatus(grantedNow);
  else if (limitReached) status = grantStatus(grants[0]!);
  else if (application?.status === 'rejected') status = 'rejected';
  else if (promotion.claimMode === 'apply') status = 'apply';
  else if (units.length > 0) status = promotion.claimMode === 'claim' ? 'claim' : 'process';
  else if (promotion.requiresJoin) status = rewards.progress ? 'process' : 'joined';
  else status = 'process';

  return { ...rewards, units, status, ineligibleKey, application, granted };
}

function grantStatus(grant: PromotionGrantRow): PromotionMemberStatus {
  return grant.via === 'issued' ? 'issued' : 'claimed';
}

export function textOf(text: { EN: string; TY: string }, language: Language): string {
  return text[language] ?? text.EN;
}
