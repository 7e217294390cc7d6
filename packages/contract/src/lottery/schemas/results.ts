/** The winner board, and a draw's proof: the seed of an electronic draw or the official source of a traditional one. */
import { z } from 'zod';
import { SEED_HASH_PATTERN, SERVER_SEED_PATTERN } from '../../inhouse/fairness';
import { ZLotteryCentavos, ZLotteryFamily, ZLotteryGameCode } from './common';

export const ZWinnerBoardQuery = z.object({ gameCode: ZLotteryGameCode.optional() });
export const ZWinnerBoard = z.object({
  winners: z.array(
    z.object({
      userName: z.string(),
      gameCode: z.string(),
      remark: z.string(),
      numero: z.string(),
      winAmount: ZLotteryCentavos,
      settledAt: z.number().int(),
    }),
  ),
});
export type TWinnerBoard = z.infer<typeof ZWinnerBoard>;

/** An electronic draw's proof: recompute it from the revealed seed. */
export const ZDrawVerification = z.object({
  kind: z.literal('seed'),
  gameCode: z.string(),
  family: ZLotteryFamily,
  numero: z.string(),
  seedHash: z.string().regex(SEED_HASH_PATTERN),
  serverSeed: z.string().regex(SERVER_SEED_PATTERN),
  publicValue: z.string().regex(SEED_HASH_PATTERN),
  ticketCount: z.number().int(),
  result: z.array(z.number().int()),
  winningNumber: z.string(),
  recomputed: z.array(z.number().int()),
  seedMatchesHash: z.boolean(),
  resultMatches: z.boolean(),
  valid: z.boolean(),
});
export type TDrawVerification = z.infer<typeof ZDrawVerification>;

/**
 * A traditional draw's verification: no seed — the result is the official draw's, entered by an
 * operator and confirmed by another (both named, with when), or received from the official feed.
 */
export const ZOfficialDrawVerification = z.object({
  kind: z.literal('official'),
  gameCode: z.string(),
  family: ZLotteryFamily,
  numero: z.string(),
  drawsAt: z.number().int(),
  result: z.array(z.number().int()),
  winningNumber: z.string(),
  source: z.enum(['operator', 'feed']),
  /** Operator source: who entered it first and when; feed source: the feed's address and when it answered. */
  enteredBy: z.string(),
  enteredAt: z.number().int(),
  /** Operator source: the second operator who typed it again, and when (the result stood from then); null for a feed. */
  confirmedBy: z.string().nullable(),
  confirmedAt: z.number().int().nullable(),
  ticketCount: z.number().int(),
});
export type TOfficialDrawVerification = z.infer<typeof ZOfficialDrawVerification>;
/** What the verify endpoint answers: the seed proof of an electronic draw, or the official source of a traditional one. */
export const ZLotteryVerification = z.discriminatedUnion('kind', [ZDrawVerification, ZOfficialDrawVerification]);
export type TLotteryVerification = z.infer<typeof ZLotteryVerification>;
