import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { admin } from './helpers';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');

describe('an operator switches maintenance on and off without a restart', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    admin(baseURL, operatorToken, 'maintenance', 'off');
    admin(baseURL, operatorToken, 'region', 'clear');
    await phone.close();
  });

  it('shows the maintenance screen on every route, then the site again', async () => {
    const { page } = phone;
    admin(baseURL, operatorToken, 'maintenance', 'on', '--message', 'Scheduled upgrade of the lottery engine');

    for (const path of ['/', '/m/notice', '/m/gameList?gameType=RNG']) {
      await page.goto(path);
      await page.getByTestId('maintenance-screen').waitFor({ state: 'visible' });
      expect(await page.getByTestId('maintenance-screen').innerText()).toContain(
        'Scheduled upgrade of the lottery engine',
      );
    }
    await phone.screenshot('maintenance');

    admin(baseURL, operatorToken, 'maintenance', 'off');
    await page.goto('/');
    await page.getByTestId('banner-carousel').waitFor({ state: 'visible' });
    expect(await page.getByTestId('maintenance-screen').count()).toBe(0);
  });

  it('shows the region-blocked screen to a denied address, and the maintenance screen over it', async () => {
    const { page } = phone;
    admin(baseURL, operatorToken, 'region', 'deny-ips', '127.0.0.0/8');
    await page.goto('/');
    await page.getByTestId('region-blocked-screen').waitFor({ state: 'visible' });
    expect(await page.getByTestId('region-ip').innerText()).toContain(phone.address);
    await phone.screenshot('region-blocked');

    admin(baseURL, operatorToken, 'maintenance', 'on');
    await page.reload();
    await page.getByTestId('maintenance-screen').waitFor({ state: 'visible' });
    expect(await page.getByTestId('region-blocked-screen').count()).toBe(0);

    admin(baseURL, operatorToken, 'maintenance', 'off');
    admin(baseURL, operatorToken, 'region', 'clear');
    await page.reload();
    await page.getByTestId('banner-carousel').waitFor({ state: 'visible' });
  });

  it('refuses the operator command line without the right token', () => {
    expect(() => admin(baseURL, 'wrong-token', 'maintenance', 'on')).toThrow();
  });
});
