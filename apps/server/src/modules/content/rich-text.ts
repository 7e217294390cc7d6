import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS, type Language } from '@palaro/contract';
import type { LocalisedText } from './schema';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  // An app path (/m/…) is kept; //host would leave the site unnoticed.
  allowProtocolRelative: false,
  // A script's or style's text is dropped with its tag, not left behind as words on the page.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
};

/** A merchant's rich text as it may be kept: only the tags and links of `RICH_TEXT_TAGS`, nothing that runs. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Each language's rich text sanitised; a language whose text is nothing once sanitised is left out. */
export function sanitizeLocalisedRichText(texts: LocalisedText): LocalisedText {
  const clean: LocalisedText = {};
  for (const [language, html] of Object.entries(texts) as [Language, string][]) {
    const kept = sanitizeRichText(html);
    if (kept) clean[language] = kept;
  }
  return clean;
}
