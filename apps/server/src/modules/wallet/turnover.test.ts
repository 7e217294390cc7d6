import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { creditMember, DEMO_MERCHANT_ID, registeredMember } from './testing';
import {
  adjustmentOf,
  assertOutstanding,
  fillRequirements,
  recordBetsTurnover,
  recordBetTurnover,
  turnoverLeft,
  waiverOf,
} from './turnover';

describe('turnover rules', () => {
  it('fills the oldest requirement first and carries the rest over', () => {
    const open = [
      { id: 1, required: 100n, done: 90n },
      { id: 2, required: 50n, done: 0n },
      { id: 3, required: 50n, done: 0n },
    ];
    expect(fillRequirements(open, 40n).map(({ requirement, done }) => [requirement.id, done])).toEqual([
      [1, 100n],
      [2, 30n],
    ]);
    expect(fillRequirements(open, 1000n).map(({ requirement, done }) => [requirement.id, done])).toEqual([
      [1, 100n],
      [2, 50n],
      [3, 50n],
    ]);
    expect(fillRequirements(open, 0n)).toEqual([]);
  });
});

describe('operator changes to a requirement', () => {
  const stamp = { reason: 'No games yet', by: 'operator:0123456789ab', at: new Date('2026-11-22T03:00:00Z') };

  it('waives what is left, keeping what was done', () => {
    expect(waiverOf(stamp)).toEqual({
      completedAt: stamp.at,
      changeKind: 'waived',
      changeReason: 'No games yet',
      changedBy: stamp.by,
      changedAt: stamp.at,
    });
  });

  it('adjusts the required amount, never below what is done, completing it at exactly what is done', () => {
    const requirement = { required: 500_00n, done: 120_00n };
    expect(adjustmentOf(requirement, 300_00n, stamp)).toMatchObject({
      required: 300_00n,
      completedAt: null,
      changeKind: 'adjusted',
    });
    expect(adjustmentOf(requirement, 800_00n, stamp)).toMatchObject({ required: 800_00n, completedAt: null });
    expect(adjustmentOf(requirement, 120_00n, stamp)).toMatchObject({ required: 120_00n, completedAt: stamp.at });
    expect(() => adjustmentOf(requirement, 119_99n, stamp)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.validation, details: expect.objectContaining({ done: 120_00 }) }),
    );
    expect(() => adjustmentOf(requirement, 500_00n, stamp)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.validation }),
    );
  });

  it('changes only an outstanding requirement', () => {
    expect(() => assertOutstanding({ id: 1, completedAt: null, changeKind: 'adjusted' })).not.toThrow();
    expect(() => assertOutstanding({ id: 1, completedAt: stamp.at, changeKind: null })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.turnoverClosed, message: expect.stringContaining('complete') }),
    );
    expect(() => assertOutstanding({ id: 1, completedAt: stamp.at, changeKind: 'waived' })).toThrow(/already waived/);
  });
});

describe('turnover of a member', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('goes down as bets settle, completes requirements in order, and the tracker shows each one', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, memberId, 10_000n, 100);
    await creditMember(testApp.db, memberId, 5_000n, 200);
    expect(await turnoverLeft(testApp.db.db, DEMO_MERCHANT_ID, memberId)).toBe(20_000n);

    await testApp.db.db.transaction((tx) => recordBetTurnover(tx, DEMO_MERCHANT_ID, memberId, 12_000n, new Date()));
    const tracker = (await client.request('GET', API_PATHS.turnover)).json().value;
    expect(tracker).toMatchObject({ required: 10_000, done: 2_000, left: 8_000, canWithdraw: false });
    expect(
      tracker.items.map((item: { baseAmount: number; left: number; completedAt: string | null }) => [
        item.baseAmount,
        item.left,
        item.completedAt !== null,
      ]),
    ).toEqual([
      [5_000, 8_000, false],
      [10_000, 0, true],
    ]);

    await testApp.db.db.transaction((tx) => recordBetTurnover(tx, DEMO_MERCHANT_ID, memberId, 9_000n, new Date()));
    expect((await client.request('GET', API_PATHS.turnover)).json().value).toMatchObject({
      left: 0,
      canWithdraw: true,
    });
  });

  it('takes many members’ settled bets at once as each member’s bet alone would', async () => {
    const spilling = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, spilling.memberId, 10_000n, 100);
    await creditMember(testApp.db, spilling.memberId, 5_000n, 200);
    const completing = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, completing.memberId, 3_000n, 100);
    const without = await registeredMember(testApp.app, testApp.db);
    const amounts = new Map([
      [spilling.memberId, 12_000n],
      [completing.memberId, 4_000n],
      [without.memberId, 7_000n],
    ]);
    await testApp.db.db.transaction((tx) => recordBetsTurnover(tx, DEMO_MERCHANT_ID, amounts, new Date()));

    const trackerOf = async (client: typeof spilling.client) =>
      (await client.request('GET', API_PATHS.turnover)).json().value;
    const items = (tracker: { items: { baseAmount: number; left: number; completedAt: string | null }[] }) =>
      tracker.items.map((item) => [item.baseAmount, item.left, item.completedAt !== null]);
    const spilt = await trackerOf(spilling.client);
    expect(spilt).toMatchObject({ required: 10_000, done: 2_000, left: 8_000 });
    expect(items(spilt)).toEqual([
      [5_000, 8_000, false],
      [10_000, 0, true],
    ]);
    expect(await trackerOf(completing.client)).toMatchObject({ left: 0, canWithdraw: true });
    expect(await turnoverLeft(testApp.db.db, DEMO_MERCHANT_ID, without.memberId)).toBe(0n);
  });
});
