/**
 * Traditional games (prize mode Lott): their draws follow the official schedule — local times on
 * some weekdays in the official draw's time zone — and their results come from the official draw
 * through a result source (an operator's entry confirmed by a second operator, or an HTTP feed),
 * never from our RNG. The electronic games keep their interval arithmetic (schedule.ts).
 *
 * A traditional draw's numero is its local date and the draw's place among the day's times:
 * Swertres' 5 PM draw on 26 November 2026 is 20261126-0002. Its sale opens when the draw before it
 * has its result (a game never sells two draws at once) and locks `lockSeconds` before its time —
 * or, for a draw time listed in the schedule's `lockSecondsAt`, that many seconds before it
 * (Swertres: PCSO closes sales at 1:45 PM, 4:45 PM and 8:00 PM for the 2, 5 and 9 PM draws).
 */
import type { DrawSlot } from './schedule';
import { FAMILY_INFO, FAMILY_TIERS, isFamilyResult, type TraditionalFamily } from './families';

export interface LotterySchedule {
  /** IANA time zone of the official draw (Asia/Ho_Chi_Minh, Asia/Manila). */
  timeZone: string;
  /** Local draw times, HH:MM, 24-hour. */
  times: string[];
  /** Days of the week it draws, 0 = Sunday … 6 = Saturday; empty = every day. */
  weekdays: number[];
  /** Draw times (HH:MM, of `times`) whose sales close another number of seconds before than the game's lock. */
  lockSecondsAt?: Record<string, number>;
}

/** Where a draw's result comes from: our RNG, operators' entries, or the official feed. */
export const RESULT_SOURCES = ['rng', 'operator', 'feed'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/**
 * Why a draw is abnormal (sales stopped until an operator voids it or enters its result):
 * late — no result within the grace period after its draw time; missing — the source says the
 * official draw has no result (not held); disputed — a confirmation (or the feed) disagreed with the
 * result entered first.
 */
export const ABNORMAL_REASONS = ['late', 'missing', 'disputed'] as const;
export type AbnormalReason = (typeof ABNORMAL_REASONS)[number];

/** Draws a game's operator draw list shows at most; the longest reason a void may give. */
export const OPERATOR_DRAWS_LIMIT = 200;
export const VOID_REASON_MAX = 200;
/** How long a traditional draw may wait for its result after its draw time before it is late, at most (a day). */
export const RESULT_GRACE_MINUTES_MAX = 1440;
export const FEED_URL_MAX = 500;

/** What is wrong with a result feed's address, or null: an absolute http(s) URL without a fragment. */
export function feedUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not an absolute URL (like https://results.example.com/pcso)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `only http and https feeds are read, not ${url.protocol.replace(':', '')}`;
  if (url.hash) return 'a feed address has no #fragment';
  if (text.length > FEED_URL_MAX) return `at most ${FEED_URL_MAX} characters`;
  return null;
}

const SECRET_PARAMETER = /token|key|secret|pass|auth|sig|credential/i;

/**
 * A feed's address as it may be shown (answers, the monitor, the audit log, a draw's verification):
 * a user name and password in it, and the values of query parameters named like secrets (token,
 * key, signature…), become ***. The whole address is only ever used to call the feed.
 */
export function redactFeedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '***';
  }
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  for (const name of [...url.searchParams.keys()]) if (SECRET_PARAMETER.test(name)) url.searchParams.set(name, '***');
  return url.toString().replaceAll('%2A%2A%2A', '***');
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 24 * 3600 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time in a zone at an instant, as if it were UTC (ms). */
function wallClock(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The instant a local wall-clock time (given as if UTC) happens in the zone (the earlier one in a DST overlap). */
function instantOf(timeZone: string, wall: number): number {
  const first = wall - (wallClock(timeZone, wall) - wall);
  const offset = wallClock(timeZone, first) - first;
  return wall - offset;
}

/** What is wrong with a schedule, or null: a known time zone, unique HH:MM times, weekdays 0–6. */
export function scheduleProblem(schedule: LotterySchedule): string | null {
  try {
    formatterOf(schedule.timeZone);
  } catch {
    return `unknown time zone ${schedule.timeZone}`;
  }
  if (schedule.times.length === 0 || !schedule.times.every((time) => TIME_PATTERN.test(time)))
    return 'times must be HH:MM, at least one';
  if (new Set(schedule.times).size !== schedule.times.length) return 'times must differ';
  if (!schedule.weekdays.every((day) => Number.isInteger(day) && day >= 0 && day <= 6))
    return 'weekdays are 0 (Sunday) to 6 (Saturday)';
  for (const [time, seconds] of Object.entries(schedule.lockSecondsAt ?? {})) {
    if (!schedule.times.includes(time)) return `lockSecondsAt names ${time}, which is not one of the times`;
    if (!Number.isInteger(seconds) || seconds < 0 || seconds >= DAY_MS / 1000)
      return `lockSecondsAt of ${time} must be whole seconds under a day`;
  }
  return null;
}

const sortedTimes = (schedule: LotterySchedule) => [...schedule.times].sort();
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Every draw time of the local day that starts at `dayWall` (UTC-as-local midnight), in order. */
function drawsOfDay(schedule: LotterySchedule, dayWall: number): number[] {
  const weekday = new Date(dayWall).getUTCDay();
  if (schedule.weekdays.length > 0 && !schedule.weekdays.includes(weekday)) return [];
  return sortedTimes(schedule).map((time) => instantOf(schedule.timeZone, dayWall + minutesOf(time) * 60_000));
}

/** The zone a game's draw times are read in: its official draw's, or the merchant's day for an electronic game (Manila, UTC+8). */
export function drawTimeZone(schedule: LotterySchedule | null): string {
  return schedule?.timeZone ?? 'Asia/Manila';
}

/** An instant as an operator reads it in a zone: "2026-11-26 21:00 Asia/Manila". */
export function formatLocalTime(timeZone: string, at: number): string {
  return `${new Date(wallClock(timeZone, at)).toISOString().slice(0, 16).replace('T', ' ')} ${timeZone}`;
}

/** The first scheduled draw time strictly after `after` (ms). A schedule draws at least once a week. */
export function scheduledDrawAfter(schedule: LotterySchedule, after: number): number {
  const today = Math.floor(wallClock(schedule.timeZone, after) / DAY_MS) * DAY_MS;
  for (let day = 0; day <= 8; day += 1) {
    const next = drawsOfDay(schedule, today + day * DAY_MS).find((drawsAt) => drawsAt > after);
    if (next !== undefined) return next;
  }
  throw new Error('the schedule has no draw in the next eight days');
}

/** The last scheduled draw time at or before `atOrBefore` (ms). */
export function scheduledDrawBefore(schedule: LotterySchedule, atOrBefore: number): number {
  const today = Math.floor(wallClock(schedule.timeZone, atOrBefore) / DAY_MS) * DAY_MS;
  for (let day = 0; day <= 8; day += 1) {
    const previous = drawsOfDay(schedule, today - day * DAY_MS)
      .filter((drawsAt) => drawsAt <= atOrBefore)
      .at(-1);
    if (previous !== undefined) return previous;
  }
  throw new Error('the schedule has no draw in the last eight days');
}

/** The numero of a scheduled draw: its local date and its place among the day's times (1-based). */
export function scheduledNumero(schedule: LotterySchedule, drawsAt: number): string {
  const wall = wallClock(schedule.timeZone, drawsAt);
  const date = new Date(wall);
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  const place = sortedTimes(schedule).indexOf(time) + 1;
  const label = `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
  return `${label}-${String(place).padStart(4, '0')}`;
}

/** How many seconds before a scheduled draw its sales close: its time's own cut-off, else the game's lock. */
export function lockSecondsOf(schedule: LotterySchedule, lockSeconds: number, drawsAt: number): number {
  const wall = new Date(wallClock(schedule.timeZone, drawsAt));
  const time = `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
  return schedule.lockSecondsAt?.[time] ?? lockSeconds;
}

/**
 * The next draw a traditional game opens after a draw at `previousDrawsAt` (or, for its first, after
 * now): the first scheduled draw whose lock is still ahead at `now`, so an official draw that passed
 * while the game waited for a result is never sold. Its sale opens at `now`.
 */
export function nextScheduledSlot(
  schedule: LotterySchedule,
  lockSeconds: number,
  previousDrawsAt: number | null,
  now: number,
): DrawSlot {
  let after = Math.max(previousDrawsAt ?? now, now);
  // A lock is under a day (scheduleProblem), so a week of draws always holds one whose lock is ahead.
  for (;;) {
    const drawsAt = scheduledDrawAfter(schedule, after);
    const locksAt = drawsAt - lockSecondsOf(schedule, lockSeconds, drawsAt) * 1000;
    if (locksAt > now) return { numero: scheduledNumero(schedule, drawsAt), opensAt: now, locksAt, drawsAt };
    after = drawsAt;
  }
}

export type OfficialResultParse = { result: number[]; problem: null } | { result: null; problem: string };

const fail = (problem: string): OfficialResultParse => ({ result: null, problem });

/**
 * An official result as an operator types it or a feed sends it, checked strictly for the family:
 * - a Vietnamese draw: its tiers in order (ĐB first) separated by '~', each tier's numbers by ',',
 *   each number written with exactly the tier's digits (leading zeros kept: G7 "07");
 * - Swertres: three digits, "4,0,7" or "407";
 * - 6/42: six different numbers 1–42 separated by ',' (or '-' as PCSO prints them).
 * Spaces are ignored. The problem says what is wrong, for the operator.
 */
export function parseOfficialResult(family: TraditionalFamily, text: string): OfficialResultParse {
  const compact = text.replace(/\s+/g, '');
  const tiers = FAMILY_TIERS[family];
  if (tiers) {
    const parts = compact.split('~');
    if (parts.length !== tiers.length)
      return fail(
        `${tiers.length} prize tiers separated by ~ (${tiers.map(([name]) => name).join(', ')}), got ${parts.length}`,
      );
    const result: number[] = [];
    for (const [index, [name, count, digits]] of tiers.entries()) {
      const numbers = parts[index]!.split(',');
      if (numbers.length !== count)
        return fail(`tier ${name} has ${count} number${count > 1 ? 's' : ''}, got ${numbers.length}`);
      const wrong = numbers.find((number) => !new RegExp(`^\\d{${digits}}$`).test(number));
      if (wrong !== undefined) return fail(`tier ${name}: every number has exactly ${digits} digits, got "${wrong}"`);
      result.push(...numbers.map(Number));
    }
    return { result, problem: null };
  }
  const pieces =
    family === 'P3D' && /^\d{3}$/.test(compact) ? [...compact] : compact.split(family === 'P642' ? /[,-]/ : ',');
  const info = FAMILY_INFO[family];
  if (pieces.length !== info.length || !pieces.every((piece) => /^\d{1,2}$/.test(piece))) {
    return fail(
      family === 'P3D'
        ? 'three digits 0–9, like 407 or 4,0,7'
        : 'six numbers 1–42 separated by commas, like 4,12,19,27,33,41',
    );
  }
  const result = pieces.map(Number);
  if (!isFamilyResult(family, result))
    return fail(family === 'P3D' ? 'each digit is 0–9' : 'six different numbers, each 1–42');
  return { result, problem: null };
}

/** Two results are the same draw's (6/42 numbers in any order; every other family in order). */
export function sameOfficialResult(family: TraditionalFamily, a: readonly number[], b: readonly number[]): boolean {
  const left = family === 'P642' ? [...a].sort((x, y) => x - y) : a;
  const right = family === 'P642' ? [...b].sort((x, y) => x - y) : b;
  return left.length === right.length && left.every((value, index) => value === right[index]);
}
