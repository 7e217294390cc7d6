import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  INHOUSE_API_PATHS,
  INHOUSE_SESSION_HEADER,
  MEMBER_TYPES,
  hashServerSeed,
  inhouseRoundPath,
  minesMultiplier,
  minesPayout,
  slotRoundFromSeeds,
  slotWinAmount,
  type TInhouseRoundDetail,
  type TInhouseRoundPage,
  type TMinesResult,
  type TSlotSpinResult,
} from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { signIn } from '../../test/fixtures';
import { fairness, minesRound, minesSession, slotSession } from './test/fixtures';

const SLOT_URL = '/m/play/PLR-INHOUSE-001#token=launch-slot&back=%2Fm%2FgameList%3FgameType%3DINHOUSE';
const MINES_URL = '/m/play/PLR-INHOUSE-002#token=launch-mines';

/** The player asked the system for less motion: rounds show without waiting on animation frames. */
function reduceMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the in-house game page', () => {
  it('says how to open a game when the link has no launch token, and exits home', async () => {
    mockApi();
    const { router } = renderApp('/m/play/PLR-INHOUSE-001', { language: 'EN' });
    expect(await screen.findByTestId('inhouse-no-launch')).toHaveTextContent('Open this game from the game list');
    expect(screen.queryByTestId('app-header')).toBeNull();
    fireEvent.click(screen.getByTestId('inhouse-exit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });

  it('takes the launch token off the address at once, opens the session with it, and finds it again on a reload', async () => {
    const fetchMock = mockApi({ routes: { [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession() } });
    const { router, unmount } = renderApp('/m/play/PLR-INHOUSE-001#token=launch-kept&back=%2Fm%2Fhome', {
      language: 'EN',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?back=%2Fm%2Fhome'));
    expect(router.state.location.hash).toBe('');
    expect(await screen.findByTestId('slot-spin')).toBeInTheDocument();
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.openSession).map((request) => request.body)).toEqual([
      { launchToken: 'launch-kept' },
    ]);
    unmount();
    sessionStorage.removeItem('palaro.inhouse.session.launch-kept');
    renderApp('/m/play/PLR-INHOUSE-001?back=%2Fm%2Fhome', { language: 'EN' });
    expect(await screen.findByTestId('slot-spin')).toBeInTheDocument();
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.openSession).map((request) => request.body)).toEqual([
      { launchToken: 'launch-kept' },
      { launchToken: 'launch-kept' },
    ]);
  });

  it('says the session has ended when the launch token is refused', async () => {
    mockApi({
      routes: {
        [`POST ${INHOUSE_API_PATHS.openSession}`]: {
          status: 401,
          body: { success: false, errorCode: 'inhouse.session.invalid', message: 'no' },
        },
      },
    });
    renderApp(SLOT_URL, { language: 'EN' });
    expect(await screen.findByTestId('inhouse-open-error')).toHaveTextContent('This game session has ended');
  });
});

describe('Palaro Isla Slots', () => {
  it('opens the session with the launch token, moves the bet along the server steps and exits to pageBack', async () => {
    const fetchMock = mockApi({
      routes: { [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession({ betSteps: [100, 200, 500] }) },
    });
    const { router } = renderApp(SLOT_URL, { language: 'EN' });
    expect(await screen.findByTestId('inhouse-balance')).toHaveTextContent('₱2,000.00');
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.openSession)[0]!.body).toEqual({ launchToken: 'launch-slot' });
    expect(window.sessionStorage.getItem('palaro.inhouse.session.launch-slot')).toBe('S'.repeat(43));
    const value = screen.getByTestId('inhouse-bet-value');
    expect(value).toHaveTextContent('₱1.00');
    expect(screen.getByTestId('inhouse-bet-lower')).toBeDisabled();
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    expect(value).toHaveTextContent('₱5.00');
    expect(screen.getByTestId('inhouse-bet-higher')).toBeDisabled();
    fireEvent.click(screen.getByTestId('inhouse-exit'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/m/gameList?gameType=INHOUSE'),
    );
  });

  it('switches the language inside the game, staying in it', async () => {
    mockApi({ routes: { [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession() } });
    const { router } = renderApp(SLOT_URL, { language: 'TY' });
    fireEvent.click(await screen.findByTestId('language-toggle'));
    fireEvent.click(await screen.findByTestId('language-option-EN'));
    await waitFor(() => expect(screen.getByTestId('inhouse-exit')).toHaveTextContent('Exit'));
    expect(router.state.location.pathname).toBe('/m/play/PLR-INHOUSE-001');
  });

  it('marks a trial member’s balance in the game as play money', async () => {
    signIn({ type: MEMBER_TYPES.trial });
    mockApi({ routes: { [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession() } });
    renderApp(SLOT_URL, { language: 'EN' });
    expect(
      await within(await screen.findByTestId('inhouse-balance-box')).findByTestId('play-money-badge'),
    ).toHaveTextContent('Demo');
  });

  it('refuses a bet above the balance before asking the server, and offers a bet the balance pays', async () => {
    const fetchMock = mockApi({
      routes: { [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession({ balance: 350, betSteps: [100, 200, 500] }) },
    });
    renderApp(SLOT_URL, { language: 'EN' });
    await screen.findByTestId('slot-spin');
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    fireEvent.click(screen.getByTestId('slot-spin'));
    expect(await screen.findByTestId('inhouse-funds')).toHaveTextContent(
      'Not enough balance for a ₱5.00 bet (balance ₱3.50).',
    );
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.slotSpin)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('inhouse-funds-lower'));
    expect(screen.getByTestId('inhouse-bet-value')).toHaveTextContent('₱2.00');
    expect(screen.queryByTestId('inhouse-funds')).toBeNull();
  });

  it('spins: the session token goes with the bet, the win is shown and the balance becomes the server’s', async () => {
    reduceMotion();
    const serverSeed = '5a'.repeat(32);
    // A nonce whose round wins something, so the win shows.
    let nonce = 0;
    let outcome = await slotRoundFromSeeds({ serverSeed, clientSeed: 'lucky-seed', nonce });
    while (outcome.lineBets === 0 || outcome.freeSpins.length > 0) {
      nonce += 1;
      outcome = await slotRoundFromSeeds({ serverSeed, clientSeed: 'lucky-seed', nonce });
    }
    const win = slotWinAmount(100, outcome.lineBets);
    const answer: TSlotSpinResult = {
      round: {
        roundId: 'SLOT-1',
        gameCode: 'PLR-INHOUSE-001',
        bet: 100,
        win,
        outcome,
        seeds: { serverSeedHash: await hashServerSeed(serverSeed), clientSeed: 'lucky-seed', nonce, serverSeed: null },
        settlement: 'settled',
        createdAt: '2026-11-26T05:00:00Z',
      },
      balance: 200_000 - 100 + win,
      fairness: fairness({ nextNonce: nonce + 1 }),
    };
    const fetchMock = mockApi({
      routes: {
        [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession(),
        [`POST ${INHOUSE_API_PATHS.slotSpin}`]: answer,
      },
    });
    renderApp(SLOT_URL, { language: 'EN' });
    fireEvent.click(await screen.findByTestId('slot-spin'));
    await waitFor(() => expect(screen.getByTestId('slot-win')).toHaveAttribute('data-amount', String(win)));
    const spin = requestsTo(fetchMock, INHOUSE_API_PATHS.slotSpin)[0]!;
    expect(spin.body).toEqual({ bet: 100 });
    expect(spin.headers[INHOUSE_SESSION_HEADER]).toBe('S'.repeat(43));
    await waitFor(() =>
      expect(screen.getByTestId('inhouse-balance')).toHaveTextContent(
        `₱${((200_000 - 100 + win) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      ),
    );
    expect(screen.getByTestId('slot-spin')).toBeEnabled();
  });

  it('shows the paytable with the stated return to player', async () => {
    mockApi({ routes: { [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession() } });
    renderApp(SLOT_URL, { language: 'EN' });
    fireEvent.click(await screen.findByTestId('inhouse-open-rules'));
    const sheet = await screen.findByTestId('inhouse-rules');
    expect(within(sheet).getByTestId('inhouse-rtp')).toHaveTextContent('Return to player (RTP)96.13%');
    expect(within(sheet).getAllByTestId('slot-pay-row')).toHaveLength(8);
    expect(within(sheet).getAllByTestId('slot-pay-row')[0]!.textContent).toBe('Philippine Eagle5×5004×1203×30');
  });
});

describe('Palaro Mines', () => {
  it('brings an open round back after a reload: the kept session, the gems found, the cash-out amount', async () => {
    window.sessionStorage.setItem('palaro.inhouse.session.launch-mines', 'M'.repeat(43));
    const open = minesRound({
      revealed: [6, 18],
      multiplier: minesMultiplier(3, 2),
      nextMultiplier: minesMultiplier(3, 3),
      payout: minesPayout(1000, minesMultiplier(3, 2)),
    });
    const fetchMock = mockApi({
      routes: { [`GET ${INHOUSE_API_PATHS.session}`]: minesSession({ currentRound: open }) },
    });
    renderApp(MINES_URL, { language: 'EN' });
    const cashOut = await screen.findByTestId('mines-cashout');
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.openSession)).toHaveLength(0);
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.session)[0]!.headers[INHOUSE_SESSION_HEADER]).toBe('M'.repeat(43));
    const cells = screen.getAllByTestId('mines-cell');
    expect(cells.filter((cell) => cell.dataset.view === 'gem').map((cell) => cell.dataset.cell)).toEqual(['6', '18']);
    expect(cells[6]).toHaveAccessibleName('Row 2, column 2: gem');
    expect(cashOut).toHaveTextContent(`Cash out₱${(open.payout / 100).toFixed(2)}`);
    expect(screen.getByTestId('mines-multiplier')).toHaveTextContent(`×${(open.multiplier / 10_000).toFixed(2)}`);
    // The bet and the mines stay as the round has them while it is open.
    expect(screen.getByTestId('mines-count-3')).toBeDisabled();
    expect(screen.getByTestId('inhouse-bet-value')).toHaveTextContent('₱10.00');
  });

  it('keeps the cashed-out round on the meter until a new round starts', async () => {
    window.sessionStorage.setItem('palaro.inhouse.session.launch-mines', 'M'.repeat(43));
    const open = minesRound({
      revealed: [6],
      multiplier: minesMultiplier(3, 1),
      nextMultiplier: minesMultiplier(3, 2),
      payout: minesPayout(1000, minesMultiplier(3, 1)),
    });
    const cashedOut = { ...open, status: 'cashed_out' as const, nextMultiplier: null, mineCells: [4, 12, 20] };
    mockApi({
      routes: {
        [`GET ${INHOUSE_API_PATHS.session}`]: minesSession({ currentRound: open }),
        [`POST ${INHOUSE_API_PATHS.minesCashout}`]: {
          round: cashedOut,
          balance: 201_100,
          fairness: fairness({ nextNonce: 6 }),
        },
      },
    });
    renderApp(MINES_URL, { language: 'EN' });
    fireEvent.click(await screen.findByTestId('mines-cashout'));
    expect(await screen.findByTestId('mines-result')).toHaveAttribute('data-status', 'cashed_out');
    expect(screen.getByTestId('mines-multiplier')).toHaveTextContent(`×${(open.multiplier / 10_000).toFixed(2)}`);
    expect(screen.getByTestId('mines-gems-left')).toHaveTextContent('21');
  });

  it('opens a kept session the server forgot with the launch token again', async () => {
    window.sessionStorage.setItem('palaro.inhouse.session.launch-mines', 'X'.repeat(43));
    const fetchMock = mockApi({
      routes: {
        [`GET ${INHOUSE_API_PATHS.session}`]: {
          status: 401,
          body: { success: false, errorCode: 'inhouse.session.invalid', message: 'gone' },
        },
        [`POST ${INHOUSE_API_PATHS.openSession}`]: minesSession(),
      },
    });
    renderApp(MINES_URL, { language: 'EN' });
    await screen.findByTestId('mines-start');
    // No gem yet: no multiplier to show, not a ×0.00 that reads as a loss.
    expect(screen.getByTestId('mines-multiplier')).toHaveTextContent('—');
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.openSession)).toHaveLength(1);
    expect(window.sessionStorage.getItem('palaro.inhouse.session.launch-mines')).toBe('M'.repeat(43));
  });

  it('plays a round: start, a gem, a mine — every mine shown, the round lost', async () => {
    const started = minesRound();
    const afterGem = minesRound({
      revealed: [0],
      multiplier: minesMultiplier(3, 1),
      nextMultiplier: minesMultiplier(3, 2),
      payout: minesPayout(1000, minesMultiplier(3, 1)),
    });
    const lost = minesRound({
      revealed: [0, 12],
      status: 'lost',
      nextMultiplier: null,
      payout: 0,
      mineCells: [4, 12, 20],
    });
    const answers: TMinesResult[] = [
      { round: started, balance: 199_000, fairness: fairness({ nextNonce: 5 }) },
      { round: afterGem, balance: null, fairness: fairness({ nextNonce: 5 }) },
      { round: lost, balance: 199_000, fairness: fairness({ nextNonce: 5 }) },
    ];
    const fetchMock = mockApi({
      routes: {
        [`POST ${INHOUSE_API_PATHS.openSession}`]: minesSession(),
        [`POST ${INHOUSE_API_PATHS.minesStart}`]: answers[0],
        [`POST ${INHOUSE_API_PATHS.minesReveal}`]: () =>
          requestsTo(fetchMock, INHOUSE_API_PATHS.minesReveal).length === 1 ? answers[1] : answers[2],
      },
    });
    renderApp(MINES_URL, { language: 'EN' });
    fireEvent.click(await screen.findByTestId('mines-count-3'));
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    fireEvent.click(screen.getByTestId('inhouse-bet-higher'));
    fireEvent.click(screen.getByTestId('mines-start'));
    await screen.findByTestId('mines-cashout');
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.minesStart)[0]!.body).toEqual({ bet: 1000, mines: 3 });
    expect(screen.getByTestId('inhouse-balance')).toHaveTextContent('₱1,990.00');
    expect(screen.getByTestId('mines-cashout')).toBeDisabled();

    fireEvent.click(screen.getAllByTestId('mines-cell')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('mines-cell')[0]).toHaveAttribute('data-view', 'gem'));
    expect(screen.getByTestId('mines-cashout')).toBeEnabled();

    fireEvent.click(screen.getAllByTestId('mines-cell')[12]!);
    expect(await screen.findByTestId('mines-result')).toHaveAttribute('data-status', 'lost');
    const views = screen.getAllByTestId('mines-cell').map((cell) => cell.dataset.view);
    expect(views[12]).toBe('mine-hit');
    expect([views[4], views[20]]).toEqual(['mine', 'mine']);
    expect(views.filter((view) => view === 'gem-left')).toHaveLength(21);
    expect(screen.getByTestId('mines-start')).toBeEnabled();
  });
});

describe('fairness and verify', () => {
  it('rotates the seed and shows the revealed one; a round verifies ✓, and another nonce does not', async () => {
    const serverSeed = '77'.repeat(32);
    const serverSeedHash = await hashServerSeed(serverSeed);
    const outcome = await slotRoundFromSeeds({ serverSeed, clientSeed: 'lucky-seed', nonce: 0 });
    const detail: TInhouseRoundDetail = {
      slot: {
        roundId: 'SLOT-9',
        gameCode: 'PLR-INHOUSE-001',
        bet: 200,
        win: slotWinAmount(200, outcome.lineBets),
        outcome,
        seeds: { serverSeedHash, clientSeed: 'lucky-seed', nonce: 0, serverSeed },
        settlement: 'settled',
        createdAt: '2026-11-26T05:00:00Z',
      },
      mines: null,
    };
    const page: TInhouseRoundPage = {
      rounds: [
        {
          roundId: 'SLOT-9',
          gameCode: 'PLR-INHOUSE-001',
          bet: 200,
          win: detail.slot!.win,
          status: 'settled',
          nonce: 0,
          serverSeedHash,
          revealed: true,
          createdAt: '2026-11-26T05:00:00Z',
        },
      ],
      pageNum: 1,
      totalPages: 1,
    };
    const fetchMock = mockApi({
      routes: {
        [`POST ${INHOUSE_API_PATHS.openSession}`]: slotSession({
          fairness: fairness({ serverSeedHash, nextNonce: 1 }),
        }),
        [`POST ${INHOUSE_API_PATHS.rotateSeed}`]: {
          revealed: { serverSeed, serverSeedHash, clientSeed: 'lucky-seed', roundCount: 1 },
          fairness: fairness({
            serverSeedHash: 'b'.repeat(64),
            clientSeed: 'my-own-seed',
            nextNonce: 0,
            previous: { serverSeed, serverSeedHash, clientSeed: 'lucky-seed', roundCount: 1 },
          }),
        },
        [`GET ${INHOUSE_API_PATHS.rounds}`]: page,
        [`GET ${inhouseRoundPath('SLOT-9')}`]: detail,
      },
    });
    renderApp(SLOT_URL, { language: 'EN' });
    fireEvent.click(await screen.findByTestId('inhouse-open-fairness'));
    const panel = await screen.findByTestId('fairness-panel');
    expect(within(panel).getByTestId('fair-server-hash')).toHaveTextContent(serverSeedHash);
    fireEvent.change(within(panel).getByTestId('fair-client-seed'), { target: { value: 'has space' } });
    expect(within(panel).getByTestId('fair-rotate')).toBeDisabled();
    fireEvent.change(within(panel).getByTestId('fair-client-seed'), { target: { value: 'my-own-seed' } });
    fireEvent.click(within(panel).getByTestId('fair-rotate'));
    expect(await within(panel).findByTestId('fair-revealed-seed')).toHaveTextContent(serverSeed);
    expect(requestsTo(fetchMock, INHOUSE_API_PATHS.rotateSeed)[0]!.body).toEqual({ clientSeed: 'my-own-seed' });
    expect(within(panel).getByTestId('fair-server-hash')).toHaveTextContent('b'.repeat(64));

    fireEvent.click(within(panel).getByTestId('fair-show-rounds'));
    const roundItem = await screen.findByTestId('round-item');
    // One date style everywhere: the records' month-name date in the merchant's zone (13:00 in Manila), never day/month digits.
    expect(roundItem).toHaveTextContent('Nov 26, 2026, 1:00 PM');
    fireEvent.click(roundItem);
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-ok', 'true');
    expect(result).toHaveTextContent('Match — this round was fair');

    fireEvent.change(screen.getByTestId('verify-nonce'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('verify-run'));
    await waitFor(() => expect(screen.getByTestId('verify-result')).toHaveAttribute('data-ok', 'false'));
    expect(screen.getByTestId('verify-check-hash')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('verify-check-outcome')).toHaveAttribute('data-ok', 'false');
  });
});
