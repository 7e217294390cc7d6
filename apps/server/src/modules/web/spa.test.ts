import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEB_PATHS, WEB_BOOT_ELEMENT_ID, type TWebBoot } from '@palaro/contract';
import {
  AFTER_PAINT_ELEMENT_ID,
  AFTER_PAINT_LOADER,
  ROUTE_PRELOADS_FILE,
  scriptSafeJson,
  type AfterPaintScripts,
} from './page';
import { createTestApp, type TestApp } from '../../test-app';

const INDEX_HTML =
  '<!doctype html><html lang="tl"><head><meta name="theme-color" content="#0b1530" /><title>Palaro test build</title>' +
  '<script type="module" crossorigin src="/assets/index-3f2a1b.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-6c7d.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-4d5e.css"></head><body><div id="root"></div></body></html>';
const APP_CSS = '.app{min-height:100dvh}';
const LOGIN_CSS = '.auth{display:grid}';
const ROUTE_PRELOADS = {
  '/m/home': { scripts: ['/assets/HomeScreen-1a2b.js'], styles: ['/assets/HomeScreen-1a2b.css'] },
  '/m/login': {
    scripts: ['/assets/LoginScreen-3c4d.js', '/assets/form-5e6f.js'],
    styles: ['/assets/LoginScreen-3c4d.css'],
  },
  'texts:TY': { scripts: ['/assets/core-7a8b.js'], styles: [] },
  'texts:EN': { scripts: ['/assets/core-9c0d.js'], styles: [] },
  'texts:TY:/m/login': { scripts: ['/assets/core-7a8b.js', '/assets/accounts-1a2b.js'], styles: [] },
  'texts:EN:/m/login': { scripts: ['/assets/core-9c0d.js', '/assets/accounts-5a6b.js'], styles: [] },
  member: { scripts: ['/assets/memberParts-7e8f.js', '/assets/live-9a0b.js'], styles: [] },
};

/** A stand-in for the web build's renderer of first screens (apps/web/src/serverRender.tsx). */
const SERVER_RENDER = `
export async function renderFirstScreen(url, boot) {
  if (url.startsWith('/m/trial')) throw new Error('a screen that cannot be drawn');
  if (!url.startsWith('/m/register')) return null;
  return { head: '<link rel="preload" as="image" href="/media/brand/logo.svg"/>', body: '<div class="app">register drawn in ' + boot.language + '</div>' };
}
export async function renderHomeFrame(boot, device) {
  return {
    header: device.guest ? '<header class="app-header app-header--home">guest header in ' + boot.language + '</header>' : null,
    top: device.closedBefore || !device.userAgent.includes('Android') ? '' : '<div class="download-bar">bar in ' + boot.language + '</div>',
  };
}
`;

function bootOf(html: string): TWebBoot {
  const match = new RegExp(`<script type="application/json" id="${WEB_BOOT_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('the page carries no start-up data');
  return JSON.parse(match[1]!) as TWebBoot;
}

/** The page's data block for the loader that asks for the app after the first paint, or null. */
function afterPaintOf(html: string): AfterPaintScripts | null {
  const match = new RegExp(`<script type="application/json" id="${AFTER_PAINT_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as AfterPaintScripts) : null;
}

/** The modules a page loads, at once or after its first paint. */
function scriptsOf(html: string): string[] {
  const afterPaint = afterPaintOf(html);
  if (afterPaint) return [afterPaint.entry, ...afterPaint.preload];
  return [
    ...html.matchAll(
      /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    ),
  ].map((match) => match[1] ?? match[2]!);
}

let testApp: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'palaro-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'assets', 'index-3f2a1b.js'), 'console.log("app")');
  writeFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), JSON.stringify(ROUTE_PRELOADS));
  writeFileSync(path.join(webDist, 'assets', 'index-4d5e.css'), APP_CSS);
  writeFileSync(path.join(webDist, 'assets', 'LoginScreen-3c4d.css'), LOGIN_CSS);
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(path.join(webDist, 'ssr', 'serverRender-test.js'), SERVER_RENDER);
  writeFileSync(path.join(webDist, 'assets', 'index-3f2a1b.js.br'), brotliCompressSync('console.log("app")'));
  testApp = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await testApp?.close();
});

describe('serving the web app', () => {
  it.each(ALL_WEB_PATHS)('answers %s with the app page', async (webPath) => {
    const response = await testApp.app.inject({ url: webPath, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Palaro test build</title>');
    expect(response.body).toMatch(
      /<div id="root"><div class="app" aria-hidden="true" inert="" data-shell="">|<div id="root" data-server-rendered=""><div class="app">/,
    );
  });

  it('answers a page the browser already holds with 304 and no body, and a changed one whole', async () => {
    const first = await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const again = await testApp.app.inject({
      url: '/m/home',
      headers: { accept: 'text/html', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another page: the tag no longer matches.
    const english = await testApp.app.inject({
      url: '/m/home',
      headers: { accept: 'text/html', 'if-none-match': String(etag), cookie: 'palaro_language=EN' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);
  });

  it('keeps query strings and serves hashed assets as immutable', async () => {
    expect((await testApp.app.inject({ url: '/m/gameList?gameType=RNG' })).body).toContain('<div id="root">');
    const asset = await testApp.app.inject({ url: '/assets/index-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await testApp.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it("sends the build's brotli copy of an asset as it is to a browser that accepts it", async () => {
    const asset = await testApp.app.inject({
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log("app")');
    const plain = await testApp.app.inject({
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it("sends a script only the headers a script needs; the page and other files keep the document's", async () => {
    const script = await testApp.app.inject({
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.statusCode).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(script.headers[name]).toBeUndefined();
    }
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBeDefined();
    const page = await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const missing = await testApp.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const icon = await testApp.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['content-security-policy']).toBeDefined();
  });

  it('does not answer API paths or non-HTML requests with the page', async () => {
    expect((await testApp.app.inject({ url: '/wps/unknown', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/m/home', headers: { accept: 'application/json' } })).statusCode).toBe(
      404,
    );
    expect((await testApp.app.inject({ method: 'POST', url: '/m/home' })).statusCode).toBe(404);
  });

  it('sends a form posted to a page (submitted before the app took over) to the page again, reading nothing of it', async () => {
    const posted = await testApp.app.inject({
      method: 'POST',
      url: '/m/login?redirect=%2Fm%2Fmine',
      headers: { accept: 'text/html,application/xhtml+xml', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=player01&password=secret-typed-early',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/m/login?redirect=%2Fm%2Fmine');
    expect(posted.body).toBe('');
    // Not an API path, and not a body larger than any page form.
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/wps/unknown', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
    const huge = await testApp.app.inject({
      method: 'POST',
      url: '/m/register',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${'a'.repeat(20_000)}`,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('carries the start-up data, so the app needs no start-up call', async () => {
    const page = await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html' } });
    const startup = await testApp.app.inject({ url: '/wps/system/startup' });
    const boot = bootOf(page.body);
    expect(boot.startup).toEqual(startup.json().value);
    expect(boot.language).toBe(boot.startup.settings.defaultLanguage);
    expect(boot.home).toBeUndefined();
    expect(boot.registerBanners).toBeUndefined();
    expect(page.body).not.toContain('rel="preload" as="image"');
  });

  it('gives home its announcements and preloads its first banner at high priority', async () => {
    const page = await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } });
    const boot = bootOf(page.body);
    const language = boot.language;
    const announcements = await testApp.app.inject({
      url: `/wps/system/announcements?types=B,PL,PU,H&platform=M&language=${language}`,
    });
    expect(boot.home).toEqual(announcements.json().value);
    const firstBanner = boot.home!.banners[0]!.url;
    expect(page.body).toContain(`<link rel="preload" as="image" href="${firstBanner}" fetchpriority="high">`);
    // The bare root is home too.
    expect(bootOf((await testApp.app.inject({ url: '/', headers: { accept: 'text/html' } })).body).home).toEqual(
      boot.home,
    );
  });

  it('gives the registration page its banners (B, m_reg) and preloads the first at high priority', async () => {
    const page = await testApp.app.inject({ url: '/m/register', headers: { accept: 'text/html' } });
    const boot = bootOf(page.body);
    const banners = await testApp.app.inject({
      url: `/wps/system/announcements?types=B&groupName=m_reg&platform=M&language=${boot.language}`,
    });
    expect(boot.registerBanners).toEqual(banners.json().value);
    expect(boot.home).toBeUndefined();
    const firstBanner = boot.registerBanners!.banners[0]!.url;
    expect(page.body).toContain(`<link rel="preload" as="image" href="${firstBanner}" fetchpriority="high">`);
  });

  it('draws the frame before any script: home its header, first banner and menu, the login page none of them', async () => {
    const home = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } })).body;
    const banner = bootOf(home).home!.banners[0]!.url;
    const homeShell = /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(home)?.[1] ?? '';
    expect(homeShell).toContain('class="app-header app-header--home"');
    expect(homeShell).toContain(`<img src="${banner}" alt="" width="750" height="300" fetchpriority="high">`);
    expect(homeShell).toContain('class="bottom-menu"');
    const login = (await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html' } })).body;
    const loginShell = /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(login)?.[1] ?? '';
    expect(loginShell).toContain('data-shell');
    expect(loginShell).not.toContain('app-header');
    expect(loginShell).not.toContain('bottom-menu');
    expect(loginShell).not.toContain('<img');
  });

  it("draws a guest's first screen with the web build's renderer, where it draws one", async () => {
    const register = (
      await testApp.app.inject({ url: '/m/register', headers: { accept: 'text/html', cookie: 'palaro_language=EN' } })
    ).body;
    expect(register).toContain(
      '<div id="root" data-server-rendered=""><div class="app">register drawn in EN</div></div>',
    );
    expect(register).not.toContain('data-shell');
    expect(/<head>(.*)<\/head>/s.exec(register)?.[1]).toContain(
      '<link rel="preload" as="image" href="/media/brand/logo.svg"/>',
    );
    // Not for the screens it does not draw, nor when drawing fails: the frame goes out.
    const home = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } })).body;
    expect(home).toContain('<div id="root"><div class="app" aria-hidden="true" inert="" data-shell="">');
    const failed = await testApp.app.inject({ url: '/m/trial', headers: { accept: 'text/html' } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"><div class="app" aria-hidden="true" inert="" data-shell="">');
  });

  it("draws home's guest header and download bar with the web build's components, for the request's device", async () => {
    const android =
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
    const shellOf = async (headers: Record<string, string>) => {
      const page = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html', ...headers } })).body;
      return /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(page)?.[1] ?? '';
    };
    const firstVisit = await shellOf({ 'user-agent': android, cookie: 'palaro_language=EN' });
    expect(firstVisit).toContain('<header class="app-header app-header--home">guest header in EN</header>');
    // The bar above the banner, where the app draws it (home's top block).
    expect(firstVisit).toMatch(
      /<div class="home"><div class="home__top"><div class="download-bar">bar in EN<\/div><\/div><div class="home__content"><div class="carousel">/,
    );
    // A player who closed the bar (its cookie), and a device the renderer draws no bar for.
    expect(await shellOf({ 'user-agent': android, cookie: 'hideDownloadBar=1' })).toContain(
      '<div class="home__top"></div>',
    );
    expect(await shellOf({ 'user-agent': 'curl/8' })).toContain('<div class="home__top"></div>');
    // A member's header shows what only the app knows (name, balance): the frame keeps the logo alone.
    const member = await shellOf({ 'user-agent': android, cookie: 'palaro_session=abcdef123456' });
    expect(member).toContain('<span class="app-header__brand"><img class="app-header__logo"');
    expect(member).toContain('<div class="download-bar">bar in TY</div>');
  });

  it('leaves the page of a browser with a session or a remember-me token to the app (the frame only)', async () => {
    for (const cookie of ['palaro_session=abcdef123456', 'palaro_device=abcdef123456']) {
      const register = (await testApp.app.inject({ url: '/m/register', headers: { accept: 'text/html', cookie } }))
        .body;
      expect(register).not.toContain('data-server-rendered');
      expect(register).toContain('data-shell');
    }
  });

  it("names a member's frame parts in a page asked for with a session, and not in a guest's", async () => {
    const member = (
      await testApp.app.inject({
        url: '/m/home',
        headers: { accept: 'text/html', cookie: 'palaro_session=abcdef123456' },
      })
    ).body;
    expect(scriptsOf(member)).toEqual(expect.arrayContaining(['/assets/memberParts-7e8f.js', '/assets/live-9a0b.js']));
    for (const cookie of ['palaro_device=abcdef123456', 'palaro_language=EN']) {
      const guest = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html', cookie } })).body;
      expect(scriptsOf(guest)).not.toContain('/assets/memberParts-7e8f.js');
    }
  });

  it('never serves the server renderer as a file', async () => {
    for (const accept of ['text/html', '*/*', 'application/javascript']) {
      const response = await testApp.app.inject({ url: '/ssr/serverRender-test.js', headers: { accept } });
      expect(response.body).not.toContain('renderFirstScreen');
    }
  });

  it('writes the page in the language the player chose (its cookie)', async () => {
    const page = await testApp.app.inject({
      url: '/m/home',
      headers: { accept: 'text/html', cookie: 'other=1; palaro_language=EN' },
    });
    const boot = bootOf(page.body);
    expect(boot.language).toBe('EN');
    expect(page.body).toContain('<html lang="en"');
    const english = await testApp.app.inject({
      url: '/wps/system/announcements?types=B,PL,PU,H&platform=M&language=EN',
    });
    expect(boot.home).toEqual(english.json().value);
  });

  it("names the requested screen's chunks and style sheets, and no other screen's", async () => {
    const home = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } })).body;
    expect(scriptsOf(home)).toContain('/assets/HomeScreen-1a2b.js');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/HomeScreen-1a2b.css">');
    expect(home).not.toContain('LoginScreen');
    const login = (await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html' } })).body;
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/form-5e6f.js">');
    expect(login).not.toContain('HomeScreen');
  });

  it('asks for the scripts after the first paint where the first screen paints without them: a drawn screen, home with its banner', async () => {
    const register = (await testApp.app.inject({ url: '/m/register', headers: { accept: 'text/html' } })).body;
    const home = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } })).body;
    for (const page of [register, home]) {
      // The entry and its modules move to the loader's list, in the page's order, each once.
      const afterPaint = afterPaintOf(page);
      expect(afterPaint?.entry).toBe('/assets/index-3f2a1b.js');
      expect(afterPaint?.preload[0]).toBe('/assets/react-6c7d.js');
      expect(new Set(afterPaint?.preload).size).toBe(afterPaint?.preload.length);
      expect(page).toContain(`<script type="module" src="${AFTER_PAINT_LOADER}"></script>`);
      expect(page).not.toContain('rel="modulepreload"');
      expect(page).not.toContain('<script type="module" crossorigin');
    }
    expect(afterPaintOf(home)?.preload).toEqual([
      '/assets/react-6c7d.js',
      '/assets/HomeScreen-1a2b.js',
      '/assets/core-7a8b.js',
    ]);
    // The frame of another screen paints nothing of it: its scripts go at once, as the build wrote them.
    for (const url of ['/m/login', '/m/voucherCenter']) {
      const page = (await testApp.app.inject({ url, headers: { accept: 'text/html' } })).body;
      expect(afterPaintOf(page)).toBeNull();
      expect(page).not.toContain(AFTER_PAINT_LOADER);
      expect(page).toContain('<script type="module" crossorigin src="/assets/index-3f2a1b.js"></script>');
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/react-6c7d.js">');
    }
  });

  it("writes the app's and the screen's style sheets into the page, allowed by their hashes, their links kept disabled", async () => {
    const page = await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html' } });
    for (const [href, css] of [
      ['/assets/index-4d5e.css', APP_CSS],
      ['/assets/LoginScreen-3c4d.css', LOGIN_CSS],
    ] as const) {
      expect(page.body).toContain(`<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`);
      expect(page.body).not.toContain(`<link rel="stylesheet" crossorigin href="${href}">`);
      const hash = createHash('sha256').update(css).digest('base64');
      expect(String(page.headers['content-security-policy'])).toMatch(
        new RegExp(`style-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
      );
    }
    // A sheet the build does not hold stays a link.
    const home = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } })).body;
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/HomeScreen-1a2b.css">');
  });

  it("paints in the merchant's colours from the first paint: its theme on :root, allowed by its hash", async () => {
    const page = await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html' } });
    const { theme } = bootOf(page.body).startup.settings;
    const css =
      `:root{--c-primary:${theme.primary};--c-primary-contrast:${theme.primaryContrast};--c-accent:${theme.accent};` +
      `--c-bg:${theme.background};--c-surface:${theme.surface};--c-text:${theme.text};--c-text-muted:${theme.textMuted}}`;
    expect(page.body).toContain(`<style>${css}</style>`);
    expect(String(page.headers['content-security-policy'])).toContain(
      `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    );
    expect(page.body).toContain(`<meta name="theme-color" content="${theme.background}"`);
  });

  it("names the texts of the page's language only, and of its screen only (a chunk per part)", async () => {
    const tagalog = (await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html' } })).body;
    expect(scriptsOf(tagalog)).toEqual(expect.arrayContaining(['/assets/core-7a8b.js', '/assets/accounts-1a2b.js']));
    expect(tagalog).not.toContain('9c0d.js');
    expect(tagalog).not.toContain('5a6b.js');
    const english = (
      await testApp.app.inject({ url: '/m/login', headers: { accept: 'text/html', cookie: 'palaro_language=EN' } })
    ).body;
    expect(scriptsOf(english)).toEqual(expect.arrayContaining(['/assets/core-9c0d.js', '/assets/accounts-5a6b.js']));
    expect(english).not.toContain('7a8b.js');
    const home = (await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } })).body;
    expect(scriptsOf(home)).toContain('/assets/core-7a8b.js');
    expect(home).not.toContain('accounts-');
  });

  it('keeps the strict policy: the data block is not a script, and nothing inline is allowed but the style sheets it names', async () => {
    const page = await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self';/);
    expect(policy).not.toContain('unsafe-inline');
    expect(page.body.match(/<style>/g)).toHaveLength(policy.match(/'sha256-/g)?.length ?? 0);
    expect(page.body).not.toMatch(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/);
  });

  it('writes data that cannot close its script element', () => {
    const text = scriptSafeJson({ title: '</script><script>alert(1)</script><!--' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--' });
  });

  it('says how to build when there is no build', async () => {
    const unbuilt = await createTestApp();
    try {
      const response = await unbuilt.app.inject({ url: '/m/home' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
