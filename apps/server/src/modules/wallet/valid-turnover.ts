/**
 * The one read of valid turnover per member and game category in a period (rebates, the VIP club,
 * leaderboards): what counts and how is described in store/valid-turnover.ts.
 */
export { validTurnoverOf, validTurnoverSql, type TurnoverPeriod } from './store/valid-turnover';
