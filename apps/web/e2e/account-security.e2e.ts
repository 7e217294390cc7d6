import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { en } from '../src/shared/i18n/en';
import { ty } from '../src/shared/i18n/ty';
import { freshIdentity, latestEmail, outboxEmails } from './helpers';
import { screenshotFailures, takenOver, type Phone } from './phone';
import {
  fillCaptcha,
  expectSignedIn,
  registerByUsername,
  signOut,
  signIn,
  chooseLanguage,
  openPlayerPhone,
} from './player';

const baseURL = inject('baseURL');

/*
 * One member serves every test of this file (registration is limited to 5 an hour per address,
 * shared with the other browser tests): registered in the first test, its password reset by e-mail
 * in the second, and its forms' messages checked in the third and fourth. The tests run in order.
 */
const member = {
  ...freshIdentity(),
  password: 'Sampaguita26',
  resetPassword: 'Bagong2027x',
  email: '',
};
member.email = `${member.username}@mail.com`;

const LANGUAGES = [
  ['TY', ty],
  ['EN', en],
] as const;

const toastText = (page: Page) => () =>
  page
    .getByTestId('toast')
    .innerText()
    .catch(() => '');
const fieldError = (page: Page, name: string) => () =>
  page
    .getByTestId(`field-error-${name}`)
    .innerText()
    .catch(() => '');
const mobileMin = (texts: { in_mobile_min: string }, min: number) =>
  texts.in_mobile_min.replace('{{min}}', String(min));

describe('a player keeps the account safe', () => {
  let phone: Phone;
  let latestCaptcha: () => string;
  beforeAll(async () => {
    ({ phone, latestCaptcha } = await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await phone.close();
  });
  screenshotFailures(() => phone, 'security-');

  it('sets a payment password, binds an e-mail with the code from the outbox and sees the sign-in history', async () => {
    const { page } = phone;
    await registerByUsername(page, baseURL, latestCaptcha, member.username, member.password);
    // A sign-in of its own, so the history has a password sign-in whatever registration records.
    await signOut(page);
    await signIn(page, member.username, member.password);
    await expectSignedIn(page, member.username);

    await page.goto('/m/securityCenter');
    await takenOver(page);
    await page.getByTestId('security-screen').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('security-payment-password').innerText()).toContain(ty.security_not_set);
    expect(await page.getByTestId('security-bind-email').innerText()).toContain(ty.security_not_linked);
    await expect.poll(() => page.getByTestId('security-history-item').count()).toBeGreaterThanOrEqual(1);
    await phone.screenshot('security-centre');

    // Payment password: the login password is required.
    await page.getByTestId('security-payment-password').click();
    await page.getByTestId('security-payment-form').waitFor({ state: 'visible' });
    await page.getByTestId('security-new-payment').fill('246810');
    await page.getByTestId('security-confirm-payment').fill('246810');
    await page.getByTestId('security-payment-form-submit').click();
    await expect.poll(fieldError(page, 'loginPassword')).toBe(ty.in_enter_password);
    await phone.screenshot('security-payment-login-required');
    await page.getByTestId('security-login-password').fill(member.password);
    await page.getByTestId('security-payment-form-submit').click();
    await expect.poll(toastText(page)).toBe(ty.security_saved);
    await page.getByTestId('security-payment-form').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('security-payment-password').innerText()).toContain(ty.security_is_set);

    // E-mail: the code arrives in the outbox as an e-mail.
    const before = (await outboxEmails(baseURL, member.email))[0]?.id ?? 0;
    await page.getByTestId('security-bind-email').click();
    await page.getByTestId('security-email-form').waitFor({ state: 'visible' });
    await page.getByTestId('security-email').fill(member.email);
    await page.getByTestId('security-email-send').click();
    const codeMail = await latestEmail(baseURL, member.email, before);
    const code = codeMail.body.match(/\b(\d{6})\b/)?.[1];
    expect(code, codeMail.body).toBeTruthy();
    await page.getByTestId('security-email-code').fill(code!);
    await phone.screenshot('security-email-form');
    await page.getByTestId('security-email-form-submit').click();
    await expect.poll(toastText(page)).toBe(ty.security_saved);
    await page.getByTestId('security-email-form').waitFor({ state: 'detached' });
    // The bound address is shown masked (first letter and domain), with "change" as its action.
    const [local, domain] = member.email.split('@') as [string, string];
    await expect.poll(() => page.getByTestId('security-bind-email').innerText()).toContain(`${local[0]}•••@${domain}`);
    expect(await page.getByTestId('security-bind-email').innerText()).toContain(ty.security_change);
    expect(await page.getByTestId('security-bind-email').innerText()).not.toContain(local);

    // Sign-in history: device and time of each entry.
    const entry = page.getByTestId('security-history-item').first();
    expect((await entry.locator('.sec-history__device').innerText()).trim()).toMatch(/Chrome/);
    expect(await entry.locator('.sec-history__meta').first().innerText()).toMatch(/\d{1,2}:\d{2}/);
    await phone.screenshot('security-centre-done');
  });

  it('resets a forgotten password by e-mail with a link that works once', async () => {
    const { page } = phone;
    await signOut(page);
    await page.goto('/m/forget');
    await takenOver(page);
    await page.getByTestId('forget-tab-email').click();
    await page.getByTestId('forget-email-form').waitFor({ state: 'visible' });
    await page.getByTestId('forget-username').fill(member.username);
    await page.getByTestId('forget-email').fill(member.email);
    await phone.screenshot('forget-email');
    const before = (await outboxEmails(baseURL, member.email))[0]?.id ?? 0;
    await page.getByTestId('forget-email-submit').click();
    await expect.poll(toastText(page)).toBe(ty.in_been_out);
    await phone.screenshot('forget-email-sent');

    const mail = await latestEmail(baseURL, member.email, before);
    const link = mail.body.match(/https?:\/\/\S+resetToken=[\w-]+/)?.[0];
    expect(link, mail.body).toBeTruthy();
    expect(new URL(link!).origin).toBe(new URL(baseURL).origin);

    await page.goto(link!);
    await takenOver(page);
    await page.getByTestId('reset-link-form').waitFor({ state: 'visible' });
    await page.getByTestId('reset-new-password').fill(member.resetPassword);
    await page.getByTestId('reset-confirm-password').fill(member.resetPassword);
    await phone.screenshot('reset-link-form');
    await page.getByTestId('reset-submit').click();
    await expect.poll(toastText(page)).toBe(ty.forget_done);
    await page.waitForURL('**/m/login');

    await signIn(page, member.username, member.resetPassword);
    await expectSignedIn(page, member.username);
    await signOut(page);

    // The same link a second time: refused as soon as it opens, with a way to ask for a new one.
    await page.goto(link!);
    await takenOver(page);
    const invalid = page.getByTestId('reset-link-invalid');
    await invalid.waitFor({ state: 'visible' });
    expect(await invalid.innerText()).toContain(ty.in_reset_link_invalid);
    expect(await page.getByTestId('reset-link-form').count()).toBe(0);
    await phone.screenshot('reset-link-used');
    await page.getByTestId('reset-link-request-new').click();
    await page.getByTestId('forget-email-form').waitFor({ state: 'visible' });
    expect(page.url()).not.toContain('resetToken=');
  });

  it('shows the change-password messages in Tagalog and in English, and sends nothing when new equals old', async () => {
    const { page } = phone;
    await signIn(page, member.username, member.resetPassword);
    await expectSignedIn(page, member.username);
    let changeRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/wps/member/password/change')) changeRequests += 1;
    });

    for (const [language, texts] of LANGUAGES) {
      await chooseLanguage(page, language);
      await page.goto('/m/changePsw');
      await takenOver(page);
      await page.getByTestId('change-password-form').waitFor({ state: 'visible' });
      expect(await page.getByTestId('change-username').inputValue()).toBe(member.username);

      await page.getByTestId('change-old-password').fill(member.resetPassword);
      await page.getByTestId('change-new-password').fill('Different2029');
      await page.getByTestId('change-submit').click();
      await expect.poll(fieldError(page, 'confirmNewPassword')).toBe(texts.in_enter_password);

      await page.getByTestId('change-confirm-password').fill('Different2030');
      await page.getByTestId('change-submit').click();
      await expect.poll(fieldError(page, 'confirmNewPassword')).toBe(texts.in_confirm_password_not_matched);
      await phone.screenshot(`change-password-errors-${language}`);

      await page.getByTestId('change-new-password').fill(member.resetPassword);
      await page.getByTestId('change-confirm-password').fill(member.resetPassword);
      await page.getByTestId('change-submit').click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.innerText()).toContain(texts.in_new_old_same);
      expect(await page.getByTestId('confirm-cancel').count()).toBe(0);
      await phone.screenshot(`change-password-same-${language}`);
      await page.getByTestId('confirm-ok').click();
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).toContain('/m/changePsw');
    }
    expect(changeRequests).toBe(0);
    await signOut(page);
  });

  it('shows the login, forgot-by-e-mail and forgot-by-phone messages in Tagalog and in English', async () => {
    const { page } = phone;
    for (const [language, texts] of LANGUAGES) {
      await chooseLanguage(page, language);

      // Login: empty fields, then a wrong password answered by the server.
      await page.goto('/m/login');
      await takenOver(page);
      await page.getByTestId('login-submit').click();
      await expect.poll(fieldError(page, 'username')).toBe(texts.in_enter_username_password);
      expect(await page.getByTestId('field-error-password').innerText()).toBe(texts.in_enter_username_password);
      await phone.screenshot(`login-empty-${language}`);
      await page.getByTestId('login-username').fill(member.username);
      await page.getByTestId('login-password').fill('Wrong-password-1');
      if (language === 'EN') {
        // The account failed once already (in Tagalog): the server now wants a captcha first.
        await page.getByTestId('login-submit').click();
        await expect.poll(toastText(page)).toBe(texts.in_enter_captcha);
        await fillCaptcha(page, baseURL, latestCaptcha, 'captcha-input');
      }
      await page.getByTestId('login-submit').click();
      await expect.poll(toastText(page)).toBe(texts.in_user_not_exist);
      await page.getByTestId('captcha-input').waitFor({ state: 'visible' });
      expect(page.url()).toContain('/m/login');
      await phone.screenshot(`login-wrong-password-${language}`);

      // Forgot by e-mail: a bad address.
      await page.goto('/m/forget');
      await takenOver(page);
      await page.getByTestId('forget-tab-email').click();
      await page.getByTestId('forget-username').fill(member.username);
      await page.getByTestId('forget-email').fill('not-an-email@x');
      await page.getByTestId('forget-email-submit').click();
      await expect.poll(fieldError(page, 'email')).toBe(texts.in_email_incorrect);
      await phone.screenshot(`forget-email-invalid-${language}`);

      // Forgot by phone: an invalid mobile number; no code is sent.
      await page.goto('/m/forget');
      await takenOver(page);
      await page.getByTestId('forget-mobile-form').waitFor({ state: 'visible' });
      await page.getByTestId('forget-mobile').fill('123');
      await expect.poll(fieldError(page, 'mobileNum')).toBe(mobileMin(texts, 7));
      await page.getByTestId('forget-send-code').click();
      expect(await page.getByTestId('field-error-mobileNum').innerText()).toBe(mobileMin(texts, 7));
      expect(await page.getByTestId('forget-code').isDisabled()).toBe(true);
      expect(await page.getByTestId('forget-submit').isDisabled()).toBe(true);
      await page.getByTestId('forget-mobile').fill('');
      await expect.poll(fieldError(page, 'mobileNum')).toBe(texts.in_enter_mobile);
      await phone.screenshot(`forget-mobile-invalid-${language}`);
    }
  });
});
