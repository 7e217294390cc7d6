import { randomInt } from 'node:crypto';
import { MEMBER_TYPES } from '@palaro/contract';
import { limitKey } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { RateLimitedError } from '../../platform/http/errors';
import type { MerchantContext } from '../site/request-context';
import { TRIAL, WINDOWS } from './policy';
import type { MemberRow } from './schema';
import { openSession, type IssuedSession } from './sessions';
import * as store from './store';

/**
 * Gives a new trial account its play money, in the transaction that opens it. The wallet does it;
 * the module list (modules/index.ts) hands it in, so accounts never imports the wallet.
 */
export type TrialFunding = (tx: Tx, merchantId: number, memberId: number) => Promise<void>;

/** A type-4 trial member with a generated name; it has no password and can only use this session. */
export async function startTrial(
  ctx: MerchantContext,
  fundTrial: TrialFunding,
): Promise<IssuedSession & { trialName: string }> {
  const limit = await ctx.limiter.hit(limitKey(ctx, 'trial', 'ip', ctx.ip), TRIAL.perIpPerHour, WINDOWS.hour);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  return ctx.db.transaction(async (tx) => {
    let member: MemberRow | undefined;
    while (!member) {
      const username = `try${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (await store.findMemberByUsername(tx, ctx.merchant.id, username)) continue;
      member = await store.insertMember(tx, {
        merchantId: ctx.merchant.id,
        username,
        type: MEMBER_TYPES.trial,
        registerMethod: 'TRIAL',
        registerIp: ctx.ip,
        createdAt: ctx.now(),
      });
    }
    await fundTrial(tx, ctx.merchant.id, member.id);
    const issued = await openSession(tx, ctx, member, false);
    return { ...issued, trialName: member.username };
  });
}
