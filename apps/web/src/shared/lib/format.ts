import type { Language } from '@palaro/contract';

export const DEFAULT_TIME_ZONE = 'Asia/Manila';

export function localeOf(language: Language): string {
  return language === 'EN' ? 'en-PH' : 'fil-PH';
}

/** A date and time in the merchant's time zone, e.g. "21 Nob 2026, 8:30 PM". */
export function formatDateTime(iso: string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(localeOf(language), {
      timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit',
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
    return new Intl.DateTimeFormat(localeOf(language), { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}
