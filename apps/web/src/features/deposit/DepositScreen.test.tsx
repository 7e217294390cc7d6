import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type TDepositChannel,
  type TDepositOrder,
} from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn, startupResponse, settings } from '../../test/fixtures';
import { paymentPage } from './components/DepositForm';
import { RECEIPT_MAX_BYTES, checkReceiptFile, validateAmount } from './lib/deposit';

function channel(overrides: Partial<TDepositChannel> = {}): TDepositChannel {
  return {
    id: 1,
    method: 'GCASH',
    kind: 'online',
    name: 'GCash',
    minAmount: 10_000,
    maxAmount: 5_000_000,
    feeBasisPoints: 0,
    feeFixed: 0,
    presetAmounts: [10_000, 50_000, 100_000],
    instructions: {},
    displayOrder: 1,
    ...overrides,
  };
}
const bank = channel({
  id: 4,
  method: 'BANK_TRANSFER',
  kind: 'bank_transfer',
  name: 'Bank transfer',
  minAmount: 100_000,
  displayOrder: 4,
  instructions: { bankName: 'Banco Halimbawa', accountName: 'Palaro Demo Inc.', accountNumber: '0012-3456-7890' },
});

function order(overrides: Partial<TDepositOrder> = {}): TDepositOrder {
  return {
    orderNo: 'DABC123XYZ',
    channelName: 'GCash',
    method: 'GCASH',
    amount: 50_000,
    fee: 0,
    creditAmount: 50_000,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00Z',
    expiresAt: null,
    decidedAt: null,
    paymentUrl: 'https://pay.example/checkout/DABC123XYZ',
    note: null,
    ...overrides,
  };
}

function depositRoutes(extra: Record<string, unknown> = {}, list: TDepositChannel[] = [channel(), bank]) {
  return {
    [API_PATHS.memberInfo]: memberInfo(),
    [API_PATHS.walletBalance]: { sumBalance: 100_000, pendingWithdrawals: 0, currencyCode: 'PHP', currencySymbol: '₱' },
    [`POST ${API_PATHS.renewSession}`]: loginResult(),
    [API_PATHS.depositChannels]: { list, turnoverMultiplierPercent: 100 },
    ...extra,
  };
}

function withDepFunc(depFunc: string) {
  const base = settings();
  return startupResponse({}, { mobileTemplate: { ...base.mobileTemplate, dep_func: depFunc } });
}

describe('deposit rules', () => {
  it('checks the amount against the channel min/max and rejects what is not an amount', () => {
    const limits = { minAmount: 10_000, maxAmount: 5_000_000 };
    expect(validateAmount('', limits, '₱')).toEqual({ key: 'deposit_enter_amount' });
    expect(validateAmount('abc', limits, '₱')).toEqual({ key: 'in_amount_invalid' });
    expect(validateAmount('10.555', limits, '₱')).toEqual({ key: 'in_amount_invalid' });
    expect(validateAmount('0', limits, '₱')).toEqual({ key: 'in_amount_invalid' });
    expect(validateAmount('99.99', limits, '₱')).toEqual({ key: 'deposit_amount_min', values: { amount: '₱100.00' } });
    expect(validateAmount('50000.01', limits, '₱')).toEqual({
      key: 'deposit_amount_max',
      values: { amount: '₱50,000.00' },
    });
    expect(validateAmount('1,000.50', limits, '₱')).toBeNull();
  });

  it('accepts only PNG, JPEG or WebP receipts up to 1.5 MB', () => {
    expect(checkReceiptFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkReceiptFile({ type: 'image/webp', size: RECEIPT_MAX_BYTES })).toBeNull();
    expect(checkReceiptFile({ type: 'image/gif', size: 1000 })).toEqual({ key: 'deposit_receipt_type' });
    expect(checkReceiptFile({ type: 'application/pdf', size: 1000 })).toEqual({ key: 'deposit_receipt_type' });
    expect(checkReceiptFile({ type: 'image/jpeg', size: RECEIPT_MAX_BYTES + 1 })).toEqual({
      key: 'deposit_receipt_size',
      values: { size: '1.5 MB' },
    });
  });
});

describe('deposit screen', () => {
  it('a guest is sent to login', async () => {
    mockApi();
    const { router } = renderApp('/m/voucherCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('a trial member sees the free_reject message and no channels are asked for', async () => {
    signIn({ type: 4 });
    const fetchMock = mockApi({ routes: depositRoutes() });
    renderApp('/m/voucherCenter', { language: 'EN' });
    expect(await screen.findByTestId('trial-refused')).toHaveTextContent(
      'Please login an actual account to use this function',
    );
    expect(requestsTo(fetchMock, API_PATHS.depositChannels)).toHaveLength(0);
  });

  it('the server refusing a trial account shows the same message', async () => {
    signIn();
    mockApi({
      routes: depositRoutes({
        [API_PATHS.depositChannels]: {
          status: 403,
          body: { success: false, errorCode: 'auth.trial.refused', message: 'trial' },
        },
      }),
    });
    renderApp('/m/voucherCenter');
    expect(await screen.findByTestId('trial-refused')).toHaveTextContent('Mag-login gamit ang totoong account');
  });

  it("dep_func '1' shows the new page with channel tiles; anything else the base list", async () => {
    signIn();
    mockApi({ startup: withDepFunc('1'), routes: depositRoutes() });
    const first = renderApp('/m/voucherCenter', { language: 'EN' });
    expect(await screen.findByTestId('deposit-new')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-form')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-channel-1')).toHaveAttribute('aria-checked', 'true');
    first.unmount();

    mockApi({ startup: withDepFunc('0'), routes: depositRoutes() });
    renderApp('/m/voucherCenter', { language: 'EN' });
    expect(await screen.findByTestId('deposit-base')).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-form')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('deposit-channel-4'));
    expect(await screen.findByTestId('deposit-sheet')).toHaveTextContent('Bank transfer');
    expect(screen.getByTestId('deposit-instructions')).toHaveTextContent('0012-3456-7890');
  });

  it('shows a clear empty state when no channel is open', async () => {
    signIn();
    mockApi({ routes: depositRoutes({}, []) });
    renderApp('/m/voucherCenter', { language: 'EN' });
    expect(await screen.findByTestId('deposit-empty')).toHaveTextContent('No deposit method available');
  });

  it('says it in Tagalog by default', async () => {
    signIn();
    mockApi({ routes: depositRoutes() });
    renderApp('/m/voucherCenter');
    fireEvent.change(await screen.findByTestId('deposit-amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('field-error-amount')).toHaveTextContent('Ang minimum ay ₱100.00');
  });

  it('validates the amount in the player language, field by field, before any call', async () => {
    signIn();
    const fetchMock = mockApi({ routes: depositRoutes() });
    renderApp('/m/voucherCenter', { language: 'EN' });
    const submit = await screen.findByTestId('deposit-submit');
    fireEvent.click(submit);
    expect(await screen.findByTestId('field-error-amount')).toHaveTextContent('Enter the amount');
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '50' } });
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('The minimum is ₱100.00');
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '60000' } });
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('The maximum is ₱50,000.00');
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: 'abc.' } });
    expect(screen.getByTestId('deposit-amount')).toHaveValue('.');
    fireEvent.click(submit);
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('Enter a valid amount');
    expect(requestsTo(fetchMock, API_PATHS.depositOrders)).toHaveLength(0);
  });

  it('preset chips fill the amount; fee, what reaches the wallet and the turnover note follow', async () => {
    signIn();
    mockApi({ routes: depositRoutes({}, [channel({ feeBasisPoints: 150 })]) });
    renderApp('/m/voucherCenter', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('deposit-preset-50000'));
    expect(screen.getByTestId('deposit-amount')).toHaveValue('500');
    expect(screen.getByTestId('deposit-fee')).toHaveTextContent('₱7.50');
    expect(screen.getByTestId('deposit-receive')).toHaveTextContent('₱492.50');
    expect(screen.getByTestId('deposit-turnover')).toHaveTextContent('₱500.00 (1× this deposit)');
    expect(screen.getByTestId('deposit-limits')).toHaveTextContent('Min ₱100.00 · Max ₱50,000.00');
  });

  it('online: posts with an Idempotency-Key, reuses it after a network error, then opens the payment page', async () => {
    signIn();
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
    let calls = 0;
    const fetchMock = mockApi({
      routes: depositRoutes({
        [`POST ${API_PATHS.depositOrders}`]: () => {
          calls += 1;
          if (calls === 1) return Promise.reject(new TypeError('Failed to fetch')) as never;
          return order();
        },
      }),
    });
    // The fake API answers a rejected promise: fetch itself fails, as without a network.
    renderApp('/m/voucherCenter', { language: 'EN' });
    fireEvent.change(await screen.findByTestId('deposit-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('No Internet');
    await waitFor(() => expect(screen.getByTestId('deposit-submit')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/checkout/DABC123XYZ'));

    const posts = requestsTo(fetchMock, API_PATHS.depositOrders).filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map((p) => p.headers[IDEMPOTENCY_HEADER]);
    expect(keys[0]).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keys[1]).toBe(keys[0]);
    expect(posts[0]!.body).toEqual({ channelId: 1, amount: 50_000 });
  });

  it('a tap while the order is in flight sends nothing more; a later submission gets a fresh key', async () => {
    signIn();
    vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    let calls = 0;
    const fetchMock = mockApi({
      routes: depositRoutes({
        [`POST ${API_PATHS.depositOrders}`]: () => {
          calls += 1;
          if (calls === 1)
            return new Promise((resolve) => {
              release = () =>
                resolve({
                  status: 409,
                  body: { success: false, errorCode: 'deposit.order.pending', message: 'pending' },
                });
            }) as never;
          return order();
        },
      }),
    });
    renderApp('/m/voucherCenter', { language: 'EN' });
    fireEvent.change(await screen.findByTestId('deposit-amount'), { target: { value: '500' } });
    const form = screen.getByTestId('deposit-form');
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByTestId('deposit-submit')).toBeDisabled());
    fireEvent.submit(form);
    fireEvent.submit(form);
    release();
    expect(await screen.findByTestId('toast')).toHaveTextContent('You already have a deposit waiting');
    await waitFor(() => expect(screen.getByTestId('deposit-submit')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.depositOrders)).toHaveLength(2));
    const [first, second] = requestsTo(fetchMock, API_PATHS.depositOrders).map((p) => p.headers[IDEMPOTENCY_HEADER]);
    expect(second).not.toBe(first);
  });

  it('server field errors and amount range land on the field', async () => {
    signIn();
    mockApi({
      routes: depositRoutes({
        [`POST ${API_PATHS.depositOrders}`]: {
          status: 400,
          body: { success: false, errorCode: 'wallet.amount.range', message: 'range' },
        },
      }),
    });
    renderApp('/m/voucherCenter', { language: 'EN' });
    fireEvent.change(await screen.findByTestId('deposit-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('field-error-amount')).toHaveTextContent(
      'The amount is outside the allowed range',
    );
  });

  it('bank transfer: receipt checks, sender required, then "waiting for approval" with the order number and records link', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: depositRoutes({
        [`POST ${API_PATHS.depositOrders}`]: order({
          orderNo: 'DBANK0001',
          method: 'BANK_TRANSFER',
          amount: 150_000,
          creditAmount: 150_000,
          paymentUrl: null,
        }),
      }),
    });
    renderApp('/m/voucherCenter', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('deposit-channel-4'));
    expect(screen.getByTestId('deposit-instructions')).toHaveTextContent('Palaro Demo Inc.');
    expect(screen.getByTestId('deposit-copy-accountNumber')).toBeInTheDocument();

    const input = screen.getByTestId('deposit-receipt');
    fireEvent.change(input, { target: { files: [new File(['gif'], 'r.gif', { type: 'image/gif' })] } });
    expect(await screen.findByTestId('field-error-receiptImage')).toHaveTextContent('PNG, JPEG or WebP');
    const big = new File([new Uint8Array(RECEIPT_MAX_BYTES + 10)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() =>
      expect(screen.getByTestId('field-error-receiptImage')).toHaveTextContent('can be up to 1.5 MB'),
    );
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'ok.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByTestId('deposit-receipt-preview')).toBeInTheDocument();
    expect(screen.queryByTestId('field-error-receiptImage')).not.toBeInTheDocument();

    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('field-error-senderName')).toHaveTextContent(
      'Enter the name of the account you sent from',
    );
    expect(screen.getByTestId('field-error-senderReference')).toHaveTextContent(
      'Enter the reference number shown on your transfer',
    );
    expect(requestsTo(fetchMock, API_PATHS.depositOrders)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('deposit-sender-name'), { target: { value: 'Juan Dela Cruz' } });
    fireEvent.change(screen.getByTestId('deposit-sender-reference'), { target: { value: 'REF123' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const done = await screen.findByTestId('deposit-submitted');
    expect(done).toHaveTextContent('waiting for approval');
    expect(screen.getByTestId('deposit-order-no')).toHaveTextContent('DBANK0001');
    expect(screen.getByTestId('deposit-records-link')).toHaveAttribute('href', '/m/vouReport');
    const [post] = requestsTo(fetchMock, API_PATHS.depositOrders);
    expect(post!.body).toMatchObject({
      channelId: 4,
      amount: 150_000,
      senderName: 'Juan Dela Cruz',
      senderReference: 'REF123',
    });
    expect((post!.body as { receiptImage: string }).receiptImage).toMatch(/^data:image\/png;base64,/);
  });
});
