import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from '../../platform/http/envelope';
import type { AppDeps } from '../../platform/http/context';

export const MEDIA_DIR = fileURLToPath(new URL('../../../media', import.meta.url));

/** Paths that belong to the API or to files: they answer 404 rather than the app's page. */
const NON_APP_PREFIXES = ['/wps', '/lgw', '/ops', '/health', '/docs', '/media', '/assets', '/dev'];

const ONE_YEAR_SECONDS = 31_536_000;

const BUILD_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Palaro — web app not built</title></head>
<body style="font-family:system-ui,sans-serif;background:#0b1437;color:#f5f7ff;padding:2rem;line-height:1.5">
<h1>The web app has not been built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload this page.</p>
</body></html>`;

function isAppPath(pathname: string): boolean {
  return !NON_APP_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built SPA: hashed assets cached forever, index.html never cached, and index.html for
 * every other page path so client-side routes (/m/home, /register.html…) load the app.
 */
export function webRoutes(deps: AppDeps) {
  const indexPath = path.join(deps.config.webDist, 'index.html');

  async function sendApp(reply: FastifyReply): Promise<FastifyReply> {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    try {
      return await reply.send(await readFile(indexPath));
    } catch {
      return reply.send(BUILD_MISSING_PAGE);
    }
  }

  return async function registerWebRoutes(app: FastifyInstance): Promise<void> {
    await app.register(fastifyStatic, {
      root: MEDIA_DIR,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
    });

    // The build folder may appear after start (npm run build while running); the fallback page
    // covers that until the next start registers its files.
    if (existsSync(deps.config.webDist)) {
      await app.register(fastifyStatic, {
        root: deps.config.webDist,
        prefix: '/',
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const relative = path.relative(deps.config.webDist, filePath);
          const cacheControl = relative.startsWith(`assets${path.sep}`)
            ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
            : relative === 'index.html' || relative === 'sw.js'
              ? 'no-cache'
              : 'public, max-age=3600';
          res.setHeader('cache-control', cacheControl);
        },
      });
    }

    // The static plugin would refuse the bare root as a directory listing; the root is the app.
    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendApp(reply));

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if ((request.method === 'GET' || request.method === 'HEAD') && isAppPath(pathname) && acceptsHtml(request)) {
        return sendApp(reply);
      }
      return sendNotFound(reply, pathname);
    });
  };
}
