import type { TSignInRecord } from '@palaro/contract';
import type { MerchantContext } from '../site/request-context';
import { SIGN_IN_HISTORY_SIZE } from './policy';
import type { MemberRow } from './schema';
import { assertNotTrial } from './sessions';
import * as store from './store';

/** Every sign-in and registration, successful or not, as the member's security centre lists them. */

export async function recordSignIn(
  ctx: MerchantContext,
  memberId: number | null,
  usernameTried: string,
  method: string,
  success: boolean,
): Promise<void> {
  await store.insertSignInEvent(ctx.db, {
    merchantId: ctx.merchant.id,
    memberId,
    usernameTried: usernameTried.slice(0, 64),
    method,
    success,
    ip: ctx.ip,
    device: ctx.device,
    at: ctx.now(),
  });
}

export async function signInHistory(ctx: MerchantContext, member: MemberRow): Promise<{ list: TSignInRecord[] }> {
  assertNotTrial(member);
  const rows = await store.latestSignIns(ctx.db, ctx.merchant.id, member.id, SIGN_IN_HISTORY_SIZE);
  return {
    list: rows.map((row) => ({
      time: row.createdAt.toISOString(),
      ip: row.ip,
      device: row.device,
      method: row.method as TSignInRecord['method'],
      success: row.success,
    })),
  };
}
