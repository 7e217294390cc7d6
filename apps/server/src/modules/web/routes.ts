import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, WEB_ROUTES, hasBottomMenu, hasHeader, normalisePath } from '@palaro/contract';
import { sendNotFound } from '../../platform/http/envelope';
import { matchesEntityTag } from '../../platform/http/cached-body';
import type { PlatformContext } from '../../platform/context';
import { FailureLog } from '../../platform/logger';
import { SECURITY_HEADERS, applyPagePolicy } from '../../platform/http/security-headers';
import { serverPath } from '../../platform/server-root';
import { resolveMerchant } from '../site/service';
import { SESSION } from '../accounts/policy';
import { pageBoot, type PageBoot } from './boot';
import { cookieOf } from '../accounts/guard';
import { SERVER_RENDER_DIR, firstScreenRenderer, type FirstScreen, type HomeFrame } from './first-screen';
import { MEMBER_PARTS_KEY, appPageSource, renderAppPage, textsKey } from './page';

export const MEDIA_DIR = serverPath('media');

/** Paths that belong to the API or to files: they answer 404 rather than the app's page. */
const NON_APP_PREFIXES = ['/wps', '/lgw', '/gw', '/inhouse', '/ops', '/health', '/docs', '/media', '/assets', '/dev'];

const ONE_YEAR_SECONDS = 31_536_000;

/** Set by the web app when the player closes home's download bar (features/home/components/DownloadBar.tsx). */
const DOWNLOAD_BAR_CLOSED_COOKIE = STORAGE_KEYS.hideDownloadBar;

/** The largest page form a player can submit (a registration: a dozen short fields). */
const PAGE_FORM_BODY_LIMIT = 16_384;
/** The app's screens (WEB_ROUTES): the pages whose forms the server may draw. */
const WEB_PAGE_PREFIX = '/m/';

/** The build's scripts and style sheets: subresources, never a document of their own. */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

/**
 * Headers that govern a document (what it may load, who may frame it, which window it shares,
 * which features it may use). Scripts and style sheets are not documents, and each of the ~10 a
 * page loads carried them: ~0.9 KB a response over HTTP/1.1, on the slow link before the first
 * paint. They keep nosniff, their resource policy (CORP), the referrer policy (it governs what a
 * style sheet loads) and HSTS. Other files (an SVG can be opened as a document) keep everything.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Plain HTML: the policy allows no inline style, and this page needs none. */
const BUILD_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Palaro — web app not built</title></head>
<body>
<h1>The web app has not been built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload this page.</p>
</body></html>`;

function isAppPath(pathname: string): boolean {
  return !NON_APP_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The page's policy (the merchant's, else the default) also allows the style sheets written into
 * the page, by their hashes: still no 'unsafe-inline'.
 */
function allowPageStyles(reply: FastifyReply, sources: readonly string[]): void {
  if (sources.length === 0) return;
  const policy = String(reply.getHeader('content-security-policy') ?? SECURITY_HEADERS['content-security-policy']);
  reply.header(
    'content-security-policy',
    policy.replace(/(^|;)\s*style-src([^;]*)/, `$1style-src$2 ${sources.join(' ')}`),
  );
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built SPA: hashed assets cached forever, index.html never cached, and index.html for
 * every other page path so client-side routes (/m/home, /register.html…) load the app.
 */
export function webRoutes(platform: PlatformContext) {
  const appPage = appPageSource(platform.config.webDist);
  const firstScreenRender = firstScreenRenderer(platform.config.webDist);
  const bootSources = {
    db: platform.db,
    now: platform.now,
    trustedCountryHeader: platform.config.trustedCountryHeader,
  };
  // While the database is away every page goes out without its start-up data: a line an interval, not one a page.
  const pageOutages = new FailureLog();

  /**
   * The page's images may come from its merchant's image CDNs: the policy names them. The page
   * carries what its first screen needs (start-up data, home's banners, the LCP image preload).
   * Without the merchant (the database is down) the page still loads, its images from this
   * origin, which is where CdnImage falls back to anyway, and the app asks the API itself.
   */
  async function merchantParts(request: FastifyRequest, reply: FastifyReply): Promise<PageBoot | null> {
    try {
      const merchant = await resolveMerchant(platform.db, request.headers.host);
      applyPagePolicy(reply, merchant.imageCdns);
      return await pageBoot(request, merchant, bootSources);
    } catch (error) {
      pageOutages.failed(
        request.log,
        'page start-up data',
        error,
        "the page went out without its merchant's start-up data",
      );
      return null;
    }
  }

  /**
   * A guest's first screen drawn by the web build's own components (apps/web/src/serverRender.tsx),
   * for the screens it draws; null for the others, for a browser that holds a session or a
   * remember-me token (the app draws a member's page itself), and when drawing fails (the frame
   * goes out instead).
   */
  async function firstScreen(request: FastifyRequest, boot: PageBoot['boot']): Promise<FirstScreen | null> {
    if (cookieOf(request, SESSION.cookieName) || cookieOf(request, SESSION.deviceCookieName)) return null;
    try {
      const render = await firstScreenRender();
      return render ? await render.renderFirstScreen(request.url, boot) : null;
    } catch (error) {
      request.log.warn({ err: error }, 'the page went out with its frame: its first screen could not be drawn');
      return null;
    }
  }

  /**
   * Home's guest header and download bar for the frame, drawn by the web build's components for
   * this request's device (its User-Agent, the cookie a closed bar leaves); null when the build
   * cannot draw them (the frame keeps its own header and no bar).
   */
  async function homeFrame(request: FastifyRequest, boot: PageBoot['boot']): Promise<HomeFrame | null> {
    try {
      const render = (await firstScreenRender())?.renderHomeFrame;
      return render
        ? await render(boot, {
            userAgent: request.headers['user-agent'] ?? '',
            closedBefore: cookieOf(request, DOWNLOAD_BAR_CLOSED_COOKIE) === '1',
            guest: !cookieOf(request, SESSION.cookieName) && !cookieOf(request, SESSION.deviceCookieName),
          })
        : null;
    } catch (error) {
      request.log.warn({ err: error }, "home's frame went out with its own header: the app's could not be drawn");
      return null;
    }
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const template = await appPage();
    const parts = await merchantParts(request, reply);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!template) return reply.send(BUILD_MISSING_PAGE);
    const pathname = normalisePath(request.url.split('?')[0] ?? '/');
    const normal = parts?.boot.startup.startup.mode === 'normal';
    const screen = parts && normal ? await firstScreen(request, parts.boot) : null;
    const frame =
      parts && normal && !screen && pathname === WEB_ROUTES.home ? await homeFrame(request, parts.boot) : null;
    const page = renderAppPage(template, {
      language: parts?.boot.language ?? DEFAULT_LANGUAGE,
      // In maintenance or region mode the app shows its notice instead of the frame.
      shell: {
        header: !normal || !hasHeader(pathname) ? null : pathname === WEB_ROUTES.home ? 'home' : 'page',
        bottomMenu: normal && hasBottomMenu(pathname),
        logo: parts?.logo ?? null,
        banner: parts?.lcpImage ?? null,
        homeFrame: frame,
      },
      boot: parts?.boot ?? null,
      lcpImage: parts?.lcpImage ?? null,
      route: template.routes[pathname] ?? null,
      texts:
        template.routes[textsKey(parts?.boot.language ?? DEFAULT_LANGUAGE, pathname)] ??
        template.routes[textsKey(parts?.boot.language ?? DEFAULT_LANGUAGE)] ??
        null,
      firstScreen: screen,
      member: cookieOf(request, SESSION.cookieName) ? (template.routes[MEMBER_PARTS_KEY] ?? null) : null,
    });
    allowPageStyles(reply, page.styleSources);
    // The same request draws the same page (its cookies and the merchant's settings decide it):
    // a browser that holds it asks again with its tag and gets headers only, so a repeat visit
    // moves ~1 KB before its first paint instead of ~14 KB (docs/decisions/installed-app.md).
    const etag = `W/"${createHash('sha256').update(page.html).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(page.html);
  }

  return async function registerWebRoutes(app: FastifyInstance): Promise<void> {
    await app.register(fastifyStatic, {
      root: MEDIA_DIR,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
      // Pages load these from the merchant's image CDNs, another origin that keeps this header.
      setHeaders(res) {
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
      },
    });

    // The build folder may appear after start (npm run build while running); the fallback page
    // covers that until the next start registers its files.
    if (existsSync(platform.config.webDist)) {
      await app.register(async (files) => {
        // After the root hook that puts the security headers on every answer (child hooks run later).
        files.addHook('onSend', async (request, reply, payload) => {
          if (SUBRESOURCE.test(request.url)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          return payload;
        });
        await files.register(fastifyStatic, {
          root: platform.config.webDist,
          prefix: '/',
          index: false,
          cacheControl: false,
          // The build writes a .br and a .gz beside each text asset (apps/web/vite/precompress.ts):
          // served as they are, at the best compression, with no CPU spent per request.
          preCompressed: true,
          // The server's own renderer of first screens is code this server runs, not a file to serve.
          allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_RENDER_DIR}/`),
          setHeaders(res, filePath) {
            const relative = path.relative(platform.config.webDist, filePath);
            const cacheControl = relative.startsWith(`assets${path.sep}`)
              ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
              : relative === 'index.html' || relative === 'sw.js'
                ? 'no-cache'
                : 'public, max-age=3600';
            res.setHeader('cache-control', cacheControl);
          },
        });
      });
    }

    // The static plugin would refuse the bare root as a directory listing; the root is the app.
    app.get('/', { schema: { hide: true } }, async (request, reply) => sendApp(request, reply));

    // A form of a screen the server drew, submitted before the app took the page over, is posted
    // to the page (the sign-in, registration and reset forms say method="post" so that what was
    // typed never lands in an address or the access log). Its body is never kept; the browser is
    // sent to the page again, where the app answers the next submit itself.
    await app.register(async (pageForms) => {
      pageForms.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, _body, done) => {
          done(null, null);
        },
      );
      pageForms.post(
        `${WEB_PAGE_PREFIX}*`,
        { schema: { hide: true }, bodyLimit: PAGE_FORM_BODY_LIMIT },
        async (request, reply) => {
          if (!request.headers.accept?.includes('text/html'))
            return sendNotFound(reply, request.url.split('?')[0] ?? '/');
          return reply.code(303).header('location', request.url).header('cache-control', 'no-store').send();
        },
      );
    });

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if ((request.method === 'GET' || request.method === 'HEAD') && isAppPath(pathname) && acceptsHtml(request)) {
        return sendApp(request, reply);
      }
      return sendNotFound(reply, pathname);
    });
  };
}
