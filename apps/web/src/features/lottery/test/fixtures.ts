import type { TLotteryGame, TLotteryMenu } from '@palaro/contract';

export function lotteryGame(overrides: Partial<TLotteryGame> = {}): TLotteryGame {
  return {
    gameId: 1, gameCode: 'SSC1', gameGroupCode: 'SSC', family: 'SSC', remark: 'Speed 5D 1 min', mobileIconUrl: '', tag: 'HOT', labelName: '',
    gameMenus: [], intervalSeconds: 60, lockTime: 10, numero: '20261126-0600', isSale: true, remainTime: 42_000, winningTime: 0,
    previousWinningNumber: '3,8,1,0,6', previousNumero: '20261126-0599', ...overrides,
  };
}

export function lotteryMenu(games: TLotteryGame[], hot: string[] = games.map((game) => game.gameCode)): TLotteryMenu {
  const groups = [...new Set(games.map((game) => game.gameGroupCode))].map((code) => ({ gameGroupCode: code, name: `${code} games`, games: games.filter((game) => game.gameGroupCode === code) }));
  return { prizeMode: 'Elott', serverTime: Date.now(), groups, hot };
}
