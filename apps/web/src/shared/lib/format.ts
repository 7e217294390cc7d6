import { clockText, type Language } from '@palaro/contract';

export const DEFAULT_TIME_ZONE = 'Asia/Manila';

export function localeOf(language: Language): string {
  return language === 'EN' ? 'en-PH' : 'fil-PH';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter made once per shape, locale and time zone: making one costs far more than using it
 * (home's hot matches made one per tile, ~30 ms of a slow phone's main thread at start-up). A time
 * zone the browser does not know throws, as making it would.
 */
function dateFormat(
  shape: string,
  locale: string,
  options: Intl.DateTimeFormatOptions & { timeZone: string },
): Intl.DateTimeFormat {
  const key = `${shape}|${locale}|${options.timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A date and time in the merchant's time zone, e.g. "21 Nob 2026, 8:30 PM". */
export function formatDateTime(iso: string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateFormat('dateTime', localeOf(language), {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** A short date in the merchant's time zone, e.g. "Nob 21, 2026". */
export function formatDate(iso: string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateFormat('date', localeOf(language), { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(
      date,
    );
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** Seconds left as a clock-style countdown: "0:05", "14:32", "1:00:00". */
export function formatCountdown(totalSeconds: number): string {
  return clockText(Math.max(0, Math.ceil(totalSeconds)));
}

/** A kick-off as the spec shows it, MM/DD HH:mm (24-hour) in the merchant's time zone, e.g. "11/26 18:58". */
export function formatMonthDayTime(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateFormat('monthDayTime', 'en-US', {
      timeZone,
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return `${date.toISOString().slice(5, 10).replace('-', '/')} ${date.toISOString().slice(11, 16)}`;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')}/${part('day')} ${part('hour')}:${part('minute')}`;
}
