import { ERROR_CODES, fieldError } from '@palaro/contract';
import { DomainError } from './http/errors';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(
  instant: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Per time zone, the local day last asked for and the instants it starts and ends: every report
 * asks for today, and a wall clock costs a formatToParts (~10 µs) where a comparison will do.
 */
const currentDays = new Map<string, { day: string; start: number; end: number }>();

/** The calendar day (YYYY-MM-DD) an instant falls on in the time zone. */
export function localDay(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  const current = currentDays.get(timeZone);
  if (current && time >= current.start && time < current.end) return current.day;
  const { year, month, day } = wallClock(instant, timeZone);
  const found = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // Only a day whose bounds hold the instant is kept (a wall clock out of range has none).
  const start = startOfLocalDay(found, timeZone).getTime();
  const end = /^\d{4}-\d{2}-\d{2}$/.test(found) ? startOfLocalDay(addDays(found, 1), timeZone).getTime() : Number.NaN;
  if (time >= start && time < end) currentDays.set(timeZone, { day: found, start, end });
  return found;
}

/** Starts of local days already worked out, by time zone and day; emptied when it grows past its bound. */
const dayStarts = new Map<string, number>();
const MAX_KEPT_DAY_STARTS = 4096;

/** The instant a local day starts in the time zone (correct across daylight-saving changes). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = localTimeOfDay(day, 0, timeZone).getTime();
    if (dayStarts.size >= MAX_KEPT_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** The instant the wall clock of the time zone shows `minuteOfDay` (0 is midnight) on a local day. */
export function localTimeOfDay(day: string, minuteOfDay: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date) + minuteOfDay * 60_000;
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const clock = wallClock(new Date(guess), timeZone);
    const offset = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
}

export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface DayRange {
  from: string;
  to: string;
  /** The first instant of `from`. */
  start: Date;
  /** The first instant after `to`. */
  end: Date;
}

/**
 * A report's day range in the merchant's time zone, both ends included: by default the last
 * `defaultDays` days up to today. A range that ends before it starts, or spans more than
 * `maxDays`, is bad input.
 */
export function dayRange(
  query: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
  defaultDays: number,
  maxDays: number,
): DayRange {
  const to = query.to ?? localDay(now, timeZone);
  const key = `${timeZone} ${query.from ?? ''} ${to} ${defaultDays} ${maxDays}`;
  let range = dayRanges.get(key);
  if (!range) {
    range = workedOutDayRange(query.from, to, timeZone, defaultDays, maxDays);
    if (dayRanges.size >= MAX_KEPT_DAY_RANGES) dayRanges.clear();
    dayRanges.set(key, range);
  }
  // Dates of its own for each caller: a kept range is shared.
  return { from: range.from, to: range.to, start: new Date(range.start), end: new Date(range.end) };
}

/**
 * Ranges already worked out, by time zone, asked days and bounds: every report of every player
 * asks for the same few (the last week up to today, by default), and working one out — two
 * calendar additions, two day starts — cost a signed-in read ~3 µs. A bad range is never kept.
 */
const dayRanges = new Map<string, { from: string; to: string; start: number; end: number }>();
const MAX_KEPT_DAY_RANGES = 4096;

function workedOutDayRange(
  askedFrom: string | undefined,
  to: string,
  timeZone: string,
  defaultDays: number,
  maxDays: number,
) {
  const from = askedFrom ?? addDays(to, -(defaultDays - 1));
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (!Number.isFinite(span) || span < 1 || span > maxDays) {
    throw new DomainError(ERROR_CODES.validation, `Choose a range of 1 to ${maxDays} days`, {
      fields: [fieldError('from')],
    });
  }
  // The day after 9999-12-31 has no YYYY-MM-DD (nor a time zone's wall clock): no range ends there.
  const dayAfter = addDays(to, 1);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dayAfter)) {
    throw new DomainError(ERROR_CODES.validation, `Choose a range of 1 to ${maxDays} days`, {
      fields: [fieldError('to')],
    });
  }
  return {
    from,
    to,
    start: startOfLocalDay(from, timeZone).getTime(),
    end: startOfLocalDay(dayAfter, timeZone).getTime(),
  };
}
