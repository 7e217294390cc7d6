import { randomBytes } from 'node:crypto';
import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_MAX_IMAGES,
  ERROR_CODES,
  requiredTurnover,
  type ApplicationStatus,
  type Language,
  type TApplicationDecision,
  type TApplicationRequest,
  type TClaimResult,
  type TOperatorApplication,
  type TOperatorPromotion,
  type TPromotionDetail,
  type TPromotionInput,
  type TPromotionList,
  type TPromotionReport,
  type TPromotionSummary,
  type TPromotionUpdate,
  type TPromotionUpload,
  type TRewardCentre,
  type UploadImageType,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import type { FileStorage } from '../../platform/file-storage';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { lockMember, memberById, usernamesOf } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { recordAudit } from '../audit/service';
import { notifyMember } from '../inbox/service';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode, requireMerchantById } from '../site/service';
import { memberBalance, memberCashAccount, postEntry, systemAccount } from '../wallet/ledger';
import { membersMovedSince } from '../wallet/service';
import { addTurnoverRequirement, bonusRequirements, bonusTurnoverFigures, turnoverLeft } from '../wallet/turnover';
import { evaluate, memberView, textOf, type Evaluation, type MemberView, type RewardUnit } from './evaluate';
import { grantReference, grantReferencePrefix, turnoverBaseOf } from './rules';
import type { PromotionRow } from './schema';
import * as store from './store';

type Merchant = Pick<MerchantRow, 'id' | 'timeZone'>;

/** A closed promotion stays on the list for this long after its end, as Close. */
const CLOSED_SHOWN_MS = 7 * 86_400_000;
const CLAIMED_SHOWN = 30;
const MAX_WAITING_IMAGES = APPLICATION_MAX_IMAGES * 3;
const WAITING_IMAGE_LIFETIME_MS = 86_400_000;
const STORAGE_PREFIX = 'promotions';

function unknownPromotion(): DomainError {
  return new DomainError(ERROR_CODES.promotionUnknown, 'No such promotion');
}

function summaryOf(promotion: PromotionRow, evaluation: Evaluation, language: Language): TPromotionSummary {
  return {
    id: promotion.id,
    type: promotion.rule.type,
    category: promotion.category,
    title: textOf(promotion.title, language),
    description: textOf(promotion.description, language),
    claimMode: promotion.claimMode,
    period: promotion.period,
    startsAt: promotion.startsAt.toISOString(),
    endsAt: promotion.endsAt?.toISOString() ?? null,
    status: evaluation.status,
    claimable: Number(evaluation.units.reduce((sum, unit) => sum + unit.amount, 0n)),
    progress: evaluation.progress,
    ineligibleKey: evaluation.ineligibleKey,
  };
}

function detailOf(promotion: PromotionRow, evaluation: Evaluation, language: Language): TPromotionDetail {
  const application = evaluation.application;
  return {
    ...summaryOf(promotion, evaluation, language),
    rule: promotion.rule,
    turnoverPercent: promotion.turnoverPercent,
    turnoverBase: promotion.turnoverBase,
    contributions: promotion.contributions,
    minVipLevel: promotion.eligibility.minVipLevel,
    newMemberDays: promotion.eligibility.newMemberDays,
    tasks: evaluation.tasks.map((task) => ({
      kind: task.kind as 'deposit',
      target: task.target,
      done: Number(task.done),
    })),
    calendar: evaluation.calendar.map((day) => ({ ...day, reward: Number(day.reward) })),
    streak: evaluation.streak,
    application: application
      ? {
          id: application.id,
          status: application.status,
          comment: application.comment,
          imageCount: 0,
          reason: application.reason,
          createdAt: application.createdAt.toISOString(),
        }
      : null,
    granted: Number(evaluation.granted),
    commentMax: APPLICATION_COMMENT_MAX,
  };
}

async function viewOf(q: Queryable, merchant: Merchant, member: MemberRow, now: Date, rows: PromotionRow[]) {
  return memberView(
    q,
    member,
    merchant.timeZone,
    now,
    rows.map((row) => row.id),
  );
}

/** The activity list (/m/activity): every promotion the member sees, with their status. */
export async function promotionList(
  q: Queryable,
  merchant: Merchant,
  member: MemberRow,
  language: Language,
  now: Date,
): Promise<TPromotionList> {
  const rows = await store.visiblePromotions(q, merchant.id, new Date(now.getTime() - CLOSED_SHOWN_MS));
  const view = await viewOf(q, merchant, member, now, rows);
  const list: TPromotionSummary[] = [];
  for (const row of rows) list.push(summaryOf(row, await evaluate(q, row, view), language));
  return { list, trial: member.type === 4 };
}

/** The member's promotion: a foreign or unknown id answers as unknown. */
async function requirePromotion(q: Queryable, merchantId: number, id: number): Promise<PromotionRow> {
  const row = await store.promotionById(q, merchantId, id);
  if (!row) throw unknownPromotion();
  return row;
}

export async function promotionDetail(
  q: Queryable,
  merchant: Merchant,
  member: MemberRow,
  id: number,
  language: Language,
  now: Date,
): Promise<TPromotionDetail> {
  const row = await requirePromotion(q, merchant.id, id);
  const view = await viewOf(q, merchant, member, now, [row]);
  const detail = detailOf(row, await evaluate(q, row, view), language);
  if (detail.application) {
    const images = await store.imagesOfApplications(q, [detail.application.id]);
    detail.application.imageCount = images.get(detail.application.id)?.length ?? 0;
  }
  return detail;
}

/** Refuses what a member may not do with the promotion now: ended, not started, not eligible. */
function assertOpen(row: PromotionRow, evaluation: Evaluation): void {
  if (evaluation.status === 'close') throw new DomainError(ERROR_CODES.promotionClosed, 'This promotion has ended');
  if (evaluation.status === 'coming_soon')
    throw new DomainError(ERROR_CODES.promotionNotStarted, 'This promotion has not started yet');
  if (evaluation.ineligibleKey === 'promo_trial')
    throw new DomainError(ERROR_CODES.trialRefused, 'Please login an actual account to use this function');
  if (evaluation.ineligibleKey)
    throw new DomainError(ERROR_CODES.promotionIneligible, 'You do not meet this promotion’s conditions', {
      reason: evaluation.ineligibleKey,
    });
  void row;
}

export async function joinPromotion(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  id: number,
  language: Language,
  now: Date,
): Promise<TPromotionDetail> {
  await db.transaction(async (tx) => {
    const row = await requirePromotion(tx, merchant.id, id);
    const evaluation = await evaluate(tx, row, await viewOf(tx, merchant, member, now, [row]));
    assertOpen(row, evaluation);
    await store.insertJoin(tx, row.id, member.id, now);
  });
  return promotionDetail(db, merchant, member, id, language, now);
}

export interface GrantRequest {
  promotion: PromotionRow;
  member: Pick<MemberRow, 'id' | 'merchantId'>;
  unit: RewardUnit;
  via: 'issued' | 'claimed' | 'approved';
  now: Date;
}

/**
 * Pays one reward, in the caller's transaction, once: the grant row for (promotion, member, unit)
 * first (a second one is refused by its unique key: answers false, nothing paid), then the budget
 * and count taken by a conditional update (refused: the transaction must roll back, so it throws),
 * then the ledger entry from the promotions account (kind 'bonus', its reference unique) and the
 * turnover requirement it brings.
 */
export async function grantReward(tx: Tx, request: GrantRequest): Promise<boolean> {
  const { promotion, member, unit, now } = request;
  if (unit.amount <= 0n) return false;
  const reference = grantReference(promotion.id, member.id, unit.unit);
  const grant = await store.insertGrantOnce(tx, {
    merchantId: member.merchantId,
    promotionId: promotion.id,
    memberId: member.id,
    unit: unit.unit,
    amount: unit.amount,
    via: request.via,
    reference,
    streak: unit.streak,
    createdAt: now,
  });
  if (!grant) return false;
  if (!(await store.spendBudget(tx, promotion.id, unit.amount)))
    throw new DomainError(ERROR_CODES.promotionBudgetUsed, 'This promotion’s rewards are all given out');
  const wallet = await memberCashAccount(tx, member.merchantId, member.id);
  const source = await systemAccount(tx, member.merchantId, 'promotions');
  await postEntry(tx, {
    merchantId: member.merchantId,
    kind: 'bonus',
    reference,
    memo: promotion.title.EN.slice(0, 120),
    lines: [
      { accountId: wallet.id, amount: unit.amount },
      { accountId: source.id, amount: -unit.amount },
    ],
  });
  await addTurnoverRequirement(tx, {
    merchantId: member.merchantId,
    memberId: member.id,
    source: 'bonus',
    reference,
    baseAmount: turnoverBaseOf(promotion.turnoverBase, unit.amount, unit.deposit),
    percent: promotion.turnoverPercent,
    contributions: promotion.contributions,
  });
  return true;
}

/** Per-member limit: how many more grants the member may get (Infinity without a limit). */
async function grantsLeft(tx: Tx, promotion: PromotionRow, memberId: number): Promise<number> {
  if (promotion.perMemberLimit === null) return Number.POSITIVE_INFINITY;
  return promotion.perMemberLimit - (await store.memberGrantCount(tx, promotion.id, memberId));
}

/**
 * A claim (the button, or a check-in): in one transaction with the member's row locked, so a
 * double tap or 200 at once are ordered and all but the first find nothing left to claim.
 */
export async function claimPromotion(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  id: number,
  language: Language,
  now: Date,
): Promise<TClaimResult> {
  const paid = await db.transaction(async (tx) => {
    await lockMember(tx, member.merchantId, member.id);
    const row = await requirePromotion(tx, merchant.id, id);
    const evaluation = await evaluate(tx, row, await viewOf(tx, merchant, member, now, [row]));
    assertOpen(row, evaluation);
    if (row.claimMode !== 'claim')
      throw new DomainError(ERROR_CODES.promotionWrongMode, 'This promotion is not claimed with a button');
    if (evaluation.status === 'join')
      throw new DomainError(ERROR_CODES.promotionWrongMode, 'Join this promotion first');
    if (['claimed', 'issued', 'signed'].includes(evaluation.status) && evaluation.units.length === 0)
      throw new DomainError(ERROR_CODES.promotionAlreadyClaimed, 'You already claimed this reward');
    if (evaluation.units.length === 0)
      throw new DomainError(ERROR_CODES.promotionNothingToClaim, 'There is nothing to claim yet');
    let left = await grantsLeft(tx, row, member.id);
    if (left <= 0) throw new DomainError(ERROR_CODES.promotionMemberLimit, 'You reached this promotion’s limit');
    let amount = 0n;
    let turnover = 0n;
    for (const unit of evaluation.units) {
      if (left <= 0) break;
      if (await grantReward(tx, { promotion: row, member, unit, via: 'claimed', now })) {
        amount += unit.amount;
        turnover += requiredTurnover(turnoverBaseOf(row.turnoverBase, unit.amount, unit.deposit), row.turnoverPercent);
        left -= 1;
      }
    }
    if (amount === 0n) throw new DomainError(ERROR_CODES.promotionAlreadyClaimed, 'You already claimed this reward');
    return { amount, turnover };
  });
  return {
    amount: Number(paid.amount),
    turnoverAdded: Number(paid.turnover),
    balance: Number(await memberBalance(db, member.merchantId, member.id)),
    promotion: await promotionDetail(db, merchant, member, id, language, now),
  };
}

// ── applications ───────────────────────────────────────────────────────────────────────────────

/** Keeps one image for an application; its type was read from its bytes (the feedback module's imageOfBody). */
export async function uploadApplicationImage(
  db: Db,
  storage: FileStorage,
  member: MemberRow,
  image: { bytes: Buffer; contentType: UploadImageType },
): Promise<TPromotionUpload> {
  if (member.type === 4)
    throw new DomainError(ERROR_CODES.trialRefused, 'Please login an actual account to use this function');
  let storageKey: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      await lockMember(tx, member.merchantId, member.id);
      if ((await store.waitingImageCount(tx, member.id)) >= MAX_WAITING_IMAGES)
        throw new DomainError(
          ERROR_CODES.pendingLimit,
          'Too many images waiting: send your application or remove some',
        );
      storageKey = await storage.put(image.bytes, STORAGE_PREFIX);
      const row = await store.insertImage(tx, {
        publicId: randomBytes(16).toString('base64url'),
        merchantId: member.merchantId,
        memberId: member.id,
        storageKey,
        contentType: image.contentType,
        sizeBytes: image.bytes.length,
      });
      return { imageId: row.publicId, contentType: row.contentType, sizeBytes: row.sizeBytes };
    });
  } catch (error) {
    if (storageKey) await storage.remove(storageKey);
    throw error;
  }
}

/** Spec §5: the comment counts characters as the player sees them (emoji count once). */
export function commentLength(comment: string): number {
  return [...comment.trim()].length;
}

export async function applyForPromotion(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  id: number,
  request: TApplicationRequest,
  language: Language,
  now: Date,
): Promise<TPromotionDetail> {
  if (commentLength(request.comment) > APPLICATION_COMMENT_MAX)
    throw new DomainError(ERROR_CODES.applicationComment, `At most ${APPLICATION_COMMENT_MAX} characters`, {
      max: APPLICATION_COMMENT_MAX,
    });
  const imageIds = [...new Set(request.imageIds)];
  if (imageIds.length > APPLICATION_MAX_IMAGES)
    throw new DomainError(ERROR_CODES.applicationTooManyImages, `At most ${APPLICATION_MAX_IMAGES} images`, {
      max: APPLICATION_MAX_IMAGES,
    });
  await db.transaction(async (tx) => {
    await lockMember(tx, member.merchantId, member.id);
    const row = await requirePromotion(tx, merchant.id, id);
    const evaluation = await evaluate(tx, row, await viewOf(tx, merchant, member, now, [row]));
    assertOpen(row, evaluation);
    if (row.claimMode !== 'apply')
      throw new DomainError(ERROR_CODES.promotionWrongMode, 'This promotion takes no application');
    if (evaluation.status === 'applying')
      throw new DomainError(ERROR_CODES.promotionApplying, 'Your application is being reviewed');
    if (evaluation.status === 'claimed' || evaluation.status === 'issued')
      throw new DomainError(ERROR_CODES.promotionAlreadyClaimed, 'You already got this reward');
    if ((await grantsLeft(tx, row, member.id)) <= 0)
      throw new DomainError(ERROR_CODES.promotionMemberLimit, 'You reached this promotion’s limit');
    const images = imageIds.length > 0 ? await store.lockWaitingImages(tx, member.id, imageIds) : [];
    if (images.length !== imageIds.length)
      throw new DomainError(ERROR_CODES.applicationImageUnknown, 'An image is no longer available: add it again');
    const application = await store.insertApplication(tx, {
      merchantId: merchant.id,
      promotionId: row.id,
      memberId: member.id,
      unit: evaluation.unit,
      comment: request.comment.trim(),
      createdAt: now,
    });
    if (!application) throw new DomainError(ERROR_CODES.promotionApplying, 'Your application is being reviewed');
    await store.attachImages(
      tx,
      application.id,
      imageIds.map((publicId) => images.find((image) => image.publicId === publicId)!.id),
    );
  });
  return promotionDetail(db, merchant, member, id, language, now);
}

/** Removes images never sent with an application. Idempotent. */
export async function removeAbandonedImages(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const keys = await store.deleteWaitingImagesBefore(db, new Date(now.getTime() - WAITING_IMAGE_LIFETIME_MS));
  for (const key of keys) await storage.remove(key);
  return keys.length;
}

// ── the reward centre ──────────────────────────────────────────────────────────────────────────

export async function rewardCentre(
  q: Queryable,
  merchant: Merchant,
  member: MemberRow,
  language: Language,
  now: Date,
): Promise<TRewardCentre> {
  const { list, trial } = await promotionList(q, merchant, member, language, now);
  const grants = await store.latestGrantsOfMember(q, member.id, CLAIMED_SHOWN);
  const requirements = new Map(
    (
      await bonusRequirements(
        q,
        merchant.id,
        grants.map((grant) => grant.reference),
      )
    ).map((row) => [row.reference, row]),
  );
  const titles = new Map<number, string>();
  for (const id of new Set(grants.map((grant) => grant.promotionId))) {
    const row = await store.promotionById(q, merchant.id, id);
    if (row) titles.set(id, textOf(row.title, language));
  }
  const claimed = grants.map((grant) => {
    const requirement = requirements.get(grant.reference);
    return {
      promotionId: grant.promotionId,
      title: titles.get(grant.promotionId) ?? '',
      amount: Number(grant.amount),
      at: grant.createdAt.toISOString(),
      status: grant.via === 'issued' ? ('issued' as const) : ('claimed' as const),
      turnoverRequired: Number(requirement?.required ?? 0n),
      turnoverLeft:
        requirement && requirement.completedAt === null ? Number(requirement.required - requirement.done) : 0,
    };
  });
  // What the member cannot take part in (a VIP level not reached) is on the activity list, not here.
  const open = list.filter((item) => item.ineligibleKey === null || item.ineligibleKey === 'promo_trial');
  const claimable = open.filter((item) => item.status === 'claim');
  const inProgress = open.filter((item) => ['process', 'joined', 'applying'].includes(item.status));
  const available = open.filter((item) => ['join', 'apply', 'coming_soon', 'rejected'].includes(item.status));
  return {
    trial,
    available,
    claimable,
    inProgress,
    claimed,
    turnoverLeft: Number(await turnoverLeft(q, merchant.id, member.id)),
    bonusTurnoverLeft: claimed.reduce((sum, item) => sum + item.turnoverLeft, 0),
  };
}

// ── the automatic grants ───────────────────────────────────────────────────────────────────────

/**
 * Pays the automatic promotions' rewards to the members given (the job passes those with wallet
 * movements of late): each member in a transaction of their own, so one refusal (a budget used up)
 * stops nobody else. Running it twice pays nothing more: the grants' unique keys.
 */
export async function issueAutomaticRewards(
  db: Db,
  merchant: Merchant,
  memberRows: readonly MemberRow[],
  now: Date,
): Promise<number> {
  const rows = (await store.visiblePromotions(db, merchant.id, now)).filter(
    (row) => row.claimMode === 'auto' && row.state === 'active',
  );
  if (rows.length === 0) return 0;
  let paid = 0;
  for (const member of memberRows) {
    try {
      paid += await db.transaction(async (tx) => {
        await lockMember(tx, member.merchantId, member.id);
        const view: MemberView = await viewOf(tx, merchant, member, now, rows);
        let count = 0;
        for (const row of rows) {
          const evaluation = await evaluate(tx, row, view);
          if (evaluation.ineligibleKey || evaluation.status === 'join') continue;
          let left = await grantsLeft(tx, row, member.id);
          for (const unit of evaluation.units) {
            if (left <= 0) break;
            // A savepoint per grant: a budget used up refuses that grant and keeps the others.
            const paid = await tx
              .transaction((grantTx) => grantReward(grantTx, { promotion: row, member, unit, via: 'issued', now }))
              .catch((error: unknown) => {
                if (error instanceof DomainError && error.code === ERROR_CODES.promotionBudgetUsed) return false;
                throw error;
              });
            if (paid) {
              count += 1;
              left -= 1;
            }
          }
        }
        return count;
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return paid;
}

// ── the operator ───────────────────────────────────────────────────────────────────────────────

function toOperatorPromotion(row: PromotionRow): TOperatorPromotion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    rule: row.rule,
    claimMode: row.claimMode,
    period: row.period,
    requiresJoin: row.requiresJoin,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    claimDays: row.claimDays,
    eligibility: row.eligibility,
    perMemberLimit: row.perMemberLimit,
    budget: row.budget === null ? null : Number(row.budget),
    turnoverPercent: row.turnoverPercent,
    turnoverBase: row.turnoverBase,
    contributions: row.contributions,
    sortOrder: row.sortOrder,
    state: row.state,
    spent: Number(row.spent),
    grantCount: row.grantCount,
  };
}

/** The coherence zod cannot see: an end after the start, a first-deposit bonus once per member. */
function assertCoherent(input: Pick<TPromotionInput, 'startsAt' | 'endsAt' | 'rule' | 'period'>): void {
  if (input.endsAt !== null && new Date(input.endsAt) <= new Date(input.startsAt))
    throw new DomainError(ERROR_CODES.validation, 'The end must come after the start', {
      fields: [{ field: 'endsAt', i18nKey: 'in_request_invalid', message: 'The end must come after the start' }],
    });
  if (input.rule.type === 'first_deposit' && input.period !== 'once')
    throw new DomainError(ERROR_CODES.validation, 'A first-deposit bonus is paid once: its period is "once"', {
      fields: [{ field: 'period', i18nKey: 'in_request_invalid', message: 'A first-deposit bonus is paid once' }],
    });
}

function rowOfInput(input: Partial<TPromotionInput>): Partial<PromotionRow> {
  const { startsAt, endsAt, budget, ...rest } = input;
  const row: Partial<PromotionRow> = { ...rest };
  if (startsAt !== undefined) row.startsAt = new Date(startsAt);
  if (endsAt !== undefined) row.endsAt = endsAt === null ? null : new Date(endsAt);
  if (budget !== undefined) row.budget = budget === null ? null : BigInt(budget);
  return row;
}

export async function operatorPromotions(q: Queryable, merchantCode: string): Promise<TOperatorPromotion[]> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return (await store.allPromotions(q, merchant.id)).map(toOperatorPromotion);
}

export async function createPromotion(
  db: Db,
  request: { merchantCode: string; input: TPromotionInput; actor: string; code?: string },
): Promise<TOperatorPromotion> {
  assertCoherent(request.input);
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const input = request.input;
    const row = await store.insertPromotion(tx, {
      ...input,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
      budget: input.budget === null ? null : BigInt(input.budget),
      merchantId: merchant.id,
      code: request.code ?? null,
    });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'promotions.create',
      merchantId: merchant.id,
      details: { id: row.id, ...request.input },
    });
    return toOperatorPromotion(row);
  });
}

export async function updatePromotion(
  db: Db,
  request: { merchantCode: string; id: number; changes: TPromotionUpdate; actor: string },
): Promise<TOperatorPromotion> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const found = await store.lockPromotion(tx, merchant.id, request.id);
    if (!found) throw new NotFoundError(`No promotion ${request.id}`);
    const current = toOperatorPromotion(found);
    const next = { ...current, ...request.changes };
    assertCoherent(next);
    if (next.budget !== null && BigInt(next.budget) < found.spent)
      throw new DomainError(ERROR_CODES.validation, 'The budget cannot go below what is already paid', {
        fields: [{ field: 'budget', i18nKey: 'in_request_invalid', message: 'Below what is already paid' }],
      });
    const row = await store.updatePromotion(tx, found.id, rowOfInput(request.changes));
    await recordAudit(tx, {
      actor: request.actor,
      action: 'promotions.update',
      merchantId: merchant.id,
      details: { id: found.id, ...request.changes },
    });
    return toOperatorPromotion(row);
  });
}

export async function closePromotion(
  db: Db,
  request: { merchantCode: string; id: number; actor: string; now: Date },
): Promise<TOperatorPromotion> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const found = await store.lockPromotion(tx, merchant.id, request.id);
    if (!found) throw new NotFoundError(`No promotion ${request.id}`);
    const row = await store.updatePromotion(tx, found.id, {
      state: 'closed',
      endsAt: found.endsAt && found.endsAt < request.now ? found.endsAt : request.now,
    });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'promotions.close',
      merchantId: merchant.id,
      details: { id: found.id },
    });
    return toOperatorPromotion(row);
  });
}

/** What each promotion cost: granted, claimed, wagered toward its grants' requirements, and waived (expired). */
export async function promotionReport(q: Queryable, merchantCode: string): Promise<TPromotionReport> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const totals = await store.grantTotals(q, merchant.id);
  const list = [];
  for (const row of await store.allPromotions(q, merchant.id)) {
    const total = totals.get(row.id) ?? { granted: 0n, grants: 0, claimed: 0n };
    const figures = await bonusTurnoverFigures(q, merchant.id, grantReferencePrefix(row.id));
    list.push({
      id: row.id,
      title: row.title.EN,
      type: row.rule.type,
      state: row.state,
      budget: row.budget === null ? null : Number(row.budget),
      granted: Number(total.granted),
      grants: total.grants,
      claimed: Number(total.claimed),
      wagered: Number(figures.done),
      expired: Number(figures.waived),
    });
  }
  return { list };
}

export async function operatorApplications(
  q: Queryable,
  merchantCode: string,
  status: ApplicationStatus | undefined,
): Promise<TOperatorApplication[]> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const rows = await store.applicationsOfMerchant(q, merchant.id, status);
  const usernames = await usernamesOf(q, merchant.id, [...new Set(rows.map((row) => row.memberId))]);
  const images = await store.imagesOfApplications(
    q,
    rows.map((row) => row.id),
  );
  const titles = new Map<number, string>();
  for (const id of new Set(rows.map((row) => row.promotionId)))
    titles.set(id, (await store.promotionById(q, merchant.id, id))?.title.EN ?? '');
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    comment: row.comment,
    imageCount: images.get(row.id)?.length ?? 0,
    imageIds: images.get(row.id) ?? [],
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    promotionId: row.promotionId,
    promotionTitle: titles.get(row.promotionId) ?? '',
    username: usernames.get(row.memberId) ?? '',
    amount: row.amount === null ? null : Number(row.amount),
  }));
}

/**
 * The operator's decision: approving pays the reward (the rule's amount, or the one the operator
 * gives) through grantReward; either way the member reads it in the inbox, and the audit log has
 * it, all in one transaction.
 */
export async function decideApplication(
  db: Db,
  request: { merchantCode: string; id: number; decision: TApplicationDecision; actor: string; now: Date },
): Promise<TOperatorApplication> {
  const merchantCode = request.merchantCode;
  await db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const application = await store.lockApplication(tx, merchant.id, request.id);
    if (!application) throw new NotFoundError(`No application ${request.id}`);
    if (application.status !== 'applying')
      throw new DomainError(ERROR_CODES.applicationDecided, 'This application is already decided');
    const promotion = (await store.promotionById(tx, merchant.id, application.promotionId))!;
    const title = promotion.title;
    if (request.decision.decision === 'reject') {
      await store.decideApplication(tx, application.id, {
        status: 'rejected',
        reason: request.decision.reason,
        amount: null,
        decidedBy: request.actor,
        decidedAt: request.now,
      });
      await notifyMember(tx, {
        merchantId: merchant.id,
        memberId: application.memberId,
        kind: 'promotion.rejected',
        payload: { title, reason: request.decision.reason },
      });
    } else {
      await lockMember(tx, merchant.id, application.memberId);
      const member = { id: application.memberId, merchantId: merchant.id };
      let amount = request.decision.amount === undefined ? null : BigInt(request.decision.amount);
      let deposit = 0n;
      if (amount === null) {
        const memberRow = (await memberById(tx, merchant.id, application.memberId))!;
        const view = await memberView(tx, memberRow, merchant.timeZone, request.now, [promotion.id]);
        const evaluation = await evaluate(tx, promotion, view);
        const unit = evaluation.units.find((each) => each.unit === application.unit) ?? evaluation.units[0];
        amount = unit?.amount ?? 0n;
        deposit = unit?.deposit ?? 0n;
      }
      if (amount <= 0n)
        throw new DomainError(ERROR_CODES.promotionNothingToClaim, 'The rule gives nothing: give the amount to pay', {
          fields: [{ field: 'amount', i18nKey: 'in_request_invalid', message: 'Give the amount' }],
        });
      const paid = await grantReward(tx, {
        promotion,
        member,
        unit: { unit: application.unit, amount, deposit, streak: 0 },
        via: 'approved',
        now: request.now,
      });
      if (!paid) throw new DomainError(ERROR_CODES.promotionAlreadyClaimed, 'This reward was already paid');
      await store.decideApplication(tx, application.id, {
        status: 'approved',
        reason: null,
        amount,
        decidedBy: request.actor,
        decidedAt: request.now,
      });
      await notifyMember(tx, {
        merchantId: merchant.id,
        memberId: application.memberId,
        kind: 'promotion.approved',
        payload: { title, amount: Number(amount) },
      });
    }
    await recordAudit(tx, {
      actor: request.actor,
      action: `promotions.application.${request.decision.decision}`,
      merchantId: merchant.id,
      details: { applicationId: application.id, promotionId: promotion.id, ...request.decision },
    });
  });
  const list = await operatorApplications(db, merchantCode, undefined);
  return list.find((item) => item.id === request.id)!;
}

export async function operatorApplicationImage(
  q: Queryable,
  storage: FileStorage,
  merchantCode: string,
  publicId: string,
): Promise<{ bytes: Buffer; contentType: UploadImageType }> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const image = await store.attachedImage(q, merchant.id, publicId);
  if (!image) throw new NotFoundError('No such image');
  const bytes = await storage.get(image.storageKey);
  if (!bytes) throw new NotFoundError('No such image');
  return { bytes, contentType: image.contentType };
}

/**
 * The automatic promotions' job: for each merchant with one, the members whose wallet moved in the
 * look-back window (deposits, bets, wins) are evaluated and paid what is due. Idempotent.
 */
export async function runAutomaticPromotions(db: Db, now: Date): Promise<number> {
  const { lookBackHours, membersPerRun } = AUTO_LIMITS;
  let paid = 0;
  for (const merchantId of await store.merchantsWithAutomaticPromotions(db)) {
    const merchant = await requireMerchantById(db, merchantId);
    const ids = await membersMovedSince(
      db,
      merchantId,
      ['deposit', 'bet', 'win', 'bet_refund'],
      new Date(now.getTime() - lookBackHours * 3_600_000),
      membersPerRun,
    );
    const rows: MemberRow[] = [];
    for (const id of ids) {
      const row = await memberById(db, merchantId, id);
      if (row && !row.disabled) rows.push(row);
    }
    paid += await issueAutomaticRewards(db, merchant, rows, now);
  }
  return paid;
}

const AUTO_LIMITS = { lookBackHours: 48, membersPerRun: 5000 };
