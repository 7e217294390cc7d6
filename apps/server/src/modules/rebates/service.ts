import {
  ERROR_CODES,
  GAME_CATEGORIES,
  REPORT_MAX_DAYS,
  type TManualRebate,
  type TRebateClaimResult,
  type TRebateLine,
  type TRebateRate,
  type TRebateRateList,
  type TRebateReport,
  type TRebateSettings,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { dayRange, localDay, startOfLocalDay, addDays } from '../../platform/time-zone';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { changeSettings, settingsOf } from '../settings/service';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode } from '../site/service';
import { postBulk, postEntries, type EntryDraft } from '../wallet/ledger';
import { memberCashAccountIds, systemAccount } from '../wallet/ledger-accounts';
import { addTurnoverRequirements } from '../wallet/turnover';
import { daysToClose, firstClaimableDay, rebateReference } from './rules';
import { rebateSettings, type RebateSettings } from './settings';
import * as store from './store';

/** Accruals paid per transaction by the daily job: a crash loses at most one chunk's work, redone next run. */
export const PAY_CHUNK = 5000;
const DEFAULT_REPORT_DAYS = 7;

type Merchant = Pick<MerchantRow, 'id' | 'timeZone'>;

function dayPeriod(merchant: Merchant, day: string) {
  return {
    merchantId: merchant.id,
    start: startOfLocalDay(day, merchant.timeZone),
    end: startOfLocalDay(addDays(day, 1), merchant.timeZone),
  };
}

/**
 * Pays locked accruals what each still owes (all of it: the caller decided it is worth paying),
 * one 'rebate' entry per (member, day, category) from the merchant's promotions account, with the
 * turnover requirement the merchant attaches; records the paid totals in the same transaction.
 */
async function payLocked(
  tx: Tx,
  merchantId: number,
  rows: readonly store.LockedAccrual[],
  settings: RebateSettings,
  withBalances: boolean,
): Promise<{ paid: bigint; balance: bigint | null }> {
  const due = rows.filter((row) => row.amount > row.paid);
  if (due.length === 0) return { paid: 0n, balance: null };
  const promotions = await systemAccount(tx, merchantId, 'promotions');
  const wallets = await memberCashAccountIds(tx, merchantId, [...new Set(due.map((row) => row.memberId))]);
  const payments = due.map((row) => ({
    memberId: row.memberId,
    day: row.day,
    category: row.category,
    amount: row.amount - row.paid,
    paidAfter: row.amount,
    reference: rebateReference(row.memberId, row.day, row.category, row.amount),
  }));
  const drafts: EntryDraft[] = payments.map((payment) => ({
    merchantId,
    kind: 'rebate',
    reference: payment.reference,
    category: payment.category,
    memo: `Rebate ${payment.day} ${payment.category}`,
    lines: [
      { accountId: promotions.id, amount: -payment.amount },
      { accountId: wallets.get(payment.memberId)!, amount: payment.amount },
    ],
  }));
  let balance: bigint | null = null;
  if (withBalances) {
    const posted = await postEntries(tx, drafts);
    const wallet = wallets.get(due[0]!.memberId)!;
    balance = posted[posted.length - 1]!.balances.get(wallet) ?? null;
  } else {
    await postBulk(tx, drafts);
  }
  await store.recordPaid(tx, payments);
  if (settings.turnoverPercent > 0)
    await addTurnoverRequirements(
      tx,
      payments.map((payment) => ({
        merchantId,
        memberId: payment.memberId,
        source: 'bonus',
        reference: payment.reference,
        baseAmount: payment.amount,
        percent: settings.turnoverPercent,
      })),
    );
  return { paid: payments.reduce((sum, payment) => sum + payment.amount, 0n), balance };
}

// ── the daily job ───────────────────────────────────────────────────────────────────────────────

export interface DayOutcome {
  day: string;
  accruals: number;
  paidEntries: number;
  /** How long computing the accruals and paying them took (ms). */
  computeMs: number;
  payMs: number;
}

/**
 * Closes one past day of the merchant: computes every member's accruals of it set-wise (one
 * statement, in the transaction that marks the day computed, so a second run computes nothing),
 * then, when the merchant pays automatically, pays what each still owes in chunks of PAY_CHUNK, each
 * chunk in its own transaction with its paid totals. Run again after a crash it pays only what was
 * not paid: the totals say what was, and the journal refuses a reference twice.
 */
export async function closeDay(
  db: Db,
  merchant: Merchant,
  day: string,
  now: Date,
  /** Tests: a smaller chunk, and a crash (thrown) after so many chunks committed. */
  options: { chunk?: number; crashAfterChunks?: number } = {},
): Promise<DayOutcome> {
  const chunkSize = options.chunk ?? PAY_CHUNK;
  const settings = await settingsOf(db, merchant.id, rebateSettings);
  let accruals = 0;
  const started = performance.now();
  await db.transaction(async (tx) => {
    if ((await store.dayState(tx, merchant.id, day)).computed) return;
    await store.roomForAggregates(tx);
    accruals = await store.writeAccruals(tx, dayPeriod(merchant, day), day, settings.dailyCap, true, now);
    await store.finalizeDay(tx, merchant.id, day);
    await store.markComputed(tx, merchant.id, day, accruals, now);
  });
  let paidEntries = 0;
  const computeMs = performance.now() - started;
  if ((await store.dayState(db, merchant.id, day)).paid) return { day, accruals, paidEntries, computeMs, payMs: 0 };
  if (settings.autoPay === 1) {
    const least = settings.minPayout > 1n ? settings.minPayout : 1n;
    const keys = await store.dueKeysOfDay(db, merchant.id, day, least);
    for (let from = 0, chunks = 0; from < keys.length; from += chunkSize, chunks += 1) {
      if (chunks === options.crashAfterChunks) throw new Error(`closeDay ${day}: crashed after ${chunks} chunks`);
      const chunk = keys.slice(from, from + chunkSize);
      await db.transaction(async (tx) => {
        const locked = await store.lockDayChunk(tx, merchant.id, day, chunk);
        // Read under the lock: a member's claim may have paid some meanwhile.
        const worth = locked.filter((row) => row.amount - row.paid >= least);
        paidEntries += worth.length;
        await payLocked(tx, merchant.id, worth, settings, false);
      });
    }
  }
  await store.markPaid(db, merchant.id, day, now);
  return { day, accruals, paidEntries, computeMs, payMs: performance.now() - started - computeMs };
}

/** The job: every merchant with rates closes the days after its last closed one, up to yesterday. */
export async function runDailyRebates(db: Db, now: Date): Promise<DayOutcome[]> {
  const outcomes: DayOutcome[] = [];
  for (const merchant of await store.merchantsWithRates(db)) {
    const today = localDay(now, merchant.timeZone);
    const last = await store.lastClosedDay(db, merchant.id);
    // A day computed but not yet paid (a crash between) is finished first.
    if (last && !(await store.dayState(db, merchant.id, last)).paid)
      outcomes.push(await closeDay(db, merchant, last, now));
    for (const day of daysToClose(last, today)) outcomes.push(await closeDay(db, merchant, day, now));
  }
  return outcomes;
}

// ── the member ──────────────────────────────────────────────────────────────────────────────────

function lineOf(figures: store.AccrualFigures, paid: bigint): TRebateLine {
  return {
    category: figures.category,
    turnover: Number(figures.turnover),
    rateBp: figures.rateBp,
    amount: Number(figures.amount),
    paid: Number(paid),
  };
}

/** /m/member/manualRebate: today's rebate so far per category, and what a claim would pay now. */
export async function manualRebate(
  q: Queryable,
  merchant: Merchant,
  member: MemberRow,
  now: Date,
): Promise<TManualRebate> {
  assertNotTrial(member);
  const settings = await settingsOf(q, merchant.id, rebateSettings);
  const today = localDay(now, merchant.timeZone);
  const period = { ...dayPeriod(merchant, today), end: now, memberId: member.id };
  const [figures, paid, earlier, rates] = await Promise.all([
    store.computeAccruals(q, period, settings.dailyCap),
    store.paidOfDay(q, member.id, today),
    store.earlierUnpaid(q, merchant.id, member.id, firstClaimableDay(today, settings.claimDays), today),
    store.ratesOf(q, merchant.id),
  ]);
  const byCategory = new Map(figures.map((row) => [row.category, row]));
  // Every category the member's level has a rate for, with or without turnover yet.
  for (const rate of rates)
    if (rate.vipLevel === member.vipLevel && rate.rateBp > 0 && !byCategory.has(rate.category))
      byCategory.set(rate.category, { category: rate.category, turnover: 0n, rateBp: rate.rateBp, amount: 0n });
  const lines = [...byCategory.values()]
    .sort((a, b) => GAME_CATEGORIES.indexOf(a.category) - GAME_CATEGORIES.indexOf(b.category))
    .map((row) => lineOf(row, paid.get(row.category) ?? 0n));
  const todayDue = lines.reduce((sum, line) => sum + Math.max(0, line.amount - line.paid), 0);
  const manual = settings.manualClaim === 1;
  return {
    day: today,
    timeZone: merchant.timeZone,
    vipLevel: member.vipLevel,
    today: lines,
    claimable: manual ? todayDue + Number(earlier) : 0,
    earlierClaimable: manual ? Number(earlier) : 0,
    minPayout: Number(settings.minPayout),
    dailyCap: Number(settings.dailyCap),
    autoPay: settings.autoPay === 1,
    manualClaim: manual,
    turnoverPercent: settings.turnoverPercent,
  };
}

/**
 * A manual claim: brings today's accruals up to date for the member (the same set-wise statement as
 * the job, for one member), locks everything claimable (today's and the earlier days' left to
 * claim) and pays it, in one transaction. A second claim — a double tap, another device — waits for
 * the first's locks and then finds nothing left: 409 rebate.nothing_to_claim.
 */
export async function claimRebate(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  now: Date,
): Promise<TRebateClaimResult> {
  assertNotTrial(member);
  return db.transaction(async (tx) => {
    const settings = await settingsOf(tx, merchant.id, rebateSettings);
    if (settings.manualClaim !== 1) throw new DomainError(ERROR_CODES.forbidden, 'Rebates are paid automatically here');
    const today = localDay(now, merchant.timeZone);
    const period = { ...dayPeriod(merchant, today), end: now, memberId: member.id };
    await store.writeAccruals(tx, period, today, settings.dailyCap, false, now);
    const claimable = await store.lockClaimable(
      tx,
      merchant.id,
      member.id,
      firstClaimableDay(today, settings.claimDays),
      today,
    );
    const total = claimable.reduce((sum, row) => sum + (row.amount - row.paid), 0n);
    const least = settings.minPayout > 1n ? settings.minPayout : 1n;
    if (total < least)
      throw new DomainError(ERROR_CODES.rebateNothingToClaim, 'There is no rebate to claim yet', {
        minPayout: Number(settings.minPayout),
      });
    const { paid, balance } = await payLocked(tx, merchant.id, claimable, settings, true);
    return { paid: Number(paid), balance: Number(balance ?? 0n), day: today };
  });
}

/** /m/member/rebateReport: the member's rebates by day and category (today's so far included). */
export async function rebateReport(
  q: Queryable,
  merchant: Merchant,
  member: MemberRow,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<TRebateReport> {
  assertNotTrial(member);
  const range = dayRange(query, merchant.timeZone, now, DEFAULT_REPORT_DAYS, REPORT_MAX_DAYS);
  const today = localDay(now, merchant.timeZone);
  const rows = await store.memberAccruals(q, member.id, range.from, range.to);
  const lines = rows.map((row) => ({ day: row.day, line: lineOf(row, row.paid) }));
  if (range.from <= today && today <= range.to) {
    const settings = await settingsOf(q, merchant.id, rebateSettings);
    const live = await store.computeAccruals(
      q,
      { ...dayPeriod(merchant, today), end: now, memberId: member.id },
      settings.dailyCap,
    );
    const stored = new Map(rows.filter((row) => row.day === today).map((row) => [row.category, row.paid]));
    const others = lines.filter((entry) => entry.day !== today);
    const todays = live.map((row) => ({ day: today, line: lineOf(row, stored.get(row.category) ?? 0n) }));
    lines.splice(0, lines.length, ...todays, ...others);
  }
  const days = new Map<string, TRebateReport['days'][number]>();
  for (const { day, line } of lines) {
    const entry = days.get(day) ?? { day, amount: 0, paid: 0, lines: [] };
    entry.amount += line.amount;
    entry.paid += line.paid;
    entry.lines.push(line);
    days.set(day, entry);
  }
  const list = [...days.values()].sort((a, b) => (a.day < b.day ? 1 : -1));
  return {
    from: range.from,
    to: range.to,
    timeZone: merchant.timeZone,
    days: list,
    totals: {
      turnover: lines.reduce((sum, { line }) => sum + line.turnover, 0),
      amount: lines.reduce((sum, { line }) => sum + line.amount, 0),
      paid: lines.reduce((sum, { line }) => sum + line.paid, 0),
    },
  };
}

/** Room for a day's aggregates in the caller's transaction (the VIP evaluation's too). */
export const roomForAggregates = (tx: Tx) => store.roomForAggregates(tx);

/** The merchant's rates (the VIP club shows each level's). */
export function rebateRatesOf(q: Queryable, merchantId: number): Promise<TRebateRate[]> {
  return store.ratesOf(q, merchantId);
}

// ── the operator ────────────────────────────────────────────────────────────────────────────────

export async function operatorRates(q: Queryable, merchantCode: string): Promise<TRebateRateList> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return { list: await store.ratesOf(q, merchant.id) };
}

export async function changeRate(
  db: Db,
  request: { merchantCode: string; rate: TRebateRate; actor: string },
): Promise<TRebateRateList> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    await store.upsertRate(tx, merchant.id, request.rate);
    await recordAudit(tx, {
      actor: request.actor,
      action: 'rebates.rate.set',
      merchantId: merchant.id,
      details: { ...request.rate },
    });
    return { list: await store.ratesOf(tx, merchant.id) };
  });
}

const toSettingsView = (settings: RebateSettings): TRebateSettings => ({
  ...settings,
  dailyCap: Number(settings.dailyCap),
  minPayout: Number(settings.minPayout),
});

export async function operatorRebateSettings(q: Queryable, merchantCode: string): Promise<TRebateSettings> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return toSettingsView(await settingsOf(q, merchant.id, rebateSettings));
}

export async function changeRebateSettings(
  db: Db,
  request: { merchantCode: string; changes: Partial<TRebateSettings>; actor: string },
): Promise<TRebateSettings> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const { dailyCap, minPayout, ...rest } = request.changes;
    const settings = await changeSettings(tx, merchant.id, rebateSettings, {
      ...rest,
      ...(dailyCap !== undefined && { dailyCap: BigInt(dailyCap) }),
      ...(minPayout !== undefined && { minPayout: BigInt(minPayout) }),
    });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'rebates.settings.update',
      merchantId: merchant.id,
      details: { ...request.changes },
    });
    return toSettingsView(settings);
  });
}

/** The demo merchant's rates: 0.5–1.1 % by level and category (the market's 0.3–1.5 %). */
export async function seedRates(q: Queryable, merchantId: number): Promise<void> {
  const base: Partial<Record<(typeof GAME_CATEGORIES)[number], number>> = {
    RNG: 50,
    FISH: 50,
    LIVE: 40,
    SPORTS: 40,
    ESPORTS: 40,
    PVP: 30,
    INHOUSE: 50,
    ELOTT: 30,
    LOTT: 30,
  };
  for (let level = 0; level <= 5; level += 1)
    for (const [category, rate] of Object.entries(base))
      await store.upsertRate(q, merchantId, { vipLevel: level, category, rateBp: rate + level * 12 }, true);
}
