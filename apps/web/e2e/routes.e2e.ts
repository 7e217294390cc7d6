import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_WEB_PATHS, hasBottomMenu, hasHeader } from '@palaro/contract';
import { dismissPopups } from './helpers';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');

describe('the route table of the spec', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('answers every route and alias with the app over HTTP', async () => {
    for (const path of ALL_WEB_PATHS) {
      const response = await fetch(`${baseURL}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      // The frame, or a guest's first screen the server drew (apps/web/src/serverRender.tsx).
      expect(await response.text(), path).toMatch(/<div id="root"( data-server-rendered="")?>/);
    }
  });

  it('renders every route with the header and bottom menu the spec gives it', async () => {
    const { page } = phone;
    await page.goto('/');
    await dismissPopups(page);
    for (const path of ALL_WEB_PATHS) {
      await page.goto(path);
      // The shell renders its header and bottom menu in the same commit as the screen in the page frame.
      // A screen for members renders nothing but a redirect for a guest: the wait goes on to the
      // screen it sends them to, whose rules are then the ones that apply.
      await page
        .locator(
          '.page-frame > :not(.page-skeleton), [data-testid="maintenance-screen"], [data-testid="region-blocked-screen"]',
        )
        .first()
        .waitFor({ state: 'attached' });
      expect(await page.getByTestId('not-found-screen').count(), path).toBe(0);
      const shown = new URL(page.url()).pathname;
      expect((await page.getByTestId('app-header').count()) > 0, `header on ${path} (showing ${shown})`).toBe(
        hasHeader(shown),
      );
      expect((await page.getByTestId('bottom-menu').count()) > 0, `bottom menu on ${path} (showing ${shown})`).toBe(
        hasBottomMenu(shown),
      );
    }
  }, 180_000);

  it('goes home from the back arrow of a deep link opened first', async () => {
    const page = await phone.context.newPage();
    await page.goto('/m/agent/team/overview');
    await page.getByTestId('unavailable-screen').waitFor({ state: 'visible' });
    await page.getByTestId('header-back').click();
    await page.waitForURL('**/m/home');
    await page.close();
  });
});
