import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../src/shared/i18n/en';
import { ty } from '../src/shared/i18n/ty';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, freshIdentity } from './helpers';
import { screenshotDir, screenshotFailures, settle, takenOver, type Phone } from './phone';
import { chooseLanguage, depositOnSandbox, openPlayerPhone, registerByUsername } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');
/** The screenshots of the promotion screens, kept where the reviewers look (besides the artifacts). */
const SHOTS = '/tmp/shots-promotions';

/** A real picture the browser draws, as a phone's screenshot would be. */
async function photo(page: Page, kind: 'png' | 'jpeg', hue: number) {
  const bytes = await page.evaluate(
    async ({ kind, hue }) => {
      const canvas = new OffscreenCanvas(480, 360);
      const context = canvas.getContext('2d')!;
      context.fillStyle = `hsl(${hue} 70% 50%)`;
      context.fillRect(0, 0, 480, 360);
      const blob = await canvas.convertToBlob({ type: `image/${kind}` });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    { kind, hue },
  );
  return { name: `win.${kind === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${kind}`, buffer: Buffer.from(bytes) };
}

/** Moves the server's clock (a development-only endpoint) by `offsetMs` from the real time. */
async function moveServerClock(offsetMs: number) {
  const response = await fetch(`${baseURL}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  });
  expect(response.status).toBe(200);
}

/** Milliseconds from now to a minute past the next midnight in Manila (UTC+8, no daylight saving). */
function untilNextManilaDay(): number {
  const manila = Date.now() + 8 * 3_600_000;
  const nextMidnight = Math.floor(manila / 86_400_000 + 1) * 86_400_000;
  return nextMidnight - manila + 60_000;
}

describe('promotions and the reward centre', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await moveServerClock(0).catch(() => undefined);
    await session.phone?.close();
  });
  screenshotFailures(() => session.phone);

  const shoot = async (name: string) => {
    await settle(session.phone.page);
    await session.phone.screenshot(name);
    copyFileSync(join(screenshotDir, `${name}.png`), join(SHOTS, `${name}.png`));
  };
  const openPromotion = async (page: Page, title: string) => {
    await page.goto('/m/activity');
    await takenOver(page);
    await page.getByTestId('activity-list').waitFor();
    await page.locator('.promo-card', { hasText: title }).click();
    await page.getByTestId('promo-detail').waitFor();
  };

  it('claims the first-deposit bonus after a deposit and shows its turnover on the withdraw screen', async () => {
    const { page } = session.phone;
    await registerByUsername(page, baseURL, session.latestCaptcha, freshIdentity().username, 'Sunrise2026');
    await page.goto('/m/activity');
    await takenOver(page);
    await page.getByTestId('activity-list').waitFor();
    await shoot('promo-activity-ty');
    await expectCurrentScreenAccessible(page);

    await depositOnSandbox(page, '500');
    await openPromotion(page, '100% Pambungad na Bonus');
    await expect.poll(() => page.getByTestId('promo-status').getAttribute('data-status')).toBe('claim');
    expect(await page.getByTestId('promo-claimable').innerText()).toContain('500.00');
    await shoot('promo-info-claim-ty');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('promo-action').click();
    await expect.poll(() => page.getByTestId('promo-status').getAttribute('data-status')).toBe('claimed');
    expect(await page.getByTestId('promo-note').innerText()).toBe(ty.promo_done_note);

    await page.goto('/m/withdraw');
    await takenOver(page);
    const tracker = page.getByTestId('turnover-tracker');
    await tracker.waitFor();
    // The deposit's ₱500 once and the bonus's ₱500 ten times.
    await expect.poll(() => page.getByTestId('turnover-left').innerText()).toContain('5,500.00');
    expect(await tracker.innerText()).toContain(ty.to_source_bonus.replace('{{amount}}', '₱500.00'));
    await shoot('promo-withdraw-turnover-ty');

    await page.goto('/m/rewardCenter');
    await takenOver(page);
    await expect.poll(() => page.getByTestId('reward-turnover-left').innerText()).toContain('5,500.00');
    expect(await page.getByTestId('reward-claimed-left').first().innerText()).toContain('5,000.00');
    await shoot('promo-reward-centre-ty');
    await expectCurrentScreenAccessible(page);
  });

  it('checks in two days in a row, the server clock moved to the next Manila day', async () => {
    const { page } = session.phone;
    await openPromotion(page, 'Araw-araw na Check-in');
    await page.getByTestId('promo-action').click();
    await expect.poll(() => page.getByTestId('promo-status').getAttribute('data-status')).toBe('signed');
    await expect.poll(() => page.locator('[data-testid="promo-day"][data-signed="true"]').count()).toBe(1);

    await moveServerClock(untilNextManilaDay());
    await page.reload();
    await takenOver(page);
    await expect.poll(() => page.getByTestId('promo-status').getAttribute('data-status')).toBe('claim');
    await page.getByTestId('promo-action').click();
    await expect.poll(() => page.getByTestId('promo-status').getAttribute('data-status')).toBe('signed');
    await expect.poll(() => page.locator('[data-testid="promo-day"][data-signed="true"]').count()).toBe(2);
    expect(await page.getByTestId('promo-calendar').innerText()).toContain(ty.promo_streak.replace('{{count}}', '2'));
    await shoot('promo-check-in-ty');
    // The clock stays on the second day until the file ends (afterAll), so every screen agrees on today.
  });

  it('applies with two images and reads the approval in the inbox', async () => {
    const { page } = session.phone;
    await openPromotion(page, 'Ibahagi ang Malaking Panalo');
    await page.getByTestId('promo-comment').fill('x'.repeat(141));
    await page.getByTestId('promo-apply-send').click();
    expect(await page.getByTestId('promo-apply-error').innerText()).toBe(ty.in_promo_comment.replace('{{0}}', '140'));
    await page.getByTestId('promo-comment').fill('Nanalo ako ng ₱2,000 sa Mines! Nasa Facebook na ang screenshot.');
    await page
      .getByTestId('feedback-image-input')
      .setInputFiles([await photo(page, 'png', 40), await photo(page, 'jpeg', 200)]);
    await expect.poll(() => page.locator('.fb-thumb--ready').count()).toBe(2);
    await shoot('promo-apply-form-ty');
    await page.getByTestId('promo-apply-send').click();
    await expect.poll(() => page.getByTestId('promo-status').getAttribute('data-status')).toBe('applying');

    const queue = admin(baseURL, operatorToken, 'promotions', 'applications', '--status', 'applying');
    const id = /#(\d+)/.exec(queue)?.[1];
    expect(id).toBeDefined();
    expect(queue).toContain('images: ');
    admin(baseURL, operatorToken, 'promotions', 'approve', id!);

    await page.goto('/m/webEmail');
    await takenOver(page);
    const rows = page.getByTestId('inbox-row');
    await expect.poll(() => rows.first().innerText()).toContain('Aprubado ang application');
    await rows.first().click();
    await expect.poll(() => page.getByTestId('inbox-message').innerText()).toContain('₱88.00');
  });

  it('shows the screens in English', async () => {
    const { page } = session.phone;
    await chooseLanguage(page, 'EN');
    await page.goto('/m/activity');
    await takenOver(page);
    await page.getByTestId('activity-list').waitFor();
    expect(await page.getByTestId('activity-list').innerText()).toContain('100% Welcome Bonus');
    await shoot('promo-activity-en');
    await openPromotion(page, 'Daily Check-in');
    expect(await page.getByTestId('promo-status').innerText()).toBe(en.promo_status_signed);
    await shoot('promo-check-in-en');
    await openPromotion(page, 'Weekly Cashback 5%');
    await shoot('promo-info-process-en');
    await page.goto('/m/rewardCenter');
    await takenOver(page);
    await page.getByTestId('reward-claimed').waitFor();
    await shoot('promo-reward-centre-en');
  });
});
