import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dismissPopups } from './helpers';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (DESIGN §5: WCAG 2.2 AA). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now and returns each violation as one readable block. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => [
    `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help} — ${violation.helpUrl}`,
    ...violation.nodes.map((node) => `  at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
  ].join('\n'));
}

/** Opens a path, waits until its screen has rendered (not the skeleton) and checks it with axe. */
async function expectAccessible(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // Lets entrance transitions finish, so colours are measured as they finally show.
  await page.waitForTimeout(400);
  const found = await violations(page);
  expect(found, `axe found on ${path}:\n${found.join('\n\n')}`).toEqual([]);
}

describe('the guest screens pass axe (WCAG 2.2 A and AA)', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('home with its first pop-up open (shown once per browser session)', async () => {
    await expectAccessible(phone.page, '/m/home', (p) => p.getByTestId('popup-dialog').first().waitFor({ state: 'visible' }));
  });

  it('home, after its pop-ups are closed', async () => {
    const { page } = phone;
    await expectAccessible(page, '/m/home', async (p) => {
      await dismissPopups(p, 2000);
      await p.getByTestId('banner-carousel').waitFor({ state: 'visible' });
      await p.getByTestId('notice-marquee').waitFor({ state: 'visible' });
    });
    await phone.screenshot('accessibility-home');
  });

  it('the start of the site when it is not in maintenance', async () => {
    await expectAccessible(phone.page, '/', (p) => p.getByTestId('banner-carousel').waitFor({ state: 'visible' }));
  });

  it('the maintenance page while the site runs normally', async () => {
    await expectAccessible(phone.page, '/m/maintenance', (p) => p.getByTestId('maintenance-screen').waitFor({ state: 'visible' }));
  });

  it('announcements', async () => {
    await expectAccessible(phone.page, '/m/notice', (p) => p.getByTestId('notice-item').first().waitFor({ state: 'visible' }));
  });

  it('login', async () => {
    await expectAccessible(phone.page, '/m/login', (p) => p.locator('form').first().waitFor({ state: 'visible' }));
  });

  it('register', async () => {
    await expectAccessible(phone.page, '/m/register', (p) => p.locator('form').first().waitFor({ state: 'visible' }));
  });

  it('forgotten password', async () => {
    await expectAccessible(phone.page, '/m/forget', (p) => p.locator('main').first().waitFor({ state: 'visible' }));
  });

  it('member centre, signed out', async () => {
    await expectAccessible(phone.page, '/m/mine', (p) => p.getByTestId('bottom-menu').waitFor({ state: 'visible' }));
  });

  it('an unavailable screen (withdraw)', async () => {
    await expectAccessible(phone.page, '/m/withdraw', (p) => p.locator('main').first().waitFor({ state: 'visible' }));
  });
});
