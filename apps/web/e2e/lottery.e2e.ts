import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ty } from '../src/shared/i18n/ty';
import { expectCurrentScreenAccessible } from './accessibility';
import { openTrialPhone } from './player';
import { screenshotFailures, type Phone } from './phone';

const baseURL = inject('baseURL');

/** Centavos of the first peso amount in a text ('5 × ₱1.00 × 1 = ₱5.00' → 500 of the last one when `last`). */
function centavosIn(text: string, last = false): number {
  const amounts = [...text.matchAll(/₱([\d,]+\.\d{2})/g)].map((match) =>
    Math.round(Number(match[1]!.replace(/,/g, '')) * 100),
  );
  return (last ? amounts.at(-1) : amounts[0]) ?? 0;
}

/** Milliseconds of a countdown as shown: m:ss, or h:mm:ss from an hour on. */
function countdownMs(text: string): number {
  return (
    text
      .split(':')
      .map(Number)
      .reduce((total, part) => total * 60 + part, 0) * 1000
  );
}

/** Waits until the open draw takes bets with at least `spareMs` before its lock (a 1-minute game locks 10 s before the draw). */
async function waitForOpenBetting(page: Page, spareMs: number) {
  await expect
    .poll(
      async () => {
        const draw = page.getByTestId('lottery-draw');
        if ((await draw.getAttribute('data-locked')) !== 'false') return false;
        return countdownMs(await page.getByTestId('lottery-lock-countdown').innerText()) > spareMs;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(true);
}

/** "Bola 1: 3 7": a pick as the slip, the confirmation, my bets and the chases show it (the player's language: Tagalog). */
const onBall = (ball: number, options: string) => `${ty.lt_row_ball.replace('{{n}}', String(ball))}: ${options}`;
const ALL_DIGITS = '0 1 2 3 4 5 6 7 8 9';

describe('the lottery, as a new player plays it on a phone', () => {
  let phone: Phone;
  beforeAll(async () => {
    // A trial player: play money, which the lottery and the in-house games accept.
    phone = await openTrialPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });
  screenshotFailures(() => phone, 'lottery-');

  it('marks a favourite in the menu and finds it under FAV', async () => {
    const { page } = phone;
    await page.goto('/m/lottery');
    await page.getByTestId('lottery-item').first().waitFor();
    await page.getByTestId('lottery-tab-FAV').click();
    await page.getByTestId('lottery-empty').waitFor();
    await page.getByTestId('lottery-tab-HOT').click();
    const second = page.getByTestId('lottery-item').nth(1);
    const code = await second.getAttribute('data-game');
    await second.getByTestId('lottery-item-favourite').click();
    await page.getByTestId('lottery-tab-FAV').click();
    expect(
      await page
        .getByTestId('lottery-item')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-game'))),
    ).toEqual([code]);
    await expectCurrentScreenAccessible(page);
  });

  it('opens a 1-minute game, places three different bets and a chase, sees the lock, the result arrive without reloading, the winnings credited and the bets settled, and verifies the draw', async () => {
    const { page } = phone;
    await page.getByTestId('lottery-tab-HOT').click();
    await page.locator('[data-testid=lottery-item][data-game=SSC_1M] [data-testid=lottery-item-open]').click();
    await page.waitForURL('**/m/startLottery?game=SSC_1M**');
    // The member's balance is on the betting screen, and a 1-minute game counts down in minutes and seconds.
    await expect.poll(() => page.getByTestId('lottery-balance').innerText()).toBe('₱2,000.00');
    await waitForOpenBetting(page, 20_000);
    expect(await page.getByTestId('lottery-lock-countdown').innerText()).toMatch(/^0:[0-5]\d$/);
    // Every digit of ball 1: this bet wins whatever the draw, so winnings are always credited.
    await page.getByTestId('lottery-quick-all').first().click();
    await page.getByTestId('lottery-add').click();
    await page.getByTestId('lottery-bet-type-SSC_STRAIGHT_FIRST2').click();
    await page.getByTestId('lottery-option').nth(3).click();
    await page.getByTestId('lottery-option').nth(14).click();
    await page.getByTestId('lottery-option').nth(17).click();
    expect(await page.getByTestId('lottery-bet-summary').innerText()).toContain('2');
    await page.getByTestId('lottery-add').click();
    // The third from the two-sided board: a tap on the total's Big puts it on the slip.
    await page.getByTestId('lottery-play-Entertainment').click();
    await page.locator('[data-testid=lottery-board-option][data-key="ent:SSC_SUM_BSOE:0:0"]').click();
    expect(await page.getByTestId('lottery-slip-bet').count()).toBe(3);
    // Each pick says which ball it is on.
    const straight = `${onBall(1, '3')} · ${onBall(2, '4 7')}`;
    expect(await page.locator('.lt-slip__picks').allInnerTexts()).toEqual([
      onBall(1, ALL_DIGITS),
      straight,
      expect.stringContaining('·'),
    ]);
    await page.getByTestId('lottery-place').click();
    await page.getByTestId('lottery-confirm').waitFor();
    expect(await page.locator('.lt-confirm__list small').allInnerTexts()).toEqual(
      await page.locator('.lt-slip__picks').allInnerTexts(),
    );
    // 10 + 2 + 1 bets at ₱1.00.
    expect(await page.getByTestId('lottery-confirm-total').innerText()).toContain('13.00');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('lottery-confirm-ok').click();
    await page.getByTestId('lottery-confirm').waitFor({ state: 'detached' });
    expect(await page.getByTestId('lottery-slip-bet').count()).toBe(0);
    const numero = await page.getByTestId('lottery-draw-numero').innerText();

    // A chase: ball 1's every digit on this draw and the next four, doubling every 2 draws, stopping after a win.
    await page.getByTestId('lottery-play-Tradition').click();
    await page.getByTestId('lottery-bet-type-SSC_FIXED_PLACE').click();
    await page.getByTestId('lottery-quick-all').first().click();
    await page.getByTestId('lottery-add').click();
    await page.getByTestId('lottery-chase-toggle').check();
    await page.getByTestId('lottery-chase-draws-5').click();
    await page.getByTestId('lottery-chase-double').click();
    expect(await page.getByTestId('lottery-chase-stop').isChecked()).toBe(true);
    // ₱10 a draw at ×1 1 2 2 4: ₱100 in all, ₱10 now.
    expect(centavosIn(await page.getByTestId('lottery-chase-total').innerText())).toBe(100_00);
    expect(centavosIn(await page.getByTestId('lottery-chase-note').innerText())).toBe(10_00);
    await page.getByTestId('lottery-place').click();
    await page.getByTestId('lottery-confirm-chase').waitFor();
    expect(centavosIn(await page.getByTestId('lottery-confirm-chase-total').innerText())).toBe(100_00);
    await page.getByTestId('lottery-confirm-ok').click();
    await page.getByTestId('lottery-confirm').waitFor({ state: 'detached' });
    await page.getByTestId('lottery-section-mybets').click();
    await page.getByTestId('lottery-mine-chases').click();
    await page.locator('[data-testid=lottery-chasecard][data-state=active]').waitFor();
    expect(await page.getByTestId('lottery-chase-bet').allInnerTexts()).toEqual([onBall(1, ALL_DIGITS)]);
    await page.getByTestId('lottery-mine-bets').click();
    expect(await page.getByTestId('lottery-mybet').count()).toBe(4);
    expect(await page.locator('[data-testid=lottery-mybet] .lt-mybet__picks').allInnerTexts()).toEqual(
      expect.arrayContaining([onBall(1, ALL_DIGITS), straight]),
    );
    // The balance follows the stakes: ₱13 for the slip and ₱10 for the chase's first draw.
    await expect.poll(() => page.getByTestId('lottery-balance').innerText()).toBe('₱1,977.00');
    await page.getByTestId('lottery-section-bet').click();

    // The lock: the draw panel turns locked and the place button cannot be used.
    await page.locator('[data-testid=lottery-draw][data-locked=true]').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('lottery-place').isDisabled()).toBe(true);
    // The draw and the next one arrive on the event stream, without a reload.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid=lottery-draw-numero]')?.textContent !== old,
      numero,
      { timeout: 90_000 },
    );
    expect(navigations).toEqual([]);

    await page.getByTestId('lottery-section-mybets').click();
    await expect
      .poll(async () => page.locator('[data-testid=lottery-mybet][data-state=pending]').count(), { timeout: 60_000 })
      .toBe(0);
    // The three bets and the chase's first settled; the two 'all' bets won; the chase stopped after its win
    // (a bet it had already placed on the next draw, if any, came back).
    expect(await page.locator(`[data-testid=lottery-mybet]:has-text("${numero.replace(/^\D+/, '')}")`).count()).toBe(4);
    expect(await page.locator('[data-testid=lottery-mybet][data-state=won]').count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('lottery-mine-chases').click();
    await page.locator('[data-testid=lottery-chasecard][data-state=stopped]').waitFor({ timeout: 60_000 });
    await page.getByTestId('lottery-mine-bets').click();
    // Winnings credited: the balance is the play money less every stake kept plus every win.
    const bets = await page.getByTestId('lottery-mybet').evaluateAll((items) =>
      items.map((item) => ({
        state: item.getAttribute('data-state'),
        stake: item.querySelector('.lt-mybet__bottom span:last-child')?.textContent ?? '',
        won: item.querySelector('.lt-mybet__won')?.textContent ?? '',
      })),
    );
    const kept = bets.filter((bet) => bet.state === 'won' || bet.state === 'lost');
    const expected =
      2000_00 -
      kept.reduce((sum, bet) => sum + centavosIn(bet.stake, true), 0) +
      kept.reduce((sum, bet) => sum + centavosIn(bet.won), 0);
    expect(kept.reduce((sum, bet) => sum + centavosIn(bet.won), 0)).toBeGreaterThan(0);
    // After the wins, on the betting screen itself.
    await expect
      .poll(async () => centavosIn(await page.getByTestId('lottery-balance').innerText()), { timeout: 30_000 })
      .toBe(expected);

    // Streaks beside the trend, and the results' winner board (a trial player's play-money wins are not on it).
    await page.getByTestId('lottery-section-trend').click();
    await page.getByTestId('lottery-streaks').waitFor();
    await page.getByTestId('lottery-section-results').click();
    await page.getByTestId('lottery-results-winners').click();
    await page.locator('[data-testid=lottery-winners], [data-testid=lottery-winners-empty]').first().waitFor();
    await page.getByTestId('lottery-results-draws').click();

    await page.getByTestId('lottery-section-results').click();
    await page.getByTestId('lottery-verify-open').first().click();
    await page.getByTestId('lottery-verify-verdict').waitFor();
    expect(await page.getByTestId('lottery-verify-verdict').getAttribute('data-valid')).toBe('true');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('lottery-verify-close').click();

    await page.goto('/m/home');
    await expect
      .poll(async () => centavosIn(await page.getByTestId('header-balance').innerText()), { timeout: 30_000 })
      .toBe(expected);
  });
});
