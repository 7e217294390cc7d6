/**
 * The in-house game server's player API (vendor PLR): what the player's browser calls on
 * /m/play/<gameCode>. Every answer is the usual envelope ({ success, value } or { success: false,
 * errorCode, message }); every call but opening a session carries the session token in
 * INHOUSE_SESSION_HEADER. Shapes in inhouse/schemas.ts. Kept stable: changes are additive.
 */
export const INHOUSE_API_PREFIX = '/inhouse/v1';
export const INHOUSE_API_PATHS = {
  /** POST { launchToken } → TInhouseSession. */
  openSession: '/inhouse/v1/sessions',
  /** GET → TInhouseSession (the same session again: balance, fairness, the open mines round). */
  session: '/inhouse/v1/session',
  /** POST { bet } → TSlotSpinResult (slot sessions only). */
  slotSpin: '/inhouse/v1/slot/spin',
  /** POST { bet, mines } → TMinesResult (mines sessions only). */
  minesStart: '/inhouse/v1/mines/start',
  /** POST { cell } → TMinesResult. */
  minesReveal: '/inhouse/v1/mines/reveal',
  /** POST {} → TMinesResult. */
  minesCashout: '/inhouse/v1/mines/cashout',
  /** GET → TMinesCurrent: the open round after a reload, or null. */
  minesCurrent: '/inhouse/v1/mines/current',
  /** PUT { clientSeed } → TFairnessState: the next rounds use this client seed (nonces go on). */
  clientSeed: '/inhouse/v1/fairness/client-seed',
  /** POST { clientSeed? } → TSeedRotation: reveals the server seed in use and commits to a new one (nonce back to 0). */
  rotateSeed: '/inhouse/v1/fairness/rotate',
  /** GET ?pageNo → TInhouseRoundPage: this player's rounds of this game, newest first. */
  rounds: '/inhouse/v1/rounds',
  /** GET → TInhouseRoundDetail: one round with everything needed to recompute it. */
  round: '/inhouse/v1/rounds/:roundId',
} as const;

/** The path of one round's detail. */
export function inhouseRoundPath(roundId: string): string {
  return INHOUSE_API_PATHS.round.replace(':roundId', encodeURIComponent(roundId));
}

/** The header carrying the token TInhouseSession.sessionToken gave. */
export const INHOUSE_SESSION_HEADER = 'x-palaro-game-session';
export const INHOUSE_ROUNDS_PAGE_SIZE = 20;
/** Round ids: SLOT-<n> or MINES-<n>. */
export const INHOUSE_ROUND_ID_PATTERN = /^(SLOT|MINES)-[1-9][0-9]{0,17}$/;

/**
 * The most one round pays, in centavos (₱1,000,000.00): a slot round's total or a mines cash-out
 * above it pays this. At the largest slot bet it is 1,000 bets, beyond anything the simulation
 * meets; in mines a cash-out whose multiplier × bet passes it (say 12 mines and 9 safe cells,
 * 2,771×, at a bet above ₱360) pays the cap, so such a play returns less than 97 % — the game
 * screen says so before the round.
 */
export const INHOUSE_MAX_WIN = 100_000_000;
