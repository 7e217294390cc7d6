import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_API_PATHS, type TGameTypes } from '@palaro/contract';
import { heldAnswer, mockApi, renderApp } from '../../test/render';

const gameTypes: TGameTypes = {
  list: [
    { gameType: 'SPORTS', gameCount: 3, vendorCount: 1, listed: true, classifications: [] },
    { gameType: 'RNG', gameCount: 200, vendorCount: 4, listed: true, classifications: ['JACKPOT'] },
    { gameType: 'INHOUSE', gameCount: 2, vendorCount: 1, listed: true, classifications: [] },
    { gameType: 'ELOTT', gameCount: 6, vendorCount: 1, listed: false, classifications: [] },
    { gameType: 'LOTT', gameCount: 1, vendorCount: 1, listed: false, classifications: [] },
  ],
};

describe('the game lobby', () => {
  it('shows each category the merchant offers as a counted tile leading to its list; the lottery to the lottery, no e-lottery', async () => {
    mockApi({ routes: { [GAME_API_PATHS.gameTypes]: gameTypes } });
    renderApp('/m/gameCenter', { language: 'EN' });
    const tiles = within(await screen.findByTestId('lobby-categories')).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/m/gameList?gameType=SPORTS',
      '/m/gameList?gameType=RNG',
      '/m/gameList?gameType=INHOUSE',
      '/m/lottery',
    ]);
    expect(tiles[1]).toHaveTextContent('Slots200 games · 4 providers');
    expect(tiles[3]).toHaveTextContent('Lottery1 game · 1 provider');
  });

  it('shows skeleton tiles, then a retry after a failure', async () => {
    let fail = true;
    // The failure answers once the skeleton has been seen: it shows while the call is under way.
    const failure = heldAnswer<unknown>();
    mockApi({ routes: { [GAME_API_PATHS.gameTypes]: () => (fail ? failure.route() : gameTypes) } });
    renderApp('/m/gameLobby', { language: 'EN' });
    expect(await screen.findByTestId('lobby-loading')).toBeInTheDocument();
    failure.give({ status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } });
    expect(await screen.findByTestId('lobby-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('lobby-categories')).toBeInTheDocument());
  });

  it('makes the slots centre the RNG list with its providers', async () => {
    mockApi({
      routes: {
        [GAME_API_PATHS.gameTypes]: gameTypes,
        [GAME_API_PATHS.vendors]: {
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
                  gameCount: 1,
                },
                {
                  gameType: 'RNG',
                  vassalage: 'BITUIN',
                  vendorName: 'Bituin Slots',
                  accountTypeName: 'Bituin',
                  logoUrl: '',
                  hot: false,
                  new: false,
                  gameCount: 1,
                },
              ],
            },
          ],
          mapping: {},
        },
        [GAME_API_PATHS.games]: { games: [], pageNum: 1, totalPages: 0, totalCount: 0 },
      },
    });
    renderApp('/m/slotsCenter', { language: 'EN' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Slots' })).toBeInTheDocument();
    expect(await screen.findByTestId('game-vendor-BITUIN')).toHaveTextContent('Bituin Slots');
    expect(screen.getByTestId('game-classify-NEW')).toBeInTheDocument();
  });
});
