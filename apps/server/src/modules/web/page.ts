import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  SERVER_RENDERED_ATTRIBUTE,
  WEB_BOOT_ELEMENT_ID,
  isThemeColour,
  themeDeclarations,
  type Language,
  type TWebBoot,
} from '@palaro/contract';
import type { FirstScreen, HomeFrame } from './first-screen';

/**
 * The web build writes this beside index.html: for each page path, the route's screen chunk with
 * the chunks it imports and its style sheets; under `texts:<language>` the chunk of that
 * language's core texts, under `texts:<language>:<page>` the core and the parts of the texts
 * that page's screen shows, and under `member` a member's frame parts (apps/web/vite/route-preloads.ts).
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export function textsKey(language: Language, page?: string): string {
  return page ? `texts:${language}:${page}` : `texts:${language}`;
}

/** The table's key for a member's frame parts (the header's balance, its live stream). */
export const MEMBER_PARTS_KEY = 'member';

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

/** A style sheet of the build written into the page: its text and the CSP source that allows it. */
export interface InlineStyle {
  css: string;
  /** `'sha256-…'` of the text, for style-src. */
  source: string;
}

export interface AppPageTemplate {
  html: string;
  routes: Record<string, RouteAssets>;
  /** The build's style sheets by URL (/assets/…css), as the page inlines them. */
  styles: ReadonlyMap<string, InlineStyle>;
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
/** The app's entry script and the module preloads, as the build writes them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The web build's loader of the app after the first paint (apps/web/public/after-paint.js) and the
 * data block it reads: the entry script and the modules to preload, in the page's order.
 */
export const AFTER_PAINT_LOADER = '/after-paint.js';
export const AFTER_PAINT_ELEMENT_ID = 'palaro-after-paint';

export interface AfterPaintScripts {
  entry: string;
  preload: string[];
}

function inlineStyleOf(css: string): InlineStyle {
  return { css, source: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}

/**
 * The style sheets a page may inline: index.html's and every route's, read once per build. One
 * that cannot be read stays a link.
 */
async function readStyles(
  webDist: string,
  html: string,
  routes: Record<string, RouteAssets>,
): Promise<Map<string, InlineStyle>> {
  const hrefs = new Set([...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]!));
  for (const route of Object.values(routes)) for (const style of route.styles) hrefs.add(style);
  const styles = new Map<string, InlineStyle>();
  await Promise.all(
    [...hrefs].map(async (href) => {
      if (!href.startsWith('/assets/') || href.includes('..')) return;
      try {
        styles.set(href, inlineStyleOf(await readFile(path.join(webDist, href), 'utf8')));
      } catch {
        // Left as a link: the browser fetches it as before.
      }
    }),
  );
  return styles;
}

/**
 * The built page and its route table, read again only when the build changes (a rebuild while
 * the server runs), so a page costs no file read. Null while there is no build.
 */
export function appPageSource(webDist: string): () => Promise<AppPageTemplate | null> {
  const indexPath = path.join(webDist, 'index.html');
  let cached: { modifiedMs: number; template: AppPageTemplate } | null = null;
  return async function current() {
    let modifiedMs: number;
    try {
      modifiedMs = (await stat(indexPath)).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.modifiedMs === modifiedMs) return cached.template;
    const html = await readFile(indexPath, 'utf8');
    let routes: Record<string, RouteAssets> = {};
    try {
      routes = JSON.parse(await readFile(path.join(webDist, ROUTE_PRELOADS_FILE), 'utf8')) as Record<
        string,
        RouteAssets
      >;
    } catch {
      // A build without the table still works: the screen's chunk is fetched when the app asks.
    }
    cached = { modifiedMs, template: { html, routes, styles: await readStyles(webDist, html, routes) } };
    return cached.template;
  };
}

/** What the page draws before any script runs, in the app's own layout classes. */
export interface AppShell {
  header: 'home' | 'page' | null;
  bottomMenu: boolean;
  /** The merchant's logo in the home header. */
  logo: string | null;
  /** Home's first banner, where the carousel shows it: the page's largest paint, from the HTML. */
  banner: string | null;
  /**
   * Home's guest header and download bar as the app's components draw them for this page
   * (language, merchant, device), so they sit where the app will; null: the logo alone, no bar.
   */
  homeFrame?: HomeFrame | null;
}

/**
 * The app's frame (header, home's first banner, bottom menu) drawn from the HTML, so the page
 * paints before its scripts have loaded; React replaces it whole when it mounts (new elements,
 * so nothing counts as shifting). It uses the app's class names (app/layout, features/home) so it
 * sits where the real frame will; keep them in step when those change. Hidden from assistive
 * technology: it is a picture of the page to come, not the page.
 */
export function renderShell(shell: AppShell): string {
  const parts: string[] = [];
  if (shell.header === 'home' && shell.homeFrame?.header) {
    parts.push(shell.homeFrame.header);
  } else if (shell.header === 'home') {
    const logo = shell.logo
      ? `<img class="app-header__logo" src="${attribute(shell.logo)}" alt="" width="106" height="26">`
      : '';
    parts.push(`<header class="app-header app-header--home"><span class="app-header__brand">${logo}</span></header>`);
  } else if (shell.header === 'page') {
    parts.push('<header class="app-header app-header--page"></header>');
  }
  if (shell.banner) {
    parts.push(
      `<div class="home"><div class="home__top">${shell.homeFrame?.top ?? ''}</div><div class="home__content">` +
        '<div class="carousel"><div class="carousel__viewport"><div class="carousel__slide">' +
        `<img src="${attribute(shell.banner)}" alt="" width="750" height="300" fetchpriority="high">` +
        '</div></div></div></div></div>',
    );
  }
  if (shell.bottomMenu) parts.push('<div class="bottom-menu"><div class="bottom-menu__list"></div></div>');
  // Inert: the app's buttons and links drawn in it (home's header, the download bar) answer no
  // tap and take no focus before the app takes over.
  return `<div class="app" aria-hidden="true" inert="" data-shell="">${parts.join('')}</div>`;
}

export interface AppPageParts {
  language: Language;
  shell: AppShell;
  /** Inlined for the client to start from; null when the merchant could not be read. */
  boot: TWebBoot | null;
  /** The first screen's largest image (home's first banner), fetched before any script asks for it. */
  lcpImage: string | null;
  route: RouteAssets | null;
  /** The chunks of the page language's texts its first screen shows (the app loads only the language it shows). */
  texts: RouteAssets | null;
  /** The first screen drawn with the app's own components, instead of the frame; null for the frame. */
  firstScreen?: FirstScreen | null;
  /**
   * A member's frame parts (the header's balance, its live stream) for a request with a session:
   * the app asks for them as it mounts, so they come with its own chunks rather than after them.
   */
  member?: RouteAssets | null;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
};

function attribute(value: string): string {
  return value.replace(/[&"<>']/g, (character) => ATTRIBUTE_ESCAPES[character]!);
}

/**
 * JSON that is safe inside a script element: no "<" can close it or open a comment. JSON.parse
 * reads \u003c back as "<".
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The html lang attribute of a language. */
function htmlLang(language: Language): string {
  return language === 'EN' ? 'en' : 'tl';
}

export interface AppPage {
  html: string;
  /** The CSP sources of the style sheets written into the page (style-src). */
  styleSources: string[];
}

/**
 * A style sheet in the page itself, so the first paint waits for no request: on a slow link each
 * sheet fetched cost a round trip (a new connection, over HTTP/1.1) before anything showed. The
 * link stays beside it, disabled: browsers do not fetch a disabled sheet, and the app's module
 * loader, which adds a screen's sheets unless a stylesheet link names them, sees it there and adds
 * nothing when the screen's module loads.
 */
function styleElement(href: string, style: InlineStyle): string {
  // A sheet's text cannot hold "</style" (CSS would read it as an error anyway): Vite escapes it.
  return `<style>${style.css}</style><link rel="stylesheet" crossorigin href="${attribute(href)}" disabled>`;
}

/**
 * The merchant's colours as the app sets them on :root (app/startup/theme.ts), so the page paints
 * in them before any script runs rather than in the build's defaults.
 */
function themeStyle(boot: TWebBoot): InlineStyle | null {
  const declarations = themeDeclarations(boot.startup.settings.theme);
  return declarations.length > 0
    ? inlineStyleOf(`:root{${declarations.map(([name, value]) => `${name}:${value}`).join(';')}}`)
    : null;
}

/**
 * The app's page for one request: the built index.html with the page's language, the LCP image
 * preloaded at high priority, the route's chunks, its style sheets written in (with index.html's),
 * and the start-up data as a non-executable JSON block (the CSP allows no inline script; a data
 * block is not one).
 */
export function renderAppPage(template: AppPageTemplate, parts: AppPageParts): AppPage {
  const styleSources: string[] = [];
  const stylesheet = (href: string): string => {
    const style = template.styles.get(href);
    if (!style || style.css.includes('</style')) return `<link rel="stylesheet" crossorigin href="${attribute(href)}">`;
    styleSources.push(style.source);
    return styleElement(href, style);
  };
  const head: string[] = [];
  if (parts.lcpImage)
    head.push(`<link rel="preload" as="image" href="${attribute(parts.lcpImage)}" fetchpriority="high">`);
  if (parts.firstScreen?.head) head.push(parts.firstScreen.head);
  for (const style of parts.route?.styles ?? []) head.push(stylesheet(style));
  const routeScripts = [
    ...new Set([...(parts.route?.scripts ?? []), ...(parts.texts?.scripts ?? []), ...(parts.member?.scripts ?? [])]),
  ];
  // A first screen that paints without any script (a guest screen drawn by the server, home's
  // frame with its first banner) does not share the slow link and the main thread with the app's
  // scripts: the page names them for a small loader that asks for them once it has painted.
  const entry = ENTRY_SCRIPT.exec(template.html)?.[1];
  const afterPaint: AfterPaintScripts | null =
    entry && (parts.firstScreen || parts.shell.banner)
      ? {
          entry,
          preload: [
            ...new Set([...[...template.html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!), ...routeScripts]),
          ],
        }
      : null;
  if (afterPaint) {
    head.push(`<script type="application/json" id="${AFTER_PAINT_ELEMENT_ID}">${scriptSafeJson(afterPaint)}</script>`);
    head.push(`<script type="module" src="${AFTER_PAINT_LOADER}"></script>`);
  } else {
    for (const script of routeScripts) head.push(`<link rel="modulepreload" crossorigin href="${attribute(script)}">`);
  }
  const theme = parts.boot ? themeStyle(parts.boot) : null;
  if (theme) {
    head.push(`<style>${theme.css}</style>`);
    styleSources.push(theme.source);
  }
  const background = parts.boot?.startup.settings.theme.background;
  if (parts.boot)
    head.push(`<script type="application/json" id="${WEB_BOOT_ELEMENT_ID}">${scriptSafeJson(parts.boot)}</script>`);
  const html = (afterPaint ? template.html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '') : template.html)
    .replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(parts.language)}"`)
    .replace(/<meta name="theme-color" content="[^"]*"/, (meta) =>
      isThemeColour(background) ? `<meta name="theme-color" content="${attribute(background.trim())}"` : meta,
    )
    .replace(STYLESHEET_LINK, (_link, href: string) => stylesheet(href))
    .replace('</head>', `${head.join('\n')}\n</head>`)
    .replace(
      '<div id="root"></div>',
      parts.firstScreen
        ? `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="">${parts.firstScreen.body}</div>`
        : `<div id="root">${renderShell(parts.shell)}</div>`,
    );
  return { html, styleSources: [...new Set(styleSources)] };
}
