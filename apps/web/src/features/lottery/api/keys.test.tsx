import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import {
  API_PATHS,
  betTypesOf,
  LOTTERY_API_PATHS,
  lotteryGamePath,
  oddsTable,
  type TBetTypeView,
  type TLotteryBet,
  type TLotteryGameDetail,
  type TMyLotteryBets,
} from '@palaro/contract';
import { saveSignIn } from '../../../shared/session/session';
import { memberInfo, sessionInfo, signIn } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render';
import { drawnDraw, lotteryGame } from '../test/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** SSC1's detail at a member's prize group: its odds are that member's. */
function detailAt(prizeGroup: number): TLotteryGameDetail {
  const betTypes: TBetTypeView[] = betTypesOf('SSC', 'Elott').map((rule) => ({
    code: rule.code,
    playType: rule.playType,
    name: rule.name,
    wins: rule.wins,
    rows: rule.rows.map((row) => ({ ...row })),
    rowRule: rule.rowRule,
    minPicks: rule.minPicks,
    maxPicks: rule.maxPicks,
    odds: oddsTable(rule, prizeGroup),
  }));
  return {
    game: lotteryGame(),
    betTypes,
    prizeGroup,
    limits: { minUnitStake: 100, maxBetStake: 5_000_000, maxDrawStakePerMember: 20_000_000 },
    draw: drawnDraw([], 0, { state: 'open', result: null, winningNumber: '', isSale: true, remainTime: 45_000 }),
    cancelAllowed: true,
    maxChaseDraws: 120,
  };
}

const juansBet: TLotteryBet = {
  betId: '7001',
  gameCode: 'SSC1',
  numero: '20261126-0600',
  betType: 'SSC_FIXED_PLACE',
  picks: [[3], [], [], [], []],
  combinations: 1,
  unitStake: 100,
  multiplier: 1,
  stake: 100,
  prizeGroup: 1950,
  state: 'pending',
  winAmount: 0,
  placedAt: 1,
  settledAt: null,
  winningNumber: '',
  slipReference: 'S7001',
  chaseId: null,
  cancellable: true,
};

/** An answer that never comes: what the screen shows meanwhile is what it had cached. */
const never = () => new Promise<never>(() => {});

describe('the lottery’s query keys', () => {
  it('signing out forgets the member’s lottery: the next member on the phone sees neither their odds nor their bets', async () => {
    signIn({ userName: 'juan2024' });
    let member: 'juan' | 'maria' = 'juan';
    let answerMaria = (_detail: TLotteryGameDetail) => {};
    const mariasDetail = new Promise<TLotteryGameDetail>((resolve) => {
      answerMaria = resolve;
    });
    mockApi({
      routes: {
        [API_PATHS.memberInfo]: memberInfo(),
        [`DELETE ${API_PATHS.logout}`]: null,
        [lotteryGamePath(LOTTERY_API_PATHS.game, 'SSC1')]: () => (member === 'juan' ? detailAt(1950) : mariasDetail),
        [lotteryGamePath(LOTTERY_API_PATHS.results, 'SSC1')]: { gameCode: 'SSC1', draws: [] },
        [LOTTERY_API_PATHS.myBets]: (): TMyLotteryBets | Promise<never> =>
          member === 'juan' ? { bets: [juansBet], pageNo: 1, hasMore: false } : never(),
        [LOTTERY_API_PATHS.myChases]: () => (member === 'juan' ? { chases: [], pageNo: 1, hasMore: false } : never()),
      },
    });
    const { router } = renderApp('/m/startLottery?game=SSC1&view=betting', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('lottery-section-mybets'));
    expect(await screen.findAllByTestId('lottery-mybet')).toHaveLength(1);

    await act(() => router.navigate('/m/home'));
    fireEvent.click(await screen.findByTestId('header-menu-button'));
    fireEvent.click(await screen.findByTestId('header-menu-sign-out'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await screen.findByTestId('header-login');

    member = 'maria';
    act(() =>
      saveSignIn({
        session: sessionInfo({ userName: 'maria88' }),
        member: memberInfo({ id: '2', account: 'maria88' }),
      }),
    );
    await act(() => router.navigate('/m/startLottery?game=SSC1&view=betting'));
    // Juan's odds (his prize group) are not Maria's: the screen waits for hers.
    expect(await screen.findByTestId('lottery-betting-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('lottery-betting')).toBeNull();
    // Her odds in, her bets not yet: none of Juan's are shown meanwhile.
    act(() => answerMaria(detailAt(1900)));
    fireEvent.click(await screen.findByTestId('lottery-section-mybets'));
    expect(screen.queryByTestId('lottery-mybet')).toBeNull();
  });
});
