import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_KEY_PATTERN, STORAGE_KEYS, type TWalletBalance } from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { useFakeEventSource } from '../../test/eventSource';
import { loginResult, memberInfo, signIn, startupResponse } from '../../test/fixtures';
import { HIDDEN_BALANCE } from './BalanceAmount';
import { moneyText } from '../lib/money';
import { newIdempotencyKey } from '../api/idempotency';
import { parseBalanceEvent } from './live';

function balance(sumBalance: number, overrides: Partial<TWalletBalance> = {}): TWalletBalance {
  return { sumBalance, pendingWithdrawals: 0, currencyCode: 'PHP', currencySymbol: '₱', ...overrides };
}

function memberRoutes(answer: () => unknown = () => balance(200_000)) {
  return {
    [API_PATHS.memberInfo]: memberInfo({ nickname: 'Juanito' }),
    [API_PATHS.walletBalance]: answer,
    [`POST ${API_PATHS.renewSession}`]: loginResult(),
  };
}

describe('balance formatting', () => {
  it('always shows 2 decimals and the merchant currency symbol, grouping thousands', () => {
    expect(moneyText(0, '₱')).toBe('₱0.00');
    expect(moneyText(5, '₱')).toBe('₱0.05');
    expect(moneyText(200_000, '₱')).toBe('₱2,000.00');
    expect(moneyText(123_456_789, '$')).toBe('$1,234,567.89');
    expect(moneyText(-1_050, '₱')).toBe('-₱10.50');
  });

  it('reads only well-formed balance events', () => {
    expect(parseBalanceEvent('{"sumBalance":150,"pendingWithdrawals":0,"reason":"deposit"}')).toEqual({
      sumBalance: 150,
      pendingWithdrawals: 0,
      reason: 'deposit',
    });
    expect(parseBalanceEvent('{"sumBalance":"150"}')).toBeNull();
    expect(parseBalanceEvent('not json')).toBeNull();
  });

  it('makes idempotency keys the contract accepts, a new one each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(a).not.toBe(b);
  });
});

describe('header balance', () => {
  it('shows nickname and the total balance to 2 decimals with the currency symbol', async () => {
    useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    mockApi({ routes: memberRoutes() });
    renderApp('/m/home', { language: 'EN' });
    const chip = await screen.findByTestId('header-member-name');
    expect(chip).toHaveTextContent('Juanito');
    await waitFor(() => expect(within(chip).getByTestId('header-balance')).toHaveTextContent('₱2,000.00'));
  });

  it('hide/show balance is remembered in localStorage and shared with the member centre', async () => {
    useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    mockApi({ routes: memberRoutes() });
    const { router } = renderApp('/m/home', { language: 'EN' });
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱2,000.00'));

    fireEvent.click(screen.getByTestId('header-menu-button'));
    fireEvent.click(await screen.findByTestId('header-menu-hide-balance'));
    expect(screen.getByTestId('header-balance')).toHaveTextContent(HIDDEN_BALANCE);
    expect(screen.getByTestId('header-balance')).not.toHaveTextContent('2,000');
    expect(window.localStorage.getItem(STORAGE_KEYS.hideBalance)).toBe('1');
    expect(screen.getByTestId('header-menu-hide-balance')).toHaveTextContent('Show balance');

    await act(() => router.navigate('/m/mine'));
    expect(await screen.findByTestId('mine-balance-amount')).toHaveTextContent(HIDDEN_BALANCE);
    fireEvent.click(screen.getByTestId('mine-balance-toggle'));
    await waitFor(() => expect(screen.getByTestId('mine-balance-amount')).toHaveTextContent('₱2,000.00'));
    expect(window.localStorage.getItem(STORAGE_KEYS.hideBalance)).toBe('0');
  });

  it('starts hidden when the player hid it before', async () => {
    useFakeEventSource();
    window.localStorage.setItem(STORAGE_KEYS.hideBalance, '1');
    signIn({}, { nickname: 'Juanito' });
    mockApi({ routes: memberRoutes() });
    renderApp('/m/home', { language: 'EN' });
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveAttribute('data-state', 'hidden'));
    expect(screen.getByTestId('header-balance')).toHaveTextContent(HIDDEN_BALANCE);
  });

  it('refresh hides the amount and shows a spinner while loading, then the new balance', async () => {
    useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    let release: (value: TWalletBalance) => void = () => undefined;
    let calls = 0;
    const fetchMock = mockApi({
      routes: memberRoutes(() => {
        calls += 1;
        if (calls === 1) return balance(200_000);
        return new Promise<TWalletBalance>((resolve) => {
          release = resolve;
        }) as never;
      }),
    });
    renderApp('/m/home', { language: 'EN' });
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱2,000.00'));

    fireEvent.click(screen.getByTestId('header-menu-button'));
    fireEvent.click(await screen.findByTestId('header-menu-refresh'));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveAttribute('data-state', 'loading'));
    expect(screen.getByTestId('header-balance')).not.toHaveTextContent('2,000.00');
    expect(callsTo(fetchMock, API_PATHS.walletBalance)).toHaveLength(2);

    await act(async () => release(balance(212_345)));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱2,123.45'));
  });

  it('a guest refreshing the balance goes to the login page', async () => {
    mockApi();
    const { router } = renderApp('/m/home');
    fireEvent.click(await screen.findByTestId('header-menu-button'));
    const refresh = await screen.findByTestId('header-menu-refresh');
    expect(screen.queryByTestId('header-menu-hide-balance')).not.toBeInTheDocument();
    fireEvent.click(refresh);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('menu items follow the spec order for members', async () => {
    useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    mockApi({ routes: memberRoutes() });
    renderApp('/m/home', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('header-menu-button'));
    const ids = within(await screen.findByTestId('header-menu'))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-testid]')?.getAttribute('data-testid'));
    expect(ids).toEqual([
      'header-menu-deposit',
      'header-menu-withdraw',
      'header-menu-refresh',
      'header-menu-hide-balance',
      'header-menu-sign-out',
      'header-menu-help',
    ]);
    expect(screen.getByTestId('header-menu-deposit')).toHaveAttribute('href', '/m/voucherCenter');
    expect(screen.getByTestId('header-menu-withdraw')).toHaveAttribute('href', '/m/withdraw');
  });
});

describe('live balance (server-sent events)', () => {
  it('one stream while signed in; a balance event updates the header without a refetch', async () => {
    const Source = useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    const fetchMock = mockApi({ routes: memberRoutes() });
    const { router } = renderApp('/m/home', { language: 'EN' });
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱2,000.00'));
    expect(Source.instances).toHaveLength(1);
    expect(Source.instances[0]!.url).toBe(API_PATHS.walletEvents);

    act(() => Source.instances[0]!.emit('balance', { sumBalance: 250_075, pendingWithdrawals: 0, reason: 'deposit' }));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱2,500.75'));
    expect(callsTo(fetchMock, API_PATHS.walletBalance)).toHaveLength(1);

    // The member centre reads the same cache: no second stream, the new amount at once.
    await act(() => router.navigate('/m/mine'));
    expect(await screen.findByTestId('mine-balance-amount')).toHaveTextContent('₱2,500.75');
    expect(Source.instances).toHaveLength(1);
    expect(Source.instances[0]!.readyState).toBe(Source.OPEN);
  });

  it('closes the stream when the member signs out', async () => {
    const Source = useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    mockApi({ routes: { ...memberRoutes(), [`DELETE ${API_PATHS.logout}`]: null } });
    renderApp('/m/home', { language: 'EN' });
    await waitFor(() => expect(Source.instances).toHaveLength(1));
    fireEvent.click(screen.getByTestId('header-menu-button'));
    fireEvent.click(await screen.findByTestId('header-menu-sign-out'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(Source.instances[0]!.readyState).toBe(Source.CLOSED));
    expect(await screen.findByTestId('header-login')).toBeInTheDocument();
    expect(Source.instances).toHaveLength(1);
  });

  it('opens the stream again after the server refused it (a database restart), and refetches the balance meanwhile', async () => {
    const Source = useFakeEventSource();
    signIn({}, { nickname: 'Juanito' });
    let answer = balance(200_000);
    const fetchMock = mockApi({ routes: memberRoutes(() => answer) });
    renderApp('/m/home', { language: 'EN' });
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱2,000.00'));
    expect(Source.instances).toHaveLength(1);

    answer = balance(350_000);
    act(() => Source.instances[0]!.refuse());
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱3,500.00'));
    expect(callsTo(fetchMock, API_PATHS.walletBalance)).toHaveLength(2);
    await waitFor(() => expect(Source.instances).toHaveLength(2), { timeout: 3000 });
    act(() =>
      Source.instances[1]!.emit('balance', { sumBalance: 400_000, pendingWithdrawals: 0, reason: 'reconnected' }),
    );
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₱4,000.00'));
  });

  it('opens no stream for a guest', async () => {
    const Source = useFakeEventSource();
    mockApi({ startup: startupResponse() });
    renderApp('/m/home');
    await screen.findByTestId('header-login');
    expect(Source.instances).toHaveLength(0);
  });
});
