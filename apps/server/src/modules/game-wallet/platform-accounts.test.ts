import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { addMerchantOnHost } from '../site/testing';
import { systemAccount } from '../wallet/ledger';
import { platformAccountsOf } from './provider-api';

/**
 * The provider API keeps each merchant's house and play-money account ids in memory. Two apps in
 * one process (tests, or a tool beside the server) each have a database of their own, where the
 * same merchant id names different accounts: each must get the ids of its own database, or a
 * provider call would post to an account of the other one.
 */

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('the platform accounts a provider call posts to', () => {
  it('are those of the call’s own database when another app in the process has the same merchant id', async () => {
    const merchant = { code: 'SECOND', name: 'Second', host: 'second.palaro.test' };
    const merchantId = await addMerchantOnHost(first.db.db, merchant);
    expect(await addMerchantOnHost(second.db.db, merchant)).toBe(merchantId);
    // An account made first in one database only: the house accounts made next get different ids.
    await systemAccount(first.db.db, merchantId, 'promotions');

    const firstAccounts = await platformAccountsOf(first.db.db, merchantId);
    const secondAccounts = await platformAccountsOf(second.db.db, merchantId);

    const secondHouse = await systemAccount(second.db.db, merchantId, 'house');
    const secondPlayMoney = await systemAccount(second.db.db, merchantId, 'play_money');
    expect(firstAccounts!.house).not.toBe(secondHouse.id);
    expect(secondAccounts).toEqual({ house: secondHouse.id, playMoney: secondPlayMoney.id });
    expect(await platformAccountsOf(first.db.db, merchantId)).toEqual(firstAccounts);
  });
});
