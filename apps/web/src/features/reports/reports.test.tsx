import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  type TAccountRecords,
  type TDepositOrder,
  type TDepositRecords,
  type TProfitAndLoss,
} from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';
import { parseTypesParam, toggleType } from './AccountRecordsScreen';
import { netTone } from './ProfitLossScreen';

const base = { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() };
const records = (over: Partial<TAccountRecords> = {}): TAccountRecords => ({
  list: [
    {
      id: 'r1',
      type: 'deposit',
      amount: 50_000,
      balanceAfter: 150_000,
      time: '2026-01-01T16:30:00Z',
      reference: 'D123',
      memo: null,
    },
    {
      id: 'r2',
      type: 'bet',
      amount: -2_500,
      balanceAfter: 147_500,
      time: '2026-01-01T17:00:00Z',
      reference: 'B9',
      memo: null,
    },
  ],
  page: 1,
  pageSize: 20,
  total: 2,
  totals: { credited: 50_000, debited: 2_500 },
  timeZone: 'Asia/Manila',
  ...over,
});
const depositOrder = (status: TDepositOrder['status']): TDepositOrder => ({
  orderNo: 'D2026ABC123',
  channelName: 'GCash',
  method: 'GCASH',
  amount: 50_000,
  fee: 0,
  creditAmount: 50_000,
  status,
  createdAt: '2026-01-01T00:00:00Z',
  expiresAt: null,
  decidedAt: null,
  paymentUrl: null,
  note: null,
});
const depositRecords = (list: TDepositOrder[] = []): TDepositRecords => ({
  list,
  page: 1,
  pageSize: 20,
  total: list.length,
  totals: { paidAmount: 0, paidCount: 0 },
  timeZone: 'Asia/Manila',
});

describe('account records', () => {
  it('types=A in the URL means all; chips toggle types into the URL and the query', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { ...base, [API_PATHS.accountRecords]: records() } });
    const { router } = renderApp('/m/transaction/record?types=A', { language: 'EN' });
    expect(await screen.findAllByTestId('records-item')).toHaveLength(2);
    expect(screen.getByTestId('type-filter-all')).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, API_PATHS.accountRecords)[0]!.searchParams.get('types')).toBe('A');
    const amounts = screen.getAllByTestId('record-amount');
    expect(amounts[0]).toHaveTextContent('+₱500.00');
    expect(amounts[0]).toHaveClass('is-pos');
    expect(amounts[1]).toHaveTextContent('-₱25.00');
    expect(amounts[1]).toHaveClass('is-neg');
    expect(screen.getAllByTestId('records-item')[0]).toHaveTextContent('Ref. D123');
    // Times are the merchant's (16:30 UTC is 12:30 AM the next day in Manila).
    expect(screen.getAllByTestId('records-item')[0]).toHaveTextContent(/Jan 2, 2026.*12:30/);

    fireEvent.click(screen.getByTestId('type-filter-deposit'));
    await waitFor(() => expect(router.state.location.search).toBe('?types=deposit'));
    fireEvent.click(screen.getByTestId('type-filter-bet'));
    await waitFor(() =>
      expect(callsTo(fetchMock, API_PATHS.accountRecords).at(-1)!.searchParams.get('types')).toBe('deposit,bet'),
    );
    expect(screen.getByTestId('type-filter-all')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('type-filter-all'));
    await waitFor(() => expect(router.state.location.search).toBe('?types=A'));
  });

  it('parses and toggles the types parameter', () => {
    expect(parseTypesParam('A')).toEqual([]);
    expect(parseTypesParam(null)).toEqual([]);
    expect(parseTypesParam('deposit,nonsense,bet')).toEqual(['deposit', 'bet']);
    expect(toggleType([], 'win')).toBe('win');
    expect(toggleType(['win'], 'win')).toBe('A');
    expect(toggleType(['win'], 'all')).toBe('A');
    expect(toggleType(['win'], 'deposit')).toBe('deposit,win');
  });

  it('empty, error with retry, and load more', async () => {
    signIn();
    let fail = true;
    mockApi({
      routes: {
        ...base,
        [API_PATHS.accountRecords]: () =>
          fail
            ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } }
            : records({ list: [], total: 0 }),
      },
    });
    renderApp('/m/transaction/record', { language: 'EN' });
    expect(await screen.findByTestId('records-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('records-empty')).toHaveTextContent('No account records');
  });

  it('custom range: the end cannot come before the start', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { ...base, [API_PATHS.accountRecords]: records() } });
    renderApp('/m/transaction/record', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('range-custom'));
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2026-01-10' } });
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2026-01-05' } });
    fireEvent.click(screen.getByTestId('range-apply'));
    expect(await screen.findByTestId('range-error')).toHaveTextContent('The start date must be before the end date');
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByTestId('range-apply'));
    await waitFor(() =>
      expect(callsTo(fetchMock, API_PATHS.accountRecords).at(-1)!.searchParams.get('from')).toBe('2026-01-01'),
    );
    expect(callsTo(fetchMock, API_PATHS.accountRecords).at(-1)!.searchParams.get('to')).toBe('2026-01-05');
  });
});

describe('profit and loss', () => {
  it('net is green when won and red when lost', async () => {
    expect(netTone(1)).toBe('pos');
    expect(netTone(-1)).toBe('neg');
    expect(netTone(0)).toBe('even');
    signIn();
    const zero = { deposits: 0, withdrawals: 0, bets: 0, wins: 0, rebates: 0, bonuses: 0, net: 0 };
    const pnl: TProfitAndLoss = {
      from: '2026-01-01',
      to: '2026-01-07',
      timeZone: 'Asia/Manila',
      days: [
        { ...zero, day: '2026-01-02', bets: 10_000, wins: 4_000, net: -6_000 },
        { ...zero, day: '2026-01-03' },
      ],
      categories: [{ category: 'RNG', bets: 10_000, wins: 4_000, rebates: 0, net: -6_000 }],
      totals: { ...zero, deposits: 100_000, bets: 10_000, wins: 4_000, net: -6_000 },
    };
    mockApi({ routes: { ...base, [API_PATHS.profitAndLoss]: pnl } });
    renderApp('/m/profitandloss', { language: 'EN' });
    const net = await screen.findByTestId('pnl-net');
    expect(net).toHaveTextContent('-₱60.00');
    expect(net).toHaveClass('is-neg');
    expect(screen.getByTestId('pnl-deposits')).toHaveTextContent('₱1,000.00');
    expect(screen.getByTestId('pnl-categories')).toHaveTextContent('Slots');
    expect(screen.getAllByTestId('pnl-day')).toHaveLength(1);
  });
});

describe('deposit records', () => {
  it('the order back from the gateway is polled every 2 s while pending and no more once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const statuses: TDepositOrder['status'][] = ['pending', 'pending', 'paid'];
    const fetchMock = mockApi({
      routes: {
        ...base,
        [API_PATHS.depositOrders]: depositRecords([depositOrder('pending')]),
        [API_PATHS.depositOrder.replace(':orderNo', 'D2026ABC123')]: () =>
          depositOrder(statuses.length > 1 ? statuses.shift()! : statuses[0]!),
      },
    });
    renderApp('/m/vouReport?order=D2026ABC123', { language: 'EN' });
    expect(await screen.findByTestId('returned-order-status')).toHaveTextContent('Waiting for payment confirmation');
    const orderPath = API_PATHS.depositOrder.replace(':orderNo', 'D2026ABC123');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await waitFor(() => expect(screen.getByTestId('returned-order-status')).toHaveTextContent('Paid'));
    const polled = callsTo(fetchMock, orderPath).length;
    expect(polled).toBe(3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6500);
    });
    expect(callsTo(fetchMock, orderPath)).toHaveLength(polled);
    // The list is asked again once the order is decided.
    expect(callsTo(fetchMock, API_PATHS.depositOrders).length).toBeGreaterThanOrEqual(2);
  });

  it('status filter and badge colours', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: { ...base, [API_PATHS.depositOrders]: depositRecords([depositOrder('declined')]) },
    });
    renderApp('/m/vouReport', { language: 'EN' });
    expect(await screen.findByTestId('status-badge')).toHaveClass('rep-badge--bad');
    fireEvent.click(screen.getByTestId('status-filter-paid'));
    await waitFor(() =>
      expect(callsTo(fetchMock, API_PATHS.depositOrders).at(-1)!.searchParams.get('status')).toBe('paid'),
    );
  });
});
