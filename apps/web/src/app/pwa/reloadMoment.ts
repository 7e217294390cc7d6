import { WEB_ROUTES } from '@palaro/contract';

/**
 * The screens where a reload could cost the player something: a bet or a game round, a payment or
 * a form being filled in. An update waits until the player is on none of them.
 */
const BUSY_SCREENS: readonly string[] = [
  WEB_ROUTES.lottery,
  WEB_ROUTES.startLottery,
  WEB_ROUTES.moreLottery,
  WEB_ROUTES.launchGame,
  WEB_ROUTES.redRain,
  WEB_ROUTES.voucherCenter,
  WEB_ROUTES.withdraw,
  WEB_ROUTES.upLineTransfer,
  WEB_ROUTES.login,
  WEB_ROUTES.register,
  WEB_ROUTES.forget,
  WEB_ROUTES.changePassword,
  WEB_ROUTES.feedback,
  WEB_ROUTES.securityCenter,
];
/** The in-house games (/m/play/:gameCode). */
const PLAY_PREFIX = '/m/play/';

export function isBusyScreen(pathname: string): boolean {
  return pathname.startsWith(PLAY_PREFIX) || BUSY_SCREENS.includes(pathname);
}

export interface PageMoment {
  pathname: string;
  /** A text field has the focus: the player is typing. */
  typing: boolean;
}

/** Whether a waiting update may reload the page now without the player losing a bet, a payment or what they typed. */
export function mayReloadNow({ pathname, typing }: PageMoment): boolean {
  return !typing && !isBusyScreen(pathname);
}
