/**
 * The rich text every merchant-written body may hold (help articles, the user agreement): the
 * server keeps only these tags and attributes when the text comes in (sanitize-html), and the
 * browser builds elements only of these when it shows the text, so a script or an event handler
 * is dropped twice and never reaches a page.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a'] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** Links may go to the web or to an app path; no javascript:, data: or other scheme. */
export const RICH_TEXT_LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;

/** Whether a link's target is one a rich-text body may point to (an app path or an allowed scheme). */
export function isSafeRichTextHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && (RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme);
}
