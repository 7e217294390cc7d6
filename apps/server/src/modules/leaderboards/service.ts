import {
  ERROR_CODES,
  type LeaderboardStatus,
  type TLeaderboardPage,
  type TLeaderboardPeriod,
  type TOperatorLeaderboard,
  type TOperatorLeaderboardCreate,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { usernamesOf } from '../accounts/members';
import { recordAudit } from '../audit/service';
import { settingsOf } from '../settings/service';
import { requireMerchantByCode } from '../site/service';
import { memberCashAccountIds, postBulk, systemAccount, type EntryDraft } from '../wallet/ledger';
import { addTurnoverRequirements } from '../wallet/turnover';
import { maskedName, periodBounds, periodProblem, periodStatus, rankScores } from './rules';
import type { LeaderboardPeriodRow } from './schema';
import { leaderboardSettings } from './settings';
import * as store from './store';

export { memberBetFigures } from './store';

const prizesOfRow = (row: LeaderboardPeriodRow) => row.prizes.map((prize) => BigInt(prize));
const referenceOf = (periodId: number, memberId: number) => `LB${periodId}M${memberId}`;

function baseView(row: LeaderboardPeriodRow, now: Date) {
  return {
    id: row.id,
    title: { TY: row.titleTy, EN: row.titleEn },
    metric: row.metric,
    status: periodStatus(row, now) as LeaderboardStatus,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    fromDay: row.fromDay,
    toDay: row.toDay,
    prizes: row.prizes,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
  };
}

/**
 * Computes a period's ranking from the bets (one set-wise statement) and keeps its top ranks,
 * names masked, in leaderboard_standings: what members read. Run by the refresh job.
 */
export async function refreshStandings(db: Db, period: LeaderboardPeriodRow, now: Date): Promise<void> {
  const settings = await settingsOf(db, period.merchantId, leaderboardSettings);
  const ranks = Math.max(settings.shownRanks, period.prizes.length);
  const scores = await store.topScores(
    db,
    period.merchantId,
    { from: period.startsAt, to: period.endsAt },
    period.metric,
    ranks,
  );
  const ranked = rankScores(scores, prizesOfRow(period));
  const names = await usernamesOf(
    db,
    period.merchantId,
    ranked.map((row) => row.memberId),
  );
  await db.transaction((tx) =>
    store.replaceStandings(
      tx,
      period.id,
      ranked.map((row) => ({
        memberId: row.memberId,
        rank: row.rank,
        score: row.score,
        name: maskedName(names.get(row.memberId) ?? ''),
      })),
      now,
    ),
  );
}

/** The refresh job: every started period not paid yet whose ranking is older than the merchant's refresh interval. */
export async function refreshDueStandings(db: Db, now: Date): Promise<number> {
  let refreshed = 0;
  for (const period of await store.periodsToRefresh(db, now)) {
    const { refreshSeconds } = await settingsOf(db, period.merchantId, leaderboardSettings);
    if (period.refreshedAt && now.getTime() - period.refreshedAt.getTime() < refreshSeconds * 1000 - 500) continue;
    await refreshStandings(db, period, now);
    refreshed += 1;
  }
  return refreshed;
}

/** Test seam: what the payout does after its postings and before it commits (a kill half-way). */
export interface PayoutHooks {
  afterPostings?: (tx: Tx) => Promise<void>;
}

/**
 * Pays a period's prizes once, in one transaction: the period's row locked, nothing done if it is
 * no longer scheduled (paid by a run before, or cancelled); the final ranking from the bets; one
 * prize row per (period, member) (unique) and one 'bonus' journal entry each from the merchant's
 * promotions account (reference LB<period>M<member>, unique in the journal), each prize's turnover
 * requirement; the period marked paid and audited. A run killed half-way commits nothing and the
 * next run pays in full; two runs at once wait on the row lock and the second finds it paid.
 */
export async function payPeriod(db: Db, periodId: number, now: Date, hooks: PayoutHooks = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const period = await store.lockPeriod(tx, periodId);
    if (!period || period.state !== 'scheduled' || now < period.endsAt) return false;
    const settings = await settingsOf(tx, period.merchantId, leaderboardSettings);
    const prizes = prizesOfRow(period);
    const scores = await store.topScores(
      tx,
      period.merchantId,
      { from: period.startsAt, to: period.endsAt },
      period.metric,
      prizes.length,
    );
    const winners = rankScores(scores, prizes).filter((row) => row.prize > 0n);
    if (winners.length > 0) {
      const wallets = await memberCashAccountIds(
        tx,
        period.merchantId,
        winners.map((row) => row.memberId),
      );
      const promotions = await systemAccount(tx, period.merchantId, 'promotions');
      await store.insertPrizes(
        tx,
        winners.map((row) => ({
          periodId: period.id,
          merchantId: period.merchantId,
          memberId: row.memberId,
          rank: row.rank,
          score: row.score,
          amount: row.prize,
          reference: referenceOf(period.id, row.memberId),
          paidAt: now,
        })),
      );
      const drafts: EntryDraft[] = winners.map((row) => ({
        merchantId: period.merchantId,
        kind: 'bonus',
        reference: referenceOf(period.id, row.memberId),
        memo: `Leaderboard ${period.id} rank ${row.rank}`,
        lines: [
          { accountId: wallets.get(row.memberId)!, amount: row.prize },
          { accountId: promotions.id, amount: -row.prize },
        ],
      }));
      await postBulk(tx, drafts);
      await addTurnoverRequirements(
        tx,
        winners.map((row) => ({
          merchantId: period.merchantId,
          memberId: row.memberId,
          source: 'bonus' as const,
          reference: referenceOf(period.id, row.memberId),
          baseAmount: row.prize,
          percent: settings.prizeTurnoverPercent,
        })),
      );
    }
    await hooks.afterPostings?.(tx);
    await store.setPeriodState(tx, period.id, { state: 'paid', paidAt: now });
    await recordAudit(tx, {
      actor: 'system',
      action: 'leaderboards.pay',
      merchantId: period.merchantId,
      details: {
        periodId: period.id,
        winners: winners.length,
        paid: winners.reduce((sum, row) => sum + row.prize, 0n).toString(),
      },
    });
    return true;
  });
}

/** The settle job: pays every period whose end and the merchant's grace after it are past. */
export async function payEndedPeriods(db: Db, now: Date, hooks: PayoutHooks = {}): Promise<number> {
  let paid = 0;
  for (const period of await store.periodsToPay(db, now)) {
    const { settleGraceMinutes } = await settingsOf(db, period.merchantId, leaderboardSettings);
    if (now.getTime() < period.endsAt.getTime() + settleGraceMinutes * 60_000) continue;
    // The ranking members read turns final with the payout.
    await refreshStandings(db, period, now);
    if (await payPeriod(db, period.id, now, hooks)) paid += 1;
  }
  return paid;
}

/** The member's leaderboard screen: every period shown, its kept ranking and the member's own standing. */
export async function memberLeaderboards(
  q: Queryable,
  merchant: { id: number; currencySymbol: string },
  memberId: number,
  now: Date,
): Promise<TLeaderboardPage> {
  const settings = await settingsOf(q, merchant.id, leaderboardSettings);
  const periods = await store.visiblePeriods(
    q,
    merchant.id,
    new Date(now.getTime() - settings.endedShownDays * 86_400_000),
  );
  const standings = await store.standingsOf(
    q,
    periods.map((period) => period.id),
  );
  const paid = await store.prizesOf(
    q,
    periods.filter((period) => period.state === 'paid').map((period) => period.id),
  );
  const list: TLeaderboardPeriod[] = [];
  for (const period of periods) {
    const rows = standings.get(period.id) ?? [];
    const ranked = rankScores(rows, prizesOfRow(period));
    const prizeOf = new Map(ranked.map((row) => [row.memberId, row.prize]));
    const mine = rows.find((row) => row.memberId === memberId);
    const status = periodStatus(period, now);
    let score = mine?.score ?? 0n;
    if (!mine && status !== 'upcoming') {
      const figures = await store.memberBetFigures(q, merchant.id, memberId, {
        from: period.startsAt,
        to: period.endsAt,
      });
      score = period.metric === 'turnover' ? figures.turnover : figures.wins;
    }
    const paidMine = paid.find((row) => row.periodId === period.id && row.memberId === memberId);
    list.push({
      ...baseView(period, now),
      top: rows.slice(0, settings.shownRanks).map((row) => ({
        rank: row.rank,
        name: row.name,
        score: Number(row.score),
        prize: Number(prizeOf.get(row.memberId) ?? 0n),
        me: row.memberId === memberId,
      })),
      me: {
        rank: mine?.rank ?? null,
        score: Number(score),
        prize: Number(paidMine?.amount ?? (mine ? (prizeOf.get(memberId) ?? 0n) : 0n)),
      },
    });
  }
  // Live first, then upcoming, then ended; in each, the soonest first.
  const order: Record<LeaderboardStatus, number> = { live: 0, upcoming: 1, settling: 2, paid: 3, cancelled: 4 };
  list.sort((a, b) => order[a.status] - order[b.status]);
  return { list, currencySymbol: merchant.currencySymbol, refreshSeconds: settings.refreshSeconds };
}

function invalid(message: string): DomainError {
  return new DomainError(ERROR_CODES.leaderboardInvalid, message);
}

async function operatorView(q: Queryable, period: LeaderboardPeriodRow, now: Date): Promise<TOperatorLeaderboard> {
  const standings = (await store.standingsOf(q, [period.id])).get(period.id) ?? [];
  const ranked = rankScores(standings, prizesOfRow(period));
  const prizes = await store.prizesOf(q, [period.id]);
  const names = await usernamesOf(
    q,
    period.merchantId,
    prizes.map((row) => row.memberId),
  );
  return {
    ...baseView(period, now),
    top: standings.map((row, index) => ({
      rank: row.rank,
      name: row.name,
      score: Number(row.score),
      prize: Number(ranked[index]?.prize ?? 0n),
      me: false,
    })),
    paid: prizes.map((row) => ({
      username: names.get(row.memberId) ?? '',
      rank: row.rank,
      amount: Number(row.amount),
    })),
    createdBy: period.createdBy,
  };
}

/** The operator sets up a period: local days in the merchant's zone, validated, audited in one transaction. */
export async function createPeriod(
  db: Db,
  request: { merchantCode: string; period: TOperatorLeaderboardCreate; actor: string; now: Date },
): Promise<TOperatorLeaderboard> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const settings = await settingsOf(tx, merchant.id, leaderboardSettings);
    const { period } = request;
    const problem = periodProblem(
      period,
      { maxDays: settings.maxPeriodDays, maxPrizeRanks: settings.maxPrizeRanks },
      merchant.timeZone,
    );
    if (problem) throw invalid(problem);
    const { startsAt, endsAt } = periodBounds(period.fromDay, period.toDay, merchant.timeZone);
    if (endsAt <= request.now) throw invalid('the period is already over');
    const row = await store.insertPeriod(tx, {
      merchantId: merchant.id,
      titleTy: period.title.TY,
      titleEn: period.title.EN,
      metric: period.metric,
      fromDay: period.fromDay,
      toDay: period.toDay,
      startsAt,
      endsAt,
      prizes: period.prizes,
      createdBy: request.actor,
    });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'leaderboards.create',
      merchantId: merchant.id,
      details: { periodId: row.id, ...period },
    });
    return operatorView(tx, row, request.now);
  });
}

/** Cancels a period not paid yet (nothing was paid, nothing will be), audited. */
export async function cancelPeriod(
  db: Db,
  request: { merchantCode: string; id: number; actor: string; now: Date },
): Promise<TOperatorLeaderboard> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const found = await store.periodById(tx, merchant.id, request.id);
    if (!found) throw new NotFoundError(`No leaderboard period ${request.id}`);
    const period = await store.lockPeriod(tx, found.id);
    if (period!.state !== 'scheduled')
      throw new DomainError(ERROR_CODES.leaderboardClosed, `Period ${request.id} is ${period!.state}`);
    const cancelled = await store.setPeriodState(tx, period!.id, { state: 'cancelled' });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'leaderboards.cancel',
      merchantId: merchant.id,
      details: { periodId: period!.id },
    });
    return operatorView(tx, cancelled, request.now);
  });
}

export async function operatorPeriods(q: Queryable, merchantCode: string, now: Date): Promise<TOperatorLeaderboard[]> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const rows = await store.merchantPeriods(q, merchant.id);
  const views: TOperatorLeaderboard[] = [];
  for (const row of rows) views.push(await operatorView(q, row, now));
  return views;
}

export async function operatorPeriod(
  q: Queryable,
  merchantCode: string,
  id: number,
  now: Date,
): Promise<TOperatorLeaderboard> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const row = await store.periodById(q, merchant.id, id);
  if (!row) throw new NotFoundError(`No leaderboard period ${id}`);
  return operatorView(q, row, now);
}
