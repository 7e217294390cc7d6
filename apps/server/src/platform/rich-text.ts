import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_IMAGE_SCHEMES,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
  isSafeRichTextImage,
  type Language,
} from '@palaro/contract';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // No attribute beyond these survives: no event handler (onclick, onerror), no style.
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // An app path (/m/…) is kept; //host would leave the site unnoticed.
  allowProtocolRelative: false,
  // A script's or style's text is dropped with its tag, not left behind as words on the page.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  // A relative address has no scheme for the lists above to refuse: a picture keeps only ours or the web's.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeRichTextImage(frame.attribs.src ?? ''),
};

/** Written rich text as it may be kept: only the tags and addresses of `RICH_TEXT_TAGS`, nothing that runs. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Each language's rich text sanitised; a language whose text is nothing once sanitised is left out. */
export function sanitizeLocalisedRichText<T extends Partial<Record<Language, string>>>(texts: T): T {
  const clean: Partial<Record<Language, string>> = {};
  for (const [language, html] of Object.entries(texts) as [Language, string][]) {
    const kept = sanitizeRichText(html);
    if (kept) clean[language] = kept;
  }
  return clean as T;
}

/** A title is plain text: every tag is dropped and what remains is shown as text, never parsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
