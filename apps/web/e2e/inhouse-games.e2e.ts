import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAME_API_PATHS, GAME_WALLET_API_PATHS, MINES_GAME_CODE, SLOT_GAME_CODE } from '@palaro/contract';
import { expectCurrentScreenAccessible } from './accessibility';
import { dismissPopups } from './helpers';
import { openTrialPhone } from './player';
import { screenshotFailures, settle, type Phone } from './phone';

const baseURL = inject('baseURL');
const PAGE_BACK = '/m/gameList?gameType=INHOUSE';

/** The game's URL the launch gives this signed-in player: /m/play/<code>#token=…&back=…. */
async function launchUrl(page: Page, gameCode: string): Promise<string> {
  return page.evaluate(
    async ({ gameCode, paths, pageBack }) => {
      const list = await (
        await fetch(
          `${paths.games}?gameType=INHOUSE&pageNo=1&pageSize=26&platform=html5&clientType=2&language=TY&gameClassify=ALL`,
        )
      ).json();
      const game = list.value.games.find((tile: { gameId: string }) => tile.gameId === gameCode);
      const body = {
        vendor: 'PLR',
        nodeId: String(game.nodeId),
        gameId: gameCode,
        gameType: 'INHOUSE',
        pageBack,
        language: 'TY',
        showChoice: 'false',
      };
      const launch = await (
        await fetch(paths.launch, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
      if (!launch.success) throw new Error(JSON.stringify(launch));
      return launch.value.gameUrl as string;
    },
    { gameCode, paths: { games: GAME_API_PATHS.games, launch: GAME_WALLET_API_PATHS.launchGame }, pageBack: PAGE_BACK },
  );
}

async function spinAndWait(page: Page) {
  await page.getByTestId('slot-spin').click();
  await expect.poll(() => page.getByTestId('slot-spin').isEnabled()).toBe(true);
}

describe('the in-house games, as a player plays them on a phone', () => {
  let phone: Phone;
  beforeAll(async () => {
    // A trial player: play money, which the lottery and the in-house games accept.
    phone = await openTrialPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });
  screenshotFailures(() => phone, 'inhouse-');

  it('spins Palaro Isla Slots a few times; the balance the game shows is the header’s when the player exits', async () => {
    const { page } = phone;
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('2,000.00');
    // Play money says so, in the header and in the game.
    expect(await page.getByTestId('app-header').getByTestId('play-money-badge').innerText()).toMatch(/pang-demo/i);
    await page.goto(await launchUrl(page, SLOT_GAME_CODE));
    await page.getByTestId('inhouse-balance-box').getByTestId('play-money-badge').waitFor({ state: 'visible' });
    await page.getByTestId('slot-spin').waitFor({ state: 'visible' });
    // Full screen: no header, no bottom menu; the game's own balance.
    expect(await page.getByTestId('app-header').count()).toBe(0);
    expect(await page.getByTestId('bottom-menu').count()).toBe(0);
    expect(await page.getByTestId('inhouse-balance').innerText()).toBe('₱2,000.00');
    await phone.screenshot('inhouse-slot-idle');
    await expectCurrentScreenAccessible(page);

    for (let spin = 0; spin < 3; spin += 1) await spinAndWait(page);
    await phone.screenshot('inhouse-slot-after-spins');
    const shown = await page.getByTestId('inhouse-balance').innerText();

    await page.getByTestId('inhouse-open-rounds').click();
    await expect.poll(() => page.getByTestId('round-item').count()).toBe(3);
    await page.getByTestId('inhouse-rounds-close').click();

    await page.getByTestId('inhouse-open-rules').click();
    await page.getByTestId('slot-paytable').waitFor({ state: 'visible' });
    expect(await page.getByTestId('inhouse-rtp').innerText()).toContain('96.13%');
    await phone.screenshot('inhouse-slot-paytable');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('inhouse-rules-close').click();

    await page.getByTestId('inhouse-exit').click();
    await page.waitForURL(`**${PAGE_BACK}`);
    // The wallet moved by the three bets and whatever they won, and home's header says what the game said.
    await page.goto('/m/home');
    await dismissPopups(page);
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toBe(shown);
    const wallet = await page.evaluate(
      async () => (await (await fetch('/wps/wallet/balance')).json()).value.sumBalance as number,
    );
    expect(`₱${(wallet / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(shown);
  });

  it('plays Palaro Mines to a cash-out', async () => {
    const { page } = phone;
    await page.goto(await launchUrl(page, MINES_GAME_CODE));
    await page.getByTestId('mines-start').waitFor({ state: 'visible' });
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('mines-count-1').click();
    let cashedOut = false;
    for (let round = 0; round < 5 && !cashedOut; round += 1) {
      await page.getByTestId('mines-start').click();
      await page.getByTestId('mines-cashout').waitFor({ state: 'visible' });
      const cell = page.getByTestId('mines-cell').nth(12);
      await cell.click();
      await expect.poll(() => cell.getAttribute('data-view')).not.toMatch(/hidden|pending/);
      if ((await cell.getAttribute('data-view')) === 'mine-hit') continue; // 1 in 25: play again
      await phone.screenshot('inhouse-mines-mid-round');
      const amount = await page.getByTestId('mines-cashout').innerText();
      await page.getByTestId('mines-cashout').click();
      const result = page.getByTestId('mines-result');
      await expect.poll(() => result.getAttribute('data-status')).toBe('cashed_out');
      expect(amount.replace(/\s+/g, ' ')).toContain((await result.innerText()).match(/₱[\d,.]+/)![0]);
      cashedOut = true;
    }
    expect(cashedOut).toBe(true);
    // The round is over: every mine is shown.
    expect(await page.locator('[data-testid="mines-cell"][data-view="mine"]').count()).toBe(1);
    await phone.screenshot('inhouse-mines-cashed-out');
    await expectCurrentScreenAccessible(page);
  });

  it('rotates the seed, which reveals it, and verifies a round in the browser ✓', async () => {
    const { page } = phone;
    await page.getByTestId('inhouse-open-fairness').click();
    const hash = await page.getByTestId('fair-server-hash').innerText();
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('fair-rotate').click();
    await page.getByTestId('fair-revealed-seed').waitFor({ state: 'visible' });
    expect(await page.getByTestId('fair-revealed-hash').innerText()).toBe(hash);
    expect(await page.getByTestId('fair-server-hash').innerText()).not.toBe(hash);
    await phone.screenshot('inhouse-fairness-revealed');
    await page.getByTestId('fair-show-rounds').click();
    await page.getByTestId('round-item').first().click();
    const verdict = page.getByTestId('verify-result');
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    await settle(page);
    await phone.screenshot('inhouse-verify-match');
    await expectCurrentScreenAccessible(page);
    // Another nonce gives another field: the check fails, as it should.
    await page.getByTestId('verify-nonce').fill('99');
    await page.getByTestId('verify-run').click();
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('false');
  });
});
