import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { MEMBER_TYPES } from '@palaro/contract';
import { announceChange } from '../../platform/cache/change-feed';
import type { Queryable, Tx } from '../../platform/db/database';
import {
  affiliates,
  captchas,
  deviceTokens,
  encryptionKeys,
  knownDevices,
  members,
  outboxMessages,
  passwordResetTokens,
  sessions,
  signInEvents,
  socialIdentities,
  verificationCodes,
  type MemberRow,
  type NewMemberRow,
  type OutboxRow,
  type SessionRow,
  type VerificationCodeRow,
} from './schema';
import { memberTopic } from './session-cache';

// ── members ────────────────────────────────────────────────────────────────────────────────────

export async function findMemberByUsername(
  q: Queryable,
  merchantId: number,
  username: string,
): Promise<MemberRow | undefined> {
  const rows = await q
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.username, username)))
    .limit(1);
  return rows[0];
}

export async function findMemberById(q: Queryable, merchantId: number, id: number): Promise<MemberRow | undefined> {
  const rows = await q
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, id)))
    .limit(1);
  return rows[0];
}

export async function lockMemberRow(tx: Tx, merchantId: number, memberId: number): Promise<void> {
  await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.merchantId, merchantId)))
    .for('update');
}

export async function usernamesByIds(
  q: Queryable,
  merchantId: number,
  ids: readonly number[],
): Promise<{ id: number; username: string }[]> {
  if (ids.length === 0) return [];
  return q
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), inArray(members.id, [...ids])));
}

/** The member's uplines, nearest first, at most `depth` of them (a cycle in bad data stops there too). */
export async function uplineIds(q: Queryable, merchantId: number, memberId: number, depth: number): Promise<number[]> {
  const result = await q.execute(sql`
    with recursive line(id, level) as (
      select ${members.uplineMemberId}, 1 from ${members} where ${members.merchantId} = ${merchantId} and ${members.id} = ${memberId}
      union all
      select m.upline_member_id, line.level + 1 from line join ${members} m on m.id = line.id and m.merchant_id = ${merchantId}
      where line.level < ${depth}
    )
    select id::text as id from line where id is not null order by level`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => Number(row.id));
}

export async function findMemberByMobile(
  q: Queryable,
  merchantId: number,
  mobile: string,
): Promise<MemberRow | undefined> {
  const rows = await q
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.mobile, mobile)))
    .limit(1);
  return rows[0];
}

export async function findMemberByVerifiedEmail(
  q: Queryable,
  merchantId: number,
  email: string,
): Promise<MemberRow | undefined> {
  const rows = await q
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.email, email), eq(members.emailVerified, true)))
    .orderBy(members.id)
    .limit(1);
  return rows[0];
}

export async function insertMember(q: Queryable, member: NewMemberRow): Promise<MemberRow> {
  const rows = await q.insert(members).values(member).returning();
  return rows[0]!;
}

/** Inserts unless the username exists in the merchant; answers the stored row either way. */
export async function insertMemberIfAbsent(q: Queryable, member: NewMemberRow): Promise<MemberRow> {
  await q
    .insert(members)
    .values(member)
    .onConflictDoNothing({ target: [members.merchantId, members.username] });
  const stored = await findMemberByUsername(q, member.merchantId, member.username);
  if (!stored) throw new Error(`member ${member.username} missing right after its insert`);
  return stored;
}

export type MemberChanges = Partial<
  Pick<
    MemberRow,
    'passwordHash' | 'paymentPasswordHash' | 'firstTimeLogin' | 'mobile' | 'mobileVerified' | 'email' | 'emailVerified'
  >
>;

export async function updateMember(
  q: Queryable,
  merchantId: number,
  id: number,
  changes: MemberChanges,
): Promise<MemberRow> {
  const rows = await q
    .update(members)
    .set(changes)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, id)))
    .returning();
  const updated = rows[0];
  if (!updated) throw new Error(`member ${id} vanished during its update`);
  await announceChange(q, memberTopic(id));
  return updated;
}

export async function countMembers(q: Queryable): Promise<number> {
  const rows = await q.select({ value: count() }).from(members);
  return rows[0]?.value ?? 0;
}

/** True when another member of the merchant holds the number. */
export async function mobileTakenByOther(
  q: Queryable,
  merchantId: number,
  mobile: string,
  memberId: number | null,
): Promise<boolean> {
  const holder = await findMemberByMobile(q, merchantId, mobile);
  return holder !== undefined && holder.id !== memberId;
}

// ── affiliates ─────────────────────────────────────────────────────────────────────────────────

export async function findAffiliateUpline(q: Queryable, merchantId: number, code: string): Promise<number | undefined> {
  const rows = await q
    .select({ memberId: affiliates.memberId })
    .from(affiliates)
    .innerJoin(members, eq(members.id, affiliates.memberId))
    .where(
      and(
        eq(affiliates.merchantId, merchantId),
        eq(affiliates.code, code),
        eq(affiliates.disabled, false),
        eq(members.disabled, false),
      ),
    )
    .limit(1);
  return rows[0]?.memberId;
}

export async function insertAffiliateIfAbsent(
  q: Queryable,
  merchantId: number,
  code: string,
  memberId: number,
): Promise<void> {
  await q
    .insert(affiliates)
    .values({ merchantId, code, memberId })
    .onConflictDoNothing({ target: [affiliates.merchantId, affiliates.code] });
}

// ── sessions and device tokens ─────────────────────────────────────────────────────────────────

export async function insertSession(
  q: Queryable,
  session: {
    tokenHash: string;
    merchantId: number;
    memberId: number;
    now: Date;
    expiresAt: Date;
    ip: string;
    device: string;
  },
): Promise<SessionRow> {
  const rows = await q
    .insert(sessions)
    .values({
      tokenHash: session.tokenHash,
      merchantId: session.merchantId,
      memberId: session.memberId,
      createdAt: session.now,
      lastSeenAt: session.now,
      expiresAt: session.expiresAt,
      ip: session.ip,
      device: session.device,
    })
    .returning();
  return rows[0]!;
}

export async function findSessionWithMember(q: Queryable, merchantId: number, tokenHash: string) {
  const rows = await q
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.merchantId, merchantId), eq(sessions.tokenHash, tokenHash)))
    .limit(1);
  return rows[0];
}

export async function touchSession(
  q: Queryable,
  sessionId: number,
  changes: { lastSeenAt: Date; expiresAt?: Date },
): Promise<void> {
  await q.update(sessions).set(changes).where(eq(sessions.id, sessionId));
}

/** Which of the member's sessions are not revoked (expired or idle ones included: only an ending counts here). */
export async function unrevokedSessionIds(
  q: Queryable,
  merchantId: number,
  memberId: number,
  sessionIds: readonly number[],
): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const rows = await q
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.merchantId, merchantId),
        eq(sessions.memberId, memberId),
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.revokedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** Sign-out and password changes: every session and remember-me token of the member stops working. */
export async function revokeEverything(q: Queryable, merchantId: number, memberId: number, now: Date): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.merchantId, merchantId), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  await q
    .update(deviceTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(deviceTokens.merchantId, merchantId), eq(deviceTokens.memberId, memberId), isNull(deviceTokens.revokedAt)),
    );
  await announceChange(q, memberTopic(memberId));
}

export async function insertDeviceToken(
  q: Queryable,
  token: { tokenHash: string; merchantId: number; memberId: number; now: Date; expiresAt: Date; device: string },
): Promise<void> {
  await q.insert(deviceTokens).values({
    tokenHash: token.tokenHash,
    merchantId: token.merchantId,
    memberId: token.memberId,
    createdAt: token.now,
    expiresAt: token.expiresAt,
    device: token.device,
  });
}

/** Revokes the device token and answers its member when it was live: each token opens one session. */
export async function spendDeviceToken(
  q: Queryable,
  merchantId: number,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const rows = await q
    .update(deviceTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(deviceTokens.merchantId, merchantId),
        eq(deviceTokens.tokenHash, tokenHash),
        isNull(deviceTokens.revokedAt),
        gt(deviceTokens.expiresAt, now),
      ),
    )
    .returning({ memberId: deviceTokens.memberId });
  return rows[0]?.memberId;
}

// ── known devices ──────────────────────────────────────────────────────────────────────────────

/** Whether the member signed in on this device at or after `since`. */
export async function isKnownDevice(
  q: Queryable,
  merchantId: number,
  memberId: number,
  deviceHash: string,
  since: Date,
): Promise<boolean> {
  const rows = await q
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.merchantId, merchantId),
        eq(knownDevices.memberId, memberId),
        eq(knownDevices.deviceHash, deviceHash),
        gte(knownDevices.lastSignInAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Records a sign-in on the device and forgets the member's devices not signed in on since `forgetBefore`. */
export async function recordKnownDevice(
  q: Queryable,
  device: { merchantId: number; memberId: number; deviceHash: string; now: Date; forgetBefore: Date },
): Promise<void> {
  await q
    .insert(knownDevices)
    .values({
      merchantId: device.merchantId,
      memberId: device.memberId,
      deviceHash: device.deviceHash,
      createdAt: device.now,
      lastSignInAt: device.now,
    })
    .onConflictDoUpdate({
      target: [knownDevices.memberId, knownDevices.deviceHash],
      set: { lastSignInAt: device.now },
    });
  await q
    .delete(knownDevices)
    .where(and(eq(knownDevices.memberId, device.memberId), lt(knownDevices.lastSignInAt, device.forgetBefore)));
}

// ── sign-in history ────────────────────────────────────────────────────────────────────────────

export async function insertSignInEvent(
  q: Queryable,
  event: {
    merchantId: number;
    memberId: number | null;
    usernameTried: string;
    method: string;
    success: boolean;
    ip: string;
    device: string;
    at: Date;
  },
): Promise<void> {
  const { at, ...rest } = event;
  await q.insert(signInEvents).values({ ...rest, createdAt: at });
}

export async function latestSignIns(q: Queryable, merchantId: number, memberId: number, limit: number) {
  return q
    .select()
    .from(signInEvents)
    .where(and(eq(signInEvents.merchantId, merchantId), eq(signInEvents.memberId, memberId)))
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(limit);
}

// ── captchas ───────────────────────────────────────────────────────────────────────────────────

export async function insertCaptcha(
  q: Queryable,
  captcha: { id: string; merchantId: number; code: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.insert(captchas).values({
    id: captcha.id,
    merchantId: captcha.merchantId,
    code: captcha.code,
    createdAt: captcha.now,
    expiresAt: captcha.expiresAt,
  });
}

function liveCaptcha(merchantId: number, id: string, now: Date) {
  return and(
    eq(captchas.merchantId, merchantId),
    eq(captchas.id, id),
    isNull(captchas.usedAt),
    gt(captchas.expiresAt, now),
  );
}

/** Marks the captcha used (any answer spends it) and answers its code when it was still live. */
export async function spendCaptcha(
  q: Queryable,
  merchantId: number,
  id: string,
  now: Date,
): Promise<string | undefined> {
  const rows = await q
    .update(captchas)
    .set({ usedAt: now })
    .where(liveCaptcha(merchantId, id, now))
    .returning({ code: captchas.code });
  return rows[0]?.code;
}

/** The code of a live captcha without spending it (GET /dev/captcha, outside production only). */
export async function peekCaptcha(
  q: Queryable,
  merchantId: number,
  id: string,
  now: Date,
): Promise<string | undefined> {
  const rows = await q
    .select({ code: captchas.code })
    .from(captchas)
    .where(liveCaptcha(merchantId, id, now))
    .limit(1);
  return rows[0]?.code;
}

// ── verification codes ─────────────────────────────────────────────────────────────────────────

type CodeKey = { merchantId: number; purpose: string; destination: string };

function openCodeCondition(key: CodeKey, now: Date) {
  return and(
    eq(verificationCodes.merchantId, key.merchantId),
    eq(verificationCodes.purpose, key.purpose),
    eq(verificationCodes.destination, key.destination),
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, now),
  );
}

/** A new code replaces any open one for the same purpose and destination. */
export async function replaceCode(
  q: Queryable,
  code: CodeKey & { channel: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.update(verificationCodes).set({ usedAt: code.now }).where(openCodeCondition(code, code.now));
  await q.insert(verificationCodes).values({
    merchantId: code.merchantId,
    purpose: code.purpose,
    destination: code.destination,
    channel: code.channel,
    codeHash: code.codeHash,
    createdAt: code.now,
    expiresAt: code.expiresAt,
  });
}

export async function findOpenCode(q: Queryable, key: CodeKey, now: Date): Promise<VerificationCodeRow | undefined> {
  const rows = await q
    .select()
    .from(verificationCodes)
    .where(openCodeCondition(key, now))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** Counts a wrong try; the try that reaches `maxAttempts` also spends the code. */
export async function recordWrongCode(q: Queryable, id: number, maxAttempts: number, now: Date): Promise<void> {
  await q
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      usedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else ${verificationCodes.usedAt} end`,
    })
    .where(eq(verificationCodes.id, id));
}

/** Single use: true only for the one caller that spends the still-open code. */
export async function spendCode(q: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await q
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

// ── password reset links ───────────────────────────────────────────────────────────────────────

export async function insertResetToken(
  q: Queryable,
  token: { tokenHash: string; merchantId: number; memberId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await q.insert(passwordResetTokens).values({
    tokenHash: token.tokenHash,
    merchantId: token.merchantId,
    memberId: token.memberId,
    createdAt: token.now,
    expiresAt: token.expiresAt,
  });
}

function liveResetToken(merchantId: number, tokenHash: string, now: Date) {
  return and(
    eq(passwordResetTokens.merchantId, merchantId),
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** Whether the link is still usable, without spending it. */
export async function isResetTokenLive(
  q: Queryable,
  merchantId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await q
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(liveResetToken(merchantId, tokenHash, now))
    .limit(1);
  return rows.length === 1;
}

/** Spends the link and answers its member when it was live: a link works once. */
export async function spendResetToken(
  q: Queryable,
  merchantId: number,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const rows = await q
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveResetToken(merchantId, tokenHash, now))
    .returning({ memberId: passwordResetTokens.memberId });
  return rows[0]?.memberId;
}

// ── social identities ──────────────────────────────────────────────────────────────────────────

export async function findSocialMember(
  q: Queryable,
  merchantId: number,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const rows = await q
    .select({ memberId: socialIdentities.memberId })
    .from(socialIdentities)
    .where(
      and(
        eq(socialIdentities.merchantId, merchantId),
        eq(socialIdentities.issuer, issuer),
        eq(socialIdentities.subject, subject),
      ),
    )
    .limit(1);
  return rows[0]?.memberId;
}

export async function linkSocialIdentity(
  q: Queryable,
  link: { merchantId: number; issuer: string; subject: string; memberId: number },
): Promise<void> {
  await q.insert(socialIdentities).values(link).onConflictDoNothing();
}

// ── outbox ─────────────────────────────────────────────────────────────────────────────────────

export async function insertOutboxMessage(
  q: Queryable,
  message: { merchantId: number; channel: 'sms' | 'email'; recipient: string; subject: string | null; body: string },
): Promise<void> {
  await q.insert(outboxMessages).values(message);
}

export async function latestOutboxMessages(q: Queryable, merchantId: number, limit: number): Promise<OutboxRow[]> {
  return q
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.merchantId, merchantId))
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

// ── encryption keys ────────────────────────────────────────────────────────────────────────────

export async function newestActiveKey(q: Queryable) {
  const rows = await q
    .select()
    .from(encryptionKeys)
    .where(isNull(encryptionKeys.retiredAt))
    .orderBy(desc(encryptionKeys.createdAt))
    .limit(1);
  return rows[0];
}

/** The private key of a key that is active or was retired after `retiredAfter`. */
export async function usablePrivateKey(q: Queryable, keyId: string, retiredAfter: Date): Promise<string | null> {
  const rows = await q
    .select({ pem: encryptionKeys.privateKeyPem })
    .from(encryptionKeys)
    .where(
      and(
        eq(encryptionKeys.keyId, keyId),
        or(isNull(encryptionKeys.retiredAt), gt(encryptionKeys.retiredAt, retiredAfter)),
      ),
    )
    .limit(1);
  return rows[0]?.pem ?? null;
}

export async function insertKeyRetiringOthers(
  q: Queryable,
  key: { keyId: string; publicKey: string; privateKeyPem: string; now: Date },
): Promise<void> {
  await q
    .update(encryptionKeys)
    .set({ retiredAt: key.now })
    .where(and(isNull(encryptionKeys.retiredAt), ne(encryptionKeys.keyId, key.keyId)));
  await q
    .insert(encryptionKeys)
    .values({ keyId: key.keyId, publicKey: key.publicKey, privateKeyPem: key.privateKeyPem, createdAt: key.now });
}

// ── referrals ──────────────────────────────────────────────────────────────────────────────────

/** The member a referral code belongs to, if that member may still invite (enabled, not a trial account). */
export async function findReferrer(q: Queryable, merchantId: number, code: string): Promise<number | undefined> {
  const rows = await q
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        eq(members.referralCode, code),
        eq(members.disabled, false),
        ne(members.type, MEMBER_TYPES.trial),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

/** Gives the member this referral code unless it has one; answers the code it holds afterwards. */
export async function claimReferralCode(
  q: Queryable,
  merchantId: number,
  memberId: number,
  code: string,
): Promise<string | null> {
  await q
    .update(members)
    .set({ referralCode: code })
    .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId), isNull(members.referralCode)));
  const rows = await q
    .select({ code: members.referralCode })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId)));
  return rows[0]?.code ?? null;
}

export interface InviteeRow {
  id: number;
  username: string;
  nickname: string | null;
  createdAt: Date;
}

/** A page of the members a member referred, newest first (index members_referrer_joined). */
export function invitedMembers(
  q: Queryable,
  merchantId: number,
  referrerId: number,
  limit: number,
  offset: number,
): Promise<InviteeRow[]> {
  return q
    .select({ id: members.id, username: members.username, nickname: members.nickname, createdAt: members.createdAt })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.referrerMemberId, referrerId)))
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(limit)
    .offset(offset);
}

export async function invitedMemberIds(q: Queryable, merchantId: number, referrerId: number): Promise<number[]> {
  const rows = await q
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.referrerMemberId, referrerId)));
  return rows.map((row) => row.id);
}

export async function countInvitedMembers(q: Queryable, merchantId: number, referrerId: number): Promise<number> {
  const rows = await q
    .select({ total: count() })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.referrerMemberId, referrerId)));
  return rows[0]?.total ?? 0;
}
