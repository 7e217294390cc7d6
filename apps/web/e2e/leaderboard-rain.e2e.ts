import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAME_API_PATHS, GAME_WALLET_API_PATHS, SLOT_GAME_CODE } from '@palaro/contract';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, dismissPopups, freshIdentity } from './helpers';
import { screenshotFailures, settle, takenOver, type Phone } from './phone';
import { chooseLanguage, depositOnSandbox, openPlayerPhone, registerByUsername } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');
/** Set SHOTS_DIR to keep each screen's picture there too (the review screenshots). */
const shotsDir = process.env.SHOTS_DIR;

/** Today in Manila (the demo merchant's zone), YYYY-MM-DD. */
const manilaDay = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** An instant as the admin command takes it, in Manila time. */
const manilaInstant = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/** The amount the header shows, in centavos. */
async function headerBalance(page: Page): Promise<number> {
  const text = await page.getByTestId('header-balance').first().innerText();
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

async function slotUrl(page: Page): Promise<string> {
  return page.evaluate(
    async ({ gameCode, paths }) => {
      const list = await (
        await fetch(
          `${paths.games}?gameType=INHOUSE&pageNo=1&pageSize=26&platform=html5&clientType=2&language=TY&gameClassify=ALL`,
        )
      ).json();
      const game = list.value.games.find((tile: { gameId: string }) => tile.gameId === gameCode);
      const launch = await (
        await fetch(paths.launch, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            vendor: 'PLR',
            nodeId: String(game.nodeId),
            gameId: gameCode,
            gameType: 'INHOUSE',
            pageBack: '/m/leaderBoard',
            language: 'TY',
            showChoice: 'false',
          }),
        })
      ).json();
      if (!launch.success) throw new Error(JSON.stringify(launch));
      return launch.value.gameUrl as string;
    },
    { gameCode: SLOT_GAME_CODE, paths: { games: GAME_API_PATHS.games, launch: GAME_WALLET_API_PATHS.launchGame } },
  );
}

describe('the leaderboard and the red-envelope rain, as a player sees them', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  const shot = async (name: string) => {
    await session.phone.screenshot(`rain-${name}`);
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await session.phone.page.screenshot({ path: join(shotsDir, `${name}.png`) });
    }
  };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone.close();
  });
  screenshotFailures(() => session.phone, 'rain-');

  it('watches the leaderboard move after a bet, then catches envelopes and sees them in the header balance', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    admin(
      baseURL,
      operatorToken,
      'leaderboards',
      'create',
      `from=${manilaDay()}`,
      `to=${manilaDay(1)}`,
      'metric=turnover',
      'prizes=500,200,100,50,20',
      'title.TY=Hari ng Taya ngayong Linggo',
      'title.EN=Top bettors this week',
    );
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');
    await depositOnSandbox(page, '500');

    // The leaderboard, live, before the player has bet.
    await page.goto('/m/leaderBoard');
    await takenOver(page);
    await page.getByTestId('leaderboard-period').waitFor();
    expect(await page.getByTestId('leaderboard-status').innerText()).toMatch(/\d/);
    await settle(page);
    await shot('leaderboard-before-bet-TY');

    // Two spins of the in-house slot: settled bets, valid turnover.
    await page.goto(await slotUrl(page));
    await page.getByTestId('slot-spin').waitFor({ state: 'visible' });
    for (let spin = 0; spin < 2; spin += 1) {
      await page.getByTestId('slot-spin').click();
      await expect.poll(() => page.getByTestId('slot-spin').isEnabled(), { timeout: 30_000 }).toBe(true);
    }

    // The ranking refreshes on its own: the player appears on it, marked as them.
    await page.goto('/m/leaderBoard');
    await takenOver(page);
    await expect.poll(() => page.locator('.lb-row.is-me').count(), { timeout: 90_000, interval: 1000 }).toBe(1);
    // Its place, whatever it is: the other browser tests' players bet on the same server today.
    expect(await page.getByTestId('leaderboard-me').innerText()).toMatch(/#\d+/);
    const name = await page.locator('.lb-row.is-me .lb-row__name').innerText();
    expect(name).toContain('***');
    expect(name).not.toContain(username);
    await settle(page);
    await shot('leaderboard-ranked-TY');
    await expectCurrentScreenAccessible(page);

    // A rain for depositors starting in a few seconds, and one tomorrow.
    const startsAt = new Date(Date.now() + 20_000);
    admin(
      baseURL,
      operatorToken,
      'redrain',
      'create',
      `starts=${manilaInstant(startsAt)}`,
      'minutes=5',
      'budget=30',
      'count=12',
      'grabs=3',
      'qualify=deposit',
      'qualify-amount=100',
      'title.TY=Ulan ng Ampao',
      'title.EN=Lucky envelope rain',
    );
    admin(
      baseURL,
      operatorToken,
      'redrain',
      'create',
      `starts=${manilaInstant(new Date(Date.now() + 86_400_000))}`,
      'minutes=10',
      'budget=1000',
      'count=200',
      'title.TY=Ulan ng Ampao bukas',
      'title.EN=Tomorrow’s envelope rain',
    );
    // The header's balance before the rain.
    await page.goto('/m/home');
    await takenOver(page);
    await dismissPopups(page);
    await expect.poll(() => headerBalance(page).catch(() => -1), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await headerBalance(page);
    await page.goto('/m/redRain');
    await takenOver(page);
    await page.getByTestId('rain-upcoming').first().waitFor();
    await settle(page);
    await shot('redrain-upcoming-TY');

    // It starts: envelopes fall; the player catches three.
    await page.getByTestId('rain-live').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(400);
    await shot('redrain-mid-rain-TY');
    for (let grab = 0; grab < 3; grab += 1) {
      const caught = await page.getByTestId('rain-caught').innerText();
      await page.getByTestId('rain-grab').click();
      await expect.poll(() => page.getByTestId('rain-caught').innerText()).not.toBe(caught);
      if (grab === 0) await shot('redrain-caught-TY');
    }
    const caught = Math.round(Number((await page.getByTestId('rain-caught').innerText()).replace(/[^\d.]/g, '')) * 100);
    expect(caught).toBeGreaterThanOrEqual(3);
    // The result sheet; the header balance moved by what was caught (pushed by the wallet's stream).
    await page.getByTestId('rain-result').waitFor();
    await expect.poll(() => page.getByTestId('rain-result-total').innerText()).toMatch(/\d/);
    await settle(page);
    await shot('redrain-result-TY');
    await page.getByTestId('rain-result-done').click();
    // The header balance moved by what was caught (the wallet's event stream pushed each posting).
    await page.goto('/m/home');
    await takenOver(page);
    await expect.poll(() => headerBalance(page).catch(() => -1), { timeout: 15_000 }).toBe(before + caught);

    // The same screens in English.
    await chooseLanguage(page, 'EN');
    await dismissPopups(page);
    await page.goto('/m/leaderBoard');
    await takenOver(page);
    await page.locator('.lb-row.is-me').waitFor();
    await settle(page);
    await shot('leaderboard-ranked-EN');
    await page.goto('/m/redRain');
    await takenOver(page);
    await page.getByTestId('rain-live').waitFor();
    await page.waitForTimeout(400);
    await shot('redrain-mid-rain-EN');
    await page.getByTestId('rain-see-result').click();
    await page.getByTestId('rain-result').waitFor();
    await expect.poll(() => page.getByTestId('rain-result-total').innerText()).toMatch(/\d/);
    await settle(page);
    await shot('redrain-result-EN');
    await page.getByTestId('rain-result-done').click();
    await page.getByTestId('rain-upcoming').scrollIntoViewIfNeeded();
    await settle(page);
    await shot('redrain-upcoming-history-EN');
  });
});
