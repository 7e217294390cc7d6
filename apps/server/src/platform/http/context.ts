import type { FastifyRequest } from 'fastify';
import { normaliseIp } from '../network';

export interface RequestLocation {
  ip: string;
  country: string | null;
}

/**
 * The client's address as Fastify sees it (proxy headers only when TRUST_PROXY is on) and the
 * country from the one header the operator trusts; a malformed country counts as none.
 */
export function locationOf(request: FastifyRequest, trustedCountryHeader: string): RequestLocation {
  const header = request.headers[trustedCountryHeader];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  return { ip: normaliseIp(request.ip), country: raw && /^[A-Z]{2}$/.test(raw) ? raw : null };
}
