import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../src/shared/i18n/en';
import { ty } from '../src/shared/i18n/ty';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, dismissPopups, freshIdentity } from './helpers';
import { screenshotFailures, takenOver, type Phone } from './phone';
import { chooseLanguage, depositOnSandbox, openPlayerPhone, registerByUsername } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');

describe('the inbox', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone?.close();
  });
  screenshotFailures(() => session.phone);

  it('counts the "deposit credited" message on home’s badge and clears it once read', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');

    await page.goto('/m/webEmail');
    await takenOver(page);
    await page.getByTestId('inbox-empty').waitFor({ state: 'visible' });
    await phone.screenshot('inbox-empty-ty');

    await depositOnSandbox(page, '500');
    await page.goto('/m/home');
    await takenOver(page);
    await dismissPopups(page);
    // The tab shows a dot for unread mail; open, the inbox button the count.
    await page.locator('.service-column__handle-dot').waitFor({ state: 'attached' });
    await page.getByTestId('service-column-handle').click();
    const badge = page.getByTestId('service-inbox-badge');
    await expect.poll(() => badge.textContent().catch(() => null)).toBe('1');
    await phone.screenshot('inbox-home-badge');

    // A message from the merchant, to everyone: rich text with a script that never reaches the page.
    admin(
      baseURL,
      operatorToken,
      'inbox',
      'send',
      `member:${username}`,
      'title.TY=Linggo ng promo',
      'title.EN=Promo week',
      'body.TY=<p>Maglaro ngayong linggo at <strong>manalo</strong>.</p><ul><li>Slots</li><li>Lottery</li></ul><script>window.hacked=1</script>',
      'body.EN=<p>Play this week and <strong>win</strong>.</p><ul><li>Slots</li><li>Lottery</li></ul><img src=x onerror="window.hacked=1">',
    );
    await expect.poll(() => badge.textContent().catch(() => null)).toBe('2');

    await page.getByTestId('service-inbox').click();
    await page.waitForURL('**/m/webEmail');
    const rows = page.getByTestId('inbox-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByTestId('inbox-unread-dot').count()).toBe(2);
    await expect.poll(() => rows.nth(1).innerText()).toContain(ty.inbox_from_system);
    expect(await rows.nth(1).innerText()).toContain('Naideposito na');
    await phone.screenshot('inbox-list-ty');
    await expectCurrentScreenAccessible(page);

    await rows.nth(1).click();
    const message = page.getByTestId('inbox-message');
    await message.waitFor({ state: 'visible' });
    expect(await message.innerText()).toContain('₱500.00');
    await phone.screenshot('inbox-message-ty');
    await expectCurrentScreenAccessible(page);

    await page.getByTestId('inbox-back').click();
    await expect.poll(() => page.getByTestId('inbox-unread-dot').count()).toBe(1);
    await rows.nth(0).click();
    await message.waitFor({ state: 'visible' });
    expect(await message.locator('strong').innerText()).toBe('manalo');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

    // In English, the same messages in the player's language.
    await chooseLanguage(page, 'EN');
    await page.goto('/m/webEmail');
    await takenOver(page);
    await expect.poll(() => rows.nth(1).innerText()).toContain('Deposit credited');
    await phone.screenshot('inbox-list-en');
    await rows.nth(0).click();
    await message.waitFor({ state: 'visible' });
    await expect.poll(() => message.innerText()).toContain('Promo week');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await phone.screenshot('inbox-message-en');

    // Both read: the badge is gone on home.
    await page.goto('/m/home');
    await takenOver(page);
    await dismissPopups(page);
    await page.getByTestId('service-column-handle').click();
    await page.getByTestId('service-inbox').waitFor({ state: 'visible' });
    await expect.poll(() => badge.count()).toBe(0);
    expect(await page.locator('.service-column__handle-dot').count()).toBe(0);

    // Deleting takes it out of the list; mark-all-read has nothing left to do.
    await page.goto('/m/webEmail');
    await takenOver(page);
    await rows.nth(0).click();
    await page.getByTestId('inbox-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: en.inbox_delete }).click();
    await page.waitForURL('**/m/webEmail');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('inbox-read-all').isDisabled()).toBe(true);
  }, 180_000);
});
