/**
 * The lottery's player API and launch, shared by the server and the web app (zod-free; request and
 * response shapes in lottery/schemas/). Every answer is the usual envelope. Kept stable: additive.
 */
import { WEB_ROUTES } from '../shared/web-routes';
import type { PlayType, PrizeMode } from './bet-types';

export const LOTTERY_API_PATHS = {
  /** GET ?prizeMode → TLotteryList: the merchant's lottery games (spec §7 lottery list). */
  list: '/lgw/lottery/list',
  /** GET ?prizeMode&device=MOBILE&language → TLotteryMenu: the menu with each game's current draw (spec §7 lottery menu). */
  menu: '/lgw/lottery/menu',
  /** GET → TLotteryGameDetail: one game's bet types, odds at the member's prize group, stake limits and current draw. */
  game: '/lgw/lottery/games/:gameCode',
  /** GET → TLotteryDraw: the game's current draw (numero, times, seed hash, on sale). */
  numero: '/lgw/lottery/games/:gameCode/numero',
  /** GET ?pageSize → TLotteryResults: the game's recent drawn draws, newest first. */
  results: '/lgw/lottery/games/:gameCode/results',
  /** POST TPlaceBetsRequest → TPlaceBetsResult (member session; Idempotency-Key header, as every money call). */
  placeBets: '/lgw/orders/lottery',
  /** GET ?gameCode&status&pageNo → TMyLotteryBets. */
  myBets: '/lgw/orders/lottery',
  /**
   * POST TCancelBetsRequest → TCancelBetsResult (member session; Idempotency-Key header): cancels
   * pending bets of draws still on sale, where the game allows it; each stake comes back.
   */
  cancelBets: '/lgw/orders/lottery/cancel',
  /** POST TChaseRequest → TChaseResult (member session; Idempotency-Key header): one slip on the next N draws. */
  createChase: '/lgw/orders/lottery/chases',
  /** GET ?gameCode&pageNo → TMyChases: the member's chases with each draw's state, newest first. */
  myChases: '/lgw/orders/lottery/chases',
  /** POST → TChase: cancels the chase's draws not yet debited (member session). */
  cancelChase: '/lgw/orders/lottery/chases/:chaseId/cancel',
  /** GET ?gameCode → TWinnerBoard: real settled wins, names masked, largest first. */
  winners: '/lgw/lottery/winners',
  /** GET → TDrawVerification: a drawn draw's seed, public value, result and the recomputation (public). */
  verify: '/lgw/lottery/draws/:gameCode/:numero/verify',
  /** GET TLotteryLaunchQuery → { gameUrl } (spec §7 lottery launch). */
  launch: '/wps/game/launchLottery',
  /** Operator (bearer token), GET ?gameCode → TLotteryMonitor: draws not settled, abnormal or late, with their tickets and stakes. */
  operatorMonitor: '/ops/merchants/:merchantCode/lottery/monitor',
  /** Operator, GET ?limit → TOperatorDraws: a game's recent draws, newest first. */
  operatorDraws: '/ops/merchants/:merchantCode/lottery/games/:gameCode/draws',
  /** Operator, POST TResultEntry → TOperatorDraw: the first entry of a traditional draw's official result (settles nothing). */
  operatorEnterResult: '/ops/merchants/:merchantCode/lottery/games/:gameCode/draws/:numero/result',
  /** Operator, POST TResultEntry → TOperatorDraw: a second, different operator types the result again; equal → drawn, else disputed. */
  operatorConfirmResult: '/ops/merchants/:merchantCode/lottery/games/:gameCode/draws/:numero/confirm',
  /** Operator, POST TVoidDraw → TOperatorDraw: cancels a draw not yet drawn (or abnormal); every stake is refunded. */
  operatorVoid: '/ops/merchants/:merchantCode/lottery/games/:gameCode/draws/:numero/void',
  /**
   * Operator, POST TResultSourceChange → TOperatorGameSource: where a traditional game's results come
   * from (operators' entries, or a feed's address) and how long a draw waits for one before it is late.
   */
  operatorSource: '/ops/merchants/:merchantCode/lottery/games/:gameCode/source',
  /** Operator, GET → TOperatorGameSettings: a game's sales settings (and its jackpot's, for a jackpot game). */
  operatorGameSettings: '/ops/merchants/:merchantCode/lottery/games/:gameCode/settings',
  /**
   * Operator, POST TGameSettingsChange → TOperatorGameSettings: the cancel switch, HOT, the game's prize
   * group, its stake limits and a jackpot game's minimum and share of stakes; what is left out stays.
   */
  operatorChangeGameSettings: '/ops/merchants/:merchantCode/lottery/games/:gameCode/settings',
} as const;

export function lotteryGamePath(template: string, gameCode: string, numero?: string): string {
  return template
    .replace(':gameCode', encodeURIComponent(gameCode))
    .replace(':numero', encodeURIComponent(numero ?? ''));
}

export function lotteryChasePath(template: string, chaseId: string): string {
  return template.replace(':chaseId', encodeURIComponent(chaseId));
}

export const LOTTERY_VIEWS = ['betting', 'lobby'] as const;
export type LotteryView = (typeof LOTTERY_VIEWS)[number];

/**
 * The web page a lottery launch opens: /m/startLottery?game=CODE&view=betting|lobby&play=PLAYTYPE&mode=ZY&back=PATH
 * (no game: the lobby of every game). `play` is the betting screen's first board (Tradition or
 * Entertainment); `mode` a lobby opened on the ZY games (the other modes' lobby is the merchant's menu).
 */
export function startLotteryUrl(options: {
  gameCode?: string;
  view: LotteryView;
  backUrl?: string;
  playType?: PlayType;
  prizeMode?: PrizeMode;
}): string {
  const query = new URLSearchParams();
  if (options.gameCode) query.set('game', options.gameCode);
  query.set('view', options.view);
  if (options.playType) query.set('play', options.playType);
  if (!options.gameCode && options.prizeMode === 'ZY') query.set('mode', options.prizeMode);
  if (options.backUrl) query.set('back', options.backUrl);
  return `${WEB_ROUTES.startLottery}?${query.toString()}`;
}

/**
 * Draw states: open (on sale) → locked → drawn → settled; cancelled when refunded instead. A
 * traditional draw whose result is late, missing or disputed is abnormal (no sale; the draw view's
 * abnormal says why) until an operator voids it (→ cancelled) or enters its result (→ drawn).
 */
export const DRAW_STATES = ['scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled', 'abnormal'] as const;
export type DrawState = (typeof DRAW_STATES)[number];

/** Bet states: pending until settled (won, lost, refunded when its draw was voided), or cancelled by the player before lock. */
export const BET_STATES = ['pending', 'won', 'lost', 'refunded', 'cancelled'] as const;
export type LotteryBetState = (typeof BET_STATES)[number];

/**
 * Chasing: one slip bet on the next N draws of a game (the one on sale first). Each draw's stake is
 * debited when that draw opens, not up front. A chase is active until every draw is placed or
 * missed (finished), or it stops early: the player cancelled the rest, a win with stop-after-win,
 * the balance did not cover a draw when it opened, the draw's limit per member was reached, or
 * the member's prize group changed (the odds the chase was priced at are no longer theirs), or the
 * game's bet types or stake limits changed so that the slip is no longer a valid bet.
 */
export const MAX_CHASE_DRAWS = 120;
export const CHASE_STATES = ['active', 'finished', 'stopped'] as const;
export type ChaseState = (typeof CHASE_STATES)[number];
export const CHASE_STOP_REASONS = [
  'cancelled',
  'won',
  'balance',
  'draw_limit',
  'odds_changed',
  'game_changed',
] as const;
export type ChaseStopReason = (typeof CHASE_STOP_REASONS)[number];
/**
 * A chase's draw: waiting (not open yet, nothing debited), placed (its stake debited, its bets on the
 * draw), cancelled (the chase stopped before it opened, or stop-after-win took back its bets while
 * the draw was still on sale), missed (the draw was not on sale while the chase could place it — a
 * server outage, a voided draw — nothing debited).
 */
export const CHASE_DRAW_STATES = ['waiting', 'placed', 'cancelled', 'missed'] as const;
export type ChaseDrawState = (typeof CHASE_DRAW_STATES)[number];
/** Chases per page of the member's chases. */
export const MY_CHASES_PAGE_SIZE = 10;

/** Bets per page of the member's lottery bets; winners on the board. */
export const MY_BETS_PAGE_SIZE = 20;
export const WINNER_BOARD_SIZE = 20;

/** How many bets one slip may carry. */
export const MAX_BETS_PER_SLIP = 50;

/** A winner's name as the board shows it: the first two characters and the last, the rest masked (ab***z). */
export function maskWinnerName(userName: string): string {
  if (userName.length <= 2) return `${userName[0] ?? ''}***`;
  return `${userName.slice(0, 2)}***${userName.slice(-1)}`;
}
