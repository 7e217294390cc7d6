import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ty } from '../src/shared/i18n/ty';
import { captchaCode, dismissPopups, watchCaptchas } from './helpers';
import { openPhone, takenOver, type Phone } from './phone';

/** Moments of a money flow a test may look at (screenshots, accessibility) before it goes on. */
type Look = () => Promise<void>;

/** What a player does again and again across the browser tests, done the way a player does it. */

/** A fresh phone signed in as a new trial player (₱2,000.00 of play money), on home with its pop-ups closed. */
export async function openTrialPhone(baseURL: string): Promise<Phone> {
  const phone = await openPhone(baseURL);
  await phone.page.goto('/m/trail');
  await takenOver(phone.page);
  await phone.page.getByTestId('trial-button').click();
  await phone.page.waitForURL('**/m/home');
  await dismissPopups(phone.page);
  return phone;
}

/** A fresh phone on home with its pop-ups closed, and the newest captcha it has loaded. */
export async function openPlayerPhone(baseURL: string): Promise<{ phone: Phone; latestCaptcha: () => string }> {
  const phone = await openPhone(baseURL);
  const latestCaptcha = watchCaptchas(phone.page);
  await phone.page.goto('/');
  await takenOver(phone.page);
  await dismissPopups(phone.page);
  return { phone, latestCaptcha };
}

export async function fillCaptcha(page: Page, baseURL: string, latestCaptcha: () => string, testId: string) {
  await page.getByTestId('captcha-image').waitFor({ state: 'visible' });
  await expect
    .poll(() => {
      try {
        return latestCaptcha();
      } catch {
        return '';
      }
    })
    .not.toBe('');
  await page.getByTestId(testId).fill(await captchaCode(baseURL, latestCaptcha()));
}

export async function expectSignedIn(page: Page, name: string) {
  await page.waitForURL('**/m/home');
  await dismissPopups(page);
  await expect
    .poll(() =>
      page
        .getByTestId('header-member-name')
        .innerText()
        .catch(() => ''),
    )
    .toContain(name);
}

export async function signOut(page: Page) {
  if (!page.url().endsWith('/m/home')) await page.goto('/m/home');
  await takenOver(page);
  await dismissPopups(page);
  await page.getByTestId('header-menu-button').click();
  await page.getByTestId('header-menu-sign-out').click();
  await page.getByTestId('confirm-ok').click();
  await page.waitForURL('**/m/home');
  await page.getByTestId('header-login').waitFor({ state: 'visible' });
  expect(await page.evaluate(() => localStorage.getItem('MC_SESSION_INFO'))).toBeNull();
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/m/login');
  await takenOver(page);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function chooseLanguage(page: Page, language: 'TY' | 'EN') {
  await page.goto('/');
  await takenOver(page);
  await dismissPopups(page);
  await page.getByTestId('language-toggle').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language === 'EN' ? 'en' : 'tl');
}

/** Registers by user name through the form, as a new player does, and waits until signed in. */
export async function registerByUsername(
  page: Page,
  baseURL: string,
  latestCaptcha: () => string,
  username: string,
  password: string,
) {
  await page.goto('/m/register');
  await takenOver(page);
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await fillCaptcha(page, baseURL, latestCaptcha, 'register-captcha');
  await page.getByTestId('register-submit').click();
  await expectSignedIn(page, username);
}

/** Deposits on the first channel and pays on the sandbox gateway's page; back on the records, paid. */
export async function depositOnSandbox(page: Page, amount: string, look: { form?: Look; gateway?: Look } = {}) {
  await page.goto('/m/voucherCenter');
  await takenOver(page);
  await page.getByTestId('deposit-form').waitFor({ state: 'visible' });
  await page.locator('[data-testid^="deposit-channel-"]').first().click();
  await page.getByTestId('deposit-amount').fill(amount);
  await expect.poll(() => page.getByTestId('deposit-receive').innerText()).toContain(amount);
  await look.form?.();
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL('**/sandbox-gateway/checkout/**');
  expect(await page.locator('body').innerText()).toContain('Palaro Sandbox Pay');
  await look.gateway?.();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL('**/m/vouReport?order=*');
  await expect.poll(() => page.getByTestId('returned-order-status').innerText()).toContain(ty.rep_status_paid);
}

/** Sets the first payment password in the security centre, as a player does. */
export async function setPaymentPassword(page: Page, loginPassword: string, paymentPassword: string) {
  await page.goto('/m/securityCenter');
  await takenOver(page);
  await page.getByTestId('security-payment-password').click();
  await page.getByTestId('security-new-payment').fill(paymentPassword);
  await page.getByTestId('security-confirm-payment').fill(paymentPassword);
  await page.getByTestId('security-login-password').fill(loginPassword);
  await page.getByTestId('security-payment-form-submit').click();
  await page.getByTestId('security-payment-form').waitFor({ state: 'detached' });
}

/** Adds a GCash payout account in the security centre (the payment password must be set). */
export async function addGcashPayoutAccount(page: Page, paymentPassword: string, accountNumber = '09171234567') {
  if (!page.url().endsWith('/m/securityCenter')) await page.goto('/m/securityCenter');
  await takenOver(page);
  const before = await page.getByTestId('payout-item').count();
  await page.getByTestId('payout-add').click();
  await page.getByTestId('payout-kind-gcash').click();
  await page.getByTestId('payout-account-name').fill('Juan Dela Cruz');
  await page.getByTestId('payout-account-number').fill(accountNumber);
  await page.getByTestId('payout-payment-password').fill(paymentPassword);
  await page.getByTestId('payout-add-submit').click();
  await expect.poll(() => page.getByTestId('payout-item').count()).toBe(before + 1);
}

/** Fills the withdraw form (first payout account) and submits it. */
export async function fillAndSubmitWithdrawal(
  page: Page,
  amount: string,
  paymentPassword: string,
  look: { form?: Look } = {},
) {
  await page.getByTestId('withdraw-screen').waitFor({ state: 'visible' });
  await page.locator('[data-testid^="withdraw-account-"]').first().click();
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-password').fill(paymentPassword);
  await look.form?.();
  await page.getByTestId('withdraw-submit').click();
}
