import { z } from 'zod';
import { ZCentavos } from '../money/schemas';
import { INHOUSE_ROUND_ID_PATTERN } from './paths';
import { CLIENT_SEED_PATTERN, SEED_HASH_PATTERN, SERVER_SEED_PATTERN } from './fairness';
import { MINES_CELL_COUNT, MINES_MAX_MINES, MINES_MIN_MINES } from './mines';
import { SLOT_SYMBOLS } from './slot';

/**
 * Request and response shapes of the in-house game server's player API (paths, header and error
 * codes in the zod-free inhouse/paths.ts and inhouse/errors.ts). Kept stable for the web app:
 * changes are additive.
 */
const ZSessionToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const ZInhouseOpenSession = z.object({ launchToken: z.string().trim().min(1).max(128) });
export type TInhouseOpenSession = z.infer<typeof ZInhouseOpenSession>;

export const ZClientSeed = z
  .string()
  .trim()
  .regex(CLIENT_SEED_PATTERN, 'A client seed: 1–64 printable characters without spaces or “:”');

export const ZFairnessState = z.object({
  /** SHA-256 of the server seed the next rounds use (the seed itself stays secret until rotated). */
  serverSeedHash: z.string().regex(SEED_HASH_PATTERN),
  clientSeed: z.string(),
  /** The nonce the next round will use (rounds count from 0 for each server seed). */
  nextNonce: z.number().int().min(0),
  /** The last rotated-out pair, revealed. */
  previous: z
    .object({
      serverSeed: z.string().regex(SERVER_SEED_PATTERN),
      serverSeedHash: z.string().regex(SEED_HASH_PATTERN),
      clientSeed: z.string(),
      /** Rounds played with it: nonces 0 … roundCount − 1. */
      roundCount: z.number().int().min(0),
    })
    .nullable(),
});
export type TFairnessState = z.infer<typeof ZFairnessState>;

export const ZInhouseGameKind = z.enum(['slot', 'mines']);
export type TInhouseGameKind = z.infer<typeof ZInhouseGameKind>;

/** The slot's rules as served (the same tables the contract exports as SLOT_*). */
export const ZSlotRules = z.object({
  reels: z.array(z.array(z.enum(SLOT_SYMBOLS))),
  rows: z.number().int(),
  paylines: z.array(z.array(z.number().int())),
  /** Line pays in line bets for 3, 4, 5 of a kind. */
  paytable: z.record(z.string(), z.tuple([z.number(), z.number(), z.number()])),
  wild: z.enum(SLOT_SYMBOLS),
  scatter: z.enum(SLOT_SYMBOLS),
  /** Scatter pays in total bets, by count 3, 4, 5. */
  scatterPays: z.record(z.string(), z.number()),
  freeSpinAwards: z.record(z.string(), z.number()),
  freeSpinMultiplier: z.number().int(),
  maxFreeSpins: z.number().int(),
});
export type TSlotRules = z.infer<typeof ZSlotRules>;

export const ZMinesRules = z.object({
  gridSize: z.number().int(),
  minMines: z.number().int(),
  maxMines: z.number().int(),
  /** multipliers[mines][k]: the multiplier in ten-thousandths after k safe reveals (multipliers[0] is empty). */
  multipliers: z.array(z.array(z.number().int())),
  multiplierScale: z.number().int(),
});
export type TMinesRules = z.infer<typeof ZMinesRules>;

export const ZSlotLineWin = z.object({
  line: z.number().int(),
  symbol: z.enum(SLOT_SYMBOLS),
  count: z.number().int(),
  lineBets: z.number().int(),
});
export const ZSlotSpin = z.object({
  stops: z.array(z.number().int()),
  grid: z.array(z.array(z.enum(SLOT_SYMBOLS))),
  lineWins: z.array(ZSlotLineWin),
  scatterCount: z.number().int(),
  scatterLineBets: z.number().int(),
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number().int(),
  lineBets: z.number().int(),
});
/** SlotRound of the contract's slot.ts. */
export const ZSlotOutcome = z.object({
  base: ZSlotSpin,
  freeSpins: z.array(ZSlotSpin),
  lineBets: z.number().int(),
});
export type TSlotOutcome = z.infer<typeof ZSlotOutcome>;

/** What identifies a round's randomness; serverSeed is null until the player rotates that seed. */
export const ZRoundSeeds = z.object({
  serverSeedHash: z.string().regex(SEED_HASH_PATTERN),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
  serverSeed: z.string().regex(SERVER_SEED_PATTERN).nullable(),
});
export type TRoundSeeds = z.infer<typeof ZRoundSeeds>;

/** A round's money state: settled once the wallet confirmed its last call. */
export const ZSettlement = z.enum(['settled', 'pending']);

export const ZSlotRoundView = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  bet: ZCentavos,
  win: ZCentavos,
  outcome: ZSlotOutcome,
  seeds: ZRoundSeeds,
  settlement: ZSettlement,
  createdAt: z.string(),
});
export type TSlotRoundView = z.infer<typeof ZSlotRoundView>;

export const ZMinesStatus = z.enum(['open', 'cashed_out', 'lost']);
export type TMinesStatus = z.infer<typeof ZMinesStatus>;
export const ZMinesRoundView = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  bet: ZCentavos,
  mines: z.number().int(),
  /** Cells revealed, in the order revealed (the last one is the mine when lost). */
  revealed: z.array(z.number().int()),
  status: ZMinesStatus,
  /** The current multiplier (ten-thousandths; 0 before the first safe reveal) and the next safe reveal's. */
  multiplier: z.number().int(),
  nextMultiplier: z.number().int().nullable(),
  /** What a cash-out pays now (open) or paid (cashed out); 0 when lost. */
  payout: ZCentavos,
  /** Every mine's cell, only once the round has ended. */
  mineCells: z.array(z.number().int()).nullable(),
  seeds: ZRoundSeeds,
  settlement: ZSettlement,
  createdAt: z.string(),
});
export type TMinesRoundView = z.infer<typeof ZMinesRoundView>;

export const ZInhouseSession = z.object({
  sessionToken: ZSessionToken,
  game: z.object({ code: z.string(), name: z.string(), kind: ZInhouseGameKind }),
  /** Centavos; currency as the wallet named it (PHP). */
  balance: ZCentavos,
  currency: z.string(),
  /** Allowed bets in centavos, ascending; the first is the minimum, the last the maximum. */
  betSteps: z.array(ZCentavos),
  /** The stated return to player as a fraction (0.9613 is 96.13 %). */
  statedRtp: z.number(),
  fairness: ZFairnessState,
  slot: ZSlotRules.nullable(),
  mines: ZMinesRules.nullable(),
  /** The open mines round (survives a reload), or null. */
  currentRound: ZMinesRoundView.nullable(),
});
export type TInhouseSession = z.infer<typeof ZInhouseSession>;

export const ZSlotSpinRequest = z.object({ bet: z.number().int().positive() });
export type TSlotSpinRequest = z.infer<typeof ZSlotSpinRequest>;
export const ZSlotSpinResult = z.object({ round: ZSlotRoundView, balance: ZCentavos, fairness: ZFairnessState });
export type TSlotSpinResult = z.infer<typeof ZSlotSpinResult>;

export const ZMinesStartRequest = z.object({
  bet: z.number().int().positive(),
  mines: z.number().int().min(MINES_MIN_MINES).max(MINES_MAX_MINES),
});
export type TMinesStartRequest = z.infer<typeof ZMinesStartRequest>;
export const ZMinesRevealRequest = z.object({
  cell: z
    .number()
    .int()
    .min(0)
    .max(MINES_CELL_COUNT - 1),
});
export type TMinesRevealRequest = z.infer<typeof ZMinesRevealRequest>;
export const ZMinesResult = z.object({
  round: ZMinesRoundView,
  balance: ZCentavos.nullable(),
  fairness: ZFairnessState,
});
export type TMinesResult = z.infer<typeof ZMinesResult>;
export const ZMinesCurrent = z.object({ round: ZMinesRoundView.nullable() });
export type TMinesCurrent = z.infer<typeof ZMinesCurrent>;

export const ZClientSeedRequest = z.object({ clientSeed: ZClientSeed });
export type TClientSeedRequest = z.infer<typeof ZClientSeedRequest>;
export const ZRotateRequest = z.object({ clientSeed: ZClientSeed.optional() });
export type TRotateRequest = z.infer<typeof ZRotateRequest>;
export const ZSeedRotation = z.object({
  revealed: z.object({
    serverSeed: z.string().regex(SERVER_SEED_PATTERN),
    serverSeedHash: z.string().regex(SEED_HASH_PATTERN),
    clientSeed: z.string(),
    roundCount: z.number().int().min(0),
  }),
  fairness: ZFairnessState,
});
export type TSeedRotation = z.infer<typeof ZSeedRotation>;

export const ZInhouseRoundsQuery = z.object({ pageNo: z.coerce.number().int().min(1).max(10_000).default(1) });
export type TInhouseRoundsQuery = z.infer<typeof ZInhouseRoundsQuery>;
export const ZInhouseRoundSummary = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  bet: ZCentavos,
  win: ZCentavos,
  /** slot: 'settled'; mines: its status. */
  status: z.string(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  /** Whether its server seed is revealed (then the round can be verified). */
  revealed: z.boolean(),
  createdAt: z.string(),
});
export type TInhouseRoundSummary = z.infer<typeof ZInhouseRoundSummary>;
export const ZInhouseRoundPage = z.object({
  rounds: z.array(ZInhouseRoundSummary),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});
export type TInhouseRoundPage = z.infer<typeof ZInhouseRoundPage>;
export const ZInhouseRoundParams = z.object({ roundId: z.string().regex(INHOUSE_ROUND_ID_PATTERN) });
/** One round, either game: exactly one of slot and mines is set. */
export const ZInhouseRoundDetail = z.object({
  slot: ZSlotRoundView.nullable(),
  mines: ZMinesRoundView.nullable(),
});
export type TInhouseRoundDetail = z.infer<typeof ZInhouseRoundDetail>;
