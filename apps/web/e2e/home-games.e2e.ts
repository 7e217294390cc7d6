import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectCurrentScreenAccessible } from './accessibility';
import { dismissPopups } from './helpers';
import { screenshotFailures, type Phone } from './phone';
import { openPlayerPhone } from './player';

const baseURL = inject('baseURL');

interface VendorInfo {
  sorting: { gameCategory: string }[];
  mapping: Record<string, { vassalage: string }[]>;
}

async function vendorInfo(): Promise<VendorInfo> {
  const response = await fetch(`${baseURL}/lgw/games/vendors?language=TY`);
  return ((await response.json()) as { value: VendorInfo }).value;
}

describe('the games on home, as a new player finds them', () => {
  const session = {} as { phone: Phone };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone.close();
  });
  screenshotFailures(() => session.phone);

  it('browses the categories: HOT first in the merchant’s order, lists on demand, vendor tiles, and a way to each whole list', async () => {
    const { phone } = session;
    const { page } = phone;
    const info = await vendorInfo();
    await page.goto('/m/home');
    await dismissPopups(page);
    const menu = page.getByTestId('popular-menu');
    await page.getByTestId('popular-tab-LOTT').waitFor({ state: 'visible' });
    expect(
      await menu.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).dataset.tab)),
    ).toEqual(['HOT', ...info.sorting.map((entry) => entry.gameCategory)]);
    const panel = page.getByTestId('popular-panel');
    await expect.poll(() => panel.getByTestId('game-tile').count()).toBe(12);
    await page.getByTestId('popular-games').scrollIntoViewIfNeeded();
    await phone.screenshot('home-games-hot');
    await expectCurrentScreenAccessible(page);

    // Slots: its list is asked for only now.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/lgw/games') asked.push(url.searchParams.get('gameType') ?? '');
    });
    await page.getByTestId('popular-tab-RNG').click();
    await expect
      .poll(() => page.locator('[data-testid="popular-panel"][data-category="RNG"] [data-testid="game-tile"]').count())
      .toBe(12);
    expect(asked).toEqual(['RNG']);
    // The chosen tab scrolled sideways into the menu's view.
    await expect
      .poll(() =>
        page.getByTestId('popular-tab-RNG').evaluate((tab) => {
          const box = tab.getBoundingClientRect();
          const frame = tab.parentElement!.getBoundingClientRect();
          return box.left >= frame.left - 1 && box.right <= frame.right + 1;
        }),
      )
      .toBe(true);
    await phone.screenshot('home-games-rng');

    // E-sports and the lottery show their vendors.
    await page.getByTestId('popular-tab-ESPORTS').click();
    for (const vendor of info.mapping.ESPORTS ?? [])
      await panel.getByTestId(`popular-vendor-${vendor.vassalage}`).waitFor({ state: 'visible' });
    await page.getByTestId('popular-tab-LOTT').click();
    await panel.getByTestId('popular-vendor-TCG_LOTTO_VN').waitFor({ state: 'visible' });
    expect(await panel.getByTestId('popular-more').getAttribute('href')).toBe('/m/lottery');
    await phone.screenshot('home-games-lottery');
    await expectCurrentScreenAccessible(page);
    expect(asked).toEqual(['RNG']);

    // "See all" leads to the category's whole list.
    await page.getByTestId('popular-tab-RNG').click();
    await panel.getByTestId('popular-more').click();
    await page.waitForURL('**/m/gameList?gameType=RNG');
    await page.getByTestId('game-tile').first().waitFor({ state: 'visible' });
  });

  it('opens a hot match’s popup from the carousel; a guest’s bet goes to sign-in', async () => {
    const { phone } = session;
    const { page } = phone;
    await page.goto('/m/home');
    await dismissPopups(page);
    const carousel = page.getByTestId('hot-matches');
    await carousel.waitFor({ state: 'visible' });
    expect(await carousel.getByTestId('hot-match-slide').first().innerText()).toMatch(/\d{2}\/\d{2} \d{2}:\d{2}/);
    await page.getByTestId('hot-match-open').click();
    const popup = page.getByTestId('hot-match-popup');
    await popup.waitFor({ state: 'visible' });
    expect(await popup.getByTestId('hot-match-popup-time').innerText()).toMatch(/\d{2}\/\d{2} \d{2}:\d{2}/);
    await phone.screenshot('home-hot-match-popup');
    await expectCurrentScreenAccessible(page);
    await popup.getByTestId('hot-match-bet').click();
    await page.waitForURL('**/m/login');
  });
});
