import {
  ERROR_CODES,
  progressPercent,
  type TVipClub,
  type TVipLevel,
  type TVipLevelList,
  type TVipSettings,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { announceChanges, transactionAnnouncing } from '../../platform/cache/change-feed';
import { DomainError } from '../../platform/http/errors';
import { memberTopic } from '../accounts/session-cache';
import { addDays, localDay, startOfLocalDay } from '../../platform/time-zone';
import type { MemberRow } from '../accounts/schema';
import { recordAudit } from '../audit/service';
import { notifyMembers } from '../inbox/service';
import { daysToClose } from '../rebates/rules';
import { rebateRatesOf as ratesOf, roomForAggregates } from '../rebates/service';
import { changeSettings, settingsOf } from '../settings/service';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode } from '../site/service';
import { postBulk, type EntryDraft } from '../wallet/ledger';
import { memberCashAccountIds, systemAccount } from '../wallet/ledger-accounts';
import { addTurnoverRequirements } from '../wallet/turnover';
import { isMonthlyBonusDay, levelsPassed, monthlyBonusReference, upgradeBonusReference } from './rules';
import type { VipLevelRow } from './schema';
import { vipSettings, type VipSettings } from './settings';
import * as store from './store';

type Merchant = Pick<MerchantRow, 'id' | 'timeZone'>;

interface Grant {
  memberId: number;
  reference: string;
  amount: bigint;
  memo: string;
}

/**
 * Pays VIP bonuses from the promotions account ('bonus' entries) with their turnover requirement,
 * in the caller's transaction: those whose reference the journal already holds are left out, so a
 * grant is paid once whatever runs again.
 */
async function payGrants(
  tx: Tx,
  merchantId: number,
  grants: readonly Grant[],
  settings: VipSettings,
): Promise<Grant[]> {
  if (grants.length === 0) return [];
  const posted = await store.postedBonusReferences(
    tx,
    merchantId,
    grants.map((grant) => grant.reference),
  );
  const fresh = grants.filter((grant) => !posted.has(grant.reference) && grant.amount > 0n);
  if (fresh.length === 0) return [];
  const promotions = await systemAccount(tx, merchantId, 'promotions');
  const wallets = await memberCashAccountIds(tx, merchantId, [...new Set(fresh.map((grant) => grant.memberId))]);
  const drafts: EntryDraft[] = fresh.map((grant) => ({
    merchantId,
    kind: 'bonus',
    reference: grant.reference,
    memo: grant.memo,
    lines: [
      { accountId: promotions.id, amount: -grant.amount },
      { accountId: wallets.get(grant.memberId)!, amount: grant.amount },
    ],
  }));
  for (let from = 0; from < drafts.length; from += 5000) await postBulk(tx, drafts.slice(from, from + 5000));
  if (settings.bonusTurnoverPercent > 0)
    await addTurnoverRequirements(
      tx,
      fresh.map((grant) => ({
        merchantId,
        memberId: grant.memberId,
        source: 'bonus',
        reference: grant.reference,
        baseAmount: grant.amount,
        percent: settings.bonusTurnoverPercent,
      })),
    );
  return fresh;
}

export interface EvaluationOutcome {
  merchantId: number;
  daysCounted: string[];
  upgraded: number;
  relegated: number;
  bonuses: number;
}

/**
 * The VIP evaluation of one merchant, set-wise: each closed day not counted yet is added to every
 * member's figures in one statement (with its keep periods ended and relegations, and the month's
 * bonus on its day) in the transaction that marks it counted — so run twice, or killed half-way, it
 * counts a day once. Then every member whose counted figures plus those not counted yet (today so
 * far) meet a higher level is raised, in one statement, with the upgrade bonuses of the levels
 * passed and an inbox notice, in one transaction.
 */
export async function evaluateMerchant(db: Db, merchant: Merchant, now: Date): Promise<EvaluationOutcome> {
  const settings = await settingsOf(db, merchant.id, vipSettings);
  const needsBoth = settings.needsBoth === 1;
  const today = localDay(now, merchant.timeZone);
  const outcome: EvaluationOutcome = {
    merchantId: merchant.id,
    daysCounted: [],
    upgraded: 0,
    relegated: 0,
    bonuses: 0,
  };
  const levels = await store.levelsOf(db, merchant.id);
  const byLevel = new Map(levels.map((level) => [level.level, level]));

  for (const day of daysToClose(await store.lastCountedDay(db, merchant.id), today)) {
    await transactionAnnouncing(db, async (tx) => {
      if (!(await store.markCounted(tx, merchant.id, day, 0, 0))) return;
      await roomForAggregates(tx);
      const window = {
        merchantId: merchant.id,
        start: startOfLocalDay(day, merchant.timeZone),
        end: startOfLocalDay(addDays(day, 1), merchant.timeZone),
      };
      await store.addDay(tx, window, day);
      const dropped = await store.endKeepPeriods(
        tx,
        merchant.id,
        day,
        settings.keepPeriodDays,
        needsBoth,
        settings.relegateBy,
      );
      await announceChanges(
        tx,
        dropped.map((change) => memberTopic(change.memberId)),
      );
      await notifyMembers(
        tx,
        dropped.map((change) => ({
          merchantId: merchant.id,
          memberId: change.memberId,
          kind: 'vip.relegated',
          payload: { level: change.to, name: byLevel.get(change.to)?.name ?? `VIP${change.to}` },
        })),
      );
      let paid: Grant[] = [];
      if (isMonthlyBonusDay(day, settings.monthlyBonusDay)) {
        const monthly = (await store.monthlyBonuses(tx, merchant.id)).map((row) => ({
          memberId: row.memberId,
          reference: monthlyBonusReference(row.memberId, day),
          amount: row.amount,
          memo: `VIP${row.level} monthly bonus ${day.slice(0, 7)}`,
        }));
        paid = await payGrants(tx, merchant.id, monthly, settings);
      }
      outcome.daysCounted.push(day);
      outcome.relegated += dropped.length;
      outcome.bonuses += paid.length;
    });
  }

  await transactionAnnouncing(db, async (tx) => {
    await roomForAggregates(tx);
    const counted = await store.lastCountedDay(tx, merchant.id);
    const from = counted === null ? today : addDays(counted, 1);
    const window = { merchantId: merchant.id, start: startOfLocalDay(from, merchant.timeZone), end: now };
    const raised = await store.raiseLevels(tx, window, today, needsBoth, settings.sinceLastChange === 1);
    const grants = raised.flatMap((change) =>
      levelsPassed(change.from, change.to).map((level) => ({
        memberId: change.memberId,
        reference: upgradeBonusReference(change.memberId, level),
        amount: byLevel.get(level)?.upgradeBonus ?? 0n,
        memo: `VIP${level} upgrade bonus`,
      })),
    );
    const paid = await payGrants(tx, merchant.id, grants, settings);
    const bonusOf = new Map<number, bigint>();
    for (const grant of paid) bonusOf.set(grant.memberId, (bonusOf.get(grant.memberId) ?? 0n) + grant.amount);
    // The member's row changed: each replica's session cache drops it.
    await announceChanges(
      tx,
      raised.map((change) => memberTopic(change.memberId)),
    );
    await notifyMembers(
      tx,
      raised.map((change) => ({
        merchantId: merchant.id,
        memberId: change.memberId,
        kind: 'vip.upgraded',
        payload: {
          level: change.to,
          name: byLevel.get(change.to)?.name ?? `VIP${change.to}`,
          bonus: Number(bonusOf.get(change.memberId) ?? 0n),
        },
      })),
    );
    outcome.upgraded += raised.length;
    outcome.bonuses += paid.length;
  });
  return outcome;
}

/** The job: every merchant with VIP levels above 0. */
export async function runVipEvaluation(db: Db, now: Date): Promise<EvaluationOutcome[]> {
  const outcomes: EvaluationOutcome[] = [];
  for (const merchant of await store.merchantsWithLevels(db)) outcomes.push(await evaluateMerchant(db, merchant, now));
  return outcomes;
}

// ── views ───────────────────────────────────────────────────────────────────────────────────────

export function toLevelView(row: VipLevelRow): TVipLevel {
  return {
    level: row.level,
    name: row.name,
    depositRequired: Number(row.depositRequired),
    turnoverRequired: Number(row.turnoverRequired),
    keepDeposit: Number(row.keepDeposit),
    keepTurnover: Number(row.keepTurnover),
    upgradeBonus: Number(row.upgradeBonus),
    birthdayBonus: Number(row.birthdayBonus),
    monthlyBonus: Number(row.monthlyBonus),
    withdrawDailyAmount: Number(row.withdrawDailyAmount),
    withdrawDailyCount: row.withdrawDailyCount,
  };
}

/** /m/member/benefits (MEMCLUB3): the levels, their benefits and the member's progress, when VIP display is on. */
export async function vipClub(
  q: Queryable,
  merchant: Pick<MerchantRow, 'id' | 'timeZone' | 'vipDisplay'>,
  member: MemberRow,
  now: Date,
): Promise<TVipClub> {
  if (!merchant.vipDisplay) throw new DomainError(ERROR_CODES.notFound, 'The VIP club is not shown here');
  const [settings, levels, rates, progress, counted] = await Promise.all([
    settingsOf(q, merchant.id, vipSettings),
    store.levelsOf(q, merchant.id),
    ratesOf(q, merchant.id),
    store.progressOf(q, member.id),
    store.lastCountedDay(q, merchant.id),
  ]);
  const today = localDay(now, merchant.timeZone);
  const from = counted === null ? today : addDays(counted, 1);
  const live = await store.figuresOf(q, {
    merchantId: merchant.id,
    start: startOfLocalDay(from, merchant.timeZone),
    end: now,
    memberId: member.id,
  });
  const deposits = Number((progress?.deposits ?? 0n) + live.deposits);
  const turnover = Number((progress?.turnover ?? 0n) + live.turnover);
  const needsBoth = settings.needsBoth === 1;
  const next = levels.find((level) => level.level > member.vipLevel) ?? null;
  const percent = next
    ? progressPercent(
        { deposits, turnover },
        { depositRequired: Number(next.depositRequired), turnoverRequired: Number(next.turnoverRequired) },
        needsBoth,
      )
    : 100;
  const current = levels.find((level) => level.level === member.vipLevel);
  return {
    level: member.vipLevel,
    levelName: current?.name ?? `VIP${member.vipLevel}`,
    needsBoth,
    levels: levels.map(toLevelView),
    rates,
    progress: {
      deposits,
      turnover,
      countedThrough: counted,
      next: next?.level ?? null,
      percent,
      periodDeposits: Number((progress?.periodDeposits ?? 0n) + live.deposits),
      periodTurnover: Number((progress?.periodTurnover ?? 0n) + live.turnover),
      periodEnds: member.vipLevel > 0 && progress ? addDays(progress.periodStart, settings.keepPeriodDays - 1) : null,
    },
    timeZone: merchant.timeZone,
  };
}

/**
 * The member's withdrawal limits: the merchant's, with the daily amount and count of the member's
 * VIP level where the level sets them (0 leaves the merchant's).
 */
export async function withVipLimits<T extends { withdrawDailyAmount: bigint; withdrawDailyCount: number }>(
  q: Queryable,
  merchantId: number,
  vipLevel: number,
  limits: T,
): Promise<T> {
  if (vipLevel <= 0) return limits;
  const level = await store.levelOf(q, merchantId, vipLevel);
  if (!level) return limits;
  return {
    ...limits,
    ...(level.withdrawDailyAmount > 0n && { withdrawDailyAmount: level.withdrawDailyAmount }),
    ...(level.withdrawDailyCount > 0 && { withdrawDailyCount: level.withdrawDailyCount }),
  };
}

// ── the operator ────────────────────────────────────────────────────────────────────────────────

/** Levels must ask more the higher they go (never less than the level below), and level 0 asks nothing. */
export function assertLevelsOrdered(levels: readonly TVipLevel[]): void {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const zero = sorted.find((level) => level.level === 0);
  if (zero && (zero.depositRequired > 0 || zero.turnoverRequired > 0))
    throw new DomainError(ERROR_CODES.validation, 'Level 0 is everyone’s: it asks for nothing');
  for (let index = 1; index < sorted.length; index += 1) {
    const below = sorted[index - 1]!;
    const level = sorted[index]!;
    if (level.depositRequired < below.depositRequired || level.turnoverRequired < below.turnoverRequired)
      throw new DomainError(
        ERROR_CODES.validation,
        `Level ${level.level} asks less than level ${below.level}: requirements grow with the level`,
      );
  }
}

const fromView = (merchantId: number, level: TVipLevel): VipLevelRow => ({
  merchantId,
  level: level.level,
  name: level.name,
  depositRequired: BigInt(level.depositRequired),
  turnoverRequired: BigInt(level.turnoverRequired),
  keepDeposit: BigInt(level.keepDeposit),
  keepTurnover: BigInt(level.keepTurnover),
  upgradeBonus: BigInt(level.upgradeBonus),
  birthdayBonus: BigInt(level.birthdayBonus),
  monthlyBonus: BigInt(level.monthlyBonus),
  withdrawDailyAmount: BigInt(level.withdrawDailyAmount),
  withdrawDailyCount: level.withdrawDailyCount,
});

export async function operatorLevels(q: Queryable, merchantCode: string): Promise<TVipLevelList> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return { list: (await store.levelsOf(q, merchant.id)).map(toLevelView) };
}

export async function putLevel(
  db: Db,
  request: { merchantCode: string; level: TVipLevel; actor: string },
): Promise<TVipLevelList> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const others = (await store.levelsOf(tx, merchant.id))
      .map(toLevelView)
      .filter((l) => l.level !== request.level.level);
    assertLevelsOrdered([...others, request.level]);
    await store.upsertLevel(tx, fromView(merchant.id, request.level));
    await recordAudit(tx, {
      actor: request.actor,
      action: 'vip.level.set',
      merchantId: merchant.id,
      details: { ...request.level },
    });
    return { list: (await store.levelsOf(tx, merchant.id)).map(toLevelView) };
  });
}

export async function removeLevel(
  db: Db,
  request: { merchantCode: string; level: number; actor: string },
): Promise<TVipLevelList> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    await store.deleteLevel(tx, merchant.id, request.level);
    await recordAudit(tx, {
      actor: request.actor,
      action: 'vip.level.remove',
      merchantId: merchant.id,
      details: { level: request.level },
    });
    return { list: (await store.levelsOf(tx, merchant.id)).map(toLevelView) };
  });
}

export async function operatorVipSettings(q: Queryable, merchantCode: string): Promise<TVipSettings> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return settingsOf(q, merchant.id, vipSettings);
}

export async function changeVipSettings(
  db: Db,
  request: { merchantCode: string; changes: Partial<TVipSettings>; actor: string },
): Promise<TVipSettings> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const settings = await changeSettings(tx, merchant.id, vipSettings, request.changes);
    await recordAudit(tx, {
      actor: request.actor,
      action: 'vip.settings.update',
      merchantId: merchant.id,
      details: { ...request.changes },
    });
    return settings;
  });
}

/** The demo merchant's club: six levels in pesos, as the market runs them (reference §3). */
export async function seedLevels(q: Queryable, merchantId: number): Promise<void> {
  const peso = (value: number) => BigInt(value) * 100n;
  const table: [string, number, number, number, number, number, number, number][] = [
    // name, deposit, turnover, keep deposit, keep turnover, upgrade bonus, monthly bonus, daily withdrawal
    ['VIP0', 0, 0, 0, 0, 0, 0, 0],
    ['VIP1', 1_700, 1_700, 500, 1_000, 18, 0, 0],
    ['VIP2', 10_000, 50_000, 2_000, 10_000, 88, 38, 200_000],
    ['VIP3', 30_000, 150_000, 8_000, 50_000, 288, 88, 300_000],
    ['VIP4', 150_000, 1_500_000, 40_000, 300_000, 888, 288, 500_000],
    ['VIP5', 500_000, 5_000_000, 150_000, 1_000_000, 2_888, 888, 1_000_000],
  ];
  for (const [
    index,
    [name, deposit, turnover, keepDeposit, keepTurnover, upgrade, monthly, withdraw],
  ] of table.entries())
    await store.upsertLevel(
      q,
      {
        merchantId,
        level: index,
        name,
        depositRequired: peso(deposit),
        turnoverRequired: peso(turnover),
        keepDeposit: peso(keepDeposit),
        keepTurnover: peso(keepTurnover),
        upgradeBonus: peso(upgrade),
        birthdayBonus: peso(index === 0 ? 0 : upgrade),
        monthlyBonus: peso(monthly),
        withdrawDailyAmount: peso(withdraw),
        withdrawDailyCount: index >= 3 ? 10 : 0,
      },
      true,
    );
}
