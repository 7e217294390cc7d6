import type { FastifyRequest } from 'fastify';
import type { PlatformContext, RequestContext } from '../../platform/context';
import { locationOf } from '../../platform/http/context';
import type { MerchantRow } from './schema';
import { resolveMerchant } from './service';

/** A request's context once its merchant is known: what services of every module take. */
export type MerchantContext = RequestContext<MerchantRow>;

/** The gate has always run for player API paths; this keeps handlers free of null checks. */
export async function merchantOf(request: FastifyRequest, ctx: Pick<PlatformContext, 'db'>): Promise<MerchantRow> {
  return request.merchant ?? resolveMerchant(ctx.db, request.headers.host);
}

/** The platform context plus the request's merchant, address and device. */
export async function requestContextOf(ctx: PlatformContext, request: FastifyRequest): Promise<MerchantContext> {
  const device =
    `${String(request.headers.device ?? '')} ${request.headers['user-agent'] ?? ''}`.trim().slice(0, 200) || 'unknown';
  const merchant = await merchantOf(request, ctx);
  // Not `{ ...ctx, merchant, … }`: V8 takes a slow path for a spread followed by more properties
  // (~3 µs, measured), paid by every signed-in request.
  return Object.assign({}, ctx, { merchant, ip: locationOf(request, ctx.config.trustedCountryHeader).ip, device });
}
