import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  GAME_WALLET_ERROR_CODES,
  INHOUSE_ERROR_CODES,
  INHOUSE_MAX_WIN,
  INHOUSE_ROUNDS_PAGE_SIZE,
  MINES_BET_STEPS,
  MINES_CELL_COUNT,
  MINES_GAME_CODE,
  MINES_GRID_SIZE,
  MINES_MAX_MINES,
  MINES_MIN_MINES,
  MINES_MULTIPLIER_SCALE,
  MINES_STATED_RTP,
  SLOT_BET_STEPS,
  SLOT_FREE_SPIN_AWARDS,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_GAME_CODE,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_REELS,
  SLOT_ROW_COUNT,
  SLOT_SCATTER,
  SLOT_SCATTER_PAYS,
  SLOT_STATED_RTP,
  SLOT_WILD,
  hashServerSeed,
  mineCellsFromSeeds,
  minesMultiplier,
  minesMultiplierTable,
  minesPayout,
  minesSafeCells,
  newClientSeed,
  newServerSeed,
  slotRoundFromSeeds,
  slotWinAmount,
  type TFairnessState,
  type TInhouseGameKind,
  type TInhouseRoundDetail,
  type TInhouseRoundPage,
  type TInhouseSession,
  type TMinesResult,
  type TMinesRoundView,
  type TSeedRotation,
  type TSlotOutcome,
  type TSlotRoundView,
  type TSlotSpinResult,
} from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import type { InhouseRoundRow, InhouseSeedRow, InhouseSessionRow } from './schema';
import * as store from './store';
import { WalletRefusal, WalletUnavailable, type WalletClient } from './wallet-client';

/**
 * The in-house game server's rules: sessions opened with a launch token, seeds and their
 * commitments, rounds played on the fair byte stream (the contract's functions), and money moved
 * only through the wallet client. A round is written before its money call and settled after it,
 * so a call that gets no answer is retried with the same transaction ids (here, then by the
 * settlement job) and the round is never paid twice.
 */

export interface InhouseDeps {
  db: Db;
  now: () => Date;
  wallet: WalletClient;
}

const SESSION_TTL_MS = 12 * 60 * 60_000;

interface GameInfo {
  kind: TInhouseGameKind;
  betSteps: readonly number[];
  statedRtp: number;
}

const GAMES: Readonly<Record<string, GameInfo>> = {
  [SLOT_GAME_CODE]: { kind: 'slot', betSteps: SLOT_BET_STEPS, statedRtp: SLOT_STATED_RTP },
  [MINES_GAME_CODE]: { kind: 'mines', betSteps: MINES_BET_STEPS, statedRtp: MINES_STATED_RTP },
};

function gameOf(code: string): GameInfo {
  const game = GAMES[code];
  if (!game) throw new DomainError(ERROR_CODES.validation, `${code} is not a Palaro in-house game`);
  return game;
}

export function roundPublicId(round: Pick<InhouseRoundRow, 'kind' | 'id'>): string {
  return `${round.kind === 'slot' ? 'SLOT' : 'MINES'}-${round.id}`;
}

function roundIdNumber(publicId: string): number {
  return Number(publicId.slice(publicId.indexOf('-') + 1));
}

const betTransactionId = (roundId: string) => `${roundId}:bet`;
const winTransactionId = (roundId: string) => `${roundId}:win`;
const rollbackTransactionId = (roundId: string) => `${roundId}:rollback`;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A wallet failure as the player's error; refusals we did not expect are the wallet's problem, not
 * the player's input. Anything else — our own database going away after the wallet answered, a bug
 * — goes to the error handler as it is, which answers an outage 503 with Retry-After and logs it.
 */
function walletError(error: unknown): unknown {
  if (error instanceof WalletUnavailable) {
    return new DomainError(
      INHOUSE_ERROR_CODES.walletUnavailable,
      'The wallet did not answer: the round is kept and will be settled once, as soon as it answers',
    );
  }
  if (error instanceof WalletRefusal) {
    if (error.code === GAME_WALLET_ERROR_CODES.insufficientFunds)
      return new DomainError(INHOUSE_ERROR_CODES.insufficientFunds, 'Your balance does not cover this bet');
    if (error.code === GAME_WALLET_ERROR_CODES.tokenExpired || error.code === GAME_WALLET_ERROR_CODES.tokenInvalid) {
      return new DomainError(
        INHOUSE_ERROR_CODES.launchExpired,
        'This game session has expired for new bets: open the game again from the lobby',
      );
    }
    return new DomainError(
      ERROR_CODES.upstreamUnavailable,
      `The wallet refused the call (${error.code}): ${error.message}`,
    );
  }
  return error;
}

// ── sessions and seeds ──────────────────────────────────────────────────────────────────────────

async function ensureActiveSeed(deps: InhouseDeps, playerId: string, gameCode: string): Promise<InhouseSeedRow> {
  const existing = await store.activeSeed(deps.db, playerId, gameCode);
  if (existing) return existing;
  const serverSeed = newServerSeed();
  await store.insertSeedIfNone(deps.db, {
    playerId,
    gameCode,
    serverSeed,
    serverSeedHash: await hashServerSeed(serverSeed),
    clientSeed: newClientSeed(),
    createdAt: deps.now(),
  });
  return (await store.activeSeed(deps.db, playerId, gameCode))!;
}

async function fairnessState(deps: InhouseDeps, playerId: string, gameCode: string): Promise<TFairnessState> {
  const [active, previous] = await Promise.all([
    ensureActiveSeed(deps, playerId, gameCode),
    store.lastRevealedSeed(deps.db, playerId, gameCode),
  ]);
  return {
    serverSeedHash: active.serverSeedHash,
    clientSeed: active.clientSeed,
    nextNonce: active.nextNonce,
    previous: previous
      ? {
          serverSeed: previous.serverSeed,
          serverSeedHash: previous.serverSeedHash,
          clientSeed: previous.clientSeed,
          roundCount: previous.nextNonce,
        }
      : null,
  };
}

function gameRules(kind: TInhouseGameKind): Pick<TInhouseSession, 'slot' | 'mines'> {
  if (kind === 'slot') {
    return {
      slot: {
        reels: SLOT_REELS.map((strip) => [...strip]),
        rows: SLOT_ROW_COUNT,
        paylines: SLOT_PAYLINES.map((rows) => [...rows]),
        paytable: Object.fromEntries(
          Object.entries(SLOT_PAYTABLE).map(([symbol, pays]) => [symbol, [...pays] as [number, number, number]]),
        ),
        wild: SLOT_WILD,
        scatter: SLOT_SCATTER,
        scatterPays: { ...SLOT_SCATTER_PAYS },
        freeSpinAwards: { ...SLOT_FREE_SPIN_AWARDS },
        freeSpinMultiplier: SLOT_FREE_SPIN_MULTIPLIER,
        maxFreeSpins: SLOT_MAX_FREE_SPINS,
      },
      mines: null,
    };
  }
  return {
    slot: null,
    mines: {
      gridSize: MINES_GRID_SIZE,
      minMines: MINES_MIN_MINES,
      maxMines: MINES_MAX_MINES,
      multipliers: minesMultiplierTable(),
      multiplierScale: MINES_MULTIPLIER_SCALE,
    },
  };
}

async function sessionView(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  sessionToken: string,
  balance: number,
): Promise<TInhouseSession> {
  const game = gameOf(session.gameCode);
  const inPlay = game.kind === 'mines' ? await store.roundInPlay(deps.db, session.playerId, session.gameCode) : null;
  return {
    sessionToken,
    game: { code: session.gameCode, name: session.gameName, kind: game.kind },
    balance,
    currency: session.currency,
    betSteps: [...game.betSteps],
    statedRtp: game.statedRtp,
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
    ...gameRules(game.kind),
    currentRound: inPlay?.status === 'open' ? await minesViewWithSeed(deps, inPlay) : null,
  };
}

/** Opens a session: the wallet authenticates the launch token (player, currency, balance, game). */
export async function openSession(deps: InhouseDeps, launchToken: string): Promise<TInhouseSession> {
  let player;
  try {
    player = await deps.wallet.authenticate(launchToken);
  } catch (error) {
    if (error instanceof WalletRefusal && error.status < 500) {
      throw new DomainError(
        INHOUSE_ERROR_CODES.sessionInvalid,
        'This game link is no longer valid: open the game again from the lobby',
      );
    }
    throw walletError(error);
  }
  gameOf(player.game.code);
  const sessionToken = randomBytes(32).toString('base64url');
  const now = deps.now();
  const session = await store.insertSession(deps.db, {
    tokenHash: hashToken(sessionToken),
    playerId: player.playerId,
    gameCode: player.game.code,
    gameName: player.game.name,
    launchToken,
    currency: player.currency,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return sessionView(deps, session, sessionToken, player.balance);
}

/** The session a request's token names, if it is still open. */
export async function requireSession(
  deps: InhouseDeps,
  sessionToken: string | undefined,
): Promise<{ session: InhouseSessionRow; token: string }> {
  const session =
    sessionToken && /^[A-Za-z0-9_-]{43}$/.test(sessionToken)
      ? await store.sessionByTokenHash(deps.db, hashToken(sessionToken))
      : null;
  if (!session || session.expiresAt <= deps.now()) {
    throw new DomainError(
      INHOUSE_ERROR_CODES.sessionInvalid,
      'No open game session: open the game again from the lobby',
    );
  }
  return { session, token: sessionToken! };
}

export async function currentSession(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  token: string,
): Promise<TInhouseSession> {
  let balance: number;
  try {
    balance = (await deps.wallet.balance(session.playerId)).balance;
  } catch (error) {
    throw walletError(error);
  }
  return sessionView(deps, session, token, balance);
}

/** Reads of the active seed under its lock before a request gives up on rotations racing it. */
const SEED_LOCK_ATTEMPTS = 5;

function seedChanged(): DomainError {
  return new DomainError(INHOUSE_ERROR_CODES.roundOpen, 'The seed changed meanwhile: try again');
}

/**
 * The player's active seed, locked for the rest of `tx`. A rotation that commits while this waits
 * for the row has revealed it: PostgreSQL checks the row again once it is free and leaves it out,
 * and the new seed came after the statement began, so the statement finds none — the next one
 * sees the new seed.
 */
async function lockActiveSeed(tx: Tx, playerId: string, gameCode: string): Promise<InhouseSeedRow> {
  for (let attempt = 0; attempt < SEED_LOCK_ATTEMPTS; attempt += 1) {
    const seed = await store.activeSeed(tx, playerId, gameCode, { lock: true });
    if (seed) return seed;
  }
  throw seedChanged();
}

export async function setClientSeed(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  clientSeed: string,
): Promise<TFairnessState> {
  await ensureActiveSeed(deps, session.playerId, session.gameCode);
  await deps.db.transaction(async (tx) => {
    const seed = await lockActiveSeed(tx, session.playerId, session.gameCode);
    await store.updateSeed(tx, seed.id, { clientSeed });
  });
  return fairnessState(deps, session.playerId, session.gameCode);
}

/**
 * Reveals the server seed in use and commits to a new one (nonces restart at 0). Refused while a
 * mines round is in play: its mines come from the seed being revealed.
 */
export async function rotateSeed(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  clientSeed: string | undefined,
): Promise<TSeedRotation> {
  const active = await ensureActiveSeed(deps, session.playerId, session.gameCode);
  const serverSeed = newServerSeed();
  const serverSeedHash = await hashServerSeed(serverSeed);
  const revealed = await deps.db.transaction(async (tx) => {
    const seed = await lockActiveSeed(tx, session.playerId, session.gameCode);
    if (seed.id !== active.id) throw seedChanged();
    if (await store.roundInPlay(tx, session.playerId, session.gameCode)) {
      throw new DomainError(
        INHOUSE_ERROR_CODES.roundOpen,
        'Finish the round in play before changing seeds: its mines come from this seed',
      );
    }
    const now = deps.now();
    await store.updateSeed(tx, seed.id, { revealedAt: now });
    await store.insertSeedIfNone(tx, {
      playerId: session.playerId,
      gameCode: session.gameCode,
      serverSeed,
      serverSeedHash,
      clientSeed: clientSeed ?? seed.clientSeed,
      createdAt: now,
    });
    return seed;
  });
  return {
    revealed: {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.serverSeedHash,
      clientSeed: revealed.clientSeed,
      roundCount: revealed.nextNonce,
    },
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
  };
}

/**
 * Takes the next nonce of the player's active seed and writes the round, in one transaction: the
 * seed's row lock orders a player's rounds, so no nonce is used twice.
 */
async function startRound(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  kind: TInhouseGameKind,
  bet: number,
  play: (seeds: {
    serverSeed: string;
    clientSeed: string;
    nonce: number;
  }) => Promise<Partial<InhouseRoundRow> & Pick<InhouseRoundRow, 'status'>>,
): Promise<InhouseRoundRow> {
  await ensureActiveSeed(deps, session.playerId, session.gameCode);
  try {
    return await deps.db.transaction(async (tx) => {
      const seed = await lockActiveSeed(tx, session.playerId, session.gameCode);
      if (kind === 'mines' && (await store.roundInPlay(tx, session.playerId, session.gameCode))) {
        throw new DomainError(INHOUSE_ERROR_CODES.roundOpen, 'A round is already in play: finish it first');
      }
      const played = await play({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce });
      await store.takeNonce(tx, seed.id);
      return store.insertRound(tx, {
        kind,
        playerId: session.playerId,
        gameCode: session.gameCode,
        sessionId: session.id,
        seedId: seed.id,
        nonce: seed.nextNonce,
        clientSeed: seed.clientSeed,
        currency: session.currency,
        bet,
        createdAt: deps.now(),
        ...played,
      });
    });
  } catch (error) {
    // Two starts at once: the in-play index lets one through.
    if (kind === 'mines' && isUniqueViolation(error))
      throw new DomainError(INHOUSE_ERROR_CODES.roundOpen, 'A round is already in play: finish it first');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let cause = error as { code?: string; cause?: unknown } | undefined;
    cause;
    cause = cause.cause as typeof cause
  ) {
    if (cause.code === '23505') return true;
  }
  return false;
}

function assertBet(game: GameInfo, bet: number): void {
  if (!game.betSteps.includes(bet)) {
    throw new DomainError(
      INHOUSE_ERROR_CODES.betInvalid,
      `The bet must be one of ${game.betSteps.join(', ')} centavos`,
      {
        fields: [{ field: 'bet', i18nKey: 'in_inhouse_bet_invalid', message: 'Not one of the bet steps' }],
      },
    );
  }
}

function assertGame(session: InhouseSessionRow, kind: TInhouseGameKind): GameInfo {
  const game = gameOf(session.gameCode);
  if (game.kind !== kind)
    throw new DomainError(ERROR_CODES.validation, `This session plays ${session.gameName}, not the ${kind} game`);
  return game;
}

// ── views ───────────────────────────────────────────────────────────────────────────────────────

function seedsView(round: InhouseRoundRow, seed: InhouseSeedRow) {
  return {
    serverSeedHash: seed.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
  };
}

function slotView(round: InhouseRoundRow, seed: InhouseSeedRow): TSlotRoundView {
  return {
    roundId: roundPublicId(round),
    gameCode: round.gameCode,
    bet: round.bet,
    win: round.win,
    outcome: round.outcome as TSlotOutcome,
    seeds: seedsView(round, seed),
    settlement: round.settlement,
    createdAt: round.createdAt.toISOString(),
  };
}

function minesCapped(bet: number, multiplier: number): number {
  return Math.min(minesPayout(bet, multiplier), INHOUSE_MAX_WIN);
}

/** A mines round as the player sees it; the mines only once it ended. */
function minesView(round: InhouseRoundRow, seed: InhouseSeedRow): TMinesRoundView {
  const mines = round.mines!;
  const lost = round.status === 'lost';
  const safe = lost ? round.revealed.length - 1 : round.revealed.length;
  const multiplier = lost ? 0 : minesMultiplier(mines, safe);
  const ended = round.status !== 'open' && round.status !== 'starting';
  return {
    roundId: roundPublicId(round),
    gameCode: round.gameCode,
    bet: round.bet,
    mines,
    revealed: [...round.revealed],
    status: round.status === 'open' || round.status === 'starting' ? 'open' : lost ? 'lost' : 'cashed_out',
    multiplier,
    nextMultiplier: !ended && safe < minesSafeCells(mines) ? minesMultiplier(mines, safe + 1) : null,
    payout: round.status === 'cashed_out' ? round.win : lost ? 0 : minesCapped(round.bet, multiplier),
    mineCells: ended ? [...round.mineCells!] : null,
    seeds: seedsView(round, seed),
    settlement: round.settlement,
    createdAt: round.createdAt.toISOString(),
  };
}

async function minesViewWithSeed(deps: InhouseDeps, round: InhouseRoundRow): Promise<TMinesRoundView> {
  const seed = (await store.seedsById(deps.db, [round.seedId])).get(round.seedId)!;
  return minesView(round, seed);
}

// ── the slot ────────────────────────────────────────────────────────────────────────────────────

/** Sends (or re-sends: same transaction ids) a slot round's bet-and-settle and records the answer. */
async function settleSlotRound(
  deps: InhouseDeps,
  round: InhouseRoundRow,
): Promise<{ round: InhouseRoundRow; balance: number }> {
  const session = (await store.sessionById(deps.db, round.sessionId))!;
  const roundId = roundPublicId(round);
  try {
    const result = await deps.wallet.betAndSettle({
      token: session.launchToken,
      playerId: round.playerId,
      roundId,
      gameCode: round.gameCode,
      currency: round.currency,
      betTransactionId: betTransactionId(roundId),
      betAmount: round.bet,
      winTransactionId: winTransactionId(roundId),
      winAmount: round.win,
    });
    const settled = await store.updateRound(deps.db, round.id, {
      status: 'settled',
      settlement: 'settled',
      attempts: round.attempts + 1,
      lastError: null,
      endedAt: deps.now(),
    });
    return { round: settled, balance: result.balance };
  } catch (error) {
    if (error instanceof WalletRefusal) {
      // Refused as a whole: nothing moved, the round was not played.
      await store.updateRound(deps.db, round.id, {
        status: 'refused',
        settlement: 'settled',
        attempts: round.attempts + 1,
        lastError: `${error.code}: ${error.message}`,
        endedAt: deps.now(),
      });
    } else {
      await store.updateRound(deps.db, round.id, { attempts: round.attempts + 1, lastError: (error as Error).message });
    }
    throw walletError(error);
  }
}

export async function spin(deps: InhouseDeps, session: InhouseSessionRow, bet: number): Promise<TSlotSpinResult> {
  assertBet(assertGame(session, 'slot'), bet);
  const pending = await startRound(deps, session, 'slot', bet, async (seeds) => {
    const outcome = await slotRoundFromSeeds(seeds);
    return {
      outcome,
      win: Math.min(slotWinAmount(bet, outcome.lineBets), INHOUSE_MAX_WIN),
      status: 'pending',
      settlement: 'pending',
    };
  });
  const { round, balance } = await settleSlotRound(deps, pending);
  const seed = (await store.seedsById(deps.db, [round.seedId])).get(round.seedId)!;
  return {
    round: slotView(round, seed),
    balance,
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
  };
}

// ── mines ───────────────────────────────────────────────────────────────────────────────────────

/** Sends (or re-sends) a starting round's debit; the round opens once the wallet took the bet. */
async function confirmMinesBet(
  deps: InhouseDeps,
  round: InhouseRoundRow,
): Promise<{ round: InhouseRoundRow; balance: number }> {
  const session = (await store.sessionById(deps.db, round.sessionId))!;
  const roundId = roundPublicId(round);
  try {
    const result = await deps.wallet.debit({
      token: session.launchToken,
      playerId: round.playerId,
      transactionId: betTransactionId(roundId),
      roundId,
      gameCode: round.gameCode,
      amount: round.bet,
      currency: round.currency,
    });
    const opened = await store.updateRoundIn(deps.db, round.id, 'starting', {
      status: 'open',
      settlement: 'settled',
      attempts: round.attempts + 1,
      lastError: null,
    });
    if (!opened) {
      // The settlement job gave this start up meanwhile: the bet just taken goes back by the job's
      // rollback, sent again (its first may have found no bet to give back).
      await store.updateRoundIn(deps.db, round.id, 'refunded', { settlement: 'pending' });
      throw new DomainError(
        INHOUSE_ERROR_CODES.noOpenRound,
        'This round was cancelled and its bet given back: start a new one',
      );
    }
    return { round: opened, balance: result.balance };
  } catch (error) {
    if (error instanceof WalletRefusal) {
      await store.updateRoundIn(deps.db, round.id, 'starting', {
        status: 'refused',
        settlement: 'settled',
        attempts: round.attempts + 1,
        lastError: `${error.code}: ${error.message}`,
        endedAt: deps.now(),
      });
    } else if (error instanceof WalletUnavailable) {
      await store.updateRound(deps.db, round.id, { attempts: round.attempts + 1, lastError: error.message });
    }
    throw walletError(error);
  }
}

/**
 * Sends (or re-sends) an ended round's credit: the win, or 0 to close a lost round. No answer leaves
 * it pending for the settlement job; so does a refusal of our credentials (401: a secret rotated
 * meanwhile), which a later try may pass. Any other refusal is final: the round is marked settled
 * with the refusal kept in last_error for the operator, so it does not block the job's queue.
 */
async function creditMinesRound(
  deps: InhouseDeps,
  round: InhouseRoundRow,
): Promise<{ round: InhouseRoundRow; balance: number | null }> {
  const roundId = roundPublicId(round);
  try {
    const result = await deps.wallet.credit({
      playerId: round.playerId,
      transactionId: winTransactionId(roundId),
      roundId,
      betTransactionId: betTransactionId(roundId),
      gameCode: round.gameCode,
      amount: round.win,
      currency: round.currency,
      roundEnded: true,
    });
    return {
      round: await store.updateRound(deps.db, round.id, {
        settlement: 'settled',
        attempts: round.attempts + 1,
        lastError: null,
      }),
      balance: result.balance,
    };
  } catch (error) {
    const final = error instanceof WalletRefusal && error.status !== 401;
    const failed = await store.updateRound(deps.db, round.id, {
      attempts: round.attempts + 1,
      lastError: error instanceof WalletRefusal ? `${error.code}: ${error.message}` : (error as Error).message,
      ...(final ? { settlement: 'settled' as const } : {}),
    });
    if (error instanceof WalletUnavailable) return { round: failed, balance: null };
    throw walletError(error);
  }
}

async function minesResult(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  round: InhouseRoundRow,
  balance: number | null,
): Promise<TMinesResult> {
  return {
    round: await minesViewWithSeed(deps, round),
    balance,
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
  };
}

export async function startMines(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  bet: number,
  mines: number,
): Promise<TMinesResult> {
  assertBet(assertGame(session, 'mines'), bet);
  // A start whose debit got no answer: settle it first (its retry may find the bet taken after all).
  const stuck = await store.roundInPlay(deps.db, session.playerId, session.gameCode);
  if (stuck?.status === 'starting') await confirmMinesBet(deps, stuck);
  const starting = await startRound(deps, session, 'mines', bet, async (seeds) => ({
    mines,
    mineCells: await mineCellsFromSeeds(seeds, mines),
    status: 'starting',
    settlement: 'pending',
  }));
  const { round, balance } = await confirmMinesBet(deps, starting);
  return minesResult(deps, session, round, balance);
}

async function openRoundLocked<T>(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  work: (round: InhouseRoundRow, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const round = await store.roundInPlay(tx, session.playerId, session.gameCode, { lock: true });
    if (!round || round.status !== 'open')
      throw new DomainError(INHOUSE_ERROR_CODES.noOpenRound, 'No round in play: start a new one');
    return work(round, tx);
  });
}

export async function revealCell(deps: InhouseDeps, session: InhouseSessionRow, cell: number): Promise<TMinesResult> {
  assertGame(session, 'mines');
  const round = await openRoundLocked(deps, session, async (open, tx) => {
    if (open.revealed.includes(cell))
      throw new DomainError(INHOUSE_ERROR_CODES.cellRevealed, 'That cell is already revealed');
    const revealed = [...open.revealed, cell];
    const now = deps.now();
    if (open.mineCells!.includes(cell))
      return store.updateRound(tx, open.id, { revealed, status: 'lost', win: 0, settlement: 'pending', endedAt: now });
    if (revealed.length === MINES_CELL_COUNT - open.mines!) {
      // Every safe cell found: the round cashes out by itself.
      const win = minesCapped(open.bet, minesMultiplier(open.mines!, revealed.length));
      return store.updateRound(tx, open.id, {
        revealed,
        status: 'cashed_out',
        win,
        settlement: 'pending',
        endedAt: now,
      });
    }
    return store.updateRound(tx, open.id, { revealed });
  });
  if (round.status === 'open') return minesResult(deps, session, round, null);
  const credited = await creditMinesRound(deps, round);
  return minesResult(deps, session, credited.round, credited.balance);
}

export async function cashOut(deps: InhouseDeps, session: InhouseSessionRow): Promise<TMinesResult> {
  assertGame(session, 'mines');
  const round = await openRoundLocked(deps, session, async (open, tx) => {
    if (open.revealed.length === 0)
      throw new DomainError(INHOUSE_ERROR_CODES.nothingToCashOut, 'Reveal at least one cell before cashing out');
    const win = minesCapped(open.bet, minesMultiplier(open.mines!, open.revealed.length));
    return store.updateRound(tx, open.id, { status: 'cashed_out', win, settlement: 'pending', endedAt: deps.now() });
  });
  const credited = await creditMinesRound(deps, round);
  return minesResult(deps, session, credited.round, credited.balance);
}

export async function currentMinesRound(
  deps: InhouseDeps,
  session: InhouseSessionRow,
): Promise<TMinesRoundView | null> {
  assertGame(session, 'mines');
  const round = await store.roundInPlay(deps.db, session.playerId, session.gameCode);
  return round?.status === 'open' ? minesViewWithSeed(deps, round) : null;
}

// ── rounds ──────────────────────────────────────────────────────────────────────────────────────

export async function listRounds(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  pageNo: number,
): Promise<TInhouseRoundPage> {
  const { rows, total } = await store.playerRounds(deps.db, session.playerId, session.gameCode, {
    offset: (pageNo - 1) * INHOUSE_ROUNDS_PAGE_SIZE,
    limit: INHOUSE_ROUNDS_PAGE_SIZE,
  });
  const seeds = await store.seedsById(
    deps.db,
    rows.map((row) => row.seedId),
  );
  return {
    rounds: rows.map((row) => {
      const seed = seeds.get(row.seedId)!;
      return {
        roundId: roundPublicId(row),
        gameCode: row.gameCode,
        bet: row.bet,
        win: row.win,
        status: row.kind === 'mines' && row.status === 'starting' ? 'open' : row.status,
        nonce: row.nonce,
        serverSeedHash: seed.serverSeedHash,
        revealed: seed.revealedAt !== null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    pageNum: pageNo,
    totalPages: Math.max(1, Math.ceil(total / INHOUSE_ROUNDS_PAGE_SIZE)),
  };
}

/** One of the player's rounds with what recomputes it (the server seed once revealed). */
export async function roundDetail(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  publicId: string,
): Promise<TInhouseRoundDetail> {
  const round = await store.roundById(deps.db, roundIdNumber(publicId));
  if (
    !round ||
    round.playerId !== session.playerId ||
    roundPublicId(round) !== publicId ||
    round.status === 'refused'
  ) {
    throw new NotFoundError('No such round of yours');
  }
  const seed = (await store.seedsById(deps.db, [round.seedId])).get(round.seedId)!;
  return round.kind === 'slot'
    ? { slot: slotView(round, seed), mines: null }
    : { slot: null, mines: minesView(round, seed) };
}

// ── settlement job ──────────────────────────────────────────────────────────────────────────────

/** A round older than this whose debit never got an answer is given back rather than opened. */
const STARTING_GIVE_UP_MS = 60_000;
const SETTLEMENT_QUIET_MS = 10_000;
const SETTLEMENT_BATCH = 50;

/**
 * Re-sends the money call of every round still waiting for the wallet's answer, with the round's
 * own transaction ids (the wallet applies each at most once): a slot round's bet-and-settle, an
 * ended mines round's credit, and for a mines start whose debit got no answer a rollback (the
 * player has left; the bet is given back whether or not it was taken).
 */
export async function settlePendingRounds(deps: InhouseDeps): Promise<{ settled: number; failed: number }> {
  const now = deps.now();
  const rounds = await store.unsettledRounds(deps.db, new Date(now.getTime() - SETTLEMENT_QUIET_MS), SETTLEMENT_BATCH);
  let settled = 0;
  let failed = 0;
  for (const round of rounds) {
    try {
      if (round.kind === 'slot') await settleSlotRound(deps, round);
      else if (round.status === 'starting' || round.status === 'refunded') await refundMinesStart(deps, round, now);
      else {
        const credited = await creditMinesRound(deps, round);
        if (credited.round.settlement !== 'settled') throw new WalletUnavailable('no answer');
      }
      settled += 1;
    } catch {
      failed += 1;
    }
  }
  return { settled, failed };
}

async function refundMinesStart(deps: InhouseDeps, round: InhouseRoundRow, now: Date): Promise<void> {
  if (now.getTime() - round.createdAt.getTime() < STARTING_GIVE_UP_MS) {
    await confirmMinesBet(deps, round);
    return;
  }
  // Given up first, so a late retry of the debit by the player can no longer open it.
  const givenUp = await store.updateRoundIn(deps.db, round.id, 'starting', {
    status: 'refunded',
    settlement: 'pending',
    endedAt: now,
  });
  if (!givenUp && round.status === 'starting') return;
  const roundId = roundPublicId(round);
  try {
    await deps.wallet.rollback({
      playerId: round.playerId,
      transactionId: rollbackTransactionId(roundId),
      referenceTransactionId: betTransactionId(roundId),
    });
  } catch (error) {
    // The bet never reached the wallet: there is nothing to give back.
    if (!(error instanceof WalletRefusal && error.code === GAME_WALLET_ERROR_CODES.transactionUnknown)) {
      await store.updateRound(deps.db, round.id, { attempts: round.attempts + 1, lastError: (error as Error).message });
      throw error;
    }
  }
  await store.updateRound(deps.db, round.id, { settlement: 'settled', attempts: round.attempts + 1, lastError: null });
}

export async function purgeExpiredSessions(deps: InhouseDeps): Promise<number> {
  return store.deleteExpiredSessions(deps.db, deps.now());
}
