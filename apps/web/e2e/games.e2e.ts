import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectCurrentScreenAccessible } from './accessibility';
import { freshIdentity } from './helpers';
import { screenshotFailures, type Phone } from './phone';
import { openPlayerPhone, registerByUsername } from './player';

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
    await expect.poll(async () => {
      const names = await page.getByTestId('game-tile-name').allInnerTexts();
      return names.includes(name) && names.length < 26;
    }).toBe(true);
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

    await page.getByTestId('game-tile-open').first().click();
    await expect.poll(() => page.getByTestId('toast').innerText().catch(() => '')).toContain(name);
  });
});
