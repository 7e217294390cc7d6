import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectCurrentScreenAccessible } from './accessibility';
import { freshIdentity } from './helpers';
import { screenshotFailures, type Phone } from './phone';
import { depositOnSandbox, openPlayerPhone, registerByUsername } from './player';

const baseURL = inject('baseURL');
const RNG_LIST = '/m/gameList?gameType=RNG';

describe('the slots list', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone.close();
  });
  screenshotFailures(() => session.phone);

  it('shows a guest the seeded tiles, and a search narrows them', async () => {
    const { phone } = session;
    const { page } = phone;
    await page.goto(RNG_LIST);
    await page.getByTestId('game-tile').first().waitFor({ state: 'visible' });
    // A page of 26, the next one loaded as the end of the list comes near.
    expect(await page.getByTestId('game-tile').count()).toBe(26);
    await phone.screenshot('games-rng-guest');
    await expectCurrentScreenAccessible(page);

    const name = await page.getByTestId('game-tile-name').nth(3).innerText();
    await page.getByTestId('game-search').fill(name);
    await page.getByTestId('game-search').press('Enter');
    // The skeleton shows while the search loads; then fewer tiles, the one searched for among them.
    await expect
      .poll(async () => {
        const names = await page.getByTestId('game-tile-name').allInnerTexts();
        return names.includes(name) && names.length < 26;
      })
      .toBe(true);
    await phone.screenshot('games-rng-search');

    await page.getByTestId('game-search-clear').click();
    await expect.poll(() => page.getByTestId('game-tile').count()).toBe(26);
    await page.getByTestId('game-tile').last().scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('game-tile').count(), { timeout: 15_000 }).toBeGreaterThan(26);
  });

  it('lets a member keep a favourite and find it under favourites', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    await registerByUsername(page, baseURL, latestCaptcha, freshIdentity().username, 'Sunrise2026');
    await page.goto(RNG_LIST);
    const tile = page.getByTestId('game-tile').nth(1);
    await tile.waitFor({ state: 'visible' });
    const name = await tile.getByTestId('game-tile-name').innerText();
    const star = tile.getByTestId('game-tile-favourite');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await phone.screenshot('games-rng-member-favourite');

    await page.getByTestId('game-classify-FAV').click();
    await expect.poll(() => page.getByTestId('game-tile-name').allInnerTexts()).toEqual([name]);
    await phone.screenshot('games-rng-favourites');
    await expectCurrentScreenAccessible(page);

    // The seeded slots' studios are not connected in this installation: an honest page, no fake game.
    // The launch's answer is held back a moment to look at the page that waits for it.
    const launchPath = '**/wps/game/launchGame**';
    await page.route(launchPath, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.getByTestId('game-tile-open').first().click();
    await page.waitForURL('**/m/launchGame?**');
    await page.getByTestId('launch-loading').waitFor({ state: 'visible' });
    await phone.screenshot('games-launch-loading');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('launch-not-connected').waitFor({ state: 'visible' });
    await page.unroute(launchPath);
    await phone.screenshot('games-launch-not-connected');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('launch-back').click();
    await page.waitForURL('**/m/gameList?gameType=RNG**');
    await page.getByTestId('game-tile').first().waitFor({ state: 'visible' });

    // A lottery vendor's game opens our own lottery's lobby (spec §4), in this window, and back is home.
    await page.goto('/m/gameList?gameType=LOTT');
    await page.getByTestId('game-tile-open').first().click();
    await page.waitForURL('**/m/startLottery?**');
    expect(new URL(page.url()).searchParams.get('view')).toBe('lobby');
    expect(new URL(page.url()).searchParams.get('back')).toBe('/m/home');
    await phone.screenshot('games-lottery-lobby');
  });
});

describe('finding games: the lobby, the slots centre and the filter panel', () => {
  const session = {} as { phone: Phone };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone.close();
  });
  screenshotFailures(() => session.phone);

  it('shows the categories as counted tiles, each leading to its list', async () => {
    const { phone } = session;
    const { page } = phone;
    await page.goto('/m/gameLobby');
    await page.getByTestId('lobby-categories').waitFor({ state: 'visible' });
    expect(await page.getByTestId('lobby-category-ELOTT').count()).toBe(0);
    expect(await page.getByTestId('lobby-category-LOTT').getAttribute('href')).toBe('/m/lottery');
    await phone.screenshot('games-lobby');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('lobby-category-FISH').click();
    await page.waitForURL('**/m/gameList?gameType=FISH');
    await page.getByTestId('game-tile').first().waitFor({ state: 'visible' });
  });

  it('filters the slots centre by provider and minimum bet in the panel', async () => {
    const { phone } = session;
    const { page } = phone;
    await page.goto('/m/slotsCenter');
    await page.getByTestId('game-tile').first().waitFor({ state: 'visible' });
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('game-filter-open').click();
    const sheet = page.getByTestId('game-filter');
    await sheet.waitFor({ state: 'visible' });
    const vendorChoice = sheet.locator('[data-testid^="filter-vendor-"]:not([data-testid="filter-vendor-all"])').nth(1);
    const vendorName = await vendorChoice.innerText();
    await vendorChoice.click();
    await sheet.getByTestId('filter-min-bet-10').click();
    await phone.screenshot('games-filter-panel');
    await expectCurrentScreenAccessible(page);
    await sheet.getByTestId('game-filter-submit').click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('minBet')).toBe('10');
    // Every tile now is that provider's; the filter button counts two choices.
    await expect
      .poll(async () => {
        const vendors = await page.locator('[data-testid="game-tile"] .gm-tile__vendor').allInnerTexts();
        return vendors.length > 0 && vendors.every((text) => text.trim() === vendorName.replace(/\s+/g, ' ').trim());
      })
      .toBe(true);
    expect(await page.getByTestId('game-filter-open').getAttribute('aria-label')).toMatch(/2/);
  });
});

describe('the in-house slot, from its tile to the betting records', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone.close();
  });
  screenshotFailures(() => session.phone);

  it('launches Palaro Isla Slots in the same window, and every round shows in betting records', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    await registerByUsername(page, baseURL, latestCaptcha, freshIdentity().username, 'Sunrise2026');
    await page.goto('/m/gameRecord');
    await page.getByTestId('bets-empty').waitFor({ state: 'visible' });
    await phone.screenshot('games-records-empty');
    await expectCurrentScreenAccessible(page);
    await depositOnSandbox(page, '100');

    await page.goto('/m/gameList?gameType=INHOUSE');
    const slot = page.getByTestId('game-tile').filter({ hasText: 'Palaro Isla Slots' });
    await slot.getByTestId('game-tile-open').click();
    await page.waitForURL('**/m/play/**');
    await page.getByTestId('slot-spin').waitFor({ state: 'visible' });
    const pages = await page.context().pages().length;
    expect(pages).toBe(1);
    const spins = 3;
    for (let spin = 0; spin < spins; spin += 1) {
      await page.getByTestId('slot-spin').click();
      await expect.poll(() => page.getByTestId('slot-spin').isEnabled(), { timeout: 30_000 }).toBe(true);
    }
    // The game's exit returns to the list it was launched from.
    await page.getByTestId('inhouse-exit').click();
    await page.waitForURL('**/m/gameList?gameType=INHOUSE');

    await page.getByTestId('game-classify-RECENT').click();
    await expect.poll(() => page.getByTestId('game-tile-name').allInnerTexts()).toEqual(['Palaro Isla Slots']);
    await phone.screenshot('games-recent');
    await expectCurrentScreenAccessible(page);

    await page.goto('/m/gameRecord');
    await expect.poll(() => page.getByTestId('bets-item').count(), { timeout: 30_000 }).toBe(spins);
    expect(await page.getByTestId('bet-game').allInnerTexts()).toEqual(Array(spins).fill('Palaro Isla Slots'));
    expect(await page.getByTestId('total-rounds').innerText()).toBe(String(spins));
    expect(await page.getByTestId('total-stake').innerText()).toMatch(/^₱\d/);
    await phone.screenshot('games-records');
    await expectCurrentScreenAccessible(page);
  });
});
