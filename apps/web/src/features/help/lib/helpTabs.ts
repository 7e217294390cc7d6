import { WEB_ROUTES } from '@palaro/contract';

/** The tab the query's i names (spec §2: default 0); anything else — a word, past the end — is the first. */
export function tabIndexOf(value: string | null, count: number): number {
  if (value === null || !/^\d{1,4}$/.test(value)) return 0;
  const index = Number(value);
  return index < count ? index : 0;
}

/** An article's screen, keeping the tab it was opened from, so back returns to that tab. */
export function helpDetailPath(tab: number, articleId: string): string {
  return `${WEB_ROUTES.helpDetail}?${new URLSearchParams({ i: String(tab), id: articleId })}`;
}
