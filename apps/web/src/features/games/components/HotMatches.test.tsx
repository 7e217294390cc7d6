import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, GAME_API_PATHS, TIMING_MS, type THotMatch, type TVendorInfo } from '@palaro/contract';
import { StartupContext } from '../../../shared/startup/context';
import { mockApi, renderApp, renderInRouter } from '../../../test/render';
import { announcements, loginResult, memberInfo, signIn, startupResponse } from '../../../test/fixtures';
import { HotMatchCarousel } from './HotMatches';

function match(id: number, homeTeam: string, awayTeam: string, over: Partial<THotMatch> = {}): THotMatch {
  return {
    id,
    matchTime: '2026-11-26T10:58:00.000Z',
    league: 'Manila Hoops League',
    homeTeam,
    awayTeam,
    homeTeamImageUrl: `/media/games/teams/${id}-home.svg`,
    awayTeamImageUrl: `/media/games/teams/${id}-away.svg`,
    vendor: 'PSB',
    roomId: `PSB-ROOM-${id}`,
    nodeId: id,
    ...over,
  };
}
const three = [
  match(1, 'Pasig Carabaos', 'Cebu Marlins'),
  match(2, 'Iloilo Sharks', 'Bohol Tarsiers'),
  match(3, 'Quezon Eagles', 'Davao Durians'),
];

function renderCarousel(matches: THotMatch[], onOpen = vi.fn()) {
  const rendered = renderInRouter(
    <StartupContext.Provider value={startupResponse()}>
      <HotMatchCarousel matches={matches} onOpen={onOpen} />
    </StartupContext.Provider>,
    '/m/home',
    'EN',
  );
  const carousel = screen.getByTestId('hot-matches');
  const track = screen.getByTestId('hot-matches-track');
  return { ...rendered, onOpen, active: () => Number(carousel.dataset.activeIndex), track };
}

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('the hot-match carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays every 5 s with a 500 ms slide and loops from the last match back to the first', () => {
    vi.useFakeTimers();
    reduceMotion(false);
    const { active, track } = renderCarousel(three);
    expect(active()).toBe(0);
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay - 1));
    expect(active()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(active()).toBe(1);
    expect(track.style.transition).toContain(`${TIMING_MS.hotMatchSpeed}ms`);
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay));
    expect(active()).toBe(2);
    // From the last it slides on to the copy of the first, then stands on the real first, unanimated.
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay));
    expect(active()).toBe(0);
    expect(track.style.transform).toContain('-400%');
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchSpeed));
    expect(track.style.transform).toContain('-100%');
    expect(track.style.transition).toBe('none');
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay));
    expect(active()).toBe(1);
  });

  it('asks for the badges of the match shown and its neighbours only, and keeps each once asked for', () => {
    vi.useFakeTimers();
    reduceMotion(false);
    const five = [...three, match(4, 'Baguio Pines', 'Zamboanga Waves'), match(5, 'Team Bagyo', 'Kidlat Gaming')];
    renderCarousel(five);
    const badgesAskedFor = () =>
      new Set(
        [...document.querySelectorAll<HTMLImageElement>('.hm__badge[src]')].map((badge) => badge.getAttribute('src')),
      );
    const badgesOf = (...ids: number[]) =>
      ids.flatMap((id) => [`/media/games/teams/${id}-home.svg`, `/media/games/teams/${id}-away.svg`]);
    expect(badgesAskedFor()).toEqual(new Set(badgesOf(5, 1, 2)));
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay));
    expect(badgesAskedFor()).toEqual(new Set(badgesOf(5, 1, 2, 3)));
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay * 2));
    expect(badgesAskedFor()).toEqual(new Set(badgesOf(5, 1, 2, 3, 4)));
    // Every slide keeps its place: a badge not asked for yet is an empty box of the badge's size.
    for (const slide of screen.getAllByTestId('hot-match-slide'))
      expect(slide.querySelectorAll('.hm__badge')).toHaveLength(2);
  });

  it('neither plays nor loops with a single match', () => {
    vi.useFakeTimers();
    reduceMotion(false);
    const { active, track } = renderCarousel([three[0]!]);
    expect(screen.getAllByTestId('hot-match-slide')).toHaveLength(1);
    expect(track.children).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay * 4));
    expect(active()).toBe(0);
    expect(track.style.transform).toContain('calc(0% + 0px)');
    fireEvent.keyDown(screen.getByTestId('hot-match-open'), { key: 'ArrowDown' });
    expect(active()).toBe(0);
  });

  it('shows each match’s kick-off as MM/DD HH:mm in the merchant’s time zone, with both teams and their badges', () => {
    reduceMotion(false);
    renderCarousel([match(1, 'Pasig Carabaos', 'Cebu Marlins', { matchTime: '2026-11-26T16:05:00.000Z' })]);
    const slide = screen.getByTestId('hot-match-slide');
    // 16:05 UTC is 00:05 the next day in Manila.
    expect(slide).toHaveTextContent('Pasig Carabaos11/27 00:05VSCebu Marlins');
    expect(slide.querySelectorAll('img')).toHaveLength(2);
    expect(screen.getByTestId('hot-match-open')).toHaveAccessibleName(
      'Pasig Carabaos versus Cebu Marlins, 11/27 00:05: see the match',
    );
  });

  it('does not play by itself with reduced motion; keys and swipes still change the match, at once', () => {
    vi.useFakeTimers();
    reduceMotion(true);
    const { active, track } = renderCarousel(three);
    act(() => vi.advanceTimersByTime(TIMING_MS.hotMatchAutoplay * 3));
    expect(active()).toBe(0);
    fireEvent.keyDown(screen.getByTestId('hot-match-open'), { key: 'ArrowDown' });
    expect(active()).toBe(1);
    expect(track.style.transition).toBe('none');
    fireEvent.keyDown(screen.getByTestId('hot-match-open'), { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByTestId('hot-match-open'), { key: 'ArrowUp' });
    expect(active()).toBe(2);
  });

  it('opens the match shown on a tap, and a swipe up shows the next one without opening it', () => {
    reduceMotion(false);
    const { active, onOpen } = renderCarousel(three);
    const carousel = screen.getByTestId('hot-matches');
    fireEvent.touchStart(carousel, { touches: [{ clientX: 100, clientY: 60 }] });
    fireEvent.touchMove(carousel, { touches: [{ clientX: 102, clientY: 20 }] });
    fireEvent.touchEnd(carousel, { touches: [] });
    fireEvent.click(screen.getByTestId('hot-match-open'));
    expect(active()).toBe(1);
    expect(onOpen).not.toHaveBeenCalled();
    return waitFor(() => {
      fireEvent.click(screen.getByTestId('hot-match-open'));
      expect(onOpen).toHaveBeenCalledWith(three[1]);
    });
  });
});

describe('the hot-match popup', () => {
  const vendorInfo: TVendorInfo = {
    sorting: [
      {
        gameCategory: 'ESPORTS',
        vendorNames: [
          {
            gameType: 'ESPORTS',
            vassalage: 'TF',
            vendorName: 'TF E-Sports',
            accountTypeName: 'E-Sports',
            logoUrl: '',
            hot: false,
            new: false,
            gameCount: 3,
          },
        ],
      },
    ],
    mapping: {},
  };
  const esports = match(7, 'Team Bagyo', 'Kidlat Gaming', {
    league: 'Archipelago E-Sports Series',
    vendor: 'TF',
    roomId: 'TF-AES-3001',
    nodeId: 301,
  });
  const routes = {
    [GAME_API_PATHS.vendors]: vendorInfo,
    [GAME_API_PATHS.hotGames]: { games: [] },
    [GAME_API_PATHS.hotMatches]: { list: [esports, three[0]!] },
  };

  it('shows league, teams, badges and kick-off; its bet button launches the match with its roomId, no choice asked', async () => {
    signIn();
    mockApi({
      announcements: announcements(),
      routes: { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult(), ...routes },
    });
    const { router } = renderApp('/m/home', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('hot-match-open'));
    const popup = await screen.findByTestId('hot-match-popup');
    expect(within(popup).getByRole('heading', { name: 'Archipelago E-Sports Series' })).toBeInTheDocument();
    expect(within(popup).getByTestId('hot-match-popup-home')).toHaveTextContent('Team Bagyo');
    expect(within(popup).getByTestId('hot-match-popup-away')).toHaveTextContent('Kidlat Gaming');
    expect(within(popup).getByTestId('hot-match-popup-time')).toHaveTextContent('Kick-off 11/26 18:58');
    expect(popup.querySelectorAll('img')).toHaveLength(2);
    await screen.findByTestId('popular-tab-ESPORTS');
    fireEvent.click(within(popup).getByTestId('hot-match-bet'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/launchGame'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      vendor: 'TF',
      gameId: 'TF-AES-3001',
      nodeId: '301',
      gameType: 'ESPORTS',
      pageBack: '/m/home',
    });
  });

  it('sends a guest’s bet to sign-in', async () => {
    mockApi({ announcements: announcements(), routes });
    const { router } = renderApp('/m/home', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('hot-match-open'));
    fireEvent.click(within(await screen.findByTestId('hot-match-popup')).getByTestId('hot-match-bet'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('hides the carousel without matches and offers a retry when they fail', async () => {
    let fail = true;
    mockApi({
      announcements: announcements(),
      routes: {
        ...routes,
        [GAME_API_PATHS.hotMatches]: () =>
          fail ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } } : { list: [] },
      },
    });
    renderApp('/m/home', { language: 'EN' });
    const error = await screen.findByTestId('hot-matches-error');
    expect(error).toHaveTextContent('The hot matches did not load.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('hot-matches-error')).not.toBeInTheDocument());
    expect(screen.queryByTestId('hot-matches')).not.toBeInTheDocument();
    expect(screen.queryByTestId('hot-matches-loading')).not.toBeInTheDocument();
  });
});
