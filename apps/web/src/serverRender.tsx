import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { TWebBoot } from '@palaro/contract';
import { App } from './app/App';
import { createRoutes, preloadScreenOf, routeHandleOf } from './app/router';
import type { ScreenName } from './app/routes';
import { loadTexts, setTextsLanguage } from './shared/i18n';
import { adoptPageCdnStart } from './shared/lib/imageCdn';
import { createMemoryRouter } from './shared/router';

/**
 * The screens the server draws for a guest: their largest paint is text the app draws, which
 * otherwise waits for every script of the page. Each renders the same for every guest from the
 * page's start-up data alone (no storage, no browser API while rendering): what the browser then
 * draws, when it holds no account of its own (main.tsx), is the same markup, which React takes
 * over as it is. Home is not among them: its largest paint is the banner the server's frame
 * already draws, and its download bar depends on the device.
 */
const SERVER_RENDERED: ReadonlySet<ScreenName> = new Set<ScreenName>(['login', 'register', 'forget', 'mine']);

export interface FirstScreen {
  /** What React hoists out of the screen (the preloads of its first images), for the page's head. */
  head: string;
  /** The screen, for the page's root element. */
  body: string;
}

/** React's mark of a Suspense boundary it could not draw on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** A style attribute in React's markup. */
const STYLE_ATTRIBUTE = /\sstyle="/;

/** Preloads React writes ahead of the markup when it renders no <head> of its own. */
const HOISTED_LINKS = /^(?:<link [^>]*>)+/;

/**
 * The first screen of a guest's page, as HTML for the page, or null when the server does not
 * draw that screen. Built apart for Node (`vite build --ssr`, into dist/ssr) and run by
 * the server (apps/server/src/modules/web/first-screen.ts). Everything a screen needs is loaded
 * first; the render itself is synchronous, so the module-wide choices it makes for the page (the
 * image CDN) are never another page's.
 */
export async function renderFirstScreen(url: string, boot: TWebBoot): Promise<FirstScreen | null> {
  const { pathname } = new URL(url, 'http://app');
  const handle = routeHandleOf(pathname);
  if (!handle || handle.guestsTo || !SERVER_RENDERED.has(handle.screen)) return null;
  setTextsLanguage(boot.language);
  await preloadScreenOf(pathname);
  // The language's core and every part a screen has asked for, the one just loaded included.
  await loadTexts(boot.language);
  adoptPageCdnStart(boot.startup.settings.imageCDNs, boot.imageCdnStart);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  const html = renderToString(
    <StrictMode>
      <App boot={boot} language={boot.language} router={router} />
    </StrictMode>,
  );
  // A part that failed, or waited for something (renderToString does not wait), is drawn as its
  // loading state and left to the browser: the server sends the frame instead (its caller hears
  // why), not a page the browser would throw away and draw again.
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) throw new Error(`${url}: a part of the first screen could not be drawn on the server`);
  // A style attribute in markup is refused by the page's policy (style-src has no 'unsafe-inline';
  // the browser's React sets styles through the DOM, which the policy allows): such a state of a
  // screen (a skeleton sized by its props, as a reset link's check draws) is left to the browser.
  if (STYLE_ATTRIBUTE.test(html)) return null;
  const head = HOISTED_LINKS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
