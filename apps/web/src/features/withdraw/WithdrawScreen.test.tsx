import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  type TTurnover,
  type TTurnoverItem,
  type TWithdrawInfo,
  type TWithdrawal,
} from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';

const info = (over: Partial<TWithdrawInfo> = {}): TWithdrawInfo => ({
  balance: 250_000,
  minAmount: 10_000,
  maxAmount: 5_000_000,
  dailyCount: 3,
  dailyAmount: 10_000_000,
  usedCountToday: 1,
  usedAmountToday: 50_000,
  availableNow: 250_000,
  turnoverLeft: 0,
  hasPaymentPassword: true,
  payoutAccounts: [
    {
      id: 7,
      kind: 'gcash',
      bankName: null,
      accountName: 'Juan Cruz',
      accountNumber: '••••\u00a04567',
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
  ...over,
});
const turnover = (over: Partial<TTurnover> = {}): TTurnover => ({
  required: 100_000,
  done: 100_000,
  left: 0,
  canWithdraw: true,
  items: [],
  ...over,
});
const requirement = (over: Partial<TTurnoverItem> = {}): TTurnoverItem => ({
  id: 't1',
  source: 'deposit',
  reference: 'D7K2M9Q4X1PZA',
  baseAmount: 50_000,
  required: 50_000,
  originalRequired: 50_000,
  done: 0,
  left: 50_000,
  createdAt: '2026-11-20T02:00:00Z',
  completedAt: null,
  change: null,
  ...over,
});
const order: TWithdrawal = {
  orderNo: 'W20260101ABC',
  amount: 120_000,
  status: 'pending',
  payoutKind: 'gcash',
  payoutName: 'Juan Cruz',
  payoutNumber: '••••\u00a04567',
  createdAt: '2026-01-01T00:00:00Z',
  decidedAt: null,
  note: null,
};
const fail = (status: number, errorCode: string) => ({
  status,
  body: { success: false, errorCode, message: errorCode },
});
const base = {
  [API_PATHS.memberInfo]: memberInfo({ hasPaymentPassword: true }),
  [`POST ${API_PATHS.renewSession}`]: loginResult(),
};

async function fillAndSubmit(amount: string, password: string) {
  fireEvent.change(await screen.findByTestId('withdraw-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('withdraw-submit'));
}

describe('withdraw screen', () => {
  it('shows balance, limits, today’s use, the turnover tracker and why withdrawing is blocked', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [API_PATHS.withdrawInfo]: info({ turnoverLeft: 35_000 }),
        [API_PATHS.turnover]: turnover({
          required: 100_000,
          done: 65_000,
          left: 35_000,
          canWithdraw: false,
          items: [
            {
              id: 't1',
              source: 'deposit',
              reference: 'D1',
              baseAmount: 100_000,
              required: 100_000,
              originalRequired: 100_000,
              done: 65_000,
              left: 35_000,
              createdAt: '2026-01-01T00:00:00Z',
              completedAt: null,
              change: null,
            },
          ],
        }),
      },
    });
    renderApp('/m/withdraw', { language: 'EN' });
    expect(await screen.findByTestId('withdraw-balance')).toHaveTextContent('₱2,500.00');
    expect(screen.getByTestId('withdraw-limits')).toHaveTextContent('₱100.00 – ₱50,000.00');
    expect(screen.getByTestId('withdraw-count')).toHaveTextContent('1 of 3 used · 2 left');
    expect(await screen.findByTestId('withdraw-verdict')).toHaveTextContent(
      'Not yet: bet ₱350.00 more to complete the turnover of your deposit of ₱1,000.00 (D1), then you can withdraw.',
    );
    expect(screen.getByTestId('turnover-item')).toHaveTextContent('₱650.00 of ₱1,000.00 · ₱350.00 left');
    expect(screen.getByRole('progressbar', { name: 'Deposit ₱1,000.00' })).toHaveAttribute('aria-valuenow', '65');
  });

  it('says what is left to play, and why, when the turnover locks the whole balance', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: {
        ...base,
        [API_PATHS.withdrawInfo]: info({ balance: 50_000, availableNow: 0, turnoverLeft: 50_000 }),
        [API_PATHS.turnover]: turnover({
          required: 50_000,
          done: 0,
          left: 50_000,
          canWithdraw: false,
          items: [requirement()],
        }),
      },
    });
    renderApp('/m/withdraw', { language: 'TY' });
    expect(await screen.findByTestId('withdraw-verdict')).toHaveTextContent(
      'Hindi pa: tumaya pa ng ₱500.00 para makumpleto ang turnover ng iyong deposit na ₱500.00 (D7K2M9Q4X1PZA), saka ka makakapag-withdraw.',
    );
    expect(screen.getByTestId('withdraw-available')).toHaveTextContent(
      'Wala ka pang mawi-withdraw: may ₱500.00 pang turnover na natitira.',
    );
    await fillAndSubmit('200', '123456');
    const error = await screen.findByTestId('field-error-amount');
    expect(error).toHaveTextContent(
      'Naka-lock pa ang balanse mo hangga’t hindi kumpleto ang turnover: tumaya muna ng ₱500.00.',
    );
    expect(error).not.toHaveTextContent('₱0.00');
    expect(screen.getByTestId('turnover-item')).toHaveTextContent('Ref. blg. D7K2M9Q4X1PZA');
    expect(requestsTo(fetchMock, API_PATHS.withdrawals)).toHaveLength(0);
  });

  it('shows requirements the operator waived or adjusted, with the reason, and counts the plainly completed', async () => {
    signIn();
    const at = '2026-11-21T04:00:00Z';
    mockApi({
      routes: {
        ...base,
        [API_PATHS.withdrawInfo]: info({ availableNow: 0, turnoverLeft: 15_000 }),
        [API_PATHS.turnover]: turnover({
          required: 20_000,
          done: 5_000,
          left: 15_000,
          canWithdraw: false,
          items: [
            requirement({
              id: 'a',
              reference: 'DADJUSTED0001',
              required: 20_000,
              done: 5_000,
              left: 15_000,
              change: { kind: 'adjusted', reason: 'Promo: lower turnover', at },
            }),
            requirement({
              id: 'w',
              reference: 'DWAIVED00001',
              baseAmount: 30_000,
              required: 30_000,
              originalRequired: 30_000,
              done: 10_000,
              left: 0,
              completedAt: at,
              change: { kind: 'waived', reason: 'No games yet', at },
            }),
            requirement({ id: 'c', reference: 'DDONE0000001', done: 50_000, left: 0, completedAt: at }),
          ],
        }),
      },
    });
    renderApp('/m/withdraw', { language: 'EN' });
    await screen.findByTestId('turnover-tracker');
    const items = await screen.findAllByTestId('turnover-item');
    expect(items.map((item) => item.dataset.state)).toEqual(['adjusted', 'waived']);
    expect(items[0]).toHaveTextContent('Adjusted');
    expect(items[0]).toHaveTextContent('₱50.00 of ₱200.00 · ₱150.00 left');
    expect(items[0]).toHaveTextContent(
      /the operator changed what is required from ₱500\.00 to ₱200\.00: “Promo: lower turnover”/,
    );
    expect(items[1]).toHaveTextContent('Waived');
    expect(items[1]).toHaveTextContent(/the operator waived the ₱200\.00 that was left: “No games yet”/);
    expect(items[1]).toHaveTextContent('Ref. no. DWAIVED00001');
    expect(screen.getByText('Completed: 1')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-verdict')).toHaveTextContent(
      'Not yet: bet ₱150.00 more to complete the turnover of your deposit of ₱500.00 (DADJUSTED0001)',
    );
  });

  it('says in Tagalog when the turnover is complete', async () => {
    signIn();
    mockApi({ routes: { ...base, [API_PATHS.withdrawInfo]: info(), [API_PATHS.turnover]: turnover() } });
    renderApp('/m/withdraw', { language: 'TY' });
    expect(await screen.findByTestId('withdraw-verdict')).toHaveTextContent(
      'Kumpleto na ang turnover — puwede kang mag-withdraw hanggang ₱2,500.00 ngayon.',
    );
  });

  it('validates before sending; "all" fills what can be withdrawn now', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: { ...base, [API_PATHS.withdrawInfo]: info({ availableNow: 123_456 }), [API_PATHS.turnover]: turnover() },
    });
    renderApp('/m/withdraw', { language: 'EN' });
    await fillAndSubmit('50', '12');
    expect(await screen.findByTestId('field-error-amount')).toHaveTextContent('The minimum is ₱100.00');
    expect(screen.getByTestId('field-error-paymentPassword')).toHaveTextContent('The payment password is 6 digits');
    fireEvent.click(screen.getByTestId('withdraw-all'));
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('1234.56');
    expect(requestsTo(fetchMock, API_PATHS.withdrawals)).toHaveLength(0);
  });

  it('reuses the Idempotency-Key when retrying after a lost connection, and takes a new one for a new attempt', async () => {
    signIn();
    const answers: unknown[] = [fail(503, 'system.error'), fail(400, 'wallet.payment.password.invalid'), order];
    const fetchMock = mockApi({
      routes: {
        ...base,
        [API_PATHS.withdrawInfo]: info(),
        [API_PATHS.turnover]: turnover(),
        [`POST ${API_PATHS.withdrawals}`]: () => answers.shift(),
      },
    });
    renderApp('/m/withdraw', { language: 'EN' });
    await fillAndSubmit('1,200', '123456');
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.withdrawals)).toHaveLength(1));
    expect(await screen.findByTestId('toast')).toBeInTheDocument();
    // Retry of the same attempt.
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('field-error-paymentPassword')).toHaveTextContent('Wrong payment password');
    expect(screen.getByTestId('withdraw-password')).toHaveValue('');
    // A definite answer closes the attempt: the corrected one has a new key.
    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-result')).toHaveTextContent('pending approval');
    expect(screen.getByTestId('withdraw-order-no')).toHaveTextContent('W20260101ABC');
    expect(screen.getByTestId('withdraw-report-link')).toHaveAttribute('href', '/m/withdrawReport');
    const calls = requestsTo(fetchMock, API_PATHS.withdrawals);
    const keys = calls.map((call) => call.headers[IDEMPOTENCY_HEADER]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(calls[2]!.body).toEqual({ amount: 120_000, payoutAccountId: 7, paymentPassword: '654321' });
  });

  it.each([
    ['wallet.balance.insufficient', 'field-error-amount', 'Your balance is not enough for this amount'],
    ['wallet.turnover.incomplete', 'withdraw-form-error', 'before you can withdraw'],
    ['wallet.withdraw.daily.limit', 'withdraw-form-error', 'You have reached today’s withdrawal limit (3 per day)'],
  ])('maps %s to a clear inline message', async (code, testId, text) => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [API_PATHS.withdrawInfo]: info(),
        [API_PATHS.turnover]: turnover(),
        [`POST ${API_PATHS.withdrawals}`]: fail(400, code),
      },
    });
    renderApp('/m/withdraw', { language: 'EN' });
    await fillAndSubmit('200', '123456');
    expect(await screen.findByTestId(testId)).toHaveTextContent(text);
  });

  it('without a payout account or payment password: clear calls to set them up', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [API_PATHS.withdrawInfo]: info({ payoutAccounts: [], hasPaymentPassword: false }),
        [API_PATHS.turnover]: turnover(),
      },
    });
    renderApp('/m/withdraw', { language: 'EN' });
    expect(await screen.findByTestId('withdraw-bind-account')).toHaveAttribute('href', '/m/securityCenter?payout=add');
    expect(screen.getByTestId('withdraw-no-password')).toHaveTextContent('Set a payment password first');
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });

  it('refuses a trial member with free_reject', async () => {
    signIn({ type: 4, userName: 'trial_1' });
    const fetchMock = mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo({ type: 4 }) } });
    renderApp('/m/withdraw', { language: 'EN' });
    expect(await screen.findByTestId('trial-refused')).toHaveTextContent(
      'Please login an actual account to use this function',
    );
    expect(requestsTo(fetchMock, API_PATHS.withdrawInfo)).toHaveLength(0);
  });
});
