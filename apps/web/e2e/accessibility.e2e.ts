import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { expectAccessible } from './accessibility';
import { dismissPopups } from './helpers';
import { openPhone, type Phone } from './phone';

const baseURL = inject('baseURL');

describe('the guest screens pass axe (WCAG 2.2 A and AA)', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('home with its first pop-up open (shown once per browser session)', async () => {
    await expectAccessible(phone.page, '/m/home', (p) =>
      p.getByTestId('popup-dialog').first().waitFor({ state: 'visible' }),
    );
  });

  it('home, after its pop-ups are closed', async () => {
    const { page } = phone;
    await expectAccessible(page, '/m/home', async (p) => {
      await dismissPopups(p);
      await p.getByTestId('banner-carousel').waitFor({ state: 'visible' });
      await p.getByTestId('notice-marquee').waitFor({ state: 'visible' });
    });
    await phone.screenshot('accessibility-home');
  });

  it('the start of the site when it is not in maintenance', async () => {
    await expectAccessible(phone.page, '/', (p) => p.getByTestId('banner-carousel').waitFor({ state: 'visible' }));
  });

  it('the maintenance page while the site runs normally', async () => {
    await expectAccessible(phone.page, '/m/maintenance', (p) =>
      p.getByTestId('maintenance-screen').waitFor({ state: 'visible' }),
    );
  });

  it('announcements', async () => {
    await expectAccessible(phone.page, '/m/notice', (p) =>
      p.getByTestId('notice-item').first().waitFor({ state: 'visible' }),
    );
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
