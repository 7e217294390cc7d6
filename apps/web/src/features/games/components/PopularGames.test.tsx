import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  GAME_API_PATHS,
  type GameCategory,
  type TGameListPage,
  type TGameTile,
  type THotGames,
  type TVendorEntry,
  type TVendorInfo,
} from '@palaro/contract';
import { callsTo, heldAnswer, mockApi, renderApp } from '../../../test/render';
import { announcements, loginResult, memberInfo, signIn } from '../../../test/fixtures';

function tile(nodeId: number, gameName: string, over: Partial<TGameTile> = {}): TGameTile {
  return {
    nodeId,
    gameName,
    vassalage: 'LUZON',
    vendorName: 'Luzon Studio',
    vendorLogoUrl: '/media/games/PALARO/vendors/LUZON.svg',
    iconUrl: `/media/games/PALARO/s/G${nodeId}.svg`,
    mobileLargeIcon: `/media/games/PALARO/l/G${nodeId}.svg`,
    mobileSmallIcon: `/media/games/PALARO/s/G${nodeId}.svg`,
    gameType: 'RNG',
    gameCategory: 'RNG',
    gameId: `G${nodeId}`,
    supportPlay: true,
    gameClassifyNew: [],
    minBet: 10,
    lines: 20,
    hot: false,
    new: false,
    ...over,
  };
}
const vendor = (gameType: GameCategory, vassalage: string, vendorName: string, gameCount = 3): TVendorEntry => ({
  gameType,
  vassalage,
  vendorName,
  accountTypeName: vendorName,
  logoUrl: `/media/games/PALARO/vendors/${vassalage}.svg`,
  hot: false,
  new: false,
  gameCount,
});
/** The merchant's order puts RNG before SPORTS and has no LIVE: the menu must follow it, not a fixed list. */
const vendorInfo: TVendorInfo = {
  sorting: [
    { gameCategory: 'RNG', vendorNames: [vendor('RNG', 'LUZON', 'Luzon Studio')] },
    { gameCategory: 'SPORTS', vendorNames: [vendor('SPORTS', 'PSB', 'Palaro Sportsbook')] },
    { gameCategory: 'ESPORTS', vendorNames: [vendor('ESPORTS', 'TF', 'TF E-Sports')] },
    { gameCategory: 'LOTT', vendorNames: [vendor('LOTT', 'TCG_LOTTO_VN', 'TCG Lotto VN', 8)] },
  ],
  mapping: {
    ESPORTS: [vendor('ESPORTS', 'TF', 'TF E-Sports')],
    LOTT: [vendor('LOTT', 'TCG_LOTTO_VN', 'TCG Lotto VN', 8)],
  },
};
const hotGames: THotGames = {
  games: Array.from({ length: 14 }, (_, index) => tile(100 + index, `Hot game ${index + 1}`, { hot: true })),
};
const page = (games: TGameTile[], totalCount = games.length): TGameListPage => ({
  games,
  pageNum: 1,
  totalPages: 1,
  totalCount,
});
const memberCalls = { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() };

function routes(over: Record<string, unknown> = {}) {
  return {
    [GAME_API_PATHS.vendors]: vendorInfo,
    [GAME_API_PATHS.hotGames]: hotGames,
    [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao'), tile(2, 'Mango Reels')], 90),
    [GAME_API_PATHS.hotMatches]: { list: [] },
    ...over,
  };
}

async function openHome(language: 'TY' | 'EN' = 'EN') {
  const rendered = renderApp('/m/home', { language });
  await screen.findByTestId('popular-tab-ESPORTS');
  return rendered;
}

describe('home’s popular-games block', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts HOT first, then the categories in the merchant’s order, and shows the hot games in place', async () => {
    const fetchMock = mockApi({ announcements: announcements(), routes: routes() });
    await openHome();
    const tabs = within(screen.getByTestId('popular-menu')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.dataset.tab)).toEqual(['HOT', 'RNG', 'SPORTS', 'ESPORTS', 'LOTT']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByTestId('popular-panel');
    await within(panel).findAllByTestId('game-tile');
    // Twelve of the fourteen hot games; the rest come in place, without another call.
    expect(within(panel).getAllByTestId('game-tile')).toHaveLength(12);
    expect(callsTo(fetchMock, GAME_API_PATHS.hotGames)[0]!.searchParams.get('isPlatform')).toBe('2');
    fireEvent.click(within(panel).getByTestId('popular-hot-all'));
    expect(within(panel).getAllByTestId('game-tile')).toHaveLength(14);
    expect(callsTo(fetchMock, GAME_API_PATHS.hotGames)).toHaveLength(1);
    // No category list is asked for until its tab is chosen.
    expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(0);
  });

  it('loads a list category only when its tab becomes active, with a link to the whole list', async () => {
    const fetchMock = mockApi({ announcements: announcements(), routes: routes() });
    await openHome();
    fireEvent.click(screen.getByTestId('popular-tab-SPORTS'));
    expect(screen.getByTestId('popular-tab-SPORTS')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(1));
    const asked = callsTo(fetchMock, GAME_API_PATHS.games)[0]!.searchParams;
    expect(asked.get('gameType')).toBe('SPORTS');
    expect(asked.get('pageSize')).toBe('26');
    const panel = screen.getByTestId('popular-panel');
    expect(await within(panel).findByText('Golden Carabao')).toBeInTheDocument();
    expect(within(panel).getByTestId('popular-more')).toHaveAttribute('href', '/m/gameList?gameType=SPORTS');
    expect(within(panel).getByTestId('popular-more')).toHaveTextContent('See all 90 Sports games');
    // Back to HOT and to SPORTS again: the list is kept, not asked twice.
    fireEvent.click(screen.getByTestId('popular-tab-HOT'));
    fireEvent.click(screen.getByTestId('popular-tab-SPORTS'));
    expect(await within(screen.getByTestId('popular-panel')).findByText('Golden Carabao')).toBeInTheDocument();
    expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(1);
  });

  it('shows vendor tiles from the mapping for the other categories; a lottery vendor opens its lobby, LOTT’s “more” the lottery', async () => {
    signIn();
    const fetchMock = mockApi({ announcements: announcements(), routes: { ...memberCalls, ...routes() } });
    const { router } = await openHome();
    fireEvent.click(screen.getByTestId('popular-tab-ESPORTS'));
    const esports = screen.getByTestId('popular-panel');
    expect(within(esports).getByTestId('popular-vendor-TF')).toHaveAttribute(
      'href',
      '/m/gameList?gameType=ESPORTS&vendor=TF',
    );
    expect(within(esports).getByTestId('popular-vendor-TF')).toHaveTextContent('3 games');
    fireEvent.click(screen.getByTestId('popular-tab-LOTT'));
    const lottery = screen.getByTestId('popular-panel');
    expect(within(lottery).getByTestId('popular-more')).toHaveAttribute('href', '/m/lottery');
    fireEvent.click(within(lottery).getByTestId('popular-vendor-TCG_LOTTO_VN'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/launchGame'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      vendor: 'TCG_LOTTO_VN',
      playType: 'Tradition',
      prize_mode: 'Lott',
      code: 'lobby',
      pageBack: 'home',
    });
    expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(0);
  });

  it('launches a tapped game for a member', async () => {
    signIn();
    mockApi({
      announcements: announcements(),
      routes: {
        ...memberCalls,
        ...routes(),
        [GAME_API_PATHS.favourites]: { content: [], pageNum: 1, totalPages: 1, ids: [] },
      },
    });
    const { router } = await openHome();
    const first = (await within(screen.getByTestId('popular-panel')).findAllByTestId('game-tile'))[0]!;
    fireEvent.click(within(first).getByTestId('game-tile-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/launchGame'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      vendor: 'LUZON',
      gameId: 'G100',
      nodeId: '100',
      gameType: 'RNG',
      pageBack: '/m/home',
    });
  });

  it('sends a guest’s star to sign-in', async () => {
    mockApi({ announcements: announcements(), routes: routes() });
    const { router } = await openHome();
    const first = (await within(screen.getByTestId('popular-panel')).findAllByTestId('game-tile'))[0]!;
    fireEvent.click(within(first).getByTestId('game-tile-favourite'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('scrolls the chosen tab into view, smoothly unless the player asked for less motion', async () => {
    mockApi({ announcements: announcements(), routes: routes() });
    const scrollTo = vi.fn();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    await openHome();
    const menu = screen.getByTestId('popular-menu');
    menu.scrollTo = scrollTo;
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('popular-tab-LOTT'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' })));
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    fireEvent.click(screen.getByTestId('popular-tab-RNG'));
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' })));
  });

  it('moves between tabs with the arrow keys', async () => {
    mockApi({ announcements: announcements(), routes: routes() });
    await openHome();
    fireEvent.keyDown(screen.getByTestId('popular-tab-HOT'), { key: 'ArrowRight' });
    expect(screen.getByTestId('popular-tab-RNG')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('popular-tab-RNG')).toHaveFocus();
    fireEvent.keyDown(screen.getByTestId('popular-tab-RNG'), { key: 'End' });
    expect(screen.getByTestId('popular-tab-LOTT')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows skeletons while loading, an error with retry, and an empty state', async () => {
    const hotGames = heldAnswer<THotGames>();
    let failList = true;
    mockApi({
      announcements: announcements(),
      routes: routes({
        [GAME_API_PATHS.hotGames]: hotGames.route,
        [GAME_API_PATHS.games]: () =>
          failList ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } } : page([]),
      }),
    });
    await openHome();
    expect(within(screen.getByTestId('popular-panel')).getByTestId('popular-loading')).toBeInTheDocument();
    await act(async () => hotGames.give({ games: [] }));
    expect(await screen.findByTestId('popular-empty')).toHaveTextContent('No games here');
    fireEvent.click(screen.getByTestId('popular-tab-RNG'));
    const error = await screen.findByTestId('popular-error');
    failList = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('popular-empty')).toBeInTheDocument();
  });

  it('reloads vendors, hot games and the open list once, 200 ms after the last language change', async () => {
    const fetchMock = mockApi({ announcements: announcements(), routes: routes() });
    await openHome();
    fireEvent.click(screen.getByTestId('popular-tab-RNG'));
    await within(screen.getByTestId('popular-panel')).findByText('Golden Carabao');
    fireEvent.click(screen.getByTestId('popular-tab-HOT'));
    await within(screen.getByTestId('popular-panel')).findAllByTestId('game-tile');
    const before = {
      vendors: callsTo(fetchMock, GAME_API_PATHS.vendors).length,
      hot: callsTo(fetchMock, GAME_API_PATHS.hotGames).length,
      lists: callsTo(fetchMock, GAME_API_PATHS.games).length,
    };

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByTestId('language-toggle'));
    fireEvent.click(screen.getByTestId('language-option-TY'));
    fireEvent.click(screen.getByTestId('language-toggle'));
    fireEvent.click(screen.getByTestId('language-option-EN'));
    fireEvent.click(screen.getByTestId('language-toggle'));
    fireEvent.click(screen.getByTestId('language-option-TY'));
    await act(async () => vi.advanceTimersByTime(199));
    expect(callsTo(fetchMock, GAME_API_PATHS.hotGames)).toHaveLength(before.hot);
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(callsTo(fetchMock, GAME_API_PATHS.hotGames)).toHaveLength(before.hot + 1));
    await waitFor(() => expect(callsTo(fetchMock, GAME_API_PATHS.vendors)).toHaveLength(before.vendors + 1));
    expect(callsTo(fetchMock, GAME_API_PATHS.hotGames).at(-1)!.searchParams.get('language')).toBe('TY');
    expect(callsTo(fetchMock, GAME_API_PATHS.vendors).at(-1)!.searchParams.get('language')).toBe('TY');
    // The list of a tab not shown is not asked now; it is marked stale and asked again in Tagalog when its tab opens.
    expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(before.lists);
    fireEvent.click(screen.getByTestId('popular-tab-RNG'));
    await waitFor(() => expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(before.lists + 1));
    expect(callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams.get('language')).toBe('TY');
  });
});
