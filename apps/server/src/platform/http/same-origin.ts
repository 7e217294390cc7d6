import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@palaro/contract';
import { DomainError } from './errors';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a state-changing request that carries cookies was sent by a page of this very site. A
 * browser names the page's origin in `Origin` on every POST, PUT, PATCH and DELETE; its host must
 * be the host the request was sent to (`request.host`: the Host header, or X-Forwarded-Host from a
 * trusted proxy with TRUST_PROXY) — a sibling subdomain or another domain of the same merchant is
 * another site here, since each domain's pages call their own host. Without `Origin`, the
 * browser's `Sec-Fetch-Site` decides (same-origin, or none for what the player typed). A request
 * with neither comes from no browser (the command line, a test, a server): no page can make a
 * browser send it, so it is not a forgery and goes through.
 */
export function isSameOriginRequest(request: Pick<FastifyRequest, 'headers' | 'host'>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      const page = new URL(origin);
      // The URL parser drops a scheme's default port from the origin; the Host header may carry it.
      return page.host === new URL(`${page.protocol}//${request.host}`).host;
    } catch {
      // "null" (a sandboxed frame, a redirect across sites) and anything unparsable.
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Refuses cross-site request forgery in one place: every state-changing request that carries a
 * cookie (the member's session is one) must come from this site's own pages. Calls that are not
 * authenticated by a cookie — signed provider calls (/gw/v1), payment gateways' callbacks, the
 * operator API's bearer token — carry none and are not concerned. SameSite=Lax alone let a page on
 * a sibling subdomain act for the player.
 */
export function installSameOriginRule(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      !STATE_CHANGING_METHODS.has(request.method) ||
      request.headers.cookie === undefined ||
      isSameOriginRequest(request)
    ) {
      done();
      return;
    }
    done(
      new DomainError(
        ERROR_CODES.crossSiteRefused,
        'This request came from a page of another site and was refused: it may only come from this site’s own pages',
      ),
    );
  });
}
