import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { GAME_API_PATHS, LOTTERY_API_PATHS, STORAGE_KEYS, type TVendorInfo } from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/fixtures';
import { lotteryGame, lotteryMenu } from './test/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const fiveD = lotteryGame();
const fast3 = lotteryGame({
  gameId: 2,
  gameCode: 'K31',
  gameGroupCode: 'K3',
  family: 'K3',
  remark: 'Fast 3 1 min',
  remainTime: 5000,
  previousWinningNumber: '2,2,6',
});
const vn = lotteryGame({
  gameId: 3,
  gameCode: 'VNE5',
  gameGroupCode: 'VNE',
  family: 'VNE',
  remark: 'VN Lô Đề 5 min',
  isSale: false,
  previousWinningNumber: '04512,13380~11111',
});

/** The merchant sells electronic lottery: the prize mode is Elott (spec §4). */
const vendorInfo: TVendorInfo = {
  sorting: [
    {
      gameCategory: 'ELOTT',
      vendorNames: [
        {
          gameType: 'ELOTT',
          vassalage: 'PALARO_LOTTO',
          vendorName: 'Palaro Lotto',
          accountTypeName: '',
          logoUrl: '',
          hot: false,
          new: false,
          gameCount: 15,
        },
      ],
    },
  ],
  mapping: {},
};

function renderMenu(menu: unknown = lotteryMenu([fiveD, fast3, vn], ['SSC1', 'K31'])) {
  const fetchMock = mockApi({ routes: { [LOTTERY_API_PATHS.menu]: menu, [GAME_API_PATHS.vendors]: vendorInfo } });
  const view = renderApp('/m/lottery', { language: 'EN' });
  return { fetchMock, ...view };
}

describe('the lottery menu', () => {
  it('lists HOT with countdown, numero and the previous number as balls; a category tab lists its group', async () => {
    const { fetchMock } = renderMenu();
    const items = await screen.findAllByTestId('lottery-item');
    expect(items.map((item) => item.dataset.game)).toEqual(['SSC1', 'K31']);
    const first = within(items[0]!);
    expect(first.getByTestId('lottery-item-countdown').textContent).toMatch(/^0:4[0-2]$/);
    expect(first.getByTestId('lottery-item-numero').textContent).toBe('No. 20261126\u20110600');
    expect(first.getByTestId('lottery-item-previous').textContent).toBe('38106');
    // Fast 3 draws in 5 s: flagged near.
    expect(within(items[1]!).getByTestId('lottery-item-countdown').dataset.near).toBe('true');
    const menuCall = callsTo(fetchMock, LOTTERY_API_PATHS.menu)[0]!;
    expect(Object.fromEntries(menuCall.searchParams)).toEqual({ prizeMode: 'Elott', device: 'MOBILE', language: 'EN' });

    fireEvent.click(screen.getByTestId('lottery-tab-VNE'));
    const vnItem = within(screen.getByTestId('lottery-item'));
    expect(vnItem.getByTestId('lottery-item-countdown').textContent).toBe('--:--:--');
    // Split by ~, the first part's first number digit by digit.
    expect(vnItem.getByTestId('lottery-item-previous').textContent).toBe('0451213380');
  });

  it('asks a visitor to sign in for FAV; a member marks a heart and finds the game under FAV (LOTTFAV)', async () => {
    const visitor = renderMenu();
    await screen.findAllByTestId('lottery-item');
    fireEvent.click(screen.getByTestId('lottery-tab-FAV'));
    expect(screen.getByTestId('lottery-fav-login')).toBeTruthy();
    visitor.unmount();

    signIn({ userName: 'juan2024' });
    renderMenu();
    await screen.findAllByTestId('lottery-item');
    fireEvent.click(screen.getByTestId('lottery-tab-FAV'));
    expect(screen.getByTestId('lottery-empty').textContent).toContain('No favourites yet');
    fireEvent.click(screen.getByTestId('lottery-tab-HOT'));
    const heart = within(screen.getAllByTestId('lottery-item')[1]!).getByTestId('lottery-item-favourite');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lotteryFavourites)!)).toEqual({ juan2024: [2] });
    fireEvent.click(screen.getByTestId('lottery-tab-FAV'));
    expect(screen.getAllByTestId('lottery-item').map((item) => item.dataset.game)).toEqual(['K31']);
  });

  it('reloads 7 s after the answer once a draw is due (spec §4 refresh timer)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderMenu(lotteryMenu([lotteryGame({ remainTime: 0 })]));
    await screen.findAllByTestId('lottery-item');
    const before = callsTo(fetchMock, LOTTERY_API_PATHS.menu).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7100);
    });
    expect(callsTo(fetchMock, LOTTERY_API_PATHS.menu).length).toBeGreaterThan(before);
  });

  it('shows an error with retry when the menu fails', async () => {
    renderMenu({ status: 503, body: { success: false, errorCode: 'service.unavailable', message: 'down' } });
    expect(await screen.findByTestId('lottery-error')).toBeTruthy();
  });
});

describe('the jackpot counter (spec §4)', () => {
  it('starts at the default without a range, and adds 100–500 every 3, 4 or 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // random() = 0: every step adds 100 and waits 3 s.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderMenu();
    const value = await screen.findByTestId('lottery-jackpot-value');
    const amount = () => Number(value.textContent!.replace(/[₱,]/g, ''));
    const steps = () => Math.round((amount() - 25_839_768.89) * 100) / 10_000;
    expect(value.textContent).toMatch(/^₱25,8\d\d,\d\d\d\.89$/);
    expect(Number.isInteger(steps())).toBe(true);
    const first = steps();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(steps()).toBeGreaterThan(first);
    expect(Number.isInteger(steps())).toBe(true);
  });
});
