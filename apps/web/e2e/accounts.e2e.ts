import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../src/shared/i18n/en';
import { ty } from '../src/shared/i18n/ty';
import { admin, freshIdentity, latestSmsCode } from './helpers';
import { screenshotFailures, takenOver, type Phone } from './phone';
import { chooseLanguage, fillCaptcha, expectSignedIn, signOut, signIn, openPlayerPhone } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');

describe('a new player with an account', () => {
  let phone: Phone;
  let latestCaptcha: () => string;
  beforeAll(async () => {
    ({ phone, latestCaptcha } = await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await phone.close();
  });
  screenshotFailures(() => phone);

  it('registers by user name, signs out, signs in, changes the password and signs in with the new one', async () => {
    const { page } = phone;
    const { username } = freshIdentity();
    await page.goto('/m/register');
    await takenOver(page);
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill('Sunrise2026');
    await page.getByTestId('register-confirm-password').fill('Sunrise2026');
    await fillCaptcha(page, baseURL, latestCaptcha, 'register-captcha');
    await phone.screenshot('register-filled');
    await page.getByTestId('register-submit').click();
    await expectSignedIn(page, username);

    await signOut(page);
    await signIn(page, username, 'Sunrise2026');
    await expectSignedIn(page, username);

    await page.goto('/m/changePsw');
    await takenOver(page);
    await page.getByTestId('change-old-password').fill('Sunrise2026');
    await page.getByTestId('change-new-password').fill('Moonlight2027');
    await page.getByTestId('change-confirm-password').fill('Moonlight2027');
    await phone.screenshot('change-password');
    await page.getByTestId('change-submit').click();
    await page.waitForURL('**/m/home');
    await signOut(page);

    await signIn(page, username, 'Sunrise2026');
    await page.getByTestId('captcha-input').waitFor({ state: 'visible' });
    expect(page.url()).toContain('/m/login');
    await phone.screenshot('login-failed-captcha');
    await page.getByTestId('login-password').fill('Moonlight2027');
    await fillCaptcha(page, baseURL, latestCaptcha, 'captcha-input');
    await page.getByTestId('login-submit').click();
    await expectSignedIn(page, username);
    await page.goto('/m/mine');
    await takenOver(page);
    await page.getByTestId('mine-account').waitFor({ state: 'visible' });
    expect(await page.getByTestId('mine-account').innerText()).toContain(username);
    await phone.screenshot('member-centre');
    await signOut(page);
  });

  it('registers by mobile number with the SMS code, then signs in by SMS code', async () => {
    const { page } = phone;
    const { mobileNum } = freshIdentity();
    await page.goto('/m/register');
    await takenOver(page);
    await page.getByTestId('register-tab-mobile').click();
    await page.getByTestId('register-mobile').fill(mobileNum);
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-sms-code').fill(await latestSmsCode(baseURL, mobileNum));
    await page.getByTestId('register-password').fill('Harana2026x');
    await page.getByTestId('register-confirm-password').fill('Harana2026x');
    await fillCaptcha(page, baseURL, latestCaptcha, 'register-captcha');
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/m/home');
    await page.getByTestId('header-member-name').waitFor({ state: 'visible' });
    await signOut(page);

    admin(baseURL, operatorToken, 'flags', 'set', 'MOBILEVERFLOGIN3=on');
    try {
      await page.goto('/m/login');
      await takenOver(page);
      await page.getByTestId('login-tab-sms').click();
      await page.getByTestId('login-mobile').fill(mobileNum);
      await page.getByTestId('login-send-code').click();
      await page.getByTestId('login-sms-code').fill(await latestSmsCode(baseURL, mobileNum));
      await phone.screenshot('login-sms');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/m/home');
      await page.getByTestId('header-member-name').waitFor({ state: 'visible' });
      await signOut(page);
    } finally {
      admin(baseURL, operatorToken, 'flags', 'set', 'MOBILEVERFLOGIN3=off');
    }
  });

  it('resets a forgotten password by phone and is signed in with the new one', async () => {
    const { page } = phone;
    const { username, mobileNum } = freshIdentity();
    await page.goto('/m/register');
    await takenOver(page);
    await page.getByTestId('register-tab-mobile').click();
    await page.getByTestId('register-mobile').fill(mobileNum);
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-sms-code').fill(await latestSmsCode(baseURL, mobileNum));
    await page.getByTestId('register-password').fill('Kalesa2026a');
    await page.getByTestId('register-confirm-password').fill('Kalesa2026a');
    await fillCaptcha(page, baseURL, latestCaptcha, 'register-captcha');
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/m/home');
    await signOut(page);
    expect(username).toBeTruthy();

    await page.goto('/m/forget');
    await takenOver(page);
    await page.getByTestId('forget-mobile').fill(mobileNum);
    await page.getByTestId('forget-send-code').click();
    await page.getByTestId('forget-code').fill(await latestSmsCode(baseURL, mobileNum));
    await page.getByTestId('forget-new-password').fill('Jeepney2027b');
    await phone.screenshot('forget-phone');
    await page.getByTestId('forget-submit').click();
    await page.waitForURL('**/m/home');
    await page.getByTestId('header-member-name').waitFor({ state: 'visible' });
    await signOut(page);
  });

  it('starts a free trial, and the trial is refused from the member centre', async () => {
    const { page } = phone;
    await page.goto('/m/login');
    await takenOver(page);
    await page.getByTestId('trial-button').click();
    await page.waitForURL('**/m/home');
    expect(await page.evaluate(() => sessionStorage.getItem('trialName'))).toBeTruthy();
    await page.goto('/m/mine');
    await takenOver(page);
    await expect
      .poll(() =>
        page
          .getByTestId('toast')
          .innerText()
          .catch(() => ''),
      )
      .toBe(ty.free_reject);
    await phone.screenshot('trial-refused');
    expect(await page.getByTestId('mine-account').count()).toBe(0);
    await signOut(page);
  });

  it('shows the validation messages of the registration form in Tagalog and in English', async () => {
    const { page } = phone;
    for (const [language, texts] of [
      ['TY', ty],
      ['EN', en],
    ] as const) {
      await chooseLanguage(page, language);
      await page.goto('/m/register');
      await takenOver(page);
      await page.getByTestId('register-username').fill('ab');
      await page.getByTestId('register-password').fill('short');
      await page.getByTestId('register-confirm-password').fill('different1');
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() =>
          page
            .getByTestId('field-error-username')
            .innerText()
            .catch(() => ''),
        )
        .toBe(texts.in_account_format);
      expect(await page.getByTestId('field-error-password').innerText()).toBe(texts.in_password_format);
      expect(await page.getByTestId('field-error-confirmPassword').innerText()).toBe(
        texts.in_confirm_password_not_matched,
      );
      expect(await page.getByTestId('field-error-captcha').innerText()).toBe(texts.in_enter_captcha);
      await phone.screenshot(`register-errors-${language}`);
    }
  });
});
