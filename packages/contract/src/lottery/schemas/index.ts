import { z } from 'zod';
import { ZCentavos } from '../../money/schemas';
import { PLAY_TYPES, PRIZE_MODES } from '../../shared/constants';
import { SEED_HASH_PATTERN, SERVER_SEED_PATTERN } from '../../inhouse/fairness';
import {
  BET_STATES,
  CHASE_DRAW_STATES,
  CHASE_STATES,
  CHASE_STOP_REASONS,
  DRAW_STATES,
  LOTTERY_VIEWS,
  MAX_BETS_PER_SLIP,
  MAX_CHASE_DRAWS,
} from '../paths';
import { MAX_MULTIPLIER, PRIZE_GROUP_MAX, PRIZE_GROUP_MIN } from '../bet-types';
import { LOTTERY_FAMILIES } from '../families';
import {
  ABNORMAL_REASONS,
  feedUrlProblem,
  OPERATOR_DRAWS_LIMIT,
  RESULT_GRACE_MINUTES_MAX,
  RESULT_SOURCES,
  VOID_REASON_MAX,
} from '../traditional';
import { ZMerchantParams } from '../../operator/schemas/operator';
import { ZLanguage } from '../../system/schemas/site';

/**
 * Request and response shapes of the lottery (paths in lottery/api.ts). Amounts are centavos,
 * odds ten-thousandths (lottery/bet-types.ts), times epoch milliseconds. Kept stable: additive.
 */
export const ZLotteryGameCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{2,32}$/, 'A lottery game code: letters, digits and _');
export const ZNumero = z
  .string()
  .trim()
  .regex(/^\d{8}-\d{4}$/, 'A draw number: YYYYMMDD-NNNN');
export const ZPrizeMode = z.enum(PRIZE_MODES);
export const ZLotteryFamily = z.enum(LOTTERY_FAMILIES);
export const ZDrawState = z.enum(DRAW_STATES);
export const ZLotteryBetState = z.enum(BET_STATES);
export const ZResultSource = z.enum(RESULT_SOURCES);
export const ZAbnormalReason = z.enum(ABNORMAL_REASONS);
export const ZLotterySchedule = z.object({
  timeZone: z.string(),
  times: z.array(z.string()),
  /** 0 = Sunday … 6 = Saturday; empty: every day. */
  weekdays: z.array(z.number().int()),
  /** Draw times whose sales close this many seconds before them instead of the game's lockTime. */
  lockSecondsAt: z.record(z.string(), z.number().int()).optional(),
});
/** Why a draw is abnormal and since when (ms); its sales stopped until an operator voids it or enters its result. */
export const ZDrawAbnormal = z.object({ reason: ZAbnormalReason, since: z.number().int() });
/** The lottery's amounts (stakes, wins, refunds, balances, pools): never negative. */
const ZLotteryCentavos = ZCentavos.min(0);

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

const ZPickRow = z.array(z.number().int().min(0).max(99_999)).max(1000);
export const ZBetRequest = z.object({
  betType: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,40}$/),
  picks: z.array(ZPickRow).min(1).max(10),
  /** Centavos per combination. */
  unitStake: z.number().int().min(1).max(100_000_000),
  multiplier: z.number().int().min(1).max(MAX_MULTIPLIER).default(1),
});
export const ZPlaceBetsRequest = z.object({
  gameCode: ZLotteryGameCode,
  numero: ZNumero,
  /** The prize group the slip was priced at (odds shown); refused if the member's is no longer it. */
  prizeGroup: z.number().int().min(PRIZE_GROUP_MIN).max(PRIZE_GROUP_MAX),
  bets: z.array(ZBetRequest).min(1).max(MAX_BETS_PER_SLIP),
});
export type TPlaceBetsRequest = z.input<typeof ZPlaceBetsRequest>;

export const ZLotteryBet = z.object({
  betId: z.string(),
  gameCode: z.string(),
  numero: z.string(),
  betType: z.string(),
  picks: z.array(z.array(z.number().int())),
  combinations: z.number().int(),
  unitStake: ZLotteryCentavos,
  multiplier: z.number().int(),
  stake: ZLotteryCentavos,
  prizeGroup: z.number().int(),
  state: ZLotteryBetState,
  winAmount: ZLotteryCentavos,
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  winningNumber: z.string(),
  /** The slip the bet was placed in (every bet of one slip shares it): cancel a whole slip by its bets. */
  slipReference: z.string(),
  /** The chase that placed it, if any. */
  chaseId: z.string().nullable(),
  /** Pending, on a draw still on sale, of a game that allows cancelling: the player may cancel it now. */
  cancellable: z.boolean(),
});
export type TLotteryBet = z.infer<typeof ZLotteryBet>;

export const ZPlaceBetsResult = z.object({
  bets: z.array(ZLotteryBet),
  totalStake: ZLotteryCentavos,
  balance: ZLotteryCentavos,
});
export type TPlaceBetsResult = z.infer<typeof ZPlaceBetsResult>;

export const ZMyLotteryBetsQuery = z.object({
  gameCode: ZLotteryGameCode.optional(),
  state: ZLotteryBetState.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZMyLotteryBets = z.object({ bets: z.array(ZLotteryBet), pageNo: z.number().int(), hasMore: z.boolean() });
export type TMyLotteryBets = z.infer<typeof ZMyLotteryBets>;

const ZRowId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,17}$/, 'An id: digits');

/** Cancels bets (a whole slip: every bet of its slipReference) of draws still on sale. */
export const ZCancelBetsRequest = z.object({ betIds: z.array(ZRowId).min(1).max(MAX_BETS_PER_SLIP) });
export type TCancelBetsRequest = z.input<typeof ZCancelBetsRequest>;
export const ZCancelBetsResult = z.object({
  /** The bets as they are now (cancelled). */
  bets: z.array(ZLotteryBet),
  /** Centavos given back. */
  refunded: ZLotteryCentavos,
  balance: ZLotteryCentavos,
});
export type TCancelBetsResult = z.infer<typeof ZCancelBetsResult>;

/**
 * One slip chased on `draws` draws: the draw on sale (`numero`) and the next ones. `multipliers`
 * (one per draw, lottery/chase.ts chaseMultipliers) multiply every bet of the slip on that draw;
 * none: 1 on every draw. `stopOnWin`: the rest of the chase is cancelled once one of its draws wins.
 */
export const ZChaseRequest = z
  .object({
    gameCode: ZLotteryGameCode,
    numero: ZNumero,
    prizeGroup: z.number().int().min(PRIZE_GROUP_MIN).max(PRIZE_GROUP_MAX),
    bets: z.array(ZBetRequest).min(1).max(MAX_BETS_PER_SLIP),
    draws: z.number().int().min(1).max(MAX_CHASE_DRAWS),
    multipliers: z.array(z.number().int().min(1).max(MAX_MULTIPLIER)).min(1).max(MAX_CHASE_DRAWS).optional(),
    stopOnWin: z.boolean().default(false),
  })
  .refine((chase) => chase.multipliers === undefined || chase.multipliers.length === chase.draws, {
    path: ['multipliers'],
    message: 'One multiplier per draw',
  });
export type TChaseRequest = z.input<typeof ZChaseRequest>;

export const ZChaseDraw = z.object({
  /** 1 for the first draw of the chase. */
  seq: z.number().int(),
  numero: z.string(),
  drawsAt: z.number().int(),
  multiplier: z.number().int(),
  /** What this draw debits (or debited) when it opens. */
  stake: ZLotteryCentavos,
  state: z.enum(CHASE_DRAW_STATES),
  /** Once placed: its bets' state taken together (won if any won, pending while any is); null before. */
  betState: ZLotteryBetState.nullable(),
  winAmount: ZLotteryCentavos,
  placedAt: z.number().int().nullable(),
});
export type TChaseDraw = z.infer<typeof ZChaseDraw>;

export const ZChase = z.object({
  chaseId: z.string(),
  gameCode: z.string(),
  /** The slip chased, each bet at its own multiplier (a draw's multiplier multiplies them). */
  bets: z.array(
    z.object({
      betType: z.string(),
      picks: z.array(z.array(z.number().int())),
      combinations: z.number().int(),
      unitStake: ZLotteryCentavos,
      multiplier: z.number().int(),
    }),
  ),
  /** The slip's stake at draw multiplier 1. */
  slipStake: ZLotteryCentavos,
  prizeGroup: z.number().int(),
  stopOnWin: z.boolean(),
  state: z.enum(CHASE_STATES),
  stopReason: z.enum(CHASE_STOP_REASONS).nullable(),
  /** What every draw together would debit; debited so far and kept (stakes cancelled or refunded came back); won so far. */
  totalStake: ZLotteryCentavos,
  debited: ZLotteryCentavos,
  won: ZLotteryCentavos,
  createdAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  draws: z.array(ZChaseDraw),
});
export type TChase = z.infer<typeof ZChase>;
export const ZChaseResult = z.object({ chase: ZChase, balance: ZLotteryCentavos });
export type TChaseResult = z.infer<typeof ZChaseResult>;
export const ZChaseParams = z.object({ chaseId: ZRowId });
export const ZMyChasesQuery = z.object({
  gameCode: ZLotteryGameCode.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZMyChases = z.object({ chases: z.array(ZChase), pageNo: z.number().int(), hasMore: z.boolean() });
export type TMyChases = z.infer<typeof ZMyChases>;

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

/** The operator's lottery controls (lottery/api.ts LOTTERY_API_PATHS.operator…). */
export const ZOperatorLotteryParams = ZMerchantParams.extend({ gameCode: ZLotteryGameCode });
export const ZOperatorDrawParams = ZOperatorLotteryParams.extend({ numero: ZNumero });
export const ZOperatorDrawsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OPERATOR_DRAWS_LIMIT).default(20),
});
export const ZLotteryMonitorQuery = z.object({ gameCode: ZLotteryGameCode.optional() });

/** An official result as typed (lottery/traditional.ts parseOfficialResult): VN tiers split by ~, numbers by commas. */
export const ZResultEntry = z.object({ result: z.string().trim().min(1).max(400) });
export type TResultEntry = z.input<typeof ZResultEntry>;
export const ZVoidDraw = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why in at least 3 characters')
    .max(VOID_REASON_MAX, `At most ${VOID_REASON_MAX} characters`),
});
export type TVoidDraw = z.input<typeof ZVoidDraw>;

/** One draw as the operator sees it: state, result and its source, the pending entry, tickets and stakes. */
export const ZOperatorDraw = z.object({
  gameCode: z.string(),
  family: ZLotteryFamily,
  /** The zone its times are read in (lottery/traditional.ts drawTimeZone): the official draw's, or Manila. */
  timeZone: z.string(),
  numero: z.string(),
  state: ZDrawState,
  opensAt: z.number().int(),
  locksAt: z.number().int(),
  drawsAt: z.number().int(),
  /** Past its draw time (plus the grace period of a traditional game) without a result. */
  late: z.boolean(),
  resultSource: ZResultSource.nullable(),
  winningNumber: z.string(),
  /** A first entry awaiting a second operator's confirmation (as typed back in the official format), its operator and time. */
  pendingEntry: z.object({ winningNumber: z.string(), enteredBy: z.string(), enteredAt: z.number().int() }).nullable(),
  enteredBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  abnormal: ZDrawAbnormal.nullable(),
  cancelReason: z.string().nullable(),
  /** Bets on the draw, those still pending, and their stakes (centavos). */
  tickets: z.number().int(),
  pendingTickets: z.number().int(),
  stake: ZLotteryCentavos,
  pendingStake: ZLotteryCentavos,
});
export type TOperatorDraw = z.infer<typeof ZOperatorDraw>;
/**
 * Where a traditional game's results come from: `operator` (entered by one operator, confirmed by
 * another) or `feed` with the feed's http(s) address (operators may still enter results); and,
 * optionally, how many minutes after its draw time a draw may wait for its result before it is late.
 */
export const ZResultSourceChange = z
  .object({
    source: z.enum(['operator', 'feed']),
    feedUrl: z.string().trim().optional(),
    graceMinutes: z.number().int().min(1).max(RESULT_GRACE_MINUTES_MAX).optional(),
  })
  .superRefine((change, context) => {
    if (change.source === 'operator' && change.feedUrl !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['feedUrl'],
        message: 'An operator-entered game has no feed address: leave it out',
      });
    }
    if (change.source === 'feed') {
      const problem =
        change.feedUrl === undefined ? 'A feed game needs the feed’s address' : feedUrlProblem(change.feedUrl);
      if (problem) context.addIssue({ code: 'custom', path: ['feedUrl'], message: problem });
    }
  });
export type TResultSourceChange = z.input<typeof ZResultSourceChange>;

/** A traditional game's result source as the operator sees it (the feed's address with its secrets as ***). */
export const ZOperatorGameSource = z.object({
  gameCode: z.string(),
  family: ZLotteryFamily,
  resultSource: ZResultSource,
  feedUrl: z.string().nullable(),
  resultGraceSeconds: z.number().int(),
});
export type TOperatorGameSource = z.infer<typeof ZOperatorGameSource>;

export const ZLotteryMonitor = z.object({
  serverTime: z.number().int(),
  draws: z.array(ZOperatorDraw),
  /** Every traditional game's result source (the game asked for only, when one is). */
  sources: z.array(ZOperatorGameSource),
});
export type TLotteryMonitor = z.infer<typeof ZLotteryMonitor>;
export const ZOperatorDraws = z.object({ gameCode: z.string(), draws: z.array(ZOperatorDraw) });
export type TOperatorDraws = z.infer<typeof ZOperatorDraws>;

/** Centavos an operator may set as a stake limit or a jackpot's minimum: positive, at most ₱10,000,000,000. */
const ZOperatorLimitCentavos = ZCentavos.min(1).max(1_000_000_000_000);

/** A jackpot game's running pool and how it grows (centavos; the share of real-money stakes in basis points). */
export const ZOperatorJackpot = z.object({
  pool: ZLotteryCentavos,
  minimum: ZLotteryCentavos,
  shareBasisPoints: z.number().int(),
});

/** A lottery game's sales settings as the operator sees and changes them. */
export const ZOperatorGameSettings = z.object({
  gameCode: z.string(),
  family: ZLotteryFamily,
  prizeMode: ZPrizeMode,
  /** Players may cancel a pending bet while its draw is on sale. */
  cancelAllowed: z.boolean(),
  /** Listed under the menu's HOT tab. */
  hot: z.boolean(),
  prizeGroup: z.number().int(),
  minUnitStake: ZLotteryCentavos,
  maxBetStake: ZLotteryCentavos,
  maxDrawStakePerMember: ZLotteryCentavos,
  /** Null for a game without a jackpot. */
  jackpot: ZOperatorJackpot.nullable(),
});
export type TOperatorGameSettings = z.infer<typeof ZOperatorGameSettings>;

/**
 * A change of a game's settings: only what is given changes. The limits must stay in order (minimum
 * unit stake ≤ largest bet ≤ a member's stakes per draw) once merged with those not given; a jackpot's
 * minimum and share only on a jackpot game. A minimum above the running pool raises the pool to it.
 */
export const ZGameSettingsChange = z
  .object({
    cancelAllowed: z.boolean().optional(),
    hot: z.boolean().optional(),
    prizeGroup: z.number().int().min(PRIZE_GROUP_MIN).max(PRIZE_GROUP_MAX).optional(),
    minUnitStake: ZOperatorLimitCentavos.optional(),
    maxBetStake: ZOperatorLimitCentavos.optional(),
    maxDrawStakePerMember: ZOperatorLimitCentavos.optional(),
    jackpotMinimum: ZOperatorLimitCentavos.optional(),
    jackpotShareBasisPoints: z.number().int().min(0).max(10_000).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((field) => field !== undefined), {
    message: 'Give at least one setting to change',
  });
export type TGameSettingsChange = z.infer<typeof ZGameSettingsChange>;
