import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@palaro/contract';
import { isBusyScreen, mayReloadNow } from './reloadMoment';

describe('when a waiting update may reload the page', () => {
  it('never on a bet, a game round, a payment or a form', () => {
    for (const pathname of [
      WEB_ROUTES.startLottery,
      WEB_ROUTES.lottery,
      WEB_ROUTES.launchGame,
      '/m/play/mines',
      WEB_ROUTES.voucherCenter,
      WEB_ROUTES.withdraw,
      WEB_ROUTES.upLineTransfer,
      WEB_ROUTES.register,
    ]) {
      expect(isBusyScreen(pathname), pathname).toBe(true);
      expect(mayReloadNow({ pathname, typing: false }), pathname).toBe(false);
    }
  });

  it('on a screen that holds nothing to lose, unless the player is typing', () => {
    expect(mayReloadNow({ pathname: WEB_ROUTES.home, typing: false })).toBe(true);
    expect(mayReloadNow({ pathname: WEB_ROUTES.mine, typing: false })).toBe(true);
    expect(mayReloadNow({ pathname: WEB_ROUTES.home, typing: true })).toBe(false);
  });
});
