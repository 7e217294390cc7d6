import type { LeaderboardStatus } from '@palaro/contract';
import { addDays, startOfLocalDay } from '../../platform/time-zone';

export interface Score {
  memberId: number;
  score: bigint;
}

export interface Ranked extends Score {
  /** Competition ranking: a tie shares its rank and the next rank skips (1, 2, 2, 4). */
  rank: number;
  /** Minor units this member is paid at the end. */
  prize: bigint;
}

/**
 * Ranks the members who scored (score > 0), highest first, and shares out the prizes: members
 * tied on a score share the prizes of the places they occupy together, evenly, the centavos that
 * do not divide going one each to the tied members first by member id (the earlier account). The
 * total paid is never more than the sum of the prizes, and exactly it when enough members scored.
 */
export function rankScores(scores: readonly Score[], prizes: readonly bigint[]): Ranked[] {
  const sorted = scores
    .filter((entry) => entry.score > 0n)
    .toSorted((a, b) => (a.score === b.score ? a.memberId - b.memberId : a.score > b.score ? -1 : 1));
  const ranked: Ranked[] = [];
  let position = 0;
  while (position < sorted.length) {
    let end = position;
    while (end + 1 < sorted.length && sorted[end + 1]!.score === sorted[position]!.score) end += 1;
    const tied = sorted.slice(position, end + 1);
    const pool = prizes.slice(position, end + 1).reduce((sum, prize) => sum + prize, 0n);
    const share = pool / BigInt(tied.length);
    const extra = Number(pool % BigInt(tied.length));
    tied.forEach((entry, index) =>
      ranked.push({ ...entry, rank: position + 1, prize: share + (index < extra ? 1n : 0n) }),
    );
    position = end + 1;
  }
  return ranked;
}

/** The instants of a period of local days, inclusive, in the merchant's zone: [first midnight, midnight after the last). */
export function periodBounds(fromDay: string, toDay: string, timeZone: string): { startsAt: Date; endsAt: Date } {
  return { startsAt: startOfLocalDay(fromDay, timeZone), endsAt: startOfLocalDay(addDays(toDay, 1), timeZone) };
}

/** Why a period cannot be set up so, or null. */
export function periodProblem(
  period: { fromDay: string; toDay: string; prizes: readonly number[] },
  limits: { maxDays: number; maxPrizeRanks: number },
  timeZone: string,
): string | null {
  const { startsAt, endsAt } = periodBounds(period.fromDay, period.toDay, timeZone);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return 'the days are not calendar days';
  if (period.toDay < period.fromDay) return 'the period ends before it starts';
  const days = Math.round((endsAt.getTime() - startsAt.getTime()) / 86_400_000);
  if (days > limits.maxDays) return `a period lasts at most ${limits.maxDays} days`;
  if (period.prizes.length > limits.maxPrizeRanks) return `at most ${limits.maxPrizeRanks} prize ranks`;
  for (let i = 1; i < period.prizes.length; i += 1)
    if (period.prizes[i]! > period.prizes[i - 1]!) return 'a lower rank cannot pay more than the one above it';
  return null;
}

/** What the member sees of a period's state at `now`. */
export function periodStatus(
  period: { state: 'scheduled' | 'paid' | 'cancelled'; startsAt: Date; endsAt: Date },
  now: Date,
): LeaderboardStatus {
  if (period.state === 'paid') return 'paid';
  if (period.state === 'cancelled') return 'cancelled';
  if (now < period.startsAt) return 'upcoming';
  return now < period.endsAt ? 'live' : 'settling';
}

/** Masks a member's name for a public ranking: the referrals module's invitee masking. */
export { maskedName } from '../referrals/rules';
