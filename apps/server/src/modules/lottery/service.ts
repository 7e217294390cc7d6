import {
  betTypesOf,
  formatWinningNumber,
  LOTTERY_ERROR_CODES,
  maskWinnerName,
  MAX_CHASE_DRAWS,
  MY_BETS_PAGE_SIZE,
  oddsTable,
  prizeTiers,
  startLotteryUrl,
  verifyDraw,
  WINNER_BOARD_SIZE,
  type Language,
  type TBetTypeView,
  type TLotteryVerification,
  type TOfficialDrawVerification,
  type TLotteryDraw,
  type TLotteryGame,
  type TLotteryGameDetail,
  type TLotteryLaunch,
  type TLotteryLaunchQuery,
  type TLotteryMenu,
  type PrizeMode,
  type TMyLotteryBets,
  type TPlaceBetsResult,
  type TWinnerBoard,
  wireCentavos,
} from '@palaro/contract';
import type { z } from 'zod';
import type { ZMyLotteryBetsQuery, ZPlaceBetsRequest } from '@palaro/contract/schemas';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import { usernamesOf } from '../accounts/members';
import { publicActorNames } from '../operator/service';
import { assertIdempotencyKey } from '../../platform/http/idempotency-key';
import { requestHash } from '../wallet/idempotency';
import { currentDraw } from './draws';
import { memberPricing } from './prize-groups';
import { betView, gameByCode, isTrial, oddsChanged, planSlip, type Bettor } from './slips';
import { GameChanged, SLIP_OPERATION, type SlipCommitter, type SlipOrder } from './slip-group';
import { drawView } from './views';
import { isOnSale } from './rules';
import type { LotteryDrawRow, LotteryGameRow } from './schema';
import { lotteryIconPath } from './catalogue';
import { currentJackpot } from './jackpot';
import { listLargestWins, listMemberBets } from './store/bets';
import { findDrawByNumero, listDrawnDraws } from './store/draws';
import { listMenuGames } from './store/games';

export type { Bettor } from './slips';

async function lastDrawn(db: Db, gameId: number): Promise<LotteryDrawRow | undefined> {
  const [draw] = await listDrawnDraws(db, gameId, 1);
  return draw;
}

async function gameView(db: Db, game: LotteryGameRow, language: Language, now: Date): Promise<TLotteryGame> {
  const [draw, previous] = await Promise.all([currentDraw(db, game.id, now), lastDrawn(db, game.id)]);
  return {
    gameId: game.id,
    gameCode: game.gameCode,
    gameGroupCode: game.gameGroupCode,
    family: game.family,
    remark: language === 'EN' ? game.nameEn : game.nameTl,
    mobileIconUrl: lotteryIconPath(game.family),
    tag: game.tag,
    labelName: game.labelName,
    // The current draw's own lock (a traditional draw time may close sales earlier than the game's).
    gameMenus: game.menus,
    intervalSeconds: game.intervalSeconds,
    lockTime: draw ? Math.round((draw.drawsAt.getTime() - draw.locksAt.getTime()) / 1000) : game.lockSeconds,
    numero: draw?.numero ?? '',
    isSale: draw ? isOnSale(draw, now) : false,
    remainTime: draw ? Math.max(0, draw.drawsAt.getTime() - now.getTime()) : 0,
    winningTime: draw?.drawsAt.getTime() ?? 0,
    previousWinningNumber: previous?.result ? formatWinningNumber(game.family, previous.result) : '',
    previousNumero: previous?.numero ?? '',
    prizeMode: game.prizeMode,
    resultSource: game.resultSource,
    schedule: game.schedule,
  };
}

export async function lotteryList(
  db: Db,
  merchantId: number,
  prizeMode: PrizeMode,
  language: Language,
  now: Date,
): Promise<TLotteryGame[]> {
  const games = await listMenuGames(db, merchantId, prizeMode);
  return Promise.all(games.map((game) => gameView(db, game, language, now)));
}

const GROUP_NAMES: Record<string, { EN: string; TY: string }> = {
  SSC: { EN: '5D lottery', TY: '5D loterya' },
  K3: { EN: 'Fast 3 dice', TY: 'Fast 3 dais' },
  PK10: { EN: 'PK10 racing', TY: 'PK10 karera' },
  '11X5': { EN: '11 choose 5', TY: '11 pili 5' },
  VN: { EN: 'Vietnamese lô/đề', TY: 'Vietnamese lô/đề' },
  PCSO: { EN: 'Philippine lotto (PCSO)', TY: 'Lotto ng Pilipinas (PCSO)' },
  ZY: { EN: 'Two-sided (ZY)', TY: 'Dalawang panig (ZY)' },
};

export async function lotteryMenu(
  db: Db,
  merchantId: number,
  prizeMode: PrizeMode,
  language: Language,
  now: Date,
): Promise<TLotteryMenu> {
  const games = await listMenuGames(db, merchantId, prizeMode);
  const views = await Promise.all(games.map((game) => gameView(db, game, language, now)));
  const groups = new Map<string, TLotteryMenu['groups'][number]>();
  for (const view of views) {
    const group = groups.get(view.gameGroupCode) ?? {
      gameGroupCode: view.gameGroupCode,
      name: GROUP_NAMES[view.gameGroupCode]?.[language] ?? view.gameGroupCode,
      games: [],
    };
    group.games.push(view);
    groups.set(view.gameGroupCode, group);
  }
  return {
    prizeMode,
    serverTime: now.getTime(),
    groups: [...groups.values()],
    hot: games.filter((game) => game.hot).map((game) => game.gameCode),
  };
}

/**
 * The bet types the game sells (a ZY game: the Entertainment board only) with their play type and
 * odds at `prizeGroup`; a tiered one (6/42) with its tiers and the jackpot now.
 */
export function betTypeViews(game: LotteryGameRow, prizeGroup: number, jackpot: bigint | null): TBetTypeView[] {
  const pool = jackpot === null ? null : wireCentavos(jackpot);
  return betTypesOf(game.family, game.prizeMode).map((rule) => ({
    code: rule.code,
    playType: rule.playType,
    name: rule.name,
    wins: rule.wins,
    rows: rule.rows.map((row) => ({ ...row })),
    rowRule: rule.rowRule,
    minPicks: rule.minPicks,
    maxPicks: rule.maxPicks,
    odds: oddsTable(rule, prizeGroup),
    ...(rule.tiers && {
      tiers: prizeTiers(rule).map((tier) => ({ ...tier, jackpot: tier.odds === null ? pool : null })),
    }),
  }));
}

/** One game with its odds at the member's prize group (a visitor: the merchant's game group). */
export async function gameDetail(
  db: Db,
  merchantId: number,
  gameCode: string,
  language: Language,
  now: Date,
  bettor: Bettor | null,
): Promise<TLotteryGameDetail> {
  const game = await gameByCode(db, merchantId, gameCode);
  const prizeGroup = bettor
    ? (await memberPricing(db, merchantId, bettor.memberId, game, isTrial(bettor))).group
    : game.prizeGroup;
  return {
    game: await gameView(db, game, language, now),
    betTypes: betTypeViews(game, prizeGroup, await currentJackpot(db, game)),
    prizeGroup,
    limits: {
      minUnitStake: wireCentavos(game.minUnitStake),
      maxBetStake: wireCentavos(game.maxBetStake),
      maxDrawStakePerMember: wireCentavos(game.maxDrawStakePerMember),
    },
    draw: await numero(db, merchantId, gameCode, now),
    cancelAllowed: game.cancelAllowed,
    maxChaseDraws: MAX_CHASE_DRAWS,
  };
}

export async function numero(db: Db, merchantId: number, gameCode: string, now: Date): Promise<TLotteryDraw> {
  const game = await gameByCode(db, merchantId, gameCode);
  const draw = await currentDraw(db, game.id, now);
  if (!draw) throw new DomainError(LOTTERY_ERROR_CODES.drawUnknown, `${game.gameCode} has no draw scheduled yet`);
  return drawView(game, draw, now);
}

export async function recentResults(
  db: Db,
  merchantId: number,
  gameCode: string,
  pageSize: number,
  now: Date,
): Promise<TLotteryDraw[]> {
  const game = await gameByCode(db, merchantId, gameCode);
  const draws = await listDrawnDraws(db, game.id, pageSize);
  return draws.map((draw) => drawView(game, draw, now));
}

type PlaceBets = z.output<typeof ZPlaceBetsRequest>;

/**
 * A slip of bets on one draw: every bet checked (slips.ts planSlip) and the slip priced at the
 * member's prize group (refused as lottery.odds.changed when the slip was priced at another) before
 * anything is written; then placed in the next group of slips (slip-group.ts): behind the member's
 * idempotency key, the draw row held FOR SHARE (the lock job waits for the group's transaction, and
 * a bet after the lock finds it locked), the member's wallet locked, the member's stakes on the draw
 * within the game's limit and the wallet covering the slip, the bets written, the answer stored and
 * the slip's debit posted last, in one transaction shared with the other slips waiting.
 */
export async function placeBets(
  slips: SlipCommitter,
  db: Db,
  bettor: Bettor,
  key: string,
  request: PlaceBets,
): Promise<TPlaceBetsResult> {
  const checkedKey = assertIdempotencyKey(key);
  // Checked against the game as last read; read afresh when that refuses the slip or its group finds
  // the game changed, so a slip is neither refused under old terms nor placed under terms older than its transaction's.
  for (let attempt = 0; ; attempt += 1) {
    const game = await slips.game(db, bettor.merchantId, request.gameCode, attempt > 0);
    let order: SlipOrder;
    try {
      const pricing = await memberPricing(db, bettor.merchantId, bettor.memberId, game, isTrial(bettor));
      if (request.prizeGroup !== pricing.group) throw oddsChanged(pricing.group);
      order = {
        game,
        bettor,
        pricing,
        planned: planSlip(game, request.bets),
        numero: request.numero,
        key: checkedKey,
        requestHash: requestHash(SLIP_OPERATION, request),
      };
    } catch (error) {
      if (attempt === 0 && error instanceof DomainError) continue;
      throw error;
    }
    try {
      return await slips.place(order);
    } catch (error) {
      if (!(error instanceof GameChanged) || attempt >= 2) throw error;
    }
  }
}

export async function myBets(
  db: Db,
  bettor: Bettor,
  query: z.output<typeof ZMyLotteryBetsQuery>,
  now: Date,
): Promise<TMyLotteryBets> {
  const rows = await listMemberBets(
    db,
    bettor.merchantId,
    bettor.memberId,
    { gameCode: query.gameCode, state: query.state },
    { limit: MY_BETS_PAGE_SIZE + 1, offset: (query.pageNo - 1) * MY_BETS_PAGE_SIZE },
  );
  return {
    bets: rows.slice(0, MY_BETS_PAGE_SIZE).map((row) => betView(row.game, row.bet, row.draw, now)),
    pageNo: query.pageNo,
    hasMore: rows.length > MY_BETS_PAGE_SIZE,
  };
}

/** The largest real settled wins, names masked. */
export async function winnerBoard(
  db: Db,
  merchantId: number,
  gameCode: string | undefined,
  language: Language,
): Promise<TWinnerBoard> {
  const rows = await listLargestWins(db, merchantId, gameCode, WINNER_BOARD_SIZE);
  const names = await usernamesOf(db, merchantId, [...new Set(rows.map((row) => row.bet.memberId))]);
  return {
    winners: rows.map((row) => ({
      userName: maskWinnerName(names.get(row.bet.memberId) ?? ''),
      gameCode: row.game.gameCode,
      remark: language === 'EN' ? row.game.nameEn : row.game.nameTl,
      numero: row.numero,
      winAmount: wireCentavos(row.bet.winAmount),
      settledAt: row.bet.settledAt!.getTime(),
    })),
  };
}

/** A drawn draw with what anyone needs to recompute it, and the server's own recomputation. */
export async function verification(
  db: Db,
  merchantId: number,
  gameCode: string,
  drawNumero: string,
): Promise<TLotteryVerification> {
  const game = await gameByCode(db, merchantId, gameCode);
  const draw = await findDrawByNumero(db, game.id, drawNumero);
  if (!draw) throw new DomainError(LOTTERY_ERROR_CODES.drawUnknown, `${game.gameCode} has no draw ${drawNumero}`);
  if (draw.serverSeed === null || draw.seedHash === null) return officialVerification(db, game, draw);
  if (!draw.result || !draw.publicValue)
    throw new DomainError(
      LOTTERY_ERROR_CODES.drawNotDrawn,
      `Draw ${drawNumero} is not drawn yet: its seed stays secret until then`,
    );
  const checked = await verifyDraw({
    family: game.family,
    seedHash: draw.seedHash,
    serverSeed: draw.serverSeed,
    publicValue: draw.publicValue,
    result: draw.result,
  });
  return {
    kind: 'seed',
    gameCode: game.gameCode,
    family: game.family,
    numero: draw.numero,
    seedHash: draw.seedHash,
    serverSeed: draw.serverSeed,
    publicValue: draw.publicValue,
    ticketCount: draw.ticketCount ?? 0,
    result: draw.result,
    winningNumber: formatWinningNumber(game.family, draw.result),
    ...checked,
  };
}

/**
 * A traditional draw has no seed to reveal: its proof is the official source — who entered and
 * confirmed the result (operators by their public label), when, or the feed.
 */
async function officialVerification(
  db: Db,
  game: LotteryGameRow,
  draw: LotteryDrawRow,
): Promise<TOfficialDrawVerification> {
  if (!draw.result || (draw.resultSource !== 'operator' && draw.resultSource !== 'feed') || !draw.resultAt) {
    throw new DomainError(LOTTERY_ERROR_CODES.drawNotDrawn, `Draw ${draw.numero} has no official result yet`);
  }
  const byOperator = draw.resultSource === 'operator';
  const enteredBy = draw.resultBy ?? '';
  const confirmedBy = byOperator ? draw.resultConfirmedBy : null;
  const names = await publicActorNames(db, confirmedBy === null ? [enteredBy] : [enteredBy, confirmedBy]);
  return {
    kind: 'official',
    gameCode: game.gameCode,
    family: game.family,
    numero: draw.numero,
    drawsAt: draw.drawsAt.getTime(),
    result: draw.result,
    winningNumber: formatWinningNumber(game.family, draw.result),
    source: draw.resultSource,
    enteredBy: names.get(enteredBy) ?? enteredBy,
    enteredAt: (byOperator ? (draw.enteredAt ?? draw.resultAt) : draw.resultAt).getTime(),
    confirmedBy: confirmedBy === null ? null : (names.get(confirmedBy) ?? confirmedBy),
    confirmedAt: byOperator ? draw.resultAt.getTime() : null,
    ticketCount: draw.ticketCount ?? 0,
  };
}

/**
 * The lottery launch (spec §7): the web's lottery page for the game (or the lobby: the ZY games'
 * when the launch asks prize mode ZY), its first board (playType) and the way back.
 */
export async function launchLottery(db: Db, merchantId: number, query: TLotteryLaunchQuery): Promise<TLotteryLaunch> {
  if (query.lottoGameCode) await gameByCode(db, merchantId, query.lottoGameCode);
  return {
    gameUrl: startLotteryUrl({
      ...(query.lottoGameCode ? { gameCode: query.lottoGameCode.toUpperCase() } : {}),
      view: query.lottoView ?? 'lobby',
      ...(query.backUrl ? { backUrl: query.backUrl } : {}),
      ...(query.playType ? { playType: query.playType } : {}),
      ...(query.lottoPrizeMode ? { prizeMode: query.lottoPrizeMode } : {}),
    }),
  };
}
