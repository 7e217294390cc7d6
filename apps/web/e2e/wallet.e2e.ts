import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ty } from '../src/shared/i18n/ty';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, dismissPopups, freshIdentity } from './helpers';
import { openPhone, screenshotDir, screenshotFailures, type Phone } from './phone';
import {
  addGcashPayoutAccount,
  depositOnSandbox,
  fillAndSubmitWithdrawal,
  openPlayerPhone,
  registerByUsername,
  setPaymentPassword,
} from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');
const PAYMENT_PASSWORD = '135790';

const headerBalance = (page: Page) => () =>
  page
    .getByTestId('header-balance')
    .innerText()
    .catch(() => '');

/**
 * One phone for the tests of a describe, opened on home, with the merchant's deposit turnover set
 * to `percent` for them (back to the default 100 % after).
 */
function phoneWithDepositTurnover(percent: number) {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    admin(baseURL, operatorToken, 'wallet', 'set', `depositTurnoverPercent=${percent}`);
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=100');
    await session.phone.close();
  });
  screenshotFailures(() => session.phone);
  return session;
}

describe('a new player’s money', () => {
  // Deposits need no turnover here, so the player can withdraw what they deposited.
  const session = phoneWithDepositTurnover(0);

  it('deposits 500.00 through the sandbox gateway, withdraws to GCash, and sees every step', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');
    await expect.poll(headerBalance(page)).toContain('₱0.00');

    // A second tab of the same player stays on home: it must learn of the deposit by itself.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/m/home');
    await dismissPopups(otherTab);
    await expect.poll(headerBalance(otherTab)).toContain('₱0.00');

    // Deposit through the gateway's own page.
    await depositOnSandbox(page, '500', {
      form: async () => {
        await phone.screenshot('wallet-deposit-form');
        await expectCurrentScreenAccessible(page);
      },
      gateway: () => phone.screenshot('wallet-sandbox-gateway'),
    });
    // After the page's entrance fade (the gateway sent the browser here with a full load).
    await expectCurrentScreenAccessible(page);
    await phone.screenshot('wallet-deposit-paid');
    await expect.poll(headerBalance(otherTab)).toContain('₱500.00');
    await otherTab.screenshot({ path: join(screenshotDir, 'wallet-other-tab-live-balance.png') });
    await otherTab.close();

    // Payment password, then a GCash payout account, in the security centre.
    await setPaymentPassword(page, 'Sunrise2026', PAYMENT_PASSWORD);
    await addGcashPayoutAccount(page, PAYMENT_PASSWORD);
    expect(await page.getByTestId('payout-number').innerText()).toContain('4567');
    await phone.screenshot('wallet-payout-account');
    await expectCurrentScreenAccessible(page);

    // Withdraw 200.00: held while pending.
    await page.goto('/m/withdraw');
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toContain('500.00');
    await fillAndSubmitWithdrawal(page, '200', PAYMENT_PASSWORD, {
      form: async () => {
        await phone.screenshot('wallet-withdraw-form');
        await expectCurrentScreenAccessible(page);
      },
    });
    await page.getByTestId('withdraw-result').waitFor({ state: 'visible' });
    const orderNo = (await page.getByTestId('withdraw-order-no').innerText()).trim();
    expect(orderNo).toMatch(/^W[A-Z0-9]{12}$/);
    await phone.screenshot('wallet-withdraw-pending');

    await page.goto('/m/withdrawReport');
    await expect.poll(() => page.getByTestId('withdraw-report-item').first().innerText()).toContain(orderNo);
    expect(await page.getByTestId('status-badge').first().getAttribute('data-status')).toBe('pending');

    // The operator pays it out with the admin command; the report shows it paid.
    expect(admin(baseURL, operatorToken, 'withdrawals', 'approve', orderNo)).toMatch(new RegExp(`${orderNo}\\s+paid`));
    await page.reload();
    await expect.poll(() => page.getByTestId('status-badge').first().getAttribute('data-status')).toBe('paid');
    await phone.screenshot('wallet-withdraw-paid');
    await expectCurrentScreenAccessible(page);

    await page.goto('/m/home');
    await dismissPopups(page);
    await expect.poll(headerBalance(page)).toContain('₱300.00');

    // Every step in the account records and in profit and loss.
    await page.goto('/m/transaction/record');
    await expect.poll(() => page.getByTestId('records-item').count()).toBe(2);
    const records = await page.getByTestId('records-screen').innerText();
    expect(records).toContain(orderNo);
    expect(records).toContain('+₱500.00');
    expect(records).toContain('-₱200.00');
    expect(records).toContain('₱300.00');
    await phone.screenshot('wallet-account-records');
    await expectCurrentScreenAccessible(page);

    await page.goto('/m/profitandloss');
    await expect
      .poll(() =>
        page
          .getByTestId('pnl-deposits')
          .innerText()
          .catch(() => ''),
      )
      .toContain('500.00');
    expect(await page.getByTestId('pnl-withdrawals').innerText()).toContain('200.00');
    await phone.screenshot('wallet-profit-and-loss');
    await expectCurrentScreenAccessible(page);
  }, 180_000);

  it('starts a trial with play money in the header', async () => {
    const trial = await openPhone(baseURL);
    try {
      await trial.page.goto('/m/trail');
      await trial.page.getByTestId('trial-button').click();
      await trial.page.waitForURL('**/m/home');
      await dismissPopups(trial.page);
      await expect.poll(headerBalance(trial.page)).toContain('₱2,000.00');
      await trial.screenshot('wallet-trial-balance');
    } finally {
      await trial.close();
    }
  });
});

describe('a deposit locked by turnover while there are no games', () => {
  const session = phoneWithDepositTurnover(100);

  it('tells the player what is left and why; the operator waives it with a reason; the player withdraws', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');
    await depositOnSandbox(page, '500');
    // The requirement keeps the terms of its deposit: turning the setting off later does not free it.
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=0');
    await setPaymentPassword(page, 'Sunrise2026', PAYMENT_PASSWORD);
    await addGcashPayoutAccount(page, PAYMENT_PASSWORD);

    await page.goto('/m/withdraw');
    await expect
      .poll(() =>
        page
          .getByTestId('withdraw-verdict')
          .innerText()
          .catch(() => ''),
      )
      .toMatch(
        /^Hindi pa: tumaya pa ng ₱500\.00 para makumpleto ang turnover ng iyong deposit na ₱500\.00 \(D[A-Z0-9]+\)/,
      );
    expect(await page.getByTestId('withdraw-available').innerText()).toBe(
      'Wala ka pang mawi-withdraw: may ₱500.00 pang turnover na natitira.',
    );
    await fillAndSubmitWithdrawal(page, '200', PAYMENT_PASSWORD);
    const amountError = await page.getByTestId('field-error-amount').innerText();
    expect(amountError).toBe(
      'Naka-lock pa ang balanse mo hangga’t hindi kumpleto ang turnover: tumaya muna ng ₱500.00.',
    );
    await page.getByTestId('field-error-amount').evaluate((error) => error.scrollIntoView({ block: 'center' }));
    await phone.screenshot('wallet-turnover-locked-amount');
    await page.getByTestId('turnover-tracker').scrollIntoViewIfNeeded();
    await phone.screenshot('wallet-turnover-locked');
    await expectCurrentScreenAccessible(page);

    const shown = admin(baseURL, operatorToken, 'turnover', 'show', username);
    expect(shown).toMatch(/500\.00 of turnover left\n\s*\d+\s+open\s+deposit\s+D[A-Z0-9]+\s+required 500\.00/);
    const waived = admin(
      baseURL,
      operatorToken,
      'turnover',
      'waive',
      username,
      '--reason',
      'Wala pang laro para matapos ang turnover',
    );
    expect(waived).toContain(`${username} (member `);
    expect(waived).toContain('no turnover left');

    await page.reload();
    await expect
      .poll(() =>
        page
          .getByTestId('withdraw-verdict')
          .innerText()
          .catch(() => ''),
      )
      .toContain('Kumpleto na ang turnover');
    const item = page.getByTestId('turnover-item');
    expect(await item.getAttribute('data-state')).toBe('waived');
    expect(await item.innerText()).toContain(ty.to_status_waived);
    expect(await page.getByTestId('turnover-change').innerText()).toMatch(
      /inalis ng operator ang natitirang ₱500\.00: “Wala pang laro para matapos ang turnover”$/,
    );
    await page.getByTestId('turnover-tracker').scrollIntoViewIfNeeded();
    await phone.screenshot('wallet-turnover-waived');
    await expectCurrentScreenAccessible(page);

    await fillAndSubmitWithdrawal(page, '200', PAYMENT_PASSWORD);
    await page.getByTestId('withdraw-result').waitFor({ state: 'visible' });
    await phone.screenshot('wallet-turnover-withdrawn');
  }, 180_000);
});
