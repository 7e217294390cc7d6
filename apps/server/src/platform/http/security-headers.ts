import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy of every answer. The built web app inlines nothing — index.html
 * only names its hashed scripts and style sheets under /assets — so scripts and styles come from
 * this origin only, with no 'unsafe-inline' and no eval. React's `style` props go through the
 * CSSOM, which style-src does not govern. Images may be data: URLs (the captcha, a receipt being
 * uploaded, icons Vite inlines into the CSS) and, on the app's page, the merchant's image CDNs
 * (`pagePolicy`). No page of ours may be framed: a money site in someone else's frame is a
 * clickjacking target.
 */
function contentSecurityPolicy(imageSources: readonly string[] = []) {
  return {
    useDefaults: false as const,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', ...imageSources],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  };
}

/**
 * Powerful browser features nobody needs on a lottery site are refused to the page and to any
 * frame in it; what the app uses (copying an order number) or a game will (full screen, sound)
 * stays allowed for this origin only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=(self)', 'camera=()', 'clipboard-write=(self)', 'display-capture=()', 'fullscreen=(self)',
  'geolocation=()', 'gyroscope=()', 'hid=()', 'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'serial=()', 'usb=()',
  'browsing-topics=()',
].join(', ');

/** A year: browsers keep to HTTPS for the host once they have seen it over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Security headers on every answer, through @fastify/helmet: the policy above, COOP same-origin
 * (no window we open can reach back into the player's session), CORP same-origin (the media
 * route relaxes it for the image CDNs), X-Frame-Options DENY for browsers without
 * frame-ancestors, nosniff, and the referrer policy the app has always sent. HSTS only in
 * production and only on an answer that travelled over HTTPS (TLS here, or X-Forwarded-Proto from
 * a trusted proxy): sent over plain HTTP it means nothing, and on a developer's localhost it would
 * pin the host to HTTPS.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(),
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const production = config.nodeEnv === 'production';
  // On the raw response, like helmet's own headers, so streamed (hijacked) answers carry them too.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (production && request.protocol === 'https') reply.raw.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}

/** A host name as a CSP source may carry it: a URL parser accepts ";" in hosts, a policy must not. */
const PLAIN_HOST_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * The origins of a merchant's image CDN list, as CSP sources. Anything but an http(s) URL on a
 * plain host name is left out rather than trusted: a malformed entry must not change the policy.
 */
export function imageSourcesOf(imageCdns: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const base of imageCdns) {
    let url: URL;
    try {
      url = new URL(base.trim());
    } catch {
      continue;
    }
    if ((url.protocol === 'https:' || url.protocol === 'http:') && PLAIN_HOST_NAME.test(url.hostname)) origins.add(url.origin);
  }
  return [...origins];
}

/**
 * The API documentation (Swagger UI, /docs) renders a <style> element of its own: its pages allow
 * inline styles, never inline scripts. They show the OpenAPI document and hold no player data.
 */
export function allowInlineStyles(policy: string): string {
  return policy.replace(/(^|;)\s*style-src([^;]*)/, "$1style-src$2 'unsafe-inline'");
}

/** The app's page: the same policy, with the merchant's image CDNs allowed as image sources. */
export function applyPagePolicy(reply: FastifyReply, imageCdns: readonly string[]): void {
  reply.helmet({ contentSecurityPolicy: contentSecurityPolicy(imageSourcesOf(imageCdns)) });
}
