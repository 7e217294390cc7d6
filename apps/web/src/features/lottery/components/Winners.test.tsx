import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { LOTTERY_API_PATHS, type TWinnerBoard } from '@palaro/contract';
import { StartupContext } from '../../../shared/startup/context';
import { callsTo, mockApi, renderInRouter } from '../../../test/render';
import { startupResponse } from '../../../test/fixtures';
import { TICKER_STEP_MS, WinnerBoard, WinnerTicker } from './Winners';

function renderWith(ui: React.ReactElement, path: string, language?: 'EN' | 'TY') {
  return renderInRouter(
    <StartupContext.Provider value={startupResponse()}>{ui}</StartupContext.Provider>,
    path,
    language,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const board: TWinnerBoard = {
  winners: [
    {
      userName: 'ju***n',
      gameCode: 'SSC_1M',
      remark: '5D Lottery 1 min',
      numero: '20261126-0601',
      winAmount: 19_500_00,
      settledAt: 1,
    },
    {
      userName: 'ma***a',
      gameCode: 'PK10_1M',
      remark: 'PK10 Race 1 min',
      numero: '20261126-0600',
      winAmount: 975_00,
      settledAt: 2,
    },
  ],
};

describe('the winner board', () => {
  it('lists real wins as the server sorts them, names masked, ranked, with their amounts', async () => {
    const fetchMock = mockApi({ routes: { [LOTTERY_API_PATHS.winners]: board } });
    renderWith(<WinnerBoard gameCode="SSC_1M" />, '/m/startLottery', 'EN');
    const rows = await screen.findAllByTestId('lottery-winner');
    expect(rows.map((row) => within(row).getByTestId('lottery-winner-name').textContent)).toEqual(['ju***n', 'ma***a']);
    expect(within(rows[0]!).getByTestId('lottery-winner-amount').textContent).toBe('₱19,500.00');
    expect(rows[0]).toHaveTextContent('Rank 1');
    expect(Object.fromEntries(callsTo(fetchMock, LOTTERY_API_PATHS.winners)[0]!.searchParams)).toEqual({
      gameCode: 'SSC_1M',
      language: 'EN',
    });
  });

  it('says so when nobody has won yet, in Tagalog', async () => {
    mockApi({ routes: { [LOTTERY_API_PATHS.winners]: { winners: [] } } });
    renderWith(<WinnerBoard gameCode={null} />, '/m/lottery');
    expect(await screen.findByTestId('lottery-winners-empty')).toHaveTextContent('Wala pang nanalo');
  });

  it('shows an error with a retry when the board cannot load', async () => {
    mockApi({
      routes: {
        [LOTTERY_API_PATHS.winners]: {
          status: 500,
          body: { success: false, errorCode: 'server.error', message: 'boom' },
        },
      },
    });
    renderWith(<WinnerBoard gameCode={null} />, '/m/lottery', 'EN');
    expect(await screen.findByTestId('lottery-winners-error')).toBeInTheDocument();
  });
});

describe('the menu’s winner ticker', () => {
  it('shows one winner at a time, the next after each step, and opens the whole board', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ routes: { [LOTTERY_API_PATHS.winners]: board } });
    renderWith(<WinnerTicker />, '/m/lottery', 'EN');
    const line = await screen.findByTestId('lottery-ticker-line');
    expect(line).toHaveTextContent('ju***n won ₱19,500.00 on 5D Lottery 1 min');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TICKER_STEP_MS);
    });
    expect(screen.getByTestId('lottery-ticker-line')).toHaveTextContent('ma***a');
    fireEvent.click(screen.getByTestId('lottery-winner-ticker'));
    const sheet = await screen.findByTestId('lottery-winners-sheet');
    expect(await within(sheet).findAllByTestId('lottery-winner')).toHaveLength(2);
  });

  it('invites the first win when the board is empty', async () => {
    mockApi({ routes: { [LOTTERY_API_PATHS.winners]: { winners: [] } } });
    renderWith(<WinnerTicker />, '/m/lottery');
    expect(await screen.findByTestId('lottery-ticker-empty')).toHaveTextContent('ikaw na ang mauna');
  });
});
