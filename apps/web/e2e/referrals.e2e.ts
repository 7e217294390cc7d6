import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../src/shared/i18n/en';
import { ty } from '../src/shared/i18n/ty';
import { expectAccessible } from './accessibility';
import { freshIdentity } from './helpers';
import { screenshotFailures, takenOver, type Phone } from './phone';
import {
  chooseLanguage,
  depositOnSandbox,
  expectSignedIn,
  fillCaptcha,
  openPlayerPhone,
  registerByUsername,
} from './player';

const baseURL = inject('baseURL');

describe('inviting a friend', () => {
  let inviter: Phone;
  let friend: Phone;
  let inviterCaptcha: () => string;
  let friendCaptcha: () => string;
  beforeAll(async () => {
    ({ phone: inviter, latestCaptcha: inviterCaptcha } = await openPlayerPhone(baseURL));
    ({ phone: friend, latestCaptcha: friendCaptcha } = await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await inviter?.close();
    await friend?.close();
  });
  screenshotFailures(() => inviter, 'inviter-');
  screenshotFailures(() => friend, 'friend-');

  it('shares a link whose code the registration form fills in, and sees the friend join and deposit', async () => {
    const inviterName = freshIdentity().username;
    await registerByUsername(inviter.page, baseURL, inviterCaptcha, inviterName, 'Sunrise2026');

    // From the member centre's tile, as a player finds it.
    await inviter.page.goto('/m/mine');
    await takenOver(inviter.page);
    await inviter.page.getByTestId('mine-tile-invite').click();
    await inviter.page.waitForURL('**/m/inviteFriends');
    await inviter.page.getByTestId('invite-qr').waitFor({ state: 'visible' });
    expect(Number(await inviter.page.getByTestId('invite-qr').getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
    const code = await inviter.page.getByTestId('invite-code').innerText();
    const link = await inviter.page.getByTestId('invite-link').innerText();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(link).toBe(`${baseURL}/m/register?recommenderId=${code}`);
    await inviter.page.getByTestId('invitees-empty').waitFor({ state: 'visible' });
    expect(await inviter.page.getByTestId('invitees-empty').innerText()).toContain(ty.invite_empty_title);
    await inviter.screenshot('invite-friends-TY');

    // Without a share sheet (desktop Chromium), sharing copies the link and says so.
    await inviter.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await inviter.page.getByTestId('invite-share').click();
    await expect
      .poll(() =>
        inviter.page
          .getByTestId('toast')
          .innerText()
          .catch(() => ''),
      )
      .toContain(ty.invite_copied_link);
    expect(await inviter.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The friend opens the link: the code is in the form, and registering records who invited them.
    const friendName = freshIdentity().username;
    await friend.page.goto(link);
    await takenOver(friend.page);
    await expect.poll(() => friend.page.getByTestId('register-recommenderId').inputValue()).toBe(code);
    await friend.page.getByTestId('register-username').fill(friendName);
    await friend.page.getByTestId('register-password').fill('Moonlight2027');
    await friend.page.getByTestId('register-confirm-password').fill('Moonlight2027');
    await fillCaptcha(friend.page, baseURL, friendCaptcha, 'register-captcha');
    await friend.screenshot('register-through-invite');
    await friend.page.getByTestId('register-submit').click();
    await expectSignedIn(friend.page, friendName);
    await depositOnSandbox(friend.page, '100.00');

    await inviter.page.reload();
    await takenOver(inviter.page);
    await inviter.page.getByTestId('invitee').first().waitFor({ state: 'visible' });
    expect(await inviter.page.getByTestId('invitee').count()).toBe(1);
    const shown = await inviter.page.getByTestId('invitee-name').innerText();
    expect(shown).toBe(`${friendName.slice(0, 2)}***${friendName.slice(-1)}`);
    expect(await inviter.page.getByTestId('invitee-deposited').innerText()).toContain(ty.invite_deposited);
    expect(await inviter.page.getByTestId('invite-invited-count').innerText()).toBe('1');
    expect(await inviter.page.getByTestId('invite-deposited-count').innerText()).toBe('1');
    await inviter.screenshot('invite-friends-with-friend-TY');

    await chooseLanguage(inviter.page, 'EN');
    await inviter.page.goto('/m/inviteFriends');
    await takenOver(inviter.page);
    await inviter.page.getByTestId('invite-qr').waitFor({ state: 'visible' });
    expect(await inviter.page.getByTestId('invitee-deposited').innerText()).toContain(en.invite_deposited);
    await inviter.screenshot('invite-friends-EN');

    await expectAccessible(inviter.page, '/m/inviteFriends', (p) => p.getByTestId('invitee').first().waitFor());
    await expectAccessible(inviter.page, '/m/mine', (p) => p.getByTestId('mine-vip').waitFor());
  });
});
