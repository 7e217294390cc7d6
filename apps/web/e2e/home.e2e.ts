import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dismissPopups, fetchAnnouncements } from './helpers';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');

describe('a guest on the home screen', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('sees the home screen in Tagalog with the seeded banners and notices', async () => {
    const { page } = phone;
    const tagalog = await fetchAnnouncements(baseURL, 'TY');
    expect(tagalog.banners.length).toBeGreaterThan(1);
    expect(tagalog.player.length).toBeGreaterThan(0);

    await page.goto('/');
    const popupsClosed = await dismissPopups(page);
    expect(popupsClosed).toBe(tagalog.popup.length);
    await phone.screenshot('home-tagalog');

    expect(await page.locator('html').getAttribute('lang')).toBe('tl');
    await expect.poll(() => page.getByTestId('banner-slide').count()).toBeGreaterThanOrEqual(tagalog.banners.length);
    await page.getByTestId('banner-carousel').waitFor({ state: 'visible' });
    const bannerLoaded = await page
      .getByTestId('banner-carousel')
      .locator('img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
    expect(bannerLoaded).toBe(true);
    await expect.poll(() => page.getByTestId('banner-dot').count()).toBe(tagalog.banners.length);

    const marquee = page.getByTestId('notice-marquee');
    await marquee.waitFor({ state: 'visible' });
    expect(await marquee.innerText()).toContain(tagalog.player[0]!.title);
    await page.getByTestId('header-logo').waitFor({ state: 'visible' });
    await page.getByTestId('bottom-menu').waitFor({ state: 'visible' });
  });

  it('paints the frame and the first banner from the page itself, before any script runs', async () => {
    const tagalog = await fetchAnnouncements(baseURL, 'TY');
    const bare = await openPhone(baseURL);
    try {
      await bare.context.route('**/assets/*.js', (route) => route.abort());
      await bare.page.goto('/m/home');
      const banner = bare.page.locator('#root [data-shell] img[fetchpriority="high"]');
      await banner.waitFor({ state: 'visible' });
      // The page's image CDN (if the merchant has any) before the banner's own path.
      expect((await banner.getAttribute('src'))?.endsWith(tagalog.banners[0]!.url)).toBe(true);
      expect(
        await banner.evaluate(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ).toBe(true);
      expect(await bare.page.locator('#root [data-shell] .app-header__logo').count()).toBe(1);
      await bare.screenshot('home-before-scripts');
    } finally {
      await bare.close();
    }
  });

  it('draws the header, download bar and banner before any script where the app draws them, on an Android phone', async () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const boxesOf = async (blocked: boolean) => {
      const phone = await openPhone(baseURL);
      try {
        // The server draws the bar for the request's User-Agent, the app for navigator's: both Android.
        const cdp = await phone.context.newCDPSession(phone.page);
        await cdp.send('Emulation.setUserAgentOverride', { userAgent: android });
        if (blocked) await phone.context.route('**/assets/*.js', (route) => route.abort());
        await phone.page.goto('/m/home');
        const banner = blocked
          ? phone.page.locator('#root [data-shell] .carousel img')
          : phone.page.getByTestId('banner-slide').first().locator('img');
        await banner.waitFor({ state: 'visible' });
        if (!blocked) await phone.page.getByTestId('download-bar').waitFor({ state: 'visible' });
        const box = (element: Element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        };
        return {
          banner: await banner.evaluate(box),
          logo: await phone.page.locator('.app-header__logo').first().evaluate(box),
          bar: await phone.page.locator('.download-bar').first().evaluate(box),
        };
      } finally {
        await phone.close();
      }
    };
    const frame = await boxesOf(true);
    const app = await boxesOf(false);
    expect(frame.bar.height).toBeGreaterThan(0);
    expect(frame).toEqual(app);
  });

  it('switches to English, and the page and its notices follow', async () => {
    const { page } = phone;
    const english = await fetchAnnouncements(baseURL, 'EN');
    await page.getByTestId('language-toggle').click();
    await page.getByTestId('language-option-EN').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByTestId('notice-marquee').innerText()).toContain(english.player[0]!.title);
    await phone.screenshot('home-english');

    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('popup-dialog').count()).toBe(0);
  });

  it('opens the announcements from the marquee, and back returns home', async () => {
    const { page } = phone;
    await page.getByTestId('notice-marquee').click();
    await page.waitForURL('**/m/notice');
    await expect.poll(() => page.getByTestId('notice-item').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('bottom-menu').count()).toBe(0);
    await phone.screenshot('notice');
    await page.getByTestId('header-back').click();
    await page.waitForURL('**/m/home');
  });

  it('hides the bottom menu on the login screen', async () => {
    const { page } = phone;
    await page.goto('/m/home');
    await page.getByTestId('bottom-menu').waitFor({ state: 'visible' });
    await page.goto('/m/login');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('bottom-menu').count()).toBe(0);
    expect(await page.getByTestId('app-header').count()).toBe(0);
    await phone.screenshot('login-unavailable');
  });
});
