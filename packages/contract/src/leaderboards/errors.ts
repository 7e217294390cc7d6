import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Error codes of the leaderboards. */
export const LEADERBOARD_ERROR_CODES = {
  /** A period that is not the merchant's (or never was). */
  leaderboardNotFound: 'leaderboard.not.found',
  /** The operator's period is not coherent: its days, its prizes. */
  leaderboardInvalid: 'leaderboard.invalid',
  /** Paid or cancelled already: nothing more can change. */
  leaderboardClosed: 'leaderboard.closed',
} as const;
export type LeaderboardErrorCode = (typeof LEADERBOARD_ERROR_CODES)[keyof typeof LEADERBOARD_ERROR_CODES];

export const LEADERBOARD_ERRORS: ErrorCatalogue<LeaderboardErrorCode> = {
  'leaderboard.not.found': { status: 404, i18nKey: 'in_leaderboard_not_found' },
  'leaderboard.invalid': { status: 400, i18nKey: 'in_request_invalid' },
  'leaderboard.closed': { status: 409, i18nKey: 'in_leaderboard_closed' },
};
