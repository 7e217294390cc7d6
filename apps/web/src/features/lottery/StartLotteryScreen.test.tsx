import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  betTypesOf,
  LOTTERY_API_PATHS,
  lotteryGamePath,
  oddsTable,
  ZY_PRIZE_GROUP,
  type LotteryFamily,
  type PrizeMode,
  type TBetTypeView,
  type TLotteryGameDetail,
} from '@palaro/contract';
import { signIn } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { drawnDraw, lotteryGame } from './test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A game's detail as the server answers it: the bet types its prize mode sells, with their play types and odds. */
function detail(
  gameCode: string,
  family: LotteryFamily,
  prizeMode: PrizeMode = 'Elott',
  group = 1950,
): TLotteryGameDetail {
  const betTypes: TBetTypeView[] = betTypesOf(family, prizeMode).map((rule) => ({
    code: rule.code,
    playType: rule.playType,
    name: rule.name,
    wins: rule.wins,
    rows: rule.rows.map((row) => ({ ...row })),
    rowRule: rule.rowRule,
    minPicks: rule.minPicks,
    maxPicks: rule.maxPicks,
    odds: oddsTable(rule, group),
  }));
  const draw = drawnDraw([], 0, {
    gameCode,
    state: 'open',
    result: null,
    winningNumber: '',
    isSale: true,
    remainTime: 45_000,
    serverSeed: null,
    publicValue: null,
  });
  return {
    game: lotteryGame({ gameCode, family, prizeMode }),
    betTypes,
    prizeGroup: group,
    limits: { minUnitStake: 100, maxBetStake: 5_000_000, maxDrawStakePerMember: 20_000_000 },
    draw,
    cancelAllowed: true,
    maxChaseDraws: 120,
  };
}

function renderBetting(path: string, game: TLotteryGameDetail, language: 'EN' | 'TY' = 'EN') {
  mockApi({
    routes: {
      [lotteryGamePath(LOTTERY_API_PATHS.game, game.game.gameCode)]: game,
      [lotteryGamePath(LOTTERY_API_PATHS.results, game.game.gameCode)]: { gameCode: game.game.gameCode, draws: [] },
    },
  });
  return renderApp(path, { language });
}

const option = (key: string) =>
  screen.getAllByTestId('lottery-board-option').find((button) => button.dataset.key === key)!;

describe('the betting screen’s balance', () => {
  it('marks a trial account’s balance as play money', async () => {
    signIn({ type: 4 });
    renderBetting('/m/startLottery?game=SSC1&view=betting', detail('SSC1', 'SSC'));
    expect(await screen.findByTestId('play-money-badge')).toHaveTextContent('Demo');
  });
});

describe('the betting screen’s play types', () => {
  it('opens on the board the launch asked: the two-sided board, a tap puts an option on the slip and a second takes it off', async () => {
    renderBetting('/m/startLottery?game=SSC1&view=betting&play=Entertainment', detail('SSC1', 'SSC'));
    const board = await screen.findByTestId('lottery-board');
    expect(screen.getByTestId('lottery-play-Entertainment').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('lottery-play-Tradition').getAttribute('aria-pressed')).toBe('false');
    const blocks = within(board).getAllByTestId('lottery-board-block');
    // The whole draw's sides first, then balls 1 to 5, then the exact totals.
    expect(blocks.map((block) => block.querySelector('legend')!.textContent)).toEqual([
      'Whole draw',
      'Ball 1',
      'Ball 2',
      'Ball 3',
      'Ball 4',
      'Ball 5',
      'Sum of five balls',
    ]);
    expect(option('ent:SSC_SUM:0:3').textContent).toBe('32,785.71'); // 2785.7142: cut to two places, never rounded up, thousands grouped
    const big = option('ent:SSC_BSOE:0:0');
    expect(big.textContent).toBe('Big1.95');
    expect(option('ent:SSC_BALL:4:7').textContent).toBe('79.75');
    expect(option('ent:SSC_DRAGON_TIGER:0:2').textContent).toBe('Tie9.75');
    expect(option('ent:SSC_DRAGON_TIGER:0:0').textContent).toBe('Dragon2.16');

    fireEvent.click(screen.getAllByTestId('lottery-board-stake')[1]!); // ₱2 a bet
    fireEvent.click(big);
    fireEvent.click(option('ent:SSC_SUM_BSOE:0:3'));
    const bets = screen.getAllByTestId('lottery-slip-bet');
    expect(bets.map((bet) => bet.querySelector('.lt-slip__picks')!.textContent)).toEqual([
      'Ball 1 · Big · 1.95×',
      'Even · 1.95×',
    ]);
    expect(within(bets[0]!).getByText('Big/small/odd/even per ball')).toBeTruthy();
    expect(big.getAttribute('aria-pressed')).toBe('true');
    expect(bets.map((bet) => bet.querySelector('.lt-slip__stake')!.textContent)).toEqual(['₱2.00', '₱2.00']);

    fireEvent.click(big);
    expect(screen.getAllByTestId('lottery-slip-bet')).toHaveLength(1);
    expect(big.getAttribute('aria-pressed')).toBe('false');

    // The standard board: its bet types only; the slip keeps the two-sided bet.
    fireEvent.click(screen.getByTestId('lottery-play-Tradition'));
    expect(screen.queryByTestId('lottery-board')).toBeNull();
    expect(screen.getByTestId('lottery-bet-type-SSC_FIXED_PLACE')).toBeTruthy();
    expect(screen.queryByTestId('lottery-bet-type-SSC_BSOE')).toBeNull();
    expect(screen.getAllByTestId('lottery-slip-bet')).toHaveLength(1);
  });

  it('opens on Tradition without a play type, in Tagalog; a game with one board shows no switch', async () => {
    const { unmount } = renderBetting('/m/startLottery?game=SSC1&view=betting', detail('SSC1', 'SSC'), 'TY');
    expect(await screen.findByTestId('lottery-bet-panel')).toBeTruthy();
    expect(screen.getByTestId('lottery-play-Tradition').textContent).toBe('Tradisyonal');
    expect(screen.getByTestId('lottery-play-Entertainment').textContent).toBe('Libangan');
    unmount();

    renderBetting('/m/startLottery?game=PK10_1M&view=betting&play=Tradition', detail('PK10_1M', 'PK10'));
    const board = await screen.findByTestId('lottery-board');
    expect(screen.queryByTestId('lottery-play-types')).toBeNull();
    const blocks = within(board).getAllByTestId('lottery-board-block');
    // No draw-wide sides on PK10: places 1 to 10, then the top-two sum.
    expect(blocks.map((block) => block.querySelector('legend')!.textContent)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `Place ${index + 1}`),
      'Top-two sum',
    ]);
    const first = blocks[0]!;
    // Place 1: its sides, then dragon/tiger against place 10, then the cars.
    expect(within(first).getByText('Place 1 vs place 10')).toBeTruthy();
    expect(
      within(first)
        .getAllByTestId('lottery-board-option')
        .map((button) => button.dataset.key)
        .slice(0, 6),
    ).toEqual([
      'ent:PK10_BSOE:0:0',
      'ent:PK10_BSOE:0:1',
      'ent:PK10_BSOE:0:2',
      'ent:PK10_BSOE:0:3',
      'ent:PK10_DRAGON_TIGER:0:0',
      'ent:PK10_DRAGON_TIGER:0:1',
    ]);
  });

  it('a ZY game sells the two-sided board alone, at its fixed odds', async () => {
    renderBetting('/m/startLottery?game=K3_ZY_1M&view=betting', detail('K3_ZY_1M', 'K3', 'ZY', ZY_PRIZE_GROUP));
    await screen.findByTestId('lottery-board');
    expect(screen.queryByTestId('lottery-play-types')).toBeNull();
    expect(option('ent:K3_BSOE:0:0').textContent).toBe('Big1.98');
    expect(option('ent:K3_SUM:0:3').textContent).toBe('3213.84');
  });
});
