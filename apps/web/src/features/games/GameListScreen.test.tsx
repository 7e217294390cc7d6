import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  GAME_API_PATHS,
  type TGameListPage,
  type TGameTile,
  type TGameTypes,
  type TRecentsPage,
  type TVendorInfo,
} from '@palaro/contract';
import { callsTo, heldAnswer, mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';

const base = { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() };

function tile(nodeId: number, gameName: string, over: Partial<TGameTile> = {}): TGameTile {
  return {
    nodeId,
    gameName,
    vassalage: 'LUZON',
    vendorName: 'Luzon Studio',
    vendorLogoUrl: '/media/games/PALARO/vendors/LUZON.svg',
    iconUrl: `/media/games/PALARO/l/G${nodeId}.svg`,
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
const page = (games: TGameTile[], pageNum = 1, totalPages = 1): TGameListPage => ({
  games,
  pageNum,
  totalPages,
  totalCount: games.length,
});
const vendorInfo: TVendorInfo = {
  sorting: [
    {
      gameCategory: 'RNG',
      vendorNames: [
        {
          gameType: 'RNG',
          vassalage: 'LUZON',
          vendorName: 'Luzon Studio',
          accountTypeName: 'Luzon',
          logoUrl: '',
          hot: false,
          new: false,
          gameCount: 2,
        },
        {
          gameType: 'RNG',
          vassalage: 'MINDANAO',
          vendorName: 'Mindanao Play',
          accountTypeName: 'Mindanao',
          logoUrl: '',
          hot: false,
          new: false,
          gameCount: 1,
        },
      ],
    },
  ],
  mapping: {},
};

const gameTypes: TGameTypes = {
  list: [
    { gameType: 'SPORTS', gameCount: 3, vendorCount: 1, listed: true, classifications: [] },
    { gameType: 'RNG', gameCount: 200, vendorCount: 4, listed: true, classifications: ['JACKPOT', 'MEGA_WAYS'] },
    { gameType: 'LIVE', gameCount: 30, vendorCount: 2, listed: true, classifications: ['BACCARAT'] },
    { gameType: 'ELOTT', gameCount: 6, vendorCount: 1, listed: false, classifications: [] },
    { gameType: 'LOTT', gameCount: 8, vendorCount: 1, listed: false, classifications: [] },
  ],
};

describe('the game list of a category', () => {
  it('shows skeleton tiles, then the tiles with their badges; a guest who taps a game goes to sign in', async () => {
    const gameList = heldAnswer<TGameListPage>();
    mockApi({ routes: { [GAME_API_PATHS.vendors]: vendorInfo, [GAME_API_PATHS.games]: gameList.route } });
    const { router } = renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    expect(await screen.findByTestId('game-list-loading')).toBeInTheDocument();
    gameList.give(page([tile(1, 'Golden Carabao', { hot: true }), tile(2, 'Mango Reels', { new: true })]));
    const tiles = await screen.findAllByTestId('game-tile');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0]!).getByTestId('game-tile-badge')).toHaveTextContent('Hot');
    expect(within(tiles[1]!).getByTestId('game-tile-badge')).toHaveTextContent('New');
    expect(screen.getByRole('heading', { level: 2, name: 'Slots' })).toBeInTheDocument();
    // A guest sees ALL, HOT and NEW (RNG) but no favourites tab.
    expect(
      within(screen.getByTestId('game-classify'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Hot', 'New']);
    fireEvent.click(within(tiles[0]!).getByTestId('game-tile-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('searches on submit, filters by classification and vendor (a second tap clears it), each from page 1', async () => {
    const fetchMock = mockApi({
      routes: { [GAME_API_PATHS.vendors]: vendorInfo, [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]) },
    });
    const { router } = renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    await screen.findAllByTestId('game-tile');
    const lastCall = () => callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams;
    expect(lastCall().get('gameType')).toBe('RNG');
    expect(lastCall().get('gameClassify')).toBe('ALL');
    expect(lastCall().get('pageSize')).toBe('26');

    fireEvent.change(screen.getByTestId('game-search'), { target: { value: '  carabao ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(lastCall().get('gameName')).toBe('carabao'));
    fireEvent.click(screen.getByTestId('game-classify-HOT'));
    await waitFor(() => expect(lastCall().get('gameClassify')).toBe('HOT'));
    fireEvent.click(screen.getByTestId('game-vendor-MINDANAO'));
    await waitFor(() => expect(lastCall().get('vassalage')).toBe('MINDANAO'));
    expect(lastCall().get('pageNo')).toBe('1');
    expect(router.state.location.search).toBe('?gameType=RNG&q=carabao&classify=HOT&vendor=MINDANAO');
    fireEvent.click(screen.getByTestId('game-vendor-MINDANAO'));
    await waitFor(() => expect(router.state.location.search).not.toContain('vendor'));
    expect(screen.getByTestId('game-vendor-all')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when there are no games, and offers a retry after a failure', async () => {
    let fail = true;
    mockApi({
      routes: {
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.games]: () =>
          fail ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } } : page([]),
      },
    });
    renderApp('/m/gameList?gameType=FISH', { language: 'EN' });
    expect(await screen.findByTestId('game-list-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('No games here');
  });

  it('loads the next page after the first and says when all are shown', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      routes: {
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.games]: () => {
          calls += 1;
          return calls === 1
            ? { ...page([tile(1, 'One'), tile(2, 'Two')], 1, 2), totalCount: 3 }
            : { ...page([tile(3, 'Three')], 2, 2), totalCount: 3 };
        },
      },
    });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('game-list-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(3));
    expect(callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams.get('pageNo')).toBe('2');
    expect(screen.getByText('All 3 games are shown')).toBeInTheDocument();
  });

  it('sends a guest who taps the star to sign in', async () => {
    mockApi({
      routes: { [GAME_API_PATHS.vendors]: vendorInfo, [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]) },
    });
    const { router } = renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to add Golden Carabao to favourites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('lets a member add a favourite at once, and a removed one leaves the favourites view', async () => {
    signIn();
    let favourites: number[] = [];
    const fetchMock = mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.favourites]: () => ({ content: [], pageNum: 1, totalPages: 1, ids: favourites }),
        [`POST ${GAME_API_PATHS.favourites}`]: () => {
          favourites = [1];
          return { ids: favourites };
        },
        [`DELETE ${GAME_API_PATHS.favourites}`]: () => {
          favourites = [];
          return { ids: favourites };
        },
        [GAME_API_PATHS.games]: () => page([tile(1, 'Golden Carabao'), tile(2, 'Mango Reels')]),
      },
    });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    const star = await screen.findByRole('button', { name: 'Add Golden Carabao to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Golden Carabao from favourites' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(requestsTo(fetchMock, GAME_API_PATHS.favourites).find((call) => call.method === 'POST')!.body).toEqual({
      nodeId: 1,
      vendor: 'LUZON',
    });

    fireEvent.click(screen.getByTestId('game-classify-FAV'));
    await waitFor(() =>
      expect(callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams.get('gameClassify')).toBe('FAV'),
    );
    // The fake answers both games; only the favourite shows, and it leaves once removed.
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Golden Carabao from favourites' }));
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('Tap the star on a game to keep it here.');
  });

  it('says when the category does not exist', async () => {
    mockApi();
    renderApp('/m/gameList?gameType=NOPE', { language: 'EN' });
    expect(await screen.findByTestId('games-unknown-category')).toHaveTextContent('There is no such game category');
  });

  it('filters through the panel: a vendor tapped twice clears, the vendors’ own classifications, a minimum bet; reset clears the panel', async () => {
    const fetchMock = mockApi({
      routes: {
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.gameTypes]: gameTypes,
        [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]),
      },
    });
    const { router } = renderApp('/m/gameList?gameType=RNG&q=gold', { language: 'EN' });
    await screen.findAllByTestId('game-tile');
    expect(screen.getByTestId('game-filter-open')).toHaveAccessibleName('Filters');
    fireEvent.click(screen.getByTestId('game-filter-open'));
    const sheet = await screen.findByTestId('game-filter');
    // The classifications: ALL, NEW (RNG), HOT, then the vendors' own (named by the text table, or in words).
    await waitFor(() =>
      expect(
        within(sheet)
          .getAllByTestId(/^filter-classify-/)
          .map((choice) => choice.textContent),
      ).toEqual(['All', 'New', 'Hot', 'Jackpot', 'Mega ways']),
    );
    expect(
      within(sheet)
        .getAllByTestId(/^filter-min-bet-/)
        .map((choice) => choice.textContent),
    ).toEqual(['Any', '₱0.01', '₱0.05', '₱0.10', '₱0.50', '₱0.75']);

    fireEvent.click(within(sheet).getByTestId('filter-vendor-MINDANAO'));
    expect(within(sheet).getByTestId('filter-vendor-MINDANAO')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(sheet).getByTestId('filter-vendor-MINDANAO'));
    expect(within(sheet).getByTestId('filter-vendor-MINDANAO')).toHaveAttribute('aria-pressed', 'false');
    expect(within(sheet).getByTestId('filter-vendor-all')).toHaveAttribute('aria-pressed', 'true');
    // Nothing is asked while choosing: the list changes on "show games".
    const asked = callsTo(fetchMock, GAME_API_PATHS.games).length;
    fireEvent.click(within(sheet).getByTestId('filter-vendor-LUZON'));
    fireEvent.click(within(sheet).getByTestId('filter-classify-JACKPOT'));
    fireEvent.click(within(sheet).getByTestId('filter-min-bet-5'));
    expect(callsTo(fetchMock, GAME_API_PATHS.games)).toHaveLength(asked);
    fireEvent.click(within(sheet).getByTestId('game-filter-submit'));
    await waitFor(() => expect(screen.queryByTestId('game-filter')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams.get('minBet')).toBe('5'));
    const last = callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams;
    expect([last.get('gameClassify'), last.get('vassalage'), last.get('gameName'), last.get('pageNo')]).toEqual([
      'JACKPOT',
      'LUZON',
      'gold',
      '1',
    ]);
    expect(router.state.location.search).toBe('?gameType=RNG&q=gold&classify=JACKPOT&vendor=LUZON&minBet=5');
    // The vendor's own classification shows chosen beside the tabs; the button counts three filters.
    expect(screen.getByTestId('game-classify-JACKPOT')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('game-filter-open')).toHaveAccessibleName('Filters, 3 chosen');

    fireEvent.click(screen.getByTestId('game-filter-open'));
    const again = await screen.findByTestId('game-filter');
    expect(within(again).getByTestId('filter-min-bet-5')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(again).getByTestId('game-filter-reset'));
    expect(within(again).getByTestId('filter-min-bet-all')).toHaveAttribute('aria-pressed', 'true');
    expect(within(again).getByTestId('filter-classify-ALL')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(again).getByTestId('game-filter-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?gameType=RNG&q=gold'));
  });

  it('offers no minimum bet outside RNG, and links to the other categories: lottery to the lottery, no e-lottery', async () => {
    mockApi({
      routes: {
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.gameTypes]: gameTypes,
        [GAME_API_PATHS.games]: page([tile(1, 'Baccarat Royale', { gameType: 'LIVE' })]),
      },
    });
    renderApp('/m/gameList?gameType=LIVE', { language: 'EN' });
    await screen.findAllByTestId('game-tile');
    // The list ended: the other categories follow it.
    const links = await screen.findByTestId('game-category-links');
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Sports', '/m/gameList?gameType=SPORTS'],
      ['Slots', '/m/gameList?gameType=RNG'],
      ['Lottery', '/m/lottery'],
    ]);
    fireEvent.click(screen.getByTestId('game-filter-open'));
    const sheet = await screen.findByTestId('game-filter');
    expect(within(sheet).queryByTestId('filter-min-bet-all')).not.toBeInTheDocument();
    expect(
      within(sheet)
        .getAllByTestId(/^filter-classify-/)
        .map((choice) => choice.textContent),
    ).toEqual(['All', 'Hot', 'Baccarat']);
    expect(within(sheet).getByTestId('filter-category-links')).toBeInTheDocument();
  });

  it('shows a member’s recent games of the category, 25 a page, from the recents list', async () => {
    signIn();
    const recents: TRecentsPage = {
      list: [{ ...tile(7, 'Mango Reels'), lastPlayedAt: '2026-01-01T00:00:00Z' }],
      totalPages: 1,
    };
    const fetchMock = mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.gameTypes]: gameTypes,
        [GAME_API_PATHS.favourites]: { content: [], pageNum: 1, totalPages: 1, ids: [] },
        [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]),
        [GAME_API_PATHS.recents]: recents,
      },
    });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    await screen.findAllByTestId('game-tile');
    fireEvent.click(screen.getByTestId('game-classify-RECENT'));
    await waitFor(() =>
      expect(screen.getAllByTestId('game-tile-name').map((name) => name.textContent)).toEqual(['Mango Reels']),
    );
    const call = callsTo(fetchMock, GAME_API_PATHS.recents).at(-1)!.searchParams;
    expect([call.get('gameType'), call.get('page'), call.get('pageSize')]).toEqual(['RNG', '1', '25']);
    // The recent games are not filtered by vendor: the strip steps aside.
    expect(screen.queryByTestId('game-vendors')).not.toBeInTheDocument();
  });

  it('tells a member with no recent games where they will appear', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.favourites]: { content: [], pageNum: 1, totalPages: 1, ids: [] },
        [GAME_API_PATHS.recents]: { list: [], totalPages: 0 },
      },
    });
    renderApp('/m/gameList?gameType=RNG&classify=RECENT', { language: 'EN' });
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('The games you open show up here.');
  });

  it('ends paging with a retry when a later page fails', async () => {
    let next: 'first' | 'fail' | 'second' = 'first';
    mockApi({
      routes: {
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.games]: () => {
          if (next === 'fail') {
            next = 'second';
            return { status: 503, body: { success: false, errorCode: 'system.upstream.unavailable', message: 'x' } };
          }
          return next === 'first'
            ? { ...page([tile(1, 'One')], 1, 2), totalCount: 2 }
            : { ...page([tile(2, 'Two')], 2, 2), totalCount: 2 };
        },
      },
    });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    await screen.findAllByTestId('game-tile');
    next = 'fail';
    fireEvent.click(screen.getByTestId('game-list-more'));
    const failed = await screen.findByTestId('game-list-more-error');
    // The games already shown stay; paging stops until the retry.
    expect(screen.getAllByTestId('game-tile')).toHaveLength(1);
    expect(screen.queryByTestId('game-list-more')).not.toBeInTheDocument();
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(2));
  });

  it('launches a member’s tap through /m/launchGame with the game and the way back to this list', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_API_PATHS.favourites]: { content: [], pageNum: 1, totalPages: 1, ids: [] },
        [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]),
      },
    });
    const { router } = renderApp('/m/gameList?gameType=RNG&vendor=LUZON', { language: 'EN' });
    fireEvent.click((await screen.findAllByTestId('game-tile-open'))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/launchGame'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      vendor: 'LUZON',
      gameId: 'G1',
      nodeId: '1',
      gameType: 'RNG',
      pageBack: '/m/gameList?gameType=RNG&vendor=LUZON',
    });
  });
});
