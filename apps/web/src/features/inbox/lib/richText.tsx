import { createElement, Fragment, type ReactNode } from 'react';

/** The tags a message body may hold: the server's list (inbox/rules.ts), kept again when drawn. */
const TAGS = new Set([
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
  'a',
  'img',
  'h3',
  'h4',
  'blockquote',
]);
/** Dropped with what they hold, whatever the server sent. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);

function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, convert);
  // An unknown element is unwrapped: its text stays, the element and its attributes go.
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'img') {
    const src = safeUrl(element.getAttribute('src'));
    return src ? createElement('img', { key, src, alt: element.getAttribute('alt') ?? '', loading: 'lazy' }) : null;
  }
  if (tag === 'a') {
    const href = safeUrl(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  // Titles inside a body are the message's own sub-headings, one level under the screen's.
  return createElement(tag, { key }, ...children);
}

/**
 * A message body (sanitised rich text) as React elements: parsed inert (a template's content runs
 * nothing and loads nothing), then only the allowed tags are drawn, with no attribute but a link's
 * or a picture's http(s) address — never set as HTML, so a body the server let through by mistake
 * still cannot run.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const template = document.createElement('template');
  template.innerHTML = html;
  return <div className={className}>{Array.from(template.content.childNodes, convert)}</div>;
}
