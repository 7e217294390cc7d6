import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { dismissPopups } from './helpers';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');

/**
 * A screen reached in the app comes as its chunk with its style sheet, loaded before it draws
 * (src/shared/lib/preloadDependencies.ts, the build's __vitePreload).
 */
describe('a screen loaded on navigation', () => {
  let phone: Phone;
  beforeEach(async () => {
    phone = await openPhone(baseURL);
  });
  afterEach(async () => {
    await phone.close();
  });

  it('draws with its style sheet; one that failed is asked for again by the retry, and the screen draws styled', async () => {
    const { page } = phone;
    let refused = 0;
    await page.route('**/assets/NoticeScreen-*.css', async (route) => {
      if (refused === 0) {
        refused += 1;
        await route.abort();
      } else await route.continue();
    });
    await page.goto('/m/home');
    await page.locator('.app:not([data-shell]) .home__content').waitFor();
    await dismissPopups(page);

    await page.getByTestId('notice-marquee').click();
    await page.getByTestId('module-load-error').waitFor({ state: 'visible' });
    expect(refused).toBe(1);

    await page.getByTestId('module-load-retry').click();
    await page.waitForURL('**/m/notice');
    await page.getByTestId('module-load-error').waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.styleSheets).some((sheet) =>
            /\/assets\/NoticeScreen-[\w-]+\.css$/.test(sheet.href ?? ''),
          ),
        ),
      )
      .toBe(true);
    expect(await page.locator('link[rel="stylesheet"][href*="NoticeScreen-"]').count()).toBe(1);
    // A rule of notice.css, there as the screen shows.
    expect(await page.locator('.notices').evaluate((element) => getComputedStyle(element).display)).toBe('grid');
  });
});
