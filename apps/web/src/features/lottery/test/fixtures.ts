import type { TLotteryDraw, TLotteryGame, TLotteryMenu } from '@palaro/contract';

export function lotteryGame(overrides: Partial<TLotteryGame> = {}): TLotteryGame {
  return {
    gameId: 1,
    gameCode: 'SSC1',
    gameGroupCode: 'SSC',
    family: 'SSC',
    remark: 'Speed 5D 1 min',
    mobileIconUrl: '',
    tag: 'HOT',
    labelName: '',
    gameMenus: [],
    intervalSeconds: 60,
    lockTime: 10,
    numero: '20261126-0600',
    isSale: true,
    remainTime: 42_000,
    winningTime: 0,
    previousWinningNumber: '3,8,1,0,6',
    previousNumero: '20261126-0599',
    prizeMode: 'Elott',
    resultSource: 'rng',
    schedule: null,
    ...overrides,
  };
}

export function lotteryMenu(games: TLotteryGame[], hot: string[] = games.map((game) => game.gameCode)): TLotteryMenu {
  const groups = [...new Set(games.map((game) => game.gameGroupCode))].map((code) => ({
    gameGroupCode: code,
    name: `${code} games`,
    games: games.filter((game) => game.gameGroupCode === code),
  }));
  return { prizeMode: 'Elott', serverTime: Date.now(), groups, hot };
}

/** A drawn draw of a 1-minute 5D game; `index` counts back from the newest. */
export function drawnDraw(result: number[], index = 0, overrides: Partial<TLotteryDraw> = {}): TLotteryDraw {
  const drawsAt = Date.UTC(2026, 10, 26, 10, 0) - index * 60_000;
  return {
    gameCode: 'SSC1',
    numero: `20261126-${String(600 - index).padStart(4, '0')}`,
    state: 'settled',
    opensAt: drawsAt - 60_000,
    locksAt: drawsAt - 10_000,
    drawsAt,
    seedHash: 'a'.repeat(64),
    publicValue: 'b'.repeat(64),
    serverSeed: 'c'.repeat(64),
    result,
    winningNumber: result.join(','),
    isSale: false,
    remainTime: 0,
    serverTime: drawsAt,
    resultSource: 'rng',
    abnormal: null,
    ...overrides,
  };
}
