import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  GAME_API_PATHS,
  GAME_WALLET_API_PATHS,
  LOTTERY_API_PATHS,
  type TLaunchGame,
  type TVendorInfo,
} from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';

const base = { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() };
const vendorInfo: TVendorInfo = {
  sorting: [
    {
      gameCategory: 'RNG',
      vendorNames: [
        {
          gameType: 'RNG',
          vassalage: 'ALON',
          vendorName: 'Alon Gaming',
          accountTypeName: 'Alon',
          logoUrl: '',
          hot: false,
          new: false,
          gameCount: 40,
        },
      ],
    },
  ],
  mapping: {},
};
const refusal = (status: number, errorCode: string) => ({
  status,
  body: { success: false, errorCode, message: errorCode },
});
const launched = (gameUrl: string): TLaunchGame => ({
  gameUrl,
  vendor: 'PLR',
  nodeId: 12,
  gameId: 'PLR-ISLA',
  expiresAt: '2026-01-01T02:00:00Z',
});
const SLOT_LINK =
  '/m/launchGame?vendor=PLR&nodeId=12&gameId=PLR-ISLA&gameType=INHOUSE&pageBack=%2Fm%2FgameList%3FgameType%3DINHOUSE';

describe('the launch page', () => {
  it('sends a guest to sign in', async () => {
    mockApi();
    const { router } = renderApp(SLOT_LINK, { language: 'EN' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('shows the game getting ready, asks the server with the link’s game, then opens the game in this window', async () => {
    signIn();
    let answer: (value: TLaunchGame) => void = () => undefined;
    const fetchMock = mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_WALLET_API_PATHS.launchGame]: () =>
          new Promise<TLaunchGame>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { router } = renderApp(['/m/gameList?gameType=INHOUSE', SLOT_LINK], { language: 'EN', initialIndex: 1 });
    expect(await screen.findByTestId('launch-loading')).toHaveTextContent('Opening your game…');
    await waitFor(() => expect(callsTo(fetchMock, GAME_WALLET_API_PATHS.launchGame)).toHaveLength(1));
    // A POST with the link's game in the body: a launch mints a token, which no GET may do.
    const [, init] = fetchMock.mock.calls.find(
      ([input]) => new URL(String(input), 'http://localhost').pathname === GAME_WALLET_API_PATHS.launchGame,
    )!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      vendor: 'PLR',
      nodeId: '12',
      gameId: 'PLR-ISLA',
      gameType: 'INHOUSE',
      pageBack: '/m/gameList?gameType=INHOUSE',
      language: 'EN',
      showChoice: 'false',
    });
    answer(launched('/m/play/PLR-ISLA#token=abc&back=%2Fm%2FgameList%3FgameType%3DINHOUSE'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/play/PLR-ISLA'));
    // The game takes the token off the address at once (kept in this tab for a reload).
    await waitFor(() => expect(router.state.location.search).toBe('?back=%2Fm%2FgameList%3FgameType%3DINHOUSE'));
    expect(router.state.location.hash).toBe('');
    // The launch page was replaced: back from the game is the list, not a second launch.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/gameList'));
    expect(callsTo(fetchMock, GAME_WALLET_API_PATHS.launchGame)).toHaveLength(1);
  });

  it('says honestly that a provider is not connected here, names it, and leads back and to other games', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_WALLET_API_PATHS.launchGame]: refusal(409, 'game.provider.not_connected'),
      },
    });
    const { router } = renderApp(
      '/m/launchGame?vendor=ALON&nodeId=3&gameId=ALON-RNG-001&gameType=RNG&pageBack=%2Fm%2FgameList%3FgameType%3DRNG',
      { language: 'EN' },
    );
    const page = await screen.findByTestId('launch-not-connected');
    await waitFor(() => expect(page).toHaveTextContent('The provider Alon Gaming is not connected on this site yet'));
    expect(page).toHaveTextContent('Nothing was taken from your balance.');
    expect(screen.getByTestId('launch-other-games')).toHaveAttribute('href', '/m/gameLobby');
    fireEvent.click(screen.getByTestId('launch-back'));
    await waitFor(() => expect(router.state.location.search).toBe('?gameType=RNG'));
  });

  it('opens our lottery’s lobby for the lottery vendors’ link, in this window, with the way back home', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [LOTTERY_API_PATHS.launch]: { gameUrl: '/m/startLottery?view=lobby&back=%2Fm%2Fhome' },
      },
    });
    const { router } = renderApp(
      '/m/launchGame?vendor=TCG_LOTTO_VN&gameType=LOTT&playType=Tradition&prize_mode=Lott&code=lobby&pageBack=home',
      { language: 'EN' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/startLottery'));
    expect(router.state.location.search).toBe('?view=lobby&back=%2Fm%2Fhome');
    expect(Object.fromEntries(callsTo(fetchMock, LOTTERY_API_PATHS.launch)[0]!.searchParams)).toEqual({
      lottoView: 'lobby',
      lottoPrizeMode: 'Lott',
      backUrl: '/m/home',
      language: 'EN',
      playType: 'Tradition',
    });
    expect(callsTo(fetchMock, GAME_WALLET_API_PATHS.launchGame)).toHaveLength(0);
  });

  it('gives a trial account the free-trial refusal on a game without play money', async () => {
    signIn({ type: 4 });
    mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_WALLET_API_PATHS.launchGame]: refusal(403, 'auth.trial.refused'),
      },
    });
    renderApp('/m/launchGame?vendor=ALON&nodeId=3&gameType=RNG', { language: 'EN' });
    expect(await screen.findByTestId('launch-trial-refused')).toHaveTextContent(
      'Please login an actual account to use this function',
    );
  });

  it('says a game that is gone is not available, without a pointless retry', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_WALLET_API_PATHS.launchGame]: refusal(404, 'resource.not.found'),
      },
    });
    renderApp('/m/launchGame?vendor=ALON&nodeId=999&gameType=RNG', { language: 'EN' });
    const page = await screen.findByTestId('launch-unavailable');
    expect(page).toHaveTextContent('This game is not available');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a retry after a failure, and launches on it', async () => {
    signIn();
    let fail = true;
    mockApi({
      routes: {
        ...base,
        [GAME_API_PATHS.vendors]: vendorInfo,
        [GAME_WALLET_API_PATHS.launchGame]: () =>
          fail ? refusal(503, 'system.upstream.unavailable') : launched('/m/play/PLR-ISLA#token=t&back=%2Fm%2Fhome'),
      },
    });
    const { router } = renderApp('/m/launchGame?vendor=PLR&nodeId=12&gameType=INHOUSE', { language: 'EN' });
    expect(await screen.findByTestId('launch-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/play/PLR-ISLA'));
  });

  it('says a link without a game names none, and asks nothing', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { ...base } });
    renderApp('/m/launchGame?nodeId=3', { language: 'EN' });
    expect(await screen.findByTestId('launch-unavailable')).toHaveTextContent('This link does not name a game.');
    expect(callsTo(fetchMock, GAME_WALLET_API_PATHS.launchGame)).toHaveLength(0);
  });
});
