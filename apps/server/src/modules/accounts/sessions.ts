import {
  AGENT_ONLY_TYPES,
  ERROR_CODES,
  MEMBER_TYPES,
  type TLoginResult,
  type TMemberInfo,
  type TSessionInfo,
} from '@palaro/contract';
import { generateToken, sha256Hex } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import type { MerchantContext } from '../site/request-context';
import { endMemberCredentials } from './members';
import { secondsFrom, SESSION } from './policy';
import { sessionCacheOf } from './session-cache';
import { rememberDevice } from './sign-in-throttle';
import type { MemberRow, SessionRow } from './schema';
import * as store from './store';

/** A session just opened: the cookie values for the routes and the body for the client. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
  deviceToken: string | null;
  /** The known-device marker to (re)set on this device, after a sign-in or registration. */
  knownDeviceMarker?: string;
  result: TLoginResult;
}

export interface Authenticated {
  member: MemberRow;
  session: SessionRow;
}

function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length <= 8) return `${mobile.slice(0, 2)}•••`;
  return `${mobile.slice(0, 4)}${'•'.repeat(mobile.length - 8)}${mobile.slice(-4)}`;
}

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

export function toMemberInfo(member: MemberRow): TMemberInfo {
  return {
    id: String(member.id),
    nickname: member.nickname,
    account: member.username,
    regDate: member.createdAt.toISOString(),
    type: member.type,
    toUpline: member.uplineMemberId !== null,
    vipLevel: member.vipLevel,
    vipLabel: `VIP${member.vipLevel}`,
    mobileNum: maskMobile(member.mobile),
    mobileVerified: member.mobileVerified,
    email: maskEmail(member.email),
    emailVerified: member.emailVerified,
    hasPaymentPassword: member.paymentPasswordHash !== null,
  };
}

function sessionInfo(ctx: MerchantContext, member: MemberRow, expiresAt: Date): TSessionInfo {
  return {
    merchantCode: ctx.merchant.code,
    userName: member.username,
    type: member.type,
    firstTimeLogin: member.firstTimeLogin,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Opens a session (and a remember-me device token when asked) for the member on this device. */
export async function openSession(
  q: Queryable,
  ctx: MerchantContext,
  member: MemberRow,
  rememberMe: boolean,
): Promise<IssuedSession> {
  const now = ctx.now();
  const token = generateToken();
  const expiresAt = secondsFrom(now, SESSION.lifetimeSeconds);
  await store.insertSession(q, {
    tokenHash: sha256Hex(token),
    merchantId: ctx.merchant.id,
    memberId: member.id,
    now,
    expiresAt,
    ip: ctx.ip,
    device: ctx.device,
  });
  let deviceToken: string | null = null;
  if (rememberMe) {
    deviceToken = generateToken();
    await store.insertDeviceToken(q, {
      tokenHash: sha256Hex(deviceToken),
      merchantId: ctx.merchant.id,
      memberId: member.id,
      now,
      expiresAt: secondsFrom(now, SESSION.deviceTokenSeconds),
      device: ctx.device,
    });
  }
  return {
    token,
    expiresAt,
    deviceToken,
    result: { session: sessionInfo(ctx, member, expiresAt), member: toMemberInfo(member), deviceToken },
  };
}

/** Whether a session (and its member) may be used at `now`: not revoked, expired, idle too long or disabled. */
function isLive(found: Authenticated, now: Date): boolean {
  return (
    found.session.revokedAt === null &&
    found.session.expiresAt > now &&
    now.getTime() - found.session.lastSeenAt.getTime() <= SESSION.idleSeconds * 1000 &&
    !found.member.disabled
  );
}

/**
 * The member behind a session token, enforcing expiry on the server: revoked, past expires_at or
 * idle for more than SESSION.idleSeconds all answer 401. A session this replica found live a moment
 * ago answers from its session cache (session-cache.ts: dropped on every replica by sign-out, a
 * password change or any change of the member); one that looks over there is read again, since
 * another replica may have renewed or touched it.
 */
export async function authenticate(ctx: MerchantContext, token: string | null): Promise<Authenticated> {
  if (!token) throw new DomainError(ERROR_CODES.unauthorised, 'Not logged in, please login first');
  const tokenHash = sha256Hex(token);
  const now = ctx.now();
  const cache = sessionCacheOf(ctx.db);
  const kept = cache?.find(ctx.merchant.id, tokenHash, now.getTime());
  if (kept && isLive(kept, now)) return touched(ctx, tokenHash, kept, now);
  const version = cache?.version;
  const found = await store.findSessionWithMember(ctx.db, ctx.merchant.id, tokenHash);
  if (!found || !isLive(found, now)) {
    cache?.forget(tokenHash);
    throw new DomainError(ERROR_CODES.unauthorised, 'Account logged out, log in again');
  }
  if (version !== undefined) cache?.keep(ctx.merchant.id, tokenHash, found, version, now.getTime());
  return touched(ctx, tokenHash, found, now);
}

/** last_seen_at is written at most every SESSION.touchEverySeconds, so reads do not all become writes. */
async function touched(
  ctx: MerchantContext,
  tokenHash: string,
  found: Authenticated,
  now: Date,
): Promise<Authenticated> {
  if (now.getTime() - found.session.lastSeenAt.getTime() <= SESSION.touchEverySeconds * 1000) return found;
  await store.touchSession(ctx.db, found.session.id, { lastSeenAt: now });
  const session = { ...found.session, lastSeenAt: now };
  sessionCacheOf(ctx.db)?.refresh(tokenHash, session);
  return { member: found.member, session };
}

export function assertNotTrial(member: MemberRow): void {
  if (member.type === MEMBER_TYPES.trial) {
    throw new DomainError(ERROR_CODES.trialRefused, 'Please login an actual account to use this function');
  }
}

/** Spec §6: a non-member cannot sign in on the member side, a non-agent not on the agent side. */
export function assertSide(member: MemberRow, side: 'member' | 'agent'): void {
  if (side === 'member' && AGENT_ONLY_TYPES.includes(member.type)) {
    throw new DomainError(ERROR_CODES.notMember, 'Non-member account unable to login');
  }
  const agentTypes: number[] = [
    MEMBER_TYPES.agent,
    MEMBER_TYPES.agentOnly,
    MEMBER_TYPES.subAgent41,
    MEMBER_TYPES.subAgent42,
  ];
  if (side === 'agent' && !agentTypes.includes(member.type)) {
    throw new DomainError(ERROR_CODES.notAgent, 'Non-agents cannot log in');
  }
}

/**
 * Renewal: a live session is extended by another lifetime; with no live session, a remember-me
 * device token (spent and replaced) opens a new one, and counts as a sign-in on this device for
 * its known-device marker (see sign-in-throttle).
 */
export async function renew(
  ctx: MerchantContext,
  token: string | null,
  deviceToken: string | null,
  knownDeviceMarker: string | null,
): Promise<IssuedSession> {
  const now = ctx.now();
  let live: Authenticated | null = null;
  try {
    live = await authenticate(ctx, token);
  } catch (error) {
    if (!(error instanceof DomainError) || !deviceToken) throw error;
  }
  if (live && token) {
    const expiresAt = secondsFrom(now, SESSION.lifetimeSeconds);
    await store.touchSession(ctx.db, live.session.id, { lastSeenAt: now, expiresAt });
    sessionCacheOf(ctx.db)?.forget(sha256Hex(token));
    return {
      token,
      expiresAt,
      deviceToken: null,
      result: {
        session: sessionInfo(ctx, live.member, expiresAt),
        member: toMemberInfo(live.member),
        deviceToken: null,
      },
    };
  }
  const reopened = await ctx.db.transaction(async (tx) => {
    const memberId = deviceToken
      ? await store.spendDeviceToken(tx, ctx.merchant.id, sha256Hex(deviceToken), now)
      : undefined;
    const member = memberId === undefined ? undefined : await store.findMemberById(tx, ctx.merchant.id, memberId);
    if (!member || member.disabled) throw new DomainError(ERROR_CODES.unauthorised, 'Account logged out, log in again');
    return { member, issued: await openSession(tx, ctx, member, true) };
  });
  return { ...reopened.issued, knownDeviceMarker: await rememberDevice(ctx, reopened.member, knownDeviceMarker) };
}

/** Sign-out: every session and device token of the member ends, not only this one. */
export async function signOut(ctx: MerchantContext, token: string | null): Promise<void> {
  if (!token) return;
  const found = await store.findSessionWithMember(ctx.db, ctx.merchant.id, sha256Hex(token));
  if (found && found.session.revokedAt === null)
    await endMemberCredentials(ctx.db, ctx.merchant.id, found.member.id, ctx.now());
}
