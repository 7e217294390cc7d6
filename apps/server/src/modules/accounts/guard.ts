import type { FastifyRequest } from 'fastify';
import { locationOf, type AppDeps } from '../../platform/http/context';
import { merchantOf } from '../site/routes';
import type { AccountsContext } from './context';
import { SESSION } from './policy';
import type { AccountsRuntime } from './runtime';
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
  /** The request's merchant, address and device, for calls that do not need a session. */
  contextOf(request: FastifyRequest): Promise<AccountsContext>;
  /** The signed-in member, or 401 session.required. */
  requireMember(request: FastifyRequest): Promise<{ ctx: AccountsContext; auth: Authenticated }>;
}

/** How every product area learns who sent a request: the same session rules everywhere. */
export function createMemberGuard(deps: AppDeps, rt: AccountsRuntime): MemberGuard {
  async function contextOf(request: FastifyRequest): Promise<AccountsContext> {
    const device = `${String(request.headers.device ?? '')} ${request.headers['user-agent'] ?? ''}`.trim().slice(0, 200) || 'unknown';
    return { db: deps.db.db, rt, merchant: await merchantOf(request, deps), ip: locationOf(request, deps.config.trustedCountryHeader).ip, device };
  }
  return {
    contextOf,
    async requireMember(request) {
      const ctx = await contextOf(request);
      return { ctx, auth: await authenticate(ctx, cookieOf(request, SESSION.cookieName)) };
    },
  };
}
