import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { AccountsClient } from '../accounts/testing';
import { memberCashAccount, systemAccount } from './ledger-accounts';
import { assertBalanced, postEntry } from './posting';
import { idempotent, purgeExpiredIdempotencyKeys } from './idempotency';
import { creditMember, DEMO_MERCHANT_ID, newKey, openBalanceStream, registeredMember } from './testing';
import { verifyLedger } from './verify';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('journal entries', () => {
  it('must balance over distinct accounts', () => {
    expect(() =>
      assertBalanced([
        { accountId: 1n, amount: 5n },
        { accountId: 2n, amount: -4n },
      ]),
    ).toThrow(/sum to 1/);
    expect(() => assertBalanced([{ accountId: 1n, amount: 5n }])).toThrow(/two lines/);
    expect(() =>
      assertBalanced([
        { accountId: 1n, amount: 5n },
        { accountId: 1n, amount: -5n },
      ]),
    ).toThrow(/once/);
    expect(() =>
      assertBalanced([
        { accountId: 1n, amount: 0n },
        { accountId: 2n, amount: 0n },
      ]),
    ).toThrow(/zero/);
    expect(() =>
      assertBalanced([
        { accountId: 1n, amount: 5n },
        { accountId: 2n, amount: -5n },
      ]),
    ).not.toThrow();
  });

  it('refuses to take a member below zero and leaves nothing behind', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, memberId, 1000n);
    const attempt = testApp.db.db.transaction(async (tx) => {
      const wallet = await memberCashAccount(tx, DEMO_MERCHANT_ID, memberId);
      const house = await systemAccount(tx, DEMO_MERCHANT_ID, 'house');
      await postEntry(tx, {
        merchantId: DEMO_MERCHANT_ID,
        kind: 'adjustment',
        reference: 'OVERDRAFT1',
        lines: [
          { accountId: wallet.id, amount: -1001n },
          { accountId: house.id, amount: 1001n },
        ],
      });
    });
    await expect(attempt).rejects.toMatchObject({ code: ERROR_CODES.insufficientBalance });
    const wallet = await memberCashAccount(testApp.db.db, DEMO_MERCHANT_ID, memberId);
    expect(wallet.balance).toBe(1000n);
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });

  it('posts one entry per kind and reference', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    const post = () =>
      testApp.db.db.transaction(async (tx) => {
        const wallet = await memberCashAccount(tx, DEMO_MERCHANT_ID, memberId);
        const house = await systemAccount(tx, DEMO_MERCHANT_ID, 'house');
        await postEntry(tx, {
          merchantId: DEMO_MERCHANT_ID,
          kind: 'bonus',
          reference: `ONCE${memberId}`,
          lines: [
            { accountId: wallet.id, amount: 500n },
            { accountId: house.id, amount: -500n },
          ],
        });
      });
    await post();
    await expect(post()).rejects.toThrow(/already posted/);
    expect((await memberCashAccount(testApp.db.db, DEMO_MERCHANT_ID, memberId)).balance).toBe(500n);
  });

  it('finds a tampered balance', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, memberId, 700n);
    await testApp.db.db.execute(
      `update ledger_accounts set balance = balance + 1 where code = 'member:${memberId}'` as never,
    );
    const report = await verifyLedger(testApp.db.db);
    expect(report.problems.map((problem) => problem.kind)).toContain('balance_mismatch');
    await testApp.db.db.execute(
      `update ledger_accounts set balance = balance - 1 where code = 'member:${memberId}'` as never,
    );
    expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
  });
});

describe('idempotency keys', () => {
  it('answers a repeated key with the first result, and refuses the key for another request', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    const key = newKey();
    let runs = 0;
    const scope = { merchantId: DEMO_MERCHANT_ID, memberId, key, operation: 'test', request: { amount: 1 } };
    const first = await idempotent(testApp.db.db, scope, async () => ({ run: (runs += 1) }));
    const second = await idempotent(testApp.db.db, scope, async () => ({ run: (runs += 1) }));
    expect(first).toEqual({ run: 1 });
    expect(second).toEqual({ run: 1 });
    await expect(
      idempotent(testApp.db.db, { ...scope, request: { amount: 2 } }, async () => ({ run: 0 })),
    ).rejects.toMatchObject({ code: ERROR_CODES.idempotencyKeyReused });
    await expect(idempotent(testApp.db.db, { ...scope, key: 'short' }, async () => ({ run: 0 }))).rejects.toMatchObject(
      { code: ERROR_CODES.idempotencyKeyRequired },
    );
  });

  it('forgets keys after the retention, so an old key runs again', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    const scope = { merchantId: DEMO_MERCHANT_ID, memberId, key: newKey(), operation: 'test', request: {} };
    expect(await idempotent(testApp.db.db, scope, async () => 'first')).toBe('first');
    expect(await purgeExpiredIdempotencyKeys(testApp.db.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await idempotent(testApp.db.db, scope, async () => 'second')).toBe('first');
    expect(
      await purgeExpiredIdempotencyKeys(testApp.db.db, new Date(Date.now() + 31 * 86_400_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await idempotent(testApp.db.db, scope, async () => 'third')).toBe('third');
  });

  it('runs again after a failure, because nothing was committed', async () => {
    const { memberId } = await registeredMember(testApp.app, testApp.db);
    const scope = { merchantId: DEMO_MERCHANT_ID, memberId, key: newKey(), operation: 'test', request: {} };
    await expect(
      idempotent(testApp.db.db, scope, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await idempotent(testApp.db.db, scope, async () => 'second try')).toBe('second try');
  });
});

describe('balance and records', () => {
  it('gives a trial account its play money, visible in the balance and the records', async () => {
    const client = new AccountsClient(testApp.app, '198.51.100.200');
    expect((await client.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    const balance = (await client.request('GET', API_PATHS.walletBalance)).json().value;
    expect(balance).toEqual({ sumBalance: 200000, pendingWithdrawals: 0, currencyCode: 'PHP', currencySymbol: '₱' });
    const records = (await client.request('GET', API_PATHS.accountRecords)).json().value;
    expect(records.list).toHaveLength(1);
    expect(records.list[0]).toMatchObject({ type: 'trial_grant', amount: 200000, balanceAfter: 200000 });
  });

  it('asks a guest to sign in', async () => {
    const response = await testApp.app.inject({ url: API_PATHS.walletBalance });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe(ERROR_CODES.unauthorised);
  });

  it('filters records by type and day range, pages them and totals the whole range', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    for (const amount of [100n, 200n, 300n]) await creditMember(testApp.db, memberId, amount);
    const page = (await client.request('GET', `${API_PATHS.accountRecords}?types=adjustment&pageSize=2`)).json().value;
    expect(page.total).toBe(3);
    expect(page.list.map((record: { amount: number }) => record.amount)).toEqual([300, 200]);
    expect(page.list[0].balanceAfter).toBe(600);
    expect(page.totals).toEqual({ credited: 600, debited: 0 });
    const none = (await client.request('GET', `${API_PATHS.accountRecords}?types=deposit`)).json().value;
    expect(none).toMatchObject({ list: [], total: 0 });
    const all = (await client.request('GET', `${API_PATHS.accountRecords}?types=A`)).json().value;
    expect(all.total).toBe(3);
    const old = (await client.request('GET', `${API_PATHS.accountRecords}?from=2020-01-01&to=2020-01-31`)).json().value;
    expect(old.total).toBe(0);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    for (const query of [
      'types=cash',
      'from=2026-13-01',
      'from=2026-11-20&to=2026-11-01',
      'page=0',
      'pageSize=1000',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      const response = await client.request('GET', `${API_PATHS.accountRecords}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errorCode).toBe(ERROR_CODES.validation);
    }
  });
});

describe('balance push', () => {
  const until = async (check: () => boolean) => {
    for (let attempt = 0; attempt < 200 && !check(); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(check()).toBe(true);
  };

  it('tells an open page of the member when money moves, even when another replica moved it', async () => {
    const replica = await createTestApp({}, { database: testApp.db });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { client, memberId } = await registeredMember(testApp.app, testApp.db);
      const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
      const stream = await openBalanceStream(base, `palaro_session=${client.sessionToken}`);
      await until(() => stream.events.length === 1);
      expect(stream.events[0]).toEqual({ sumBalance: 0, pendingWithdrawals: 0, reason: 'snapshot' });
      // The credit goes through the other replica's database handle (another pool on PostgreSQL).
      await creditMember(replica.db, memberId, 12_345n);
      await until(() => stream.events.length === 2);
      expect(stream.events[1]).toEqual({ sumBalance: 12_345, pendingWithdrawals: 0, reason: 'adjustment' });
      stream.close();
    } finally {
      await replica.close();
    }
  });

  it('refuses a guest', async () => {
    const response = await testApp.app.inject({ url: API_PATHS.walletEvents });
    expect(response.statusCode).toBe(401);
  });
});

describe('profit and loss', () => {
  it('sums each day in the merchant time zone, per game category, with totals', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    await testApp.db.db.transaction(async (tx) => {
      const wallet = await memberCashAccount(tx, DEMO_MERCHANT_ID, memberId);
      const house = await systemAccount(tx, DEMO_MERCHANT_ID, 'house');
      const post = (kind: 'bonus' | 'bet' | 'win' | 'rebate', amount: bigint, category: string | null) =>
        postEntry(tx, {
          merchantId: DEMO_MERCHANT_ID,
          kind,
          reference: `PNL${kind}${memberId}`,
          category,
          lines: [
            { accountId: wallet.id, amount },
            { accountId: house.id, amount: -amount },
          ],
        });
      await post('bonus', 10_000n, null);
      await post('bet', -4_000n, 'SLOTS');
      await post('win', 2_500n, 'SLOTS');
      await post('rebate', 100n, 'SLOTS');
    });
    const response = await client.request('GET', API_PATHS.profitAndLoss);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().value;
    expect(report.timeZone).toBe('Asia/Manila');
    expect(report.days).toHaveLength(7);
    expect(report.totals).toEqual({
      deposits: 0,
      withdrawals: 0,
      bets: 4000,
      wins: 2500,
      rebates: 100,
      bonuses: 10_000,
      net: 8600,
    });
    expect(report.days[0]).toMatchObject({ bets: 4000, wins: 2500, net: 8600 });
    expect(report.categories).toEqual([{ category: 'SLOTS', bets: 4000, wins: 2500, rebates: 100, net: -1400 }]);
  });
});
