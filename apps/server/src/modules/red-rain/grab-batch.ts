import { ERROR_CODES, type TRedRainGrab } from '@palaro/contract';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { memberCashAccountIds, postBulk, systemAccount, type EntryDraft } from '../wallet/ledger';
import { addTurnoverRequirements } from '../wallet/turnover';
import * as store from './store';

/** One member's grab waiting for its batch. */
export interface GrabAsk {
  merchantId: number;
  memberId: number;
  eventId: number;
  grabsPerMember: number;
  turnoverPercent: number;
  now: Date;
  resolve: (grab: TRedRainGrab) => void;
  reject: (error: unknown) => void;
}

/** At most this many grabs share a batch (its statements carry their ids as arrays). */
export const MAX_GRAB_BATCH = 500;

export const envelopeReference = (envelopeId: number) => `RR${envelopeId}`;

/**
 * The grabs of one process, taken in batches: the grabs waiting when a batch starts (at most one
 * per member and event, the member's next waiting for the next batch) are done together in one
 * transaction of a handful of statements, however many: the members' counts raised where below the
 * event's limit (their rows locked in member order), one free envelope each taken (SKIP LOCKED: a
 * batch of another replica takes others), the counts of those left without one undone, their
 * catches added, one 'bonus' entry per envelope from the promotions account (postBulk; reference
 * RR<envelope>, unique in the journal) and their turnover requirements. One batch runs at a time;
 * the grabs that arrive meanwhile form the next, so under load batches grow by themselves and a
 * lone grab runs at once. All or nothing: a batch that fails fails each of its grabs.
 */
export class GrabBatcher {
  private waiting: GrabAsk[] = [];
  private running = false;
  /** Grabs and batches, for benches and tests. */
  readonly stats = { grabs: 0, batches: 0 };

  constructor(private readonly db: Db) {}

  grab(ask: Omit<GrabAsk, 'resolve' | 'reject'>): Promise<TRedRainGrab> {
    return new Promise<TRedRainGrab>((resolve, reject) => {
      this.waiting.push({ ...ask, resolve, reject });
      this.startNext();
    });
  }

  private startNext(): void {
    if (this.running || this.waiting.length === 0) return;
    const batch: GrabAsk[] = [];
    const rest: GrabAsk[] = [];
    const seen = new Set<string>();
    for (const ask of this.waiting) {
      const key = `${ask.eventId}:${ask.memberId}`;
      if (batch.length < MAX_GRAB_BATCH && !seen.has(key)) {
        seen.add(key);
        batch.push(ask);
      } else rest.push(ask);
    }
    this.waiting = rest;
    this.running = true;
    this.stats.batches += 1;
    this.stats.grabs += batch.length;
    void this.run(batch).finally(() => {
      this.running = false;
      this.startNext();
    });
  }

  private async run(batch: GrabAsk[]): Promise<void> {
    const outcomes = new Map<GrabAsk, { ok: true; grab: TRedRainGrab } | { ok: false; error: unknown }>();
    try {
      await this.db.transaction(async (tx) => {
        outcomes.clear();
        const byEvent = new Map<number, GrabAsk[]>();
        for (const ask of batch) byEvent.set(ask.eventId, [...(byEvent.get(ask.eventId) ?? []), ask]);
        const drafts: EntryDraft[] = [];
        const requirements: Parameters<typeof addTurnoverRequirements>[1][number][] = [];
        for (const [eventId, asks] of byEvent) {
          const { merchantId, grabsPerMember, now, turnoverPercent } = asks[0]!;
          const counted = await store.countGrabs(
            tx,
            eventId,
            asks.map((ask) => ask.memberId),
            grabsPerMember,
          );
          const allowed = asks.filter((ask) => counted.has(ask.memberId));
          for (const ask of asks)
            if (!counted.has(ask.memberId))
              outcomes.set(ask, {
                ok: false,
                error: new DomainError(ERROR_CODES.redRainLimit, `At most ${grabsPerMember} envelopes each`, {
                  limit: grabsPerMember,
                }),
              });
          if (allowed.length === 0) continue;
          const taken = await store.takeEnvelopes(
            tx,
            eventId,
            allowed.map((ask) => ask.memberId),
            now,
          );
          const unlucky = allowed.filter((ask) => !taken.has(ask.memberId));
          if (unlucky.length > 0) {
            await store.uncountGrabs(
              tx,
              eventId,
              unlucky.map((ask) => ask.memberId),
            );
            for (const ask of unlucky)
              outcomes.set(ask, {
                ok: false,
                error: new DomainError(ERROR_CODES.redRainSoldOut, 'Every envelope is taken'),
              });
          }
          if (taken.size === 0) continue;
          const caught = await store.addCatches(tx, eventId, taken);
          const wallets = await memberCashAccountIds(tx, merchantId, [...taken.keys()]);
          const promotions = await systemAccount(tx, merchantId, 'promotions');
          for (const ask of allowed) {
            const envelope = taken.get(ask.memberId);
            if (!envelope) continue;
            const reference = envelopeReference(envelope.id);
            drafts.push({
              merchantId,
              kind: 'bonus',
              reference,
              memo: `Red-envelope rain ${eventId}`,
              lines: [
                { accountId: wallets.get(ask.memberId)!, amount: envelope.amount },
                { accountId: promotions.id, amount: -envelope.amount },
              ],
            });
            requirements.push({
              merchantId,
              memberId: ask.memberId,
              source: 'bonus',
              reference,
              baseAmount: envelope.amount,
              percent: turnoverPercent,
            });
            const grabs = counted.get(ask.memberId)!;
            outcomes.set(ask, {
              ok: true,
              grab: {
                envelopeId: envelope.id,
                amount: Number(envelope.amount),
                grabs,
                grabsLeft: grabsPerMember - grabs,
                caught: Number(caught.get(ask.memberId) ?? envelope.amount),
              },
            });
          }
        }
        await postBulk(tx, drafts);
        await addTurnoverRequirements(tx, requirements);
      });
    } catch (error) {
      for (const ask of batch) ask.reject(error);
      return;
    }
    for (const ask of batch) {
      const outcome = outcomes.get(ask)!;
      if (outcome.ok) ask.resolve(outcome.grab);
      else ask.reject(outcome.error);
    }
  }
}
