import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, GAME_API_PATHS, type TGameListPage, type TGameTile, type TVendorInfo } from '@palaro/contract';
import { callsTo, mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';
import { classificationTabs } from './GameListScreen';

const base = { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() };

function tile(nodeId: number, gameName: string, over: Partial<TGameTile> = {}): TGameTile {
  return {
    nodeId, gameName, vassalage: 'LUZON', vendorName: 'Luzon Studio', vendorLogoUrl: '/media/games/PALARO/vendors/LUZON.svg',
    iconUrl: `/media/games/PALARO/l/G${nodeId}.svg`, mobileLargeIcon: `/media/games/PALARO/l/G${nodeId}.svg`, mobileSmallIcon: `/media/games/PALARO/s/G${nodeId}.svg`,
    gameType: 'RNG', gameCategory: 'RNG', gameId: `G${nodeId}`, supportPlay: true, gameClassifyNew: [], minBet: 10, lines: 20, hot: false, new: false, ...over,
  };
}
const page = (games: TGameTile[], pageNum = 1, totalPages = 1): TGameListPage => ({ games, pageNum, totalPages, totalCount: games.length });
const vendorInfo: TVendorInfo = {
  sorting: [{ gameCategory: 'RNG', vendorNames: [
    { gameType: 'RNG', vassalage: 'LUZON', vendorName: 'Luzon Studio', accountTypeName: 'Luzon', logoUrl: '', hot: false, new: false, gameCount: 2 },
    { gameType: 'RNG', vassalage: 'MINDANAO', vendorName: 'Mindanao Play', accountTypeName: 'Mindanao', logoUrl: '', hot: false, new: false, gameCount: 1 },
  ] }],
  mapping: {},
};

describe('the game list of a category', () => {
  it('shows skeleton tiles, then the tiles with their badges; a tap says launching is not there yet', async () => {
    let answer: (value: TGameListPage) => void = () => undefined;
    mockApi({ routes: {
      [GAME_API_PATHS.vendors]: vendorInfo,
      [GAME_API_PATHS.games]: () => new Promise<TGameListPage>((resolve) => { answer = resolve; }),
    } });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    expect(await screen.findByTestId('game-list-loading')).toBeInTheDocument();
    answer(page([tile(1, 'Golden Carabao', { hot: true }), tile(2, 'Mango Reels', { new: true })]));
    const tiles = await screen.findAllByTestId('game-tile');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0]!).getByTestId('game-tile-badge')).toHaveTextContent('Hot');
    expect(within(tiles[1]!).getByTestId('game-tile-badge')).toHaveTextContent('New');
    expect(screen.getByRole('heading', { level: 2, name: 'Slots' })).toBeInTheDocument();
    // A guest sees ALL, HOT and NEW (RNG) but no favourites tab.
    expect(within(screen.getByTestId('game-classify')).getAllByRole('button').map((button) => button.textContent)).toEqual(['All', 'Hot', 'New']);
    fireEvent.click(within(tiles[0]!).getByTestId('game-tile-open'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Playing games is coming soon: Golden Carabao cannot be opened yet.');
  });

  it('searches on submit, filters by classification and vendor (a second tap clears it), each from page 1', async () => {
    const fetchMock = mockApi({ routes: { [GAME_API_PATHS.vendors]: vendorInfo, [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]) } });
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
    mockApi({ routes: {
      [GAME_API_PATHS.vendors]: vendorInfo,
      [GAME_API_PATHS.games]: () => (fail ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } } : page([])),
    } });
    renderApp('/m/gameList?gameType=FISH', { language: 'EN' });
    expect(await screen.findByTestId('game-list-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('No games here');
  });

  it('loads the next page after the first and says when all are shown', async () => {
    let calls = 0;
    const fetchMock = mockApi({ routes: {
      [GAME_API_PATHS.vendors]: vendorInfo,
      [GAME_API_PATHS.games]: () => {
        calls += 1;
        return calls === 1 ? { ...page([tile(1, 'One'), tile(2, 'Two')], 1, 2), totalCount: 3 } : { ...page([tile(3, 'Three')], 2, 2), totalCount: 3 };
      },
    } });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('game-list-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(3));
    expect(callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams.get('pageNo')).toBe('2');
    expect(screen.getByText('All 3 games are shown')).toBeInTheDocument();
  });

  it('sends a guest who taps the star to sign in', async () => {
    mockApi({ routes: { [GAME_API_PATHS.vendors]: vendorInfo, [GAME_API_PATHS.games]: page([tile(1, 'Golden Carabao')]) } });
    const { router } = renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to add Golden Carabao to favourites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('lets a member add a favourite at once, and a removed one leaves the favourites view', async () => {
    signIn();
    let favourites: number[] = [];
    const fetchMock = mockApi({ routes: {
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
    } });
    renderApp('/m/gameList?gameType=RNG', { language: 'EN' });
    const star = await screen.findByRole('button', { name: 'Add Golden Carabao to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Golden Carabao from favourites' })).toHaveAttribute('aria-pressed', 'true'));
    expect(requestsTo(fetchMock, GAME_API_PATHS.favourites).find((call) => call.method === 'POST')!.body).toEqual({ nodeId: 1, vendor: 'LUZON' });

    fireEvent.click(screen.getByTestId('game-classify-FAV'));
    await waitFor(() => expect(callsTo(fetchMock, GAME_API_PATHS.games).at(-1)!.searchParams.get('gameClassify')).toBe('FAV'));
    // The fake answers both games; only the favourite shows, and it leaves once removed.
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Golden Carabao from favourites' }));
    expect(await screen.findByTestId('game-list-empty')).toHaveTextContent('Tap the star on a game to keep it here.');
  });

  it('shows the favourites tab to members only and NEW for RNG only', () => {
    expect(classificationTabs('RNG', false)).toEqual(['ALL', 'HOT', 'NEW']);
    expect(classificationTabs('LIVE', true)).toEqual(['ALL', 'HOT', 'FAV']);
  });

  it('says when the category does not exist', async () => {
    mockApi();
    renderApp('/m/gameList?gameType=NOPE', { language: 'EN' });
    expect(await screen.findByTestId('games-unknown-category')).toHaveTextContent('There is no such game category');
  });
});
