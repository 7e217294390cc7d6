import type { z } from 'zod';
import { ERROR_CODES, fieldError, type TPayoutAccount } from '@palaro/contract';
import type { ZPayoutAccountRequest } from '@palaro/contract/schemas';
import type { Db, Queryable } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { lockMember } from '../accounts/members';
import type { MerchantContext } from '../site/request-context';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { checkPaymentPassword } from '../wallet/payment-password';
import { settingsOf } from '../settings/service';
import type { PayoutAccountRow } from './schema';
import { withdrawalSettings } from './settings';
import * as store from './store';

type PayoutAccountRequest = z.output<typeof ZPayoutAccountRequest>;
export type PayoutAccountDraft = Pick<PayoutAccountRow, 'kind' | 'bankName' | 'accountName' | 'accountNumber'>;

/** GCash and Maya wallets are Philippine mobile numbers: 09 and nine more digits. */
const PHILIPPINE_MOBILE = /^09\d{9}$/;

/**
 * Only the last 4 digits leave the server; the fixed prefix does not tell the number's length. The
 * web shows this text as it is: the no-break space keeps the dots and the digits on one line.
 */
export function maskAccountNumber(accountNumber: string): string {
  return `••••\u00a0${accountNumber.slice(-4)}`;
}

export function toPayoutAccount(row: PayoutAccountRow): TPayoutAccount {
  return {
    id: row.id,
    kind: row.kind,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: maskAccountNumber(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(ERROR_CODES.payoutAccountInvalid, message, { fields: [fieldError(field)] });
}

/**
 * The account to bind, or why it cannot be: an e-wallet needs a Philippine mobile number, a bank
 * its name; the member may hold at most `max` accounts and none twice.
 */
export function payoutAccountDraft(
  input: Omit<PayoutAccountRequest, 'paymentPassword'>,
  active: readonly PayoutAccountDraft[],
  max: number,
): PayoutAccountDraft {
  const isBank = input.kind === 'bank';
  if (!isBank && !PHILIPPINE_MOBILE.test(input.accountNumber)) {
    throw invalid('accountNumber', 'A GCash or Maya account is an 11-digit mobile number starting with 09');
  }
  const bankName = isBank ? input.bankName?.trim() || null : null;
  if (isBank && !bankName) throw invalid('bankName', 'Enter the bank name');
  if (active.length >= max) {
    throw new DomainError(ERROR_CODES.payoutAccountLimit, `At most ${max} payout accounts can be bound`, { max });
  }
  if (active.some((account) => account.kind === input.kind && account.accountNumber === input.accountNumber)) {
    throw invalid('accountNumber', 'This account is already bound');
  }
  return { kind: input.kind, bankName, accountName: input.accountName, accountNumber: input.accountNumber };
}

export async function listPayoutAccounts(
  q: Queryable,
  merchantId: number,
  member: MemberRow,
): Promise<{ list: TPayoutAccount[]; max: number }> {
  assertNotTrial(member);
  const [rows, settings] = await Promise.all([
    store.activePayoutAccounts(q, merchantId, member.id),
    settingsOf(q, merchantId, withdrawalSettings),
  ]);
  return { list: rows.map(toPayoutAccount), max: settings.maxPayoutAccounts };
}

export async function bindPayoutAccount(
  ctx: MerchantContext,
  member: MemberRow,
  input: PayoutAccountRequest,
): Promise<TPayoutAccount> {
  assertNotTrial(member);
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const merchantId = ctx.merchant.id;
  return ctx.db.transaction(async (tx) => {
    // Two binds at once must not both pass the limit and duplicate checks.
    await lockMember(tx, merchantId, member.id);
    const active = await store.activePayoutAccounts(tx, merchantId, member.id);
    const settings = await settingsOf(tx, merchantId, withdrawalSettings);
    const draft = payoutAccountDraft(input, active, settings.maxPayoutAccounts);
    return toPayoutAccount(await store.insertPayoutAccount(tx, { merchantId, memberId: member.id, ...draft }));
  });
}

/** Marks the account removed; the row stays because withdrawals refer to it. */
export async function removePayoutAccount(db: Db, merchantId: number, member: MemberRow, id: number): Promise<void> {
  assertNotTrial(member);
  if (!(await store.markPayoutAccountRemoved(db, merchantId, member.id, id)))
    throw new NotFoundError('No such payout account');
}
