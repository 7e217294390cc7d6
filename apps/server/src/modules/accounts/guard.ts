import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../../platform/context';
import { requestContextOf, type MerchantContext } from '../site/request-context';
import { SESSION } from './policy';
import { authenticate, type Authenticated } from './sessions';

/** A cookie's value when it looks like one of ours (random URL-safe characters), otherwise null. */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : null;
    }
  }
  return null;
}

export interface MemberGuard {
  /** The request's context (merchant, address, device), for calls that do not need a session. */
  contextOf(request: FastifyRequest): Promise<MerchantContext>;
  /** The signed-in member, or 401 session.required. */
  requireMember(request: FastifyRequest): Promise<{ ctx: MerchantContext; auth: Authenticated }>;
}

/** How every product area learns who sent a request: the same session rules everywhere. */
export function createMemberGuard(platform: PlatformContext): MemberGuard {
  const contextOf = (request: FastifyRequest) => requestContextOf(platform, request);
  return {
    contextOf,
    async requireMember(request) {
      const ctx = await contextOf(request);
      return { ctx, auth: await authenticate(ctx, cookieOf(request, SESSION.cookieName)) };
    },
  };
}
