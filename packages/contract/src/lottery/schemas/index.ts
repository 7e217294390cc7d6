/**
 * Request and response shapes of the lottery (paths in lottery/paths.ts). Amounts are centavos,
 * odds ten-thousandths (lottery/bet-types/), times epoch milliseconds. Kept stable: additive.
 */
export * from './common';
export * from './games';
export * from './bets';
export * from './chases';
export * from './results';
export * from './operator';
