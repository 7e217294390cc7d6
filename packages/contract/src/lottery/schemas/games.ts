/** The lottery lists, menu, a game with its draw and bet types, results, the launch, and the draw event. */
import { z } from 'zod';
import { PLAY_TYPES } from '../../shared/constants';
import { SEED_HASH_PATTERN } from '../../inhouse/fairness';
import { LOTTERY_VIEWS } from '../paths';
import { ZLanguage } from '../../system/schemas/site';
import {
  ZDrawAbnormal,
  ZDrawState,
  ZLotteryCentavos,
  ZLotteryFamily,
  ZLotteryGameCode,
  ZLotterySchedule,
  ZPrizeMode,
  ZResultSource,
} from './common';

export const ZLotteryListQuery = z.object({ prizeMode: ZPrizeMode.default('Elott') });
export const ZLotteryMenuQuery = z.object({
  prizeMode: ZPrizeMode.default('Elott'),
  device: z.literal('MOBILE').default('MOBILE'),
  language: ZLanguage.optional(),
});

/** One lottery game as the spec's lottery list and menu carry it (§3 "Lottery game"), plus the family. */
export const ZLotteryGame = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  gameGroupCode: z.string(),
  family: ZLotteryFamily,
  /** The game's name in the asked language. */
  remark: z.string(),
  mobileIconUrl: z.string(),
  tag: z.string(),
  labelName: z.string(),
  gameMenus: z.array(z.string()),
  /** Seconds between draws. */
  intervalSeconds: z.number().int(),
  /** Seconds before the draw that betting locks. */
  lockTime: z.number().int(),
  /** The current draw: number, whether it is on sale, ms until it is drawn, its draw time. */
  numero: z.string(),
  isSale: z.boolean(),
  remainTime: z.number().int(),
  winningTime: z.number().int(),
  /** The last drawn result in the spec's format (lottery/families.ts formatWinningNumber), '' when none yet. */
  previousWinningNumber: z.string(),
  previousNumero: z.string(),
  /** Elott (our RNG), ZY (our RNG, the two-sided board at fixed odds) or Lott (a traditional game: the official draw's result). */
  prizeMode: ZPrizeMode,
  /** Where its results come from (lottery/traditional.ts): rng, or an official draw's operator entry or feed. */
  resultSource: ZResultSource,
  /** A traditional game's official schedule (local times and weekdays in its time zone); null: every intervalSeconds. */
  schedule: ZLotterySchedule.nullable(),
});
export type TLotteryGame = z.infer<typeof ZLotteryGame>;

export const ZLotteryMenuGroup = z.object({
  gameGroupCode: z.string(),
  /** The group's name in the asked language. */
  name: z.string(),
  games: z.array(ZLotteryGame),
});
export const ZLotteryMenu = z.object({
  prizeMode: ZPrizeMode,
  /** The server's clock when answering (ms), for the countdown's lotteryTime pair. */
  serverTime: z.number().int(),
  groups: z.array(ZLotteryMenuGroup),
  /** Game codes of the HOT pseudo-tab. */
  hot: z.array(z.string()),
});
export type TLotteryMenu = z.infer<typeof ZLotteryMenu>;
export const ZLotteryList = z.object({ prizeMode: ZPrizeMode, games: z.array(ZLotteryGame) });
export type TLotteryList = z.infer<typeof ZLotteryList>;

export const ZLotteryDraw = z.object({
  gameCode: z.string(),
  numero: z.string(),
  state: ZDrawState,
  opensAt: z.number().int(),
  locksAt: z.number().int(),
  drawsAt: z.number().int(),
  /** SHA-256 of the draw's secret seed, published when the draw opens; null for a traditional draw (no seed: the official draw decides). */
  seedHash: z.string().regex(SEED_HASH_PATTERN).nullable(),
  /** Fixed at lock (SHA-256 of the sorted ticket ids); null before. */
  publicValue: z.string().nullable(),
  /** Revealed once drawn; null before. */
  serverSeed: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
  /** The result in the spec's format; '' before the draw. */
  winningNumber: z.string(),
  isSale: z.boolean(),
  /** Ms until the draw time when answering (never below 0). */
  remainTime: z.number().int(),
  serverTime: z.number().int(),
  /** Where the result came from once drawn (rng, operator, feed); null before. */
  resultSource: ZResultSource.nullable(),
  /** Set while the draw is abnormal (state 'abnormal'); null otherwise. */
  abnormal: ZDrawAbnormal.nullable(),
});
export type TLotteryDraw = z.infer<typeof ZLotteryDraw>;

export const ZPlayType = z.enum(PLAY_TYPES);
export const ZBetTypeView = z.object({
  code: z.string(),
  /** The board it is on: Tradition (the standard board) or Entertainment (the two-sided board). */
  playType: ZPlayType,
  name: z.string(),
  wins: z.string(),
  rows: z.array(z.object({ label: z.string(), min: z.number().int(), max: z.number().int() })),
  rowRule: z.enum(['each', 'any']),
  minPicks: z.number().int(),
  maxPicks: z.number().int(),
  /** Odds in ten-thousandths per option (option null: the same for every pick); empty for a bet type paid by tiers. */
  odds: z.array(z.object({ option: z.number().int().nullable(), odds: z.number().int() })),
  /**
   * A bet type paid by how many numbers a combination matches (PCSO 6/42, lottery/jackpot.ts): each
   * tier's fixed odds per unit (ten-thousandths, stake included), or for the jackpot tier odds null
   * and the pool (centavos) its winners share if the next draw is won.
   */
  tiers: z
    .array(
      z.object({ matches: z.number().int(), odds: z.number().int().nullable(), jackpot: ZLotteryCentavos.nullable() }),
    )
    .optional(),
});
export type TBetTypeView = z.infer<typeof ZBetTypeView>;

export const ZLotteryGameDetail = z.object({
  game: ZLotteryGame,
  betTypes: z.array(ZBetTypeView),
  /** The member's prize group (the merchant's for a visitor); a slip carries it back. */
  prizeGroup: z.number().int(),
  limits: z.object({
    minUnitStake: z.number().int(),
    maxBetStake: z.number().int(),
    maxDrawStakePerMember: z.number().int(),
  }),
  draw: ZLotteryDraw,
  /** Whether the game lets a pending bet be cancelled while its draw is on sale. */
  cancelAllowed: z.boolean(),
  /** The most draws one chase may cover. */
  maxChaseDraws: z.number().int(),
});
export type TLotteryGameDetail = z.infer<typeof ZLotteryGameDetail>;

export const ZLotteryResultsQuery = z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(20) });
export const ZLotteryResults = z.object({ gameCode: z.string(), draws: z.array(ZLotteryDraw) });
export type TLotteryResults = z.infer<typeof ZLotteryResults>;

/** The lottery launch of spec §7. */
export const ZLotteryLaunchQuery = z.object({
  lottoArea: z.literal('VN').default('VN'),
  launchMode: z.literal('LOTT').default('LOTT'),
  lottoPrizeMode: ZPrizeMode.default('Elott'),
  lottoGameCode: ZLotteryGameCode.optional(),
  lottoView: z.enum(LOTTERY_VIEWS).default('lobby'),
  /** The betting screen's first board (the /m/launchGame link's playType); without it, the game's first. */
  playType: ZPlayType.optional(),
  device: z.literal('MOBILE').default('MOBILE'),
  backUrl: z
    .string()
    .trim()
    .max(512)
    .regex(/^\/m\/[A-Za-z0-9/_?=&%.-]*$/, 'A page of this site under /m/')
    .optional(),
  language: ZLanguage.optional(),
});
export type TLotteryLaunchQuery = z.input<typeof ZLotteryLaunchQuery>;
export const ZLotteryLaunch = z.object({ gameUrl: z.string() });
export type TLotteryLaunch = z.infer<typeof ZLotteryLaunch>;

/** What the event stream carries for the lottery: a draw changed state (opened, locked, drawn, settled, cancelled). */
export const ZLotteryDrawEvent = z.object({
  type: z.literal('draw'),
  draw: ZLotteryDraw,
});
export type TLotteryDrawEvent = z.infer<typeof ZLotteryDrawEvent>;
