import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { captchaCode, dismissPopups } from './helpers';

/** What a player does again and again across the browser tests, done the way a player does it. */

export async function fillCaptcha(page: Page, baseURL: string, latestCaptcha: () => string, testId: string) {
  await page.getByTestId('captcha-image').waitFor({ state: 'visible' });
  await expect.poll(() => { try { return latestCaptcha(); } catch { return ''; } }).not.toBe('');
  await page.getByTestId(testId).fill(await captchaCode(baseURL, latestCaptcha()));
}

export async function expectSignedIn(page: Page, name: string) {
  await page.waitForURL('**/m/home');
  await dismissPopups(page, 1500);
  await expect.poll(() => page.getByTestId('header-member-name').innerText().catch(() => '')).toContain(name);
}

export async function signOut(page: Page) {
  if (!page.url().endsWith('/m/home')) await page.goto('/m/home');
  await dismissPopups(page, 1500);
  await page.getByTestId('header-menu-button').click();
  await page.getByTestId('header-menu-sign-out').click();
  await page.getByTestId('confirm-ok').click();
  await page.waitForURL('**/m/home');
  await page.getByTestId('header-login').waitFor({ state: 'visible' });
  expect(await page.evaluate(() => localStorage.getItem('MC_SESSION_INFO'))).toBeNull();
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/m/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function chooseLanguage(page: Page, language: 'TY' | 'EN') {
  await page.goto('/');
  await dismissPopups(page, 1500);
  await page.getByTestId('language-toggle').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language === 'EN' ? 'en' : 'tl');
}

/** Registers by user name through the form, as a new player does, and waits until signed in. */
export async function registerByUsername(page: Page, baseURL: string, latestCaptcha: () => string, username: string, password: string) {
  await page.goto('/m/register');
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await fillCaptcha(page, baseURL, latestCaptcha, 'register-captcha');
  await page.getByTestId('register-submit').click();
  await expectSignedIn(page, username);
}
