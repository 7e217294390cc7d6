import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, GAME_WALLET_API_PATHS, type TGameRecord, type TGameRecords } from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';
import { parseCategoryParam } from './GameRecordsScreen';

const base = { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() };
function round(roundId: string, over: Partial<TGameRecord> = {}): TGameRecord {
  return {
    roundId,
    vendor: 'PLR',
    vendorName: 'Palaro Studio',
    gameName: 'Palaro Isla Slots',
    gameId: 'PLR-ISLA',
    nodeId: 12,
    gameType: 'INHOUSE',
    time: '2026-01-01T16:30:00Z',
    settledAt: '2026-01-01T16:30:01Z',
    stake: 2_000,
    refunded: 0,
    win: 0,
    net: -2_000,
    status: 'settled',
    ...over,
  };
}
const records = (list: TGameRecord[], over: Partial<TGameRecords> = {}): TGameRecords => ({
  list,
  page: 1,
  pageSize: 20,
  total: list.length,
  totals: { stake: 5_000, refunded: 0, win: 7_500, net: 2_500 },
  from: '2025-12-26',
  to: '2026-01-01',
  timeZone: 'Asia/Manila',
  ...over,
});

describe('betting records', () => {
  it('lists every round with game, provider, time, stake, win and net, and the totals of the whole range', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: {
        ...base,
        [GAME_WALLET_API_PATHS.gameRecords]: records([
          round('R-2', { stake: 3_000, win: 7_500, net: 4_500 }),
          round('R-1'),
          round('R-0', { stake: 1_000, refunded: 1_000, net: 0, status: 'refunded', settledAt: null }),
        ]),
      },
    });
    renderApp('/m/gameRecord', { language: 'EN' });
    const items = await screen.findAllByTestId('bets-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Palaro Isla Slots');
    expect(items[0]).toHaveTextContent('Palaro Studio · In-house');
    // Times are the merchant's (16:30 UTC is 12:30 AM the next day in Manila).
    expect(items[0]).toHaveTextContent(/Jan 2, 2026.*12:30/);
    expect(items[0]).toHaveTextContent('Round R-2');
    expect(within(items[0]!).getByTestId('bet-net')).toHaveTextContent('+₱45.00');
    expect(within(items[0]!).getByTestId('bet-net')).toHaveClass('is-pos');
    expect(items[0]).toHaveTextContent('Bet ₱30.00');
    expect(items[0]).toHaveTextContent('Win ₱75.00');
    expect(within(items[1]!).getByTestId('bet-net')).toHaveClass('is-neg');
    expect(within(items[2]!).getByTestId('status-badge')).toHaveTextContent('Refunded');
    expect(items[2]).toHaveTextContent('Refunded ₱10.00');
    // The totals are the server's, over the whole range, not the sum of the rows on screen.
    expect(screen.getByTestId('total-stake')).toHaveTextContent('₱50.00');
    expect(screen.getByTestId('total-win')).toHaveTextContent('₱75.00');
    expect(screen.getByTestId('total-net')).toHaveTextContent('+₱25.00');
    expect(screen.getByTestId('total-net')).toHaveClass('is-pos');
    expect(screen.getByTestId('total-rounds')).toHaveTextContent('3');
    const call = callsTo(fetchMock, GAME_WALLET_API_PATHS.gameRecords)[0]!.searchParams;
    expect([call.get('page'), call.get('pageSize'), call.get('gameType')]).toEqual(['1', '20', null]);
    expect(call.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('filters by category (a second tap clears it) and by day range, each from page 1', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { ...base, [GAME_WALLET_API_PATHS.gameRecords]: records([round('R-1')]) } });
    const { router } = renderApp('/m/gameRecord', { language: 'EN' });
    await screen.findAllByTestId('bets-item');
    fireEvent.click(screen.getByTestId('category-filter-RNG'));
    await waitFor(() =>
      expect(callsTo(fetchMock, GAME_WALLET_API_PATHS.gameRecords).at(-1)!.searchParams.get('gameType')).toBe('RNG'),
    );
    expect(router.state.location.search).toBe('?gameType=RNG');
    expect(screen.getByTestId('category-filter-all')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('category-filter-RNG'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(screen.getByTestId('range-today'));
    await waitFor(() => {
      const last = callsTo(fetchMock, GAME_WALLET_API_PATHS.gameRecords).at(-1)!.searchParams;
      expect(last.get('from')).toBe(last.get('to'));
    });
  });

  it('loads the next page of rounds, and says when all are shown', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: {
        ...base,
        [GAME_WALLET_API_PATHS.gameRecords]: () => {
          const asked = callsTo(fetchMock, GAME_WALLET_API_PATHS.gameRecords).length;
          return asked === 1
            ? records(
                Array.from({ length: 20 }, (_, index) => round(`R-${index}`)),
                { total: 21 },
              )
            : records([round('R-20')], { page: 2, total: 21 });
        },
      },
    });
    renderApp('/m/gameRecord', { language: 'EN' });
    expect(await screen.findAllByTestId('bets-item')).toHaveLength(20);
    fireEvent.click(screen.getByTestId('bets-more'));
    await waitFor(() => expect(screen.getAllByTestId('bets-item')).toHaveLength(21));
    expect(callsTo(fetchMock, GAME_WALLET_API_PATHS.gameRecords).at(-1)!.searchParams.get('page')).toBe('2');
    expect(screen.queryByTestId('bets-more')).not.toBeInTheDocument();
  });

  it('keeps the rounds shown when a later page fails, and loads it on the retry', async () => {
    signIn();
    let failNext = false;
    mockApi({
      routes: {
        ...base,
        [GAME_WALLET_API_PATHS.gameRecords]: () => {
          if (failNext) {
            failNext = false;
            return { status: 503, body: { success: false, errorCode: 'system.upstream.unavailable', message: 'x' } };
          }
          return screen.queryAllByTestId('bets-item').length === 0
            ? records(
                Array.from({ length: 20 }, (_, index) => round(`R-${index}`)),
                { total: 21 },
              )
            : records([round('R-20')], { page: 2, total: 21 });
        },
      },
    });
    renderApp('/m/gameRecord', { language: 'EN' });
    expect(await screen.findAllByTestId('bets-item')).toHaveLength(20);
    failNext = true;
    fireEvent.click(screen.getByTestId('bets-more'));
    const failed = await screen.findByTestId('bets-more-error');
    expect(screen.getAllByTestId('bets-item')).toHaveLength(20);
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('bets-item')).toHaveLength(21));
  });

  it('says when no round was played, and offers a retry after a failure', async () => {
    signIn();
    let fail = true;
    mockApi({
      routes: {
        ...base,
        [GAME_WALLET_API_PATHS.gameRecords]: () =>
          fail
            ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } }
            : records([], { totals: { stake: 0, refunded: 0, win: 0, net: 0 } }),
      },
    });
    renderApp('/m/gameRecord', { language: 'EN' });
    expect(await screen.findByTestId('bets-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bets-empty')).toHaveTextContent('No rounds played in these days.');
    expect(screen.getByTestId('total-net')).toHaveTextContent('₱0.00');
  });

  it('sends a guest to sign in', async () => {
    mockApi();
    const { router } = renderApp('/m/gameRecord', { language: 'EN' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('reads the category of the URL, and nothing else', () => {
    expect(parseCategoryParam('RNG')).toBe('RNG');
    expect(parseCategoryParam('rng')).toBeUndefined();
    expect(parseCategoryParam(null)).toBeUndefined();
  });
});
