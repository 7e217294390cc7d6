import { randomInt } from 'node:crypto';
import {
  ERROR_CODES,
  splitBudget,
  splitProblem,
  type RedRainStatus,
  type TOperatorRedRainCreate,
  type TOperatorRedRainEvent,
  type TRedRainEvent,
  type TRedRainGrab,
  type TRedRainPage,
  type TRedRainResult,
} from '@palaro/contract';
import type { Database, Db, Queryable } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { usernamesOf } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { memberBetFigures } from '../leaderboards/service';
import { maskedName } from '../referrals/rules';
import { settingsOf } from '../settings/service';
import { requireMerchantByCode } from '../site/service';
import { GrabBatcher } from './grab-batch';
import type { RedRainEventRow } from './schema';
import { redRainSettings } from './settings';
import * as store from './store';

export function eventStatus(event: Pick<RedRainEventRow, 'state' | 'startsAt' | 'endsAt'>, now: Date): RedRainStatus {
  if (event.state === 'cancelled') return 'cancelled';
  if (now < event.startsAt) return 'upcoming';
  return now < event.endsAt ? 'live' : 'ended';
}

/**
 * Writes an event's envelopes once it has started: the budget split (rules in the contract,
 * crypto.randomInt), one row each, under the event's row lock, so however many replicas, jobs and
 * first grabs ask at once, it is split once. Answers whether this call split it.
 */
export async function splitIfStarted(db: Db, eventId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const event = await store.lockEvent(tx, eventId);
    if (!event || event.splitAt || event.state !== 'scheduled' || now < event.startsAt) return false;
    const amounts = splitBudget(
      Number(event.budget),
      event.envelopeCount,
      { min: Number(event.minAmount), max: Number(event.maxAmount) },
      (n) => (n <= 1 ? 0 : randomInt(n)),
    );
    await store.insertEnvelopes(tx, event.id, amounts, now);
    return true;
  });
}

/** The start job: splits every event that has started and is not split yet. */
export async function splitStartedEvents(db: Db, now: Date): Promise<number> {
  let split = 0;
  for (const id of await store.eventsToSplit(db, now)) if (await splitIfStarted(db, id, now)) split += 1;
  return split;
}

/** What the member did towards qualifying: deposits or valid turnover since the event's `qualifyFrom`. */
async function progressOf(q: Queryable, event: RedRainEventRow, memberId: number): Promise<bigint> {
  if (event.qualification === 'deposit')
    return store.memberDepositsSince(q, event.merchantId, memberId, event.qualifyFrom);
  if (event.qualification === 'turnover')
    return (await memberBetFigures(q, event.merchantId, memberId, { from: event.qualifyFrom, to: event.endsAt }))
      .turnover;
  return 0n;
}

const qualifies = (event: RedRainEventRow, progress: bigint) =>
  event.qualification === 'none' || progress >= event.qualifyAmount;

function eventView(
  event: RedRainEventRow,
  now: Date,
  free: number | undefined,
  me: TRedRainEvent['me'],
): TRedRainEvent {
  return {
    id: event.id,
    title: { TY: event.titleTy, EN: event.titleEn },
    status: eventStatus(event, now),
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    budget: Number(event.budget),
    envelopeCount: event.envelopeCount,
    envelopesLeft: event.splitAt ? (free ?? 0) : event.envelopeCount,
    grabsPerMember: event.grabsPerMember,
    qualification: event.qualification,
    qualifyAmount: Number(event.qualifyAmount),
    qualifyFrom: event.qualifyFrom.toISOString(),
    me,
  };
}

async function memberEventViews(q: Queryable, events: RedRainEventRow[], memberId: number, now: Date) {
  const ids = events.map((event) => event.id);
  const free = await store.freeEnvelopes(q, ids);
  const takers = await store.takersOf(q, memberId, ids);
  const views: TRedRainEvent[] = [];
  for (const event of events) {
    const progress = await progressOf(q, event, memberId);
    const taker = takers.get(event.id);
    views.push(
      eventView(event, now, free.get(event.id), {
        qualified: qualifies(event, progress),
        progress: Number(progress),
        grabs: taker?.grabs ?? 0,
        caught: Number(taker?.caught ?? 0n),
      }),
    );
  }
  return views;
}

/** The member's red-rain screen: live and upcoming events with their standing, and their history. */
export async function memberRedRain(
  db: Db,
  merchant: { id: number; currencySymbol: string },
  memberId: number,
  now: Date,
): Promise<TRedRainPage> {
  let events = await store.currentEvents(db, merchant.id, now);
  // An event that started and was not split yet by the job is split now, so its envelopes show.
  if (events.some((event) => !event.splitAt && eventStatus(event, now) === 'live')) {
    for (const event of events) if (!event.splitAt) await splitIfStarted(db, event.id, now);
    events = await store.currentEvents(db, merchant.id, now);
  }
  const settings = await settingsOf(db, merchant.id, redRainSettings);
  const history = await store.historyOf(db, merchant.id, memberId, settings.historyEvents);
  return {
    events: await memberEventViews(db, events, memberId, now),
    history: history.map((row) => ({
      eventId: row.eventId,
      title: { TY: row.titleTy, EN: row.titleEn },
      startsAt: row.startsAt.toISOString(),
      envelopes: row.grabs,
      caught: Number(row.caught),
    })),
    currencySymbol: merchant.currencySymbol,
    serverTime: now.toISOString(),
  };
}

/** An event's result sheet for the member: their envelopes and the best caught, names masked. */
export async function redRainResult(
  q: Queryable,
  merchant: { id: number; currencySymbol: string },
  memberId: number,
  eventId: number,
  now: Date,
): Promise<TRedRainResult> {
  const event = await store.eventById(q, merchant.id, eventId);
  if (!event) throw new DomainError(ERROR_CODES.redRainNotFound, 'No such red-envelope rain');
  const settings = await settingsOf(q, merchant.id, redRainSettings);
  const [view] = await memberEventViews(q, [event], memberId, now);
  const best = await store.bestEnvelopes(q, event.id, settings.bestShown);
  const names = await usernamesOf(
    q,
    merchant.id,
    best.map((row) => row.memberId!),
  );
  const mine = await store.envelopesOfMember(q, event.id, memberId);
  return {
    event: view!,
    mine: mine.map((row) => ({ amount: Number(row.amount), grabbedAt: row.grabbedAt!.toISOString() })),
    best: best.map((row) => ({ name: maskedName(names.get(row.memberId!) ?? ''), amount: Number(row.amount) })),
    currencySymbol: merchant.currencySymbol,
  };
}

/**
 * What the grabs of one process keep between requests: each event for a second (a cancellation
 * shows within it), the merchant's settings for a second, the members known to qualify (deposits
 * and bets in the window only add up, so a member who qualified stays qualified), the events known
 * to be sold out, and the one batcher the grabs share (grab-batch.ts: many grabs, one transaction).
 */
class GrabState {
  readonly batcher: GrabBatcher;
  private readonly events = new Map<number, { event: RedRainEventRow; until: number }>();
  readonly qualified = new Set<string>();
  readonly soldOut = new Set<number>();

  constructor(database: Pick<Database, 'db' | 'kind'>) {
    this.batcher = new GrabBatcher(database.db);
  }

  private readonly settings = new Map<number, { values: typeof redRainSettings.defaults; until: number }>();
  /** The merchant's rain settings, read at most once a second. */
  async settingsOf(db: Db, merchantId: number, now: Date): Promise<typeof redRainSettings.defaults> {
    const cached = this.settings.get(merchantId);
    if (cached && cached.until > now.getTime()) return cached.values;
    const values = await settingsOf(db, merchantId, redRainSettings);
    this.settings.set(merchantId, { values, until: now.getTime() + 1000 });
    return values;
  }

  async event(db: Db, merchantId: number, eventId: number, now: Date): Promise<RedRainEventRow | undefined> {
    const cached = this.events.get(eventId);
    if (cached && cached.until > now.getTime() && cached.event.merchantId === merchantId) return cached.event;
    const event = await store.eventById(db, merchantId, eventId);
    if (event) this.events.set(eventId, { event, until: now.getTime() + 1000 });
    return event;
  }

  forget(eventId: number): void {
    this.events.delete(eventId);
  }
}

const grabStates = new WeakMap<Db, GrabState>();
function grabStateOf(database: Pick<Database, 'db' | 'kind'>): GrabState {
  let state = grabStates.get(database.db);
  if (!state) grabStates.set(database.db, (state = new GrabState(database)));
  return state;
}

/**
 * A grab: one free envelope of a live event, for a qualifying member under the event's limit,
 * credited to the member's wallet from the merchant's promotions account as a 'bonus' entry whose
 * reference is the envelope's (RR<id>, unique in the journal: an envelope is paid once whatever
 * happens), with the turnover it requires. The count, the envelope and the posting are done with
 * the other grabs waiting, in one batch (grab-batch.ts): all or nothing. The wallet's event stream
 * pushes the new balance to the header.
 */
export async function grabEnvelope(
  database: Pick<Database, 'db' | 'kind'>,
  member: MemberRow,
  eventId: number,
  now: Date,
): Promise<TRedRainGrab> {
  assertNotTrial(member);
  const { db } = database;
  const state = grabStateOf(database);
  let event = await state.event(db, member.merchantId, eventId, now);
  if (!event) throw new DomainError(ERROR_CODES.redRainNotFound, 'No such red-envelope rain');
  if (eventStatus(event, now) !== 'live')
    throw new DomainError(ERROR_CODES.redRainNotLive, 'The rain is not falling now');
  if (state.soldOut.has(event.id)) throw new DomainError(ERROR_CODES.redRainSoldOut, 'Every envelope is taken');
  if (!event.splitAt) {
    await splitIfStarted(db, event.id, now);
    state.forget(event.id);
    event = (await state.event(db, member.merchantId, eventId, now))!;
  }
  const qualifiedKey = `${event.id}:${member.id}`;
  if (!state.qualified.has(qualifiedKey)) {
    if (!qualifies(event, await progressOf(db, event, member.id)))
      throw new DomainError(ERROR_CODES.redRainNotQualified, 'Deposit or bet enough before the rain to take part', {
        qualification: event.qualification,
        amount: Number(event.qualifyAmount),
      });
    state.qualified.add(qualifiedKey);
  }
  const settings = await state.settingsOf(db, member.merchantId, now);
  try {
    return await state.batcher.grab({
      merchantId: member.merchantId,
      memberId: member.id,
      eventId: event.id,
      grabsPerMember: event.grabsPerMember,
      turnoverPercent: settings.turnoverPercent,
      now,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === ERROR_CODES.redRainSoldOut) state.soldOut.add(event.id);
    throw error;
  }
}

function invalid(message: string): DomainError {
  return new DomainError(ERROR_CODES.redRainInvalid, message);
}

async function operatorViews(q: Queryable, events: RedRainEventRow[], now: Date): Promise<TOperatorRedRainEvent[]> {
  const ids = events.map((event) => event.id);
  const free = await store.freeEnvelopes(q, ids);
  const paid = await store.paidOf(q, ids);
  return events.map((event) => {
    const { me: _me, ...view } = eventView(event, now, free.get(event.id), {
      qualified: false,
      progress: 0,
      grabs: 0,
      caught: 0,
    });
    return {
      ...view,
      minAmount: Number(event.minAmount),
      maxAmount: Number(event.maxAmount),
      paid: Number(paid.get(event.id)?.paid ?? 0n),
      takers: paid.get(event.id)?.takers ?? 0,
      splitAt: event.splitAt?.toISOString() ?? null,
      createdBy: event.createdBy,
    };
  });
}

/** The operator schedules a rain: validated against the merchant's limits and the split's bounds, audited. */
export async function createEvent(
  db: Db,
  request: { merchantCode: string; event: TOperatorRedRainCreate; actor: string; now: Date },
): Promise<TOperatorRedRainEvent> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const settings = await settingsOf(tx, merchant.id, redRainSettings);
    const { event } = request;
    const startsAt = new Date(event.startsAt);
    if (startsAt.getTime() < request.now.getTime() - 60_000) throw invalid('the rain starts in the past');
    if (BigInt(event.budget) > settings.maxBudget)
      throw invalid(`the budget is at most ${settings.maxBudget} minor units`);
    if (event.envelopeCount > settings.maxEnvelopes) throw invalid(`at most ${settings.maxEnvelopes} envelopes`);
    const min = event.minAmount ?? Number(settings.minEnvelope);
    const mean = event.budget / event.envelopeCount;
    const max =
      event.maxAmount ?? Math.min(event.budget, Math.max(min, Math.ceil(mean * settings.maxEnvelopeTimesMean)));
    const problem = splitProblem(event.budget, event.envelopeCount, { min, max });
    if (problem) throw invalid(problem);
    if (event.qualification !== 'none' && event.qualifyAmount <= 0) throw invalid('a qualification needs an amount');
    const qualifyHours = event.qualifyHours ?? settings.qualifyHours;
    const row = await store.insertEvent(tx, {
      merchantId: merchant.id,
      titleTy: event.title.TY,
      titleEn: event.title.EN,
      startsAt,
      endsAt: new Date(startsAt.getTime() + event.minutes * 60_000),
      budget: BigInt(event.budget),
      envelopeCount: event.envelopeCount,
      minAmount: BigInt(min),
      maxAmount: BigInt(max),
      grabsPerMember: event.grabsPerMember ?? settings.grabsPerMember,
      qualification: event.qualification,
      qualifyAmount: BigInt(event.qualification === 'none' ? 0 : event.qualifyAmount),
      qualifyFrom: new Date(startsAt.getTime() - qualifyHours * 3_600_000),
      createdBy: request.actor,
    });
    await recordAudit(tx, {
      actor: request.actor,
      action: 'redrain.create',
      merchantId: merchant.id,
      details: { eventId: row.id, ...event, minAmount: min, maxAmount: max },
    });
    return (await operatorViews(tx, [row], request.now))[0]!;
  });
}

/** Cancels a rain that has not ended: no more grabs; envelopes already taken stay paid. Audited. */
export async function cancelEvent(
  db: Db,
  request: { merchantCode: string; id: number; actor: string; now: Date },
): Promise<TOperatorRedRainEvent> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const found = await store.eventById(tx, merchant.id, request.id);
    if (!found) throw new NotFoundError(`No red-envelope rain ${request.id}`);
    const event = (await store.lockEvent(tx, found.id))!;
    const status = eventStatus(event, request.now);
    if (status === 'ended' || status === 'cancelled')
      throw new DomainError(ERROR_CODES.redRainClosed, `Rain ${request.id} is ${status}`);
    const cancelled = await store.setEventState(tx, event.id, 'cancelled');
    await recordAudit(tx, {
      actor: request.actor,
      action: 'redrain.cancel',
      merchantId: merchant.id,
      details: { eventId: event.id },
    });
    return (await operatorViews(tx, [cancelled], request.now))[0]!;
  });
}

export async function operatorEvents(q: Queryable, merchantCode: string, now: Date): Promise<TOperatorRedRainEvent[]> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return operatorViews(q, await store.merchantEvents(q, merchant.id), now);
}

export async function operatorEvent(
  q: Queryable,
  merchantCode: string,
  id: number,
  now: Date,
): Promise<TOperatorRedRainEvent> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const event = await store.eventById(q, merchant.id, id);
  if (!event) throw new NotFoundError(`No red-envelope rain ${id}`);
  return (await operatorViews(q, [event], now))[0]!;
}
