import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy of every answer, as directives. The built web app inlines nothing —
 * index.html only names its hashed scripts and style sheets under /assets — so scripts and styles
 * come from this origin only, with no 'unsafe-inline' and no eval. React's `style` props go through
 * the CSSOM, which style-src does not govern. Images may be data: URLs (the captcha, a receipt
 * being uploaded, icons Vite inlines into the CSS), blob: URLs (the preview of a picture the player
 * picked for an upload, made by our own script from their file: a data: URL of it would copy up to
 * 5 MB into a string) and, on the app's page, the merchant's image CDNs (`applyPagePolicy`). No page of ours may be framed: a money site in someone else's frame is
 * a clickjacking target.
 */
function policyDirectives(imageSources: readonly string[] = []): [string, string[]][] {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...imageSources]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

/** The policy as its header value: `default-src 'self';script-src 'self';…`. */
function contentSecurityPolicy(imageSources: readonly string[] = []): string {
  return policyDirectives(imageSources)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/**
 * Powerful browser features nobody needs on a lottery site are refused to the page and to any
 * frame in it; what the app uses (copying an order number) or a game will (full screen, sound)
 * stays allowed for this origin only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** A year: browsers keep to HTTPS for the host once they have seen it over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The security headers of every answer (what helmet sent with our options, written out once):
 * the policy above, COOP same-origin (no window we open can reach back into the player's session),
 * CORP same-origin (the media routes relax it for the image CDNs), X-Frame-Options DENY for
 * browsers without frame-ancestors, nosniff, the referrer policy the app has always sent, and
 * helmet's legacy defaults (no DNS prefetch, no IE download opening, no cross-domain policies,
 * the XSS auditor off).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': contentSecurityPolicy(),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
});
const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * HSTS only in production and only on an answer that travelled over HTTPS (TLS here, or
 * X-Forwarded-Proto from a trusted proxy): sent over plain HTTP it means nothing, and on a
 * developer's localhost it would pin the host to HTTPS.
 */
function wantsStrictTransport(production: boolean, request: FastifyRequest): boolean {
  return production && request.protocol === 'https';
}

/**
 * Puts the security headers on every answer that went through Fastify (answers, errors, 404s,
 * files), as fixed strings added when the answer is sent: a route or plugin that set one of them
 * itself (the page's policy with the merchant's image CDNs, the sandbox payment page's policy,
 * media's cross-origin CORP — on the reply or on the raw response) keeps its own. Computed once:
 * @fastify/helmet rebuilt its middleware and re-parsed the policy on every request, which cost as
 * much as the rest of a cached read. A streamed answer that takes over the response (`hijack`)
 * writes them itself (`securityHeadersFor`).
 */
export function installSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const production = config.nodeEnv === 'production';
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of SECURITY_HEADER_ENTRIES) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (wantsStrictTransport(production, request) && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    done(null, payload);
  });
}

/** The header the app's onSend hook names every answer's request id in (app.ts). */
export const REQUEST_ID_HEADER = 'x-request-id';

const SECURITY_HEADER_LIST = SECURITY_HEADER_ENTRIES.flat();
const SECURITY_HEADER_LIST_WITH_HSTS = [
  ...SECURITY_HEADER_LIST,
  'strict-transport-security',
  STRICT_TRANSPORT_SECURITY,
];

/**
 * What the app's onSend hooks add to an answer no route gave any of these headers, in their order
 * (the request id, then the security headers), as the flat name/value list `writeHead` takes: for
 * an answer written on the raw response from an onRequest hook (the public-read lane), which the
 * onSend hooks never see.
 */
export function everyAnswerHeaderList(request: FastifyRequest, config: Pick<AppConfig, 'nodeEnv'>): string[] {
  const security = wantsStrictTransport(config.nodeEnv === 'production', request)
    ? SECURITY_HEADER_LIST_WITH_HSTS
    : SECURITY_HEADER_LIST;
  return [REQUEST_ID_HEADER, request.id, ...security];
}

/** The security headers for an answer written on the raw response (a hijacked stream). */
export function securityHeadersFor(
  request: FastifyRequest,
  config: Pick<AppConfig, 'nodeEnv'>,
): Record<string, string> {
  return wantsStrictTransport(config.nodeEnv === 'production', request)
    ? { ...SECURITY_HEADERS, 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
    : { ...SECURITY_HEADERS };
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
    if ((url.protocol === 'https:' || url.protocol === 'http:') && PLAIN_HOST_NAME.test(url.hostname))
      origins.add(url.origin);
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
  reply.header('content-security-policy', contentSecurityPolicy(imageSourcesOf(imageCdns)));
}
