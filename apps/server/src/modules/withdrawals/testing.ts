import type { FastifyInstance } from 'fastify';
import { API_PATHS, IDEMPOTENCY_HEADER, operatorPath } from '@palaro/contract';
import type { Database } from '../../platform/db/database';
import { TEST_OPERATOR_TOKEN } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { memberNotices } from '../inbox/service';
import { newKey, TEST_PAYMENT_PASSWORD } from '../wallet/testing';

/** Binds a GCash account (or what `overrides` says) with the right payment password. */
export function bindPayoutAccount(client: AccountsClient, overrides: Record<string, unknown> = {}) {
  return client.request('POST', API_PATHS.payoutAccounts, {
    kind: 'gcash',
    accountName: 'Juan Dela Cruz',
    accountNumber: '09171234567',
    paymentPassword: TEST_PAYMENT_PASSWORD,
    ...overrides,
  });
}

/** A withdrawal request through the API, with its own idempotency key unless one is given. */
export function requestWithdrawal(
  client: AccountsClient,
  body: { amount: number; payoutAccountId: number; paymentPassword?: string },
  key = newKey(),
) {
  return client.request(
    'POST',
    API_PATHS.withdrawals,
    { paymentPassword: TEST_PAYMENT_PASSWORD, ...body },
    { [IDEMPOTENCY_HEADER]: key },
  );
}

/** An operator decision on a withdrawal of the demo merchant. */
export function decide(
  app: FastifyInstance,
  action: 'approve' | 'reject',
  orderNo: string,
  payload?: { note?: string },
) {
  const template = action === 'approve' ? API_PATHS.operatorWithdrawalApprove : API_PATHS.operatorWithdrawalReject;
  return app.inject({
    method: 'POST',
    url: operatorPath(template, 'PALARO').replace(':orderNo', orderNo),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The demo merchant member's inbox notices, oldest first. */
export function notificationsOf(database: Database, memberId: number) {
  return memberNotices(database.db, 1, memberId);
}
