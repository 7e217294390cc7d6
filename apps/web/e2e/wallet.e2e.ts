import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ty } from '../src/shared/i18n/ty';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, dismissPopups, freshIdentity, watchCaptchas } from './helpers';
import { openPhone, screenshotDir, type Phone } from './phone';
import { registerByUsername } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');
const PAYMENT_PASSWORD = '135790';

const headerBalance = (page: Page) => () => page.getByTestId('header-balance').innerText().catch(() => '');

describe('a new player’s money', () => {
  let phone: Phone;
  let latestCaptcha: () => string;
  beforeAll(async () => {
    // Deposits on this merchant need no turnover, so the player can withdraw what they deposited.
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=0');
    phone = await openPhone(baseURL);
    latestCaptcha = watchCaptchas(phone.page);
    await phone.page.goto('/');
    await dismissPopups(phone.page);
  });
  afterAll(async () => {
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=100');
    await phone.close();
  });
  beforeEach(({ task }) => {
    onTestFailed(() => phone.screenshot(`failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`));
  });

  it('deposits 500.00 through the sandbox gateway, withdraws to GCash, and sees every step', async () => {
    const { page } = phone;
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');
    await expect.poll(headerBalance(page)).toContain('₱0.00');

    // A second tab of the same player stays on home: it must learn of the deposit by itself.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/m/home');
    await dismissPopups(otherTab, 1500);
    await expect.poll(headerBalance(otherTab)).toContain('₱0.00');

    // Deposit through the gateway's own page.
    await page.goto('/m/voucherCenter');
    await page.getByTestId('deposit-form').waitFor({ state: 'visible' });
    await page.locator('[data-testid^="deposit-channel-"]').first().click();
    await page.getByTestId('deposit-amount').fill('500');
    await expect.poll(() => page.getByTestId('deposit-receive').innerText()).toContain('500.00');
    await phone.screenshot('wallet-deposit-form');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL('**/sandbox-gateway/checkout/**');
    expect(await page.locator('body').innerText()).toContain('Palaro Sandbox Pay');
    await phone.screenshot('wallet-sandbox-gateway');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL('**/m/vouReport?order=*');
    await expect.poll(() => page.getByTestId('returned-order-status').innerText()).toContain(ty.rep_status_paid);
    // After the page's entrance fade (the gateway sent the browser here with a full load).
    await expectCurrentScreenAccessible(page);
    await phone.screenshot('wallet-deposit-paid');
    await expect.poll(headerBalance(otherTab)).toContain('₱500.00');
    await otherTab.screenshot({ path: join(screenshotDir, 'wallet-other-tab-live-balance.png') });
    await otherTab.close();

    // Payment password, then a GCash payout account, in the security centre.
    await page.goto('/m/securityCenter');
    await page.getByTestId('security-payment-password').click();
    await page.getByTestId('security-new-payment').fill(PAYMENT_PASSWORD);
    await page.getByTestId('security-confirm-payment').fill(PAYMENT_PASSWORD);
    await page.getByTestId('security-login-password').fill('Sunrise2026');
    await page.getByTestId('security-payment-form-submit').click();
    await page.getByTestId('security-payment-form').waitFor({ state: 'detached' });
    await page.getByTestId('payout-add').click();
    await page.getByTestId('payout-kind-gcash').click();
    await page.getByTestId('payout-account-name').fill('Juan Dela Cruz');
    await page.getByTestId('payout-account-number').fill('09171234567');
    await page.getByTestId('payout-payment-password').fill(PAYMENT_PASSWORD);
    await page.getByTestId('payout-add-submit').click();
    await expect.poll(() => page.getByTestId('payout-item').count()).toBe(1);
    expect(await page.getByTestId('payout-number').innerText()).toContain('4567');
    await phone.screenshot('wallet-payout-account');
    await expectCurrentScreenAccessible(page);

    // Withdraw 200.00: held while pending.
    await page.goto('/m/withdraw');
    await page.getByTestId('withdraw-screen').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toContain('500.00');
    await page.locator('[data-testid^="withdraw-account-"]').first().click();
    await page.getByTestId('withdraw-amount').fill('200');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    await phone.screenshot('wallet-withdraw-form');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('withdraw-submit').click();
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
    await dismissPopups(page, 1500);
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
    await expect.poll(() => page.getByTestId('pnl-deposits').innerText().catch(() => '')).toContain('500.00');
    expect(await page.getByTestId('pnl-withdrawals').innerText()).toContain('200.00');
    await phone.screenshot('wallet-profit-and-loss');
    await expectCurrentScreenAccessible(page);
  });

  it('starts a trial with play money in the header', async () => {
    const trial = await openPhone(baseURL);
    try {
      await trial.page.goto('/m/trail');
      await trial.page.getByTestId('trial-button').click();
      await trial.page.waitForURL('**/m/home');
      await dismissPopups(trial.page, 1500);
      await expect.poll(headerBalance(trial.page)).toContain('₱2,000.00');
      await trial.screenshot('wallet-trial-balance');
    } finally {
      await trial.close();
    }
  });
});
