/**
 * The rich text every written body may hold (help articles, the user agreement, inbox messages):
 * the server keeps only these tags and attributes when the text comes in (sanitize-html,
 * platform/rich-text.ts), and the browser builds elements only of these when it shows the text
 * (shared/ui/RichText.tsx), so a script or an event handler is dropped twice and never reaches a page.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'blockquote',
  'a',
  'img',
] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** Links may go to the web or to an app path; no javascript:, data: or other scheme. */
export const RICH_TEXT_LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;
/** Pictures come from the web only. */
export const RICH_TEXT_IMAGE_SCHEMES = ['https', 'http'] as const;

function hasScheme(value: string, schemes: readonly string[]): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && schemes.includes(scheme);
}

function isAppPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//');
}

/** Whether a link's target is one a rich-text body may point to (an app path or an allowed scheme). */
export function isSafeRichTextHref(href: string): boolean {
  const value = href.trim();
  return isAppPath(value) || hasScheme(value, RICH_TEXT_LINK_SCHEMES);
}

/** Whether a picture's address is one a rich-text body may show (our own path or the web). */
export function isSafeRichTextImage(src: string): boolean {
  const value = src.trim();
  return isAppPath(value) || hasScheme(value, RICH_TEXT_IMAGE_SCHEMES);
}
