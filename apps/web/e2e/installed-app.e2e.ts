import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dismissPopups } from './helpers';
import { openPhone, takenOver, type Phone } from './phone';

const baseURL = inject('baseURL');

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_OLD_SAFARI = IPHONE_SAFARI.replace('17_4', '12_1_4');
const IPHONE_CHROME = IPHONE_SAFARI.replace('Version/17.4', 'CriOS/124.0');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function setLanguage(page: Page, language: 'TY' | 'EN'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('lang', value), language);
}

async function asDevice(phone: Phone, userAgent: string): Promise<void> {
  const cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent });
}

describe('the installable app', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('has a valid manifest: installable fields and our icons, maskable too, each there at its size', async () => {
    const { page } = phone;
    await page.goto('/m/home');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await fetch(`${baseURL}${href}`);
    expect(response.ok).toBe(true);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Palaro',
      short_name: 'Palaro',
      start_url: '/m/home',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const purpose of ['any', 'maskable']) {
      const sizes = manifest.icons.filter((icon) => icon.purpose === purpose && icon.type === 'image/png');
      expect(sizes.map((icon) => icon.sizes).sort(), purpose).toEqual(['192x192', '512x512']);
    }
    for (const icon of manifest.icons) {
      const file = await fetch(`${baseURL}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toContain(icon.type);
      if (icon.type !== 'image/png') continue;
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toEqual({ width, height });
    }
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await fetch(`${baseURL}${touchIcon}`)).headers.get('content-type')).toContain('image/png');
  });

  it('runs its service worker, serves a repeat visit from its cache, and shows our offline screen without a network', async () => {
    const { page, context } = phone;
    await page.goto('/m/home');
    await takenOver(page);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const cacheNames = await caches.keys();
      const precache = cacheNames.find((name) => name.includes('precache'));
      const offlineKept = precache
        ? (await (await caches.open(precache)).keys()).some((request) => request.url.includes('/offline.html'))
        : false;
      return { state: registration.active?.state, scope: registration.scope, offlineKept };
    });
    expect(worker).toEqual({ state: 'activated', scope: `${baseURL}/`, offlineKept: true });

    // A repeat visit: the worker passes the page to the network (the server answers 304 to the tag
    // the browser holds: spa.test.ts), and the app's scripts come from the worker's cache.
    const scripts: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
    });
    const repeat = await page.reload();
    expect(repeat?.fromServiceWorker()).toBe(true);
    expect(await repeat?.text()).toContain('id="palaro-boot"');
    await takenOver(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => !script.fromWorker)).toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('offline-screen').waitFor();
      await expect.poll(() => page.locator('[lang="tl"] h1').first().isVisible()).toBe(true);
      expect(await page.title()).toBe('Palaro — Walang koneksyon');
      await phone.screenshot('offline-tagalog');
      await setLanguage(page, 'EN');
      await page.reload();
      await page.getByText('No internet connection').waitFor();
      expect(await page.getByText('Walang koneksyon sa internet').isVisible()).toBe(false);
      await phone.screenshot('offline-english');
    } finally {
      await context.setOffline(false);
    }
    // Back online, "try again" brings the app.
    await page.getByTestId('offline-retry').click();
    await takenOver(page);
    expect(await page.getByTestId('offline-screen').count()).toBe(0);
    await setLanguage(page, 'TY');
  });
});

describe('a new build deployed while the app is open', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('tells the player and moves to it when they tap "update now"', async () => {
    const { page } = phone;
    await page.goto('/m/home');
    await takenOver(page);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    // A page the worker controls watches for updates (on the member centre: no popups over it).
    await page.goto('/m/mine');
    await takenOver(page);
    const workerBefore = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(workerBefore).toBe(`${baseURL}/sw.js`);
    // A new build: another sw.js, put back as soon as the browser has fetched it, so the other
    // tests' pages never see it.
    const sw = join(import.meta.dirname, '..', 'dist', 'sw.js');
    const built = readFileSync(sw);
    try {
      appendFileSync(sw, '\n// the next build\n');
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    } finally {
      writeFileSync(sw, built);
    }
    const notice = page.getByTestId('update-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('May bagong bersyon ang Palaro');
    await phone.screenshot('update-notice-tagalog');
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button').click();
    await reloaded;
    await takenOver(page);
    expect(await page.getByTestId('update-notice').count()).toBe(0);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { noneWaiting: registration.waiting === null, controlled: navigator.serviceWorker.controller !== null };
      }),
    ).toEqual({ noneWaiting: true, controlled: true });
  });
});

describe('the download bar and popup (spec §2)', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  async function openHome(language: 'TY' | 'EN'): Promise<void> {
    const { page } = phone;
    await page.goto('/m/home');
    await setLanguage(page, language);
    await page.reload();
    await takenOver(page);
    await dismissPopups(page);
    await page.getByTestId('download-bar').waitFor();
  }

  it('opens the popup from home’s bar with an Android phone’s links, in both languages', async () => {
    const { page } = phone;
    await asDevice(
      phone,
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    );
    for (const language of ['TY', 'EN'] as const) {
      await openHome(language);
      await phone.screenshot(`download-bar-${language === 'TY' ? 'tagalog' : 'english'}`);
      await page.getByTestId('download-bar-button').click();
      const popup = page.getByTestId('download-popup');
      await popup.waitFor();
      expect(await popup.getByTestId('download-Android').getAttribute('href')).toBe('/media/downloads/android.html');
      expect(await popup.getByTestId('download-IOS').count()).toBe(1);
      expect(await popup.getByTestId('download-MOBILECONFIG').count()).toBe(1);
      expect(await popup.getByTestId('download-guide').getAttribute('data-guide')).toBe('profile');
      await phone.screenshot(`download-popup-android-${language === 'TY' ? 'tagalog' : 'english'}`);
    }
  });

  it('on iOS: Safari gets the popup without the Android link, an old iOS the legacy tip, another browser the Safari alert', async () => {
    const { page } = phone;
    await asDevice(phone, IPHONE_SAFARI);
    await openHome('EN');
    await page.getByTestId('download-bar-button').click();
    const popup = page.getByTestId('download-popup');
    await popup.waitFor();
    expect(await popup.getByTestId('download-Android').count()).toBe(0);
    expect(await popup.getByTestId('download-IOS').count()).toBe(1);
    await phone.screenshot('download-popup-iphone-english');

    await asDevice(phone, IPHONE_OLD_SAFARI);
    await openHome('TY');
    await page.getByTestId('download-bar-button').click();
    await page.getByTestId('download-popup').waitFor();
    expect(await page.getByTestId('download-guide').getAttribute('data-guide')).toBe('legacyIos');
    await phone.screenshot('download-popup-old-iphone-tagalog');

    await asDevice(phone, IPHONE_CHROME);
    await openHome('EN');
    await page.getByTestId('download-bar-button').click();
    await page.getByText('installing needs Safari').waitFor();
    expect(await page.getByTestId('download-popup').count()).toBe(0);
    await phone.screenshot('download-needs-safari-english');
  });

  it('opens the same popup from the member centre', async () => {
    const { page } = phone;
    await asDevice(phone, IPHONE_SAFARI);
    await page.goto('/m/mine');
    await takenOver(page);
    await page.getByTestId('mine-download').click();
    await page.getByTestId('download-popup').waitFor();
    expect(await page.getByTestId('download-guide').getAttribute('data-guide')).toBe('profile');
  });
});
