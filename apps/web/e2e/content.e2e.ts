import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchAnnouncements } from './helpers';
import { expectCurrentScreenAccessible } from './accessibility';
import { openPhone, settle, type Phone } from './phone';

const baseURL = inject('baseURL');

describe('a new player reads the merchant’s content', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('sees the home pop-up once, and not again after "don’t show again"', async () => {
    const { page } = phone;
    const tagalog = await fetchAnnouncements(baseURL, 'TY');
    expect(tagalog.popup.length).toBeGreaterThan(1);
    await page.goto('/');
    const dialog = page.getByTestId('popup-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain(tagalog.popup[0]!.title);
    await settle(page);
    await phone.screenshot('content-home-popup-tagalog');
    await page.getByTestId('popup-dont-show').check();
    await page.getByTestId('popup-close').click();
    // The second one is closed for this session only.
    await expect.poll(async () => dialog.innerText()).toContain(tagalog.popup[1]!.title);
    await page.getByTestId('popup-close').click();
    await dialog.waitFor({ state: 'detached' });

    // A new browser session on the same device: the session's memory is gone, the device's kept.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect.poll(async () => dialog.innerText()).toContain(tagalog.popup[1]!.title);
    expect(await dialog.innerText()).not.toContain(tagalog.popup[0]!.title);
    await page.getByTestId('popup-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('reads a hot announcement on home', async () => {
    const { page } = phone;
    const tagalog = await fetchAnnouncements(baseURL, 'TY');
    const hot = page.getByTestId('hot-announcements');
    await hot.scrollIntoViewIfNeeded();
    const cards = hot.getByTestId('hot-announcement');
    await expect.poll(() => cards.count()).toBe(tagalog.hot.length);
    expect(await cards.first().innerText()).toContain(tagalog.hot[0]!.title);
    await settle(page);
    await phone.screenshot('content-home-hot-tagalog');
  });

  it('sees the registration banner on the registration screen', async () => {
    const { page } = phone;
    await page.goto('/m/register');
    const banner = page.getByTestId('register-banner');
    await banner.waitFor({ state: 'visible' });
    expect(
      await banner.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    ).toBe(true);
    expect(await banner.getAttribute('alt')).toBe('Magparehistro at kunin ang 100% Pambungad na Bonus');
    await phone.screenshot('content-register-banner-tagalog');
  });

  it('opens help on the tab of the query and an article from it, in both languages', async () => {
    const { page } = phone;
    await page.goto('/m/help?i=1');
    const tabs = page.getByTestId('help-tab');
    await expect.poll(() => tabs.count()).toBe(5);
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(1).innerText()).toBe('Withdrawal');
    await expectCurrentScreenAccessible(page);
    await phone.screenshot('content-help-tagalog');

    await page.getByTestId('help-item').first().click();
    await page.waitForURL('**/m/helpDetail?i=1&id=*');
    await page.getByTestId('help-detail-title').waitFor({ state: 'visible' });
    expect(await page.getByTestId('help-detail-title').innerText()).toBe('Paano mag-withdraw');
    expect(await page.getByTestId('help-detail-body').locator('ol li').count()).toBe(3);
    await expectCurrentScreenAccessible(page);
    await phone.screenshot('content-help-article-tagalog');

    await page.getByTestId('language-toggle').click();
    await page.getByTestId('language-option-EN').click();
    await expect.poll(() => page.getByTestId('help-detail-title').innerText()).toBe('How to withdraw');
    await phone.screenshot('content-help-article-english');
  });

  it('reads the user agreement with its version', async () => {
    const { page } = phone;
    await page.goto('/m/useragreement');
    await page.getByTestId('agreement-body').waitFor({ state: 'visible' });
    expect(await page.getByTestId('agreement-version').innerText()).toMatch(/^Version 1 · in force since/);
    expect(await page.getByTestId('agreement-body').locator('h3').first().innerText()).toBe('1. Eligibility');
    await expectCurrentScreenAccessible(page);
    await phone.screenshot('content-agreement-english');

    await page.goto('/m/service');
    await page.getByTestId('service-telegram').waitFor({ state: 'visible' });
    expect(await page.getByTestId('service-telegram').getAttribute('href')).toBe('https://t.me/PalaroSupportPH');
    await expectCurrentScreenAccessible(page);
    await phone.screenshot('content-service-english');
  });
});
