import type { z } from 'zod';
import { ERROR_CODES, MEMBER_TYPES } from '@palaro/contract';
import type { ZUplineTransferInfo, ZUplineTransferRequest, ZUplineTransferResult } from '@palaro/contract/schemas';
import type { Queryable } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import type { MerchantContext } from '../site/request-context';
import type { MemberRow } from '../accounts/schema';
import { memberById } from '../accounts/members';
import type { MerchantRow } from '../site/schema';
import { idempotent } from '../wallet/idempotency';
import { memberBalance, memberCashAccount, postEntry } from '../wallet/ledger';
import { assertAmountInRange, newOrderNo } from '../wallet/money-rules';
import { notifyMember } from '../inbox/service';
import { checkPaymentPassword } from '../wallet/payment-password';
import { settingsOf } from '../settings/service';
import { transferSettings } from './settings';

export type UplineTransferInfo = z.output<typeof ZUplineTransferInfo>;
export type UplineTransferResult = z.output<typeof ZUplineTransferResult>;

/** The whitelabel flag that offers "transfer to upline" in the member centre. */
export const UPLINE_TRANSFER_FLAG = 'AGETRANSFERUP3';

function notAllowed(message: string): DomainError {
  return new DomainError(ERROR_CODES.transferNotAllowed, message);
}

/**
 * Who may send money up: only where the merchant offers it, only a real member (not a trial or an
 * agent-only account) with an active upline of the same merchant.
 */
export function assertTransferAllowed(
  merchant: Pick<MerchantRow, 'whitelabel'>,
  member: Pick<MemberRow, 'type' | 'uplineMemberId'>,
  upline: Pick<MemberRow, 'disabled'> | undefined,
): asserts upline is Pick<MemberRow, 'disabled'> {
  if (!merchant.whitelabel[UPLINE_TRANSFER_FLAG]) throw notAllowed('Transfers to the upline are not offered');
  if (member.type === MEMBER_TYPES.trial || member.type === MEMBER_TYPES.agentOnly)
    throw notAllowed('This account cannot transfer to an upline');
  if (member.uplineMemberId === null || !upline || upline.disabled)
    throw notAllowed('This account has no upline to transfer to');
}

/** The upline as the sender sees them: their nickname, or the username with its middle hidden. */
export function uplineDisplayName(upline: Pick<MemberRow, 'nickname' | 'username'>): string {
  if (upline.nickname) return upline.nickname;
  const { username } = upline;
  return username.length <= 4 ? `${username[0]}***` : `${username.slice(0, 2)}***${username.slice(-2)}`;
}

async function allowedUpline(q: Queryable, merchant: MerchantRow, member: MemberRow): Promise<MemberRow> {
  const upline = member.uplineMemberId === null ? undefined : await memberById(q, merchant.id, member.uplineMemberId);
  assertTransferAllowed(merchant, member, upline);
  return upline;
}

export async function uplineTransferInfo(
  q: Queryable,
  merchant: MerchantRow,
  member: MemberRow,
): Promise<UplineTransferInfo> {
  const upline = await allowedUpline(q, merchant, member);
  const settings = await settingsOf(q, merchant.id, transferSettings);
  return {
    upline: uplineDisplayName(upline),
    balance: Number(await memberBalance(q, merchant.id, member.id)),
    minAmount: Number(settings.transferMin),
    maxAmount: Number(settings.transferMax),
  };
}

/**
 * Moves money from the member's wallet to the upline's in one entry, with the idempotency key, in
 * one transaction. The ledger's conditional update refuses an overdraft however many transfers
 * run at once, and posts the two wallets in id order so crossing transfers cannot deadlock.
 */
export async function transferToUpline(
  ctx: MerchantContext,
  member: MemberRow,
  input: z.output<typeof ZUplineTransferRequest>,
  idempotencyKey: string,
): Promise<UplineTransferResult> {
  const merchant = ctx.merchant;
  const upline = await allowedUpline(ctx.db, merchant, member);
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const amount = BigInt(input.amount);
  return idempotent(
    ctx.db,
    {
      merchantId: merchant.id,
      memberId: member.id,
      key: idempotencyKey,
      operation: 'upline-transfer',
      request: { amount: input.amount },
    },
    async (tx) => {
      const settings = await settingsOf(tx, merchant.id, transferSettings);
      assertAmountInRange(amount, settings.transferMin, settings.transferMax);
      const from = await memberCashAccount(tx, merchant.id, member.id);
      const to = await memberCashAccount(tx, merchant.id, upline.id);
      const reference = newOrderNo('T');
      const posted = await postEntry(tx, {
        merchantId: merchant.id,
        kind: 'upline_transfer',
        reference,
        memo: `To upline ${uplineDisplayName(upline)}`,
        lines: [
          { accountId: from.id, amount: -amount },
          { accountId: to.id, amount },
        ],
      });
      await notifyMember(tx, {
        merchantId: merchant.id,
        memberId: upline.id,
        kind: 'transfer.received',
        payload: { reference, amount: input.amount, from: member.nickname ?? member.username },
      });
      return { reference, amount: input.amount, balance: Number(posted.balances.get(from.id)) };
    },
  );
}
