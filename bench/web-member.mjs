/**
 * A member's session for bench:web's signed-in screens (the inbox, invite friends): a member
 * registered once through the app's own form, then signed in through the login form in each
 * browser Lighthouse audits with, its HTTP cache, service worker and caches cleared afterwards, so
 * the audit is a signed-in player's cold load. Registering needs the captcha's code, which only a
 * server outside production answers (GET /dev/captcha/:id, as the browser tests read it): these
 * screens are audited against a second server of the same build in development mode.
 */
import { chromium } from 'playwright-core';

const PASSWORD = 'Sunrise2026';

/** The newest captcha id the page loaded (the form's image asks GET /wps/captcha). */
function watchCaptchas(page) {
  let latest = null;
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('/wps/captcha') || !response.ok()) return;
    const body = await response.json().catch(() => null);
    if (body?.value?.captchaId) latest = body.value.captchaId;
  });
  return () => latest;
}

async function captchaCode(origin, captchaId) {
  const body = await (await fetch(`${origin}/dev/captcha/${encodeURIComponent(captchaId)}`)).json();
  if (!body.success) throw new Error(`no captcha ${captchaId}: ${JSON.stringify(body)}`);
  return body.value.code;
}

async function waitFor(what, check, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`bench:web: ${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const signedIn = (page) =>
  page
    .getByTestId('header-member-name')
    .isVisible()
    .catch(() => false);

/** Registers a member through the registration form in the browser on `port`; answers its user name. */
export async function registerMember(port, origin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const latestCaptcha = watchCaptchas(page);
    const username = `bench${Date.now().toString(36)}`;
    await page.goto(`${origin}/m/register`);
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm-password').fill(PASSWORD);
    const captchaId = await waitFor('the captcha', latestCaptcha);
    await page.getByTestId('register-captcha').fill(await captchaCode(origin, captchaId));
    await page.getByTestId('register-submit').click();
    await waitFor('the registration', () => signedIn(page));
    return username;
  } finally {
    await browser.close();
  }
}

/**
 * Signs `username` in through the login form in the browser on `port`, then clears what a first
 * visit would not have (the HTTP cache, the service worker and its caches), keeping the session's
 * cookie and stored record.
 */
export async function signInFresh(port, origin, username) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${origin}/m/login`);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await waitFor('the sign-in', () => signedIn(page));
    // A page that goes away registers the service worker (app/pwa/registerServiceWorker.ts): let
    // that finish, then clear it with the caches, from a blank page.
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    await blank.close();
  } finally {
    await browser.close();
  }
}
