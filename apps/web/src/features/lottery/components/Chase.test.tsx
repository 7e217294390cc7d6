import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TChase, TLotteryBet } from '@palaro/contract';
import { StartupContext } from '../../../shared/startup/context';
import { renderInRouter } from '../../../test/render';
import { startupResponse } from '../../../test/fixtures';
import { DEFAULT_CHASE_PLAN, type ChasePlan } from '../lib/chasePlan';
import { ChasePanel, MyChasesList } from './Chase';
import { MyBetsList } from './History';

function renderWith(ui: React.ReactElement, language: 'EN' | 'TY' = 'EN') {
  return renderInRouter(
    <StartupContext.Provider value={startupResponse()}>{ui}</StartupContext.Provider>,
    '/m/startLottery',
    language,
  );
}

function Panel({ slipStake }: { slipStake: number }) {
  const [on, setOn] = useState(false);
  const [plan, setPlan] = useState<ChasePlan>(DEFAULT_CHASE_PLAN);
  return <ChasePanel on={on} onToggle={setOn} plan={plan} onChange={setPlan} slipStake={slipStake} maxDraws={120} />;
}

describe('chasing', () => {
  it('explains the plan: quick draw counts, doubling, the total and what is taken now', () => {
    renderWith(<Panel slipStake={800} />);
    expect(screen.queryByTestId('lottery-chase-total')).toBeNull();
    fireEvent.click(screen.getByTestId('lottery-chase-toggle'));
    // Default: 10 draws at ×1, stop after a win.
    expect(screen.getByTestId('lottery-chase-total')).toHaveTextContent('Total for 10 draws₱80.00');
    expect(screen.getByTestId('lottery-chase-stop')).toBeChecked();
    fireEvent.click(screen.getByTestId('lottery-chase-draws-5'));
    fireEvent.click(screen.getByTestId('lottery-chase-double'));
    expect(screen.getByTestId('lottery-chase-total')).toHaveTextContent('₱80.00');
    expect(
      within(screen.getByTestId('lottery-chase-preview'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Draw 1×1₱8.00', 'Draw 2×1₱8.00', 'Draw 3×2₱16.00', 'Draw 4×2₱16.00', 'Draw 5×4₱32.00']);
    expect(screen.getByTestId('lottery-chase-note')).toHaveTextContent('Only the first draw, ₱8.00, is taken now');
    fireEvent.change(screen.getByTestId('lottery-chase-draws'), { target: { value: '500' } });
    expect(screen.getByTestId('lottery-chase-draws')).toHaveValue('120');
  });
});

const chaseDraw = (
  seq: number,
  state: TChase['draws'][number]['state'],
  betState: TChase['draws'][number]['betState'] = null,
) => ({
  seq,
  numero: `20261126-${String(600 + seq).padStart(4, '0')}`,
  drawsAt: seq,
  multiplier: 1,
  stake: 800,
  state,
  betState,
  winAmount: 0,
  placedAt: null,
});
const chase: TChase = {
  chaseId: '7',
  gameCode: 'SSC1',
  bets: [{ betType: 'SSC_FIXED', picks: [[1, 2]], combinations: 2, unitStake: 100, multiplier: 1 }],
  slipStake: 800,
  prizeGroup: 1950,
  stopOnWin: true,
  state: 'active',
  stopReason: null,
  totalStake: 3200,
  debited: 1600,
  won: 0,
  createdAt: 1,
  endedAt: null,
  draws: [
    chaseDraw(1, 'placed', 'lost'),
    chaseDraw(2, 'placed', 'pending'),
    chaseDraw(3, 'waiting'),
    chaseDraw(4, 'waiting'),
  ],
};

describe('my chases', () => {
  it('shows each draw’s state and cancels the rest after asking', async () => {
    const onCancel = vi.fn(async () => {});
    renderWith(<MyChasesList chases={[chase]} betTypes={[]} onCancel={onCancel} cancelling={false} />);
    const card = screen.getByTestId('lottery-chasecard');
    expect(card).toHaveTextContent('2 of 4 draws placed');
    fireEvent.click(within(card).getByTestId('lottery-chase-draws-toggle'));
    expect(screen.getAllByTestId('lottery-chase-draw').map((row) => row.lastElementChild?.textContent)).toEqual([
      'Lost',
      'Placed',
      'Waiting',
      'Waiting',
    ]);
    fireEvent.click(within(card).getByTestId('lottery-chase-cancel'));
    expect(screen.getByTestId('lottery-chase-cancel-confirm')).toHaveTextContent(
      'The 2 draws still waiting will not be bet',
    );
    fireEvent.click(screen.getByTestId('lottery-chase-cancel-ok'));
    await waitFor(() => expect(onCancel).toHaveBeenCalledWith(chase));
    await waitFor(() => expect(screen.queryByTestId('lottery-chase-cancel-confirm')).toBeNull());
  });

  it('has no cancel once the chase has ended, and says why it stopped (Tagalog)', () => {
    renderWith(
      <MyChasesList
        chases={[{ ...chase, state: 'stopped', stopReason: 'balance' }]}
        betTypes={[]}
        onCancel={vi.fn()}
        cancelling={false}
      />,
      'TY',
    );
    expect(screen.getByTestId('lottery-chasecard')).toHaveTextContent('Huminto: kulang ang balanse');
    expect(screen.queryByTestId('lottery-chase-cancel')).toBeNull();
  });
});

const bet = (betId: string, overrides: Partial<TLotteryBet> = {}): TLotteryBet => ({
  betId,
  gameCode: 'SSC1',
  numero: '20261126-0601',
  betType: 'SSC_FIXED',
  picks: [[1]],
  combinations: 1,
  unitStake: 100,
  multiplier: 1,
  stake: 100,
  prizeGroup: 1950,
  state: 'pending',
  winAmount: 0,
  placedAt: 1,
  settledAt: null,
  winningNumber: '',
  slipReference: 'S1',
  chaseId: null,
  cancellable: true,
  ...overrides,
});

describe('cancel before lock', () => {
  it('offers a bet alone or its whole slip, only while the server says it can be cancelled', async () => {
    const onCancel = vi.fn(async () => {});
    const bets = [bet('1'), bet('2', { stake: 300 }), bet('3', { cancellable: false, state: 'won', winAmount: 195 })];
    renderWith(<MyBetsList bets={bets} betTypes={[]} onCancel={onCancel} cancelling={false} />);
    expect(screen.getAllByTestId('lottery-mybet-cancel')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('lottery-mybet-cancel')[0]!);
    expect(screen.getByTestId('lottery-cancel-confirm')).toHaveTextContent('₱1.00 comes back to your balance');
    expect(screen.getByTestId('lottery-cancel-slip')).toHaveTextContent('Cancel the whole slip (2 bets) · ₱4.00');
    fireEvent.click(screen.getByTestId('lottery-cancel-slip'));
    await waitFor(() => expect(onCancel).toHaveBeenCalledWith(['1', '2']));
  });
});
