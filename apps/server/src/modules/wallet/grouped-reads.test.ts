import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { withdrawalFigures } from '../withdrawals/service';
import { bindPayoutAccount, requestWithdrawal } from '../withdrawals/testing';
import { MAX_READS_PER_GROUP } from '../../platform/db/grouped-reads';
import { BalanceReads } from './balance-reads';
import { accountRecords, groupedRecordsPages } from './records';
import { walletBalance } from './service';
import { creditMember, DEMO_MERCHANT_ID, registeredMember } from './testing';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const merchant = { id: DEMO_MERCHANT_ID, currencyCode: 'PHP', currencySymbol: '₱' };

describe('grouped balance reads', () => {
  it('answers each member their own balance and pending withdrawals, read together, as one read alone would', async () => {
    const members = [];
    for (const credit of [0n, 150_00n, 2_500_00n]) {
      const member = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
      if (credit > 0n) await creditMember(testApp.db, member.memberId, credit);
      members.push(member);
    }
    const withdrawing = members[2]!;
    const bound = await bindPayoutAccount(withdrawing.client);
    expect(
      (await requestWithdrawal(withdrawing.client, { amount: 300_00, payoutAccountId: bound.json().value.id }))
        .statusCode,
    ).toBe(200);
    // A member id with no wallet at all reads as nothing, not as someone else's balance.
    const memberIds = [...members.map(({ memberId }) => memberId), 987_654_321];
    const alone = await Promise.all(
      memberIds.map((memberId) => walletBalance(testApp.db.db, withdrawalFigures, merchant, memberId)),
    );
    expect(alone.map(({ sumBalance, pendingWithdrawals }) => [sumBalance, pendingWithdrawals])).toEqual([
      [0, 0],
      [150_00, 0],
      [2_200_00, 300_00],
      [0, 0],
    ]);

    const reads = new BalanceReads(testApp.db.db, withdrawalFigures);
    // More reads at once than one statement takes, in an interleaved order: each answer is its own.
    const asked = Array.from({ length: MAX_READS_PER_GROUP + 37 }, (_, index) => index % memberIds.length);
    const answers = await Promise.all(asked.map((index) => reads.read(merchant, memberIds[index]!)));
    answers.forEach((answer, position) => expect(answer).toEqual(alone[asked[position]!]));
  });

  it('reads a movement made after the read was asked for, never an older balance', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const reads = new BalanceReads(testApp.db.db, withdrawalFigures);
    const before = (await reads.read(merchant, member.memberId)).sumBalance;
    await creditMember(testApp.db, member.memberId, 42_00n);
    expect((await reads.read(merchant, member.memberId)).sumBalance).toBe(before + 42_00);
  });
});

describe('grouped pages of records', () => {
  it('answers each request its own page, totals and range, read together, as a statement of its own would', async () => {
    const members = [];
    for (const movements of [0, 3, 25]) {
      const member = await registeredMember(testApp.app, testApp.db);
      for (let index = 0; index < movements; index += 1)
        await creditMember(testApp.db, member.memberId, BigInt(100 * (index + 1)));
      members.push(member);
    }
    const demo = { id: DEMO_MERCHANT_ID, timeZone: 'Asia/Manila' };
    const now = new Date();
    const queries = [
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 10 },
      { page: 3, pageSize: 10 },
      { page: 1, pageSize: 5, types: 'adjustment' },
      { page: 1, pageSize: 20, types: 'deposit' },
      { page: 9, pageSize: 10 },
    ];
    const asked = members.flatMap(({ memberId }) => queries.map((query) => ({ memberId, query })));
    const alone = await Promise.all(
      asked.map(({ memberId, query }) => accountRecords(testApp.db.db, demo, memberId, query, now)),
    );
    expect(alone.find(({ list }) => list.length === 10)).toBeDefined();
    const readPage = groupedRecordsPages(testApp.db.db);
    // Three rounds at once, interleaved: every group mixes members, pages and type filters.
    const together = await Promise.all(
      [...asked, ...asked, ...asked].map(({ memberId, query }) =>
        accountRecords(testApp.db.db, demo, memberId, query, now, readPage),
      ),
    );
    together.forEach((answer, index) => expect(answer).toEqual(alone[index % asked.length]));
  });
});
