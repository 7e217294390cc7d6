import { createElement, useMemo, type ReactNode } from 'react';
import { RICH_TEXT_TAGS, isSafeRichTextHref, isSafeRichTextImage, type RichTextTag } from '@palaro/contract';
import { Link } from '../router';
import { isExternalLink } from '../lib/platform';
import './richText.css';

const ALLOWED: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
/** Dropped with what they hold, whatever the server sent: their text is code, not words. */
const DROPPED: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);

function childrenOf(node: Node, key: string): ReactNode[] {
  return Array.from(node.childNodes, (child, index) => toElement(child, `${key}.${index}`));
}

/**
 * One node of the server's sanitised rich text as a React element: only the tags of
 * `RICH_TEXT_TAGS` become elements, anything else gives only its words (a script nothing), and no
 * attribute but a safe link's target or a picture's address is ever copied. Parsed by DOMParser,
 * whose document runs nothing and loads nothing. The page never receives markup as markup.
 */
function toElement(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = childrenOf(element, key);
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'br') return <br key={key} />;
  if (tag === 'img') {
    const src = element.getAttribute('src')?.trim();
    return src && isSafeRichTextImage(src) ? (
      <img key={key} src={src} alt={element.getAttribute('alt') ?? ''} loading="lazy" />
    ) : null;
  }
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim();
    if (!href || !isSafeRichTextHref(href)) return <span key={key}>{children}</span>;
    return isExternalLink(href) || !href.startsWith('/') ? (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <Link key={key} to={href}>
        {children}
      </Link>
    );
  }
  return createElement(tag as RichTextTag, { key }, ...children);
}

/** Written rich text (help articles, the user agreement, inbox messages), drawn as elements of our own. */
export function RichText({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return childrenOf(body, 'r');
  }, [html]);
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} data-testid={testId}>
      {content}
    </div>
  );
}
