import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');

/**
 * Where the first screen paints without scripts (a guest screen drawn by the server, home's frame
 * with its first banner), the page asks for the app's scripts only once it has painted
 * (public/after-paint.js), and the app then takes the page over as before.
 */
describe('the app asked for after the first paint', () => {
  let phone: Phone;
  beforeEach(async () => {
    phone = await openPhone(baseURL);
  });
  afterEach(async () => {
    await phone.close();
  });

  /** When the page painted, what it painted largest, and when each of its scripts was asked for (the page's clock). */
  async function loadOrder(path: string) {
    const { page } = phone;
    await page.addInitScript(() => {
      const paints: { lcp: { startTime: number; url: string }[] } = { lcp: [] };
      (window as unknown as { __paints: typeof paints }).__paints = paints;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { url?: string })[]) {
          paints.lcp.push({ startTime: entry.startTime, url: entry.url ?? '' });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(path);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js')),
        ),
      )
      .toBe(true);
    return page.evaluate(() => ({
      firstContentfulPaint:
        performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ??
        null,
      largestPaints: (window as unknown as { __paints: { lcp: { startTime: number; url: string }[] } }).__paints.lcp,
      bannerArrivedAt:
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
          entry.name.includes('/media/banners/'),
        )?.responseEnd ?? null,
      scriptsAskedAt: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
  }

  it("a guest's login screen: no script before its first paint, then the app takes over the server's screen", async () => {
    const { firstContentfulPaint, scriptsAskedAt } = await loadOrder('/m/login');
    expect(firstContentfulPaint).not.toBeNull();
    for (const askedAt of scriptsAskedAt) expect(askedAt).toBeGreaterThanOrEqual(firstContentfulPaint!);
    const { page } = phone;
    expect(await page.locator('#root').getAttribute('data-server-rendered')).toBe('');
    // The app owns the server's elements (taken over, not drawn again).
    await expect
      .poll(() =>
        page
          .getByTestId('login-submit')
          .evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$'))),
      )
      .toBe(true);
    await page.getByTestId('login-username').fill('nobody-here');
    await page.getByTestId('login-password').fill('not-the-password-1');
    await page.getByTestId('login-submit').click();
    // Answered by the app (a message), not by the browser submitting the form as a page.
    expect(new URL(page.url()).search).toBe('');
  });

  it('home: no script before its banner has arrived and the page has painted, then the app draws home', async () => {
    const { firstContentfulPaint, largestPaints, bannerArrivedAt, scriptsAskedAt } = await loadOrder('/m/home');
    expect(largestPaints.some((paint) => paint.url.includes('/media/banners/'))).toBe(true);
    expect(firstContentfulPaint).not.toBeNull();
    expect(bannerArrivedAt).not.toBeNull();
    // Not the banner's largest-paint time itself: that is when the frame reached the screen, which
    // on a busy machine comes a few milliseconds after the frames the loader waits for (the loader
    // decodes the banner and lets two frames go by), so the test compared two clocks, not an order.
    for (const askedAt of scriptsAskedAt) {
      expect(askedAt).toBeGreaterThanOrEqual(bannerArrivedAt!);
      expect(askedAt).toBeGreaterThanOrEqual(firstContentfulPaint!);
    }
    await phone.page.getByTestId('banner-carousel').waitFor({ state: 'visible' });
    expect(await phone.page.locator('#root [data-shell]').count()).toBe(0);
  });

  it('a page whose frame paints nothing of its screen gets its scripts with the HTML', async () => {
    const response = await fetch(`${baseURL}/m/voucherCenter`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(html).not.toContain('palaro-after-paint');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  });
});
