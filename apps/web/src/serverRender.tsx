import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { WEB_ROUTES, type TWebBoot } from '@palaro/contract';
import { App } from './app/App';
import { createRoutes, preloadScreenOf, routeHandleOf } from './app/router';
import type { ScreenName } from './app/routes';
import { loadTexts, setTextsLanguage } from './shared/i18n';
import { adoptPageCdnStart } from './shared/lib/imageCdn';
import { createMemoryRouter } from './shared/router';
import { Header } from './app/layout/Header';
import { StartupGate } from './app/startup/StartupGate';
import { DownloadBar, type DownloadBarDevice } from './features/home/components/DownloadBar';

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

/** A test id in React's markup. */
const TEST_ID_ATTRIBUTE = /\sdata-testid="[^"]*"/g;

/** Preloads React writes ahead of the markup when it renders no <head> of its own. */
const HOISTED_LINKS = /^(?:<link [^>]*>)+/;

/**
 * Loads what drawing a screen of the page needs — the screen's module, its language's texts — and
 * makes the page's choices (its language, its image CDN) before the synchronous render.
 */
async function prepareScreen(pathname: string, boot: TWebBoot): Promise<void> {
  setTextsLanguage(boot.language);
  await preloadScreenOf(pathname);
  // The language's core and every part a screen has asked for, the one just loaded included.
  await loadTexts(boot.language);
  adoptPageCdnStart(boot.startup.settings.imageCDNs, boot.imageCdnStart);
}

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
  await prepareScreen(pathname, boot);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  const html = renderToString(
    <StrictMode>
      <App boot={boot} language={boot.language} router={router} />
    </StrictMode>,
  );
  // A part that failed, or waited for something (renderToString does not wait), is drawn as its
  // loading state and left to the browser: the server sends the frame instead (its caller hears
  // why), not a page the browser would throw away and draw again.
  if (html.includes(CLIENT_RENDERED_BOUNDARY))
    throw new Error(`${url}: a part of the first screen could not be drawn on the server`);
  // A style attribute in markup is refused by the page's policy (style-src has no 'unsafe-inline';
  // the browser's React sets styles through the DOM, which the policy allows): such a state of a
  // screen (a skeleton sized by its props, as a reset link's check draws) is left to the browser.
  if (STYLE_ATTRIBUTE.test(html)) return null;
  const head = HOISTED_LINKS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

/** Home's frame parts the server draws with the app's own components (apps/server/src/modules/web/page.ts). */
export interface HomeFrame {
  /** The guest header (logo, sign-in and registration, language, menu); null for a member's page. */
  header: string | null;
  /** Home's top block (the download bar), empty when the device shows none. */
  top: string;
}

/**
 * The parts of home's frame whose size depends on the language's texts, the merchant's settings
 * and the device: the header (its actions decide how wide the logo is) and the download bar (it
 * pushes the banner down by its height). Drawn by the components the app draws them with, so the
 * frame sits where the app will, and React's takeover moves nothing. A part with a style
 * attribute (refused by the page's policy) is left out: the server keeps its own.
 */
export async function renderHomeFrame(
  boot: TWebBoot,
  device: DownloadBarDevice & { guest: boolean },
): Promise<HomeFrame> {
  await prepareScreen(WEB_ROUTES.home, boot);
  const draw = (element: ReactNode): string | null => {
    const router = createMemoryRouter(
      { routes: [{ path: '*', element: <StartupGate>{element}</StartupGate> }] },
      { initialEntries: [WEB_ROUTES.home] },
    );
    const html = renderToString(<App boot={boot} language={boot.language} router={router} />);
    // Without the app's test ids: a test finds the app's elements, never the frame's picture of them.
    // The preloads React hoists ahead of the markup are dropped: the frame's images load as it paints.
    return STYLE_ATTRIBUTE.test(html) ? null : html.replace(HOISTED_LINKS, '').replace(TEST_ID_ATTRIBUTE, '');
  };
  return {
    header: device.guest ? draw(<Header isHome path={WEB_ROUTES.home} titleKey={null} />) : null,
    top: draw(<DownloadBar device={{ userAgent: device.userAgent, closedBefore: device.closedBefore }} />) ?? '',
  };
}
