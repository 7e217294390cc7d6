import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAME_API_PATHS, GAME_WALLET_API_PATHS, SLOT_GAME_CODE } from '@palaro/contract';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, dismissPopups, freshIdentity } from './helpers';
import { screenshotFailures, takenOver, type Phone } from './phone';
import { chooseLanguage, depositOnSandbox, openPlayerPhone, registerByUsername } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');
/** Set to keep each new screen's picture in both languages (the review's screenshots). */
const shotsDir = process.env.REWARDS_SHOTS_DIR;

/** The slot's URL the launch gives this signed-in player. */
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
            pageBack: '/m/member/manualRebate',
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

const pesos = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('rebates and the VIP club, as a player meets them', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
    // Small numbers, so a few spins earn a rebate and the first level: every one of them a merchant setting.
    admin(baseURL, operatorToken, 'rebates', 'rate', '0', 'INHOUSE', '1.00');
    admin(baseURL, operatorToken, 'rebates', 'set', 'minPayout=0.01');
    admin(baseURL, operatorToken, 'vip', 'level', '1', 'name=VIP1', 'turnover=2', 'upgradeBonus=18', 'keepTurnover=1');
  });
  afterAll(async () => {
    // The demo merchant's own numbers again, for whatever runs next on this server.
    admin(
      baseURL,
      operatorToken,
      'vip',
      'level',
      '1',
      'name=VIP1',
      'deposit=1700',
      'turnover=1700',
      'keepDeposit=500',
      'keepTurnover=1000',
      'upgradeBonus=18',
      'birthdayBonus=18',
    );
    admin(baseURL, operatorToken, 'rebates', 'set', 'minPayout=1');
    admin(baseURL, operatorToken, 'rebates', 'rate', '0', 'INHOUSE', '0.50');
    await session.phone?.close();
  });
  screenshotFailures(() => session.phone, 'rewards-');

  async function shoot(name: string) {
    if (!shotsDir) return;
    mkdirSync(shotsDir, { recursive: true });
    await session.phone.page.screenshot({ path: join(shotsDir, `${name}.png`) });
  }

  /** Pictures of the screen now in Tagalog, then in English, coming back to it. */
  async function shootBoth(name: string, path: string, ready: string) {
    if (!shotsDir) return;
    const { page } = session.phone;
    await shoot(`${name}-ty`);
    await chooseLanguage(page, 'EN');
    await page.goto(path);
    await takenOver(page);
    await page.getByTestId(ready).waitFor({ state: 'visible' });
    await shoot(`${name}-en`);
    await chooseLanguage(page, 'TY');
    await page.goto(path);
    await takenOver(page);
    await page.getByTestId(ready).waitFor({ state: 'visible' });
  }

  /** The header's balance on home, in pesos. */
  async function headerBalance(): Promise<number> {
    const { page } = session.phone;
    await page.goto('/m/home');
    await takenOver(page);
    await dismissPopups(page);
    return pesos(await page.getByTestId('header-balance').innerText());
  }

  it('plays, claims a manual rebate and sees it in the rebate report; VIP progress moves and the upgrade bonus arrives', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');
    await depositOnSandbox(page, '500');

    // Before playing: nothing accrued, the bar at its start.
    await page.goto('/m/member/manualRebate');
    await takenOver(page);
    await page.getByTestId('manual-rebate-empty').waitFor({ state: 'visible' });
    expect(await page.getByTestId('manual-rebate-claim').isDisabled()).toBe(true);
    await shootBoth('manual-rebate-empty', '/m/member/manualRebate', 'manual-rebate-empty');
    await page.goto('/m/member/benefits');
    await takenOver(page);
    const bar = page.getByTestId('vip-bar');
    await bar.waitFor({ state: 'visible' });
    expect(await page.getByTestId('vip-level').getAttribute('data-level')).toBe('0');
    const before = Number(await bar.getAttribute('data-percent'));
    await expectCurrentScreenAccessible(page);

    // Play: three spins of the in-house slot (each round settles as it ends).
    await page.goto(await slotUrl(page));
    await page.getByTestId('slot-spin').waitFor({ state: 'visible' });
    for (let spin = 0; spin < 3; spin += 1) {
      await page.getByTestId('slot-spin').click();
      await expect.poll(() => page.getByTestId('slot-spin').isEnabled()).toBe(true);
    }
    await page.getByTestId('inhouse-exit').click();
    await page.waitForURL('**/m/member/manualRebate');
    await takenOver(page);

    // The rebate accrued so far today, at the in-house rate, claimed with one tap.
    const line = page.locator('[data-testid="manual-rebate-line"][data-category="INHOUSE"]');
    await line.waitFor({ state: 'visible' });
    const claimable = page.getByTestId('manual-rebate-claimable');
    await expect.poll(async () => Number(await claimable.getAttribute('data-amount'))).toBeGreaterThan(0);
    const amount = Number(await claimable.getAttribute('data-amount'));
    await expectCurrentScreenAccessible(page);
    await shootBoth('manual-rebate', '/m/member/manualRebate', 'manual-rebate-line');
    await page.getByTestId('manual-rebate-claim').click();
    await expect.poll(async () => Number(await claimable.getAttribute('data-amount'))).toBe(0);
    expect(await page.getByTestId('manual-rebate-claim').isDisabled()).toBe(true);

    // In the report, today's line is paid.
    await page.getByTestId('manual-rebate-report-link').click();
    await page.waitForURL('**/m/member/rebateReport');
    const reportLine = page.locator('[data-testid="rebate-report-line"][data-category="INHOUSE"]');
    await reportLine.waitFor({ state: 'visible' });
    expect(await reportLine.getByTestId('rebate-report-state').getAttribute('data-state')).toBe('paid');
    expect(pesos(await page.getByTestId('rebate-report-total').innerText())).toBeCloseTo(amount / 100, 2);
    await expectCurrentScreenAccessible(page);
    await shootBoth('rebate-report', '/m/member/rebateReport', 'rebate-report-line');

    // VIP progress moved with the bets (counted live, before any evaluation).
    await page.goto('/m/member/benefits');
    await takenOver(page);
    await bar.waitFor({ state: 'visible' });
    await expect.poll(async () => Number(await bar.getAttribute('data-percent'))).toBeGreaterThan(before);
    await shootBoth('vip-progress', '/m/member/benefits', 'vip-bar');

    // The evaluation runs (as its schedule would): level 1, its upgrade bonus in the header balance, a message in the inbox.
    const beforeBonus = await headerBalance();
    admin(baseURL, operatorToken, 'jobs', 'run', 'vip.evaluate');
    await expect.poll(() => headerBalance(), { timeout: 30_000 }).toBeCloseTo(beforeBonus + 18, 2);
    await page.goto('/m/member/benefits');
    await takenOver(page);
    await expect
      .poll(
        async () => {
          await page.reload();
          await takenOver(page);
          return page.getByTestId('vip-level').getAttribute('data-level');
        },
        { timeout: 30_000 },
      )
      .toBe('1');
    await shootBoth('vip-upgraded', '/m/member/benefits', 'vip-level');
    await page.goto('/m/webEmail');
    await takenOver(page);
    await expect.poll(() => page.getByTestId('inbox-row').first().innerText()).toContain('VIP1');
    await page.goto('/m/mine');
    await takenOver(page);
    await expect.poll(() => page.getByTestId('mine-vip').innerText()).toContain('VIP1');
    await shoot('mine-vip1-ty');
  });
});
