import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, STORAGE_KEYS, TIMING_MS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { memberInfo, signIn } from '../../test/fixtures';
import { ACCOUNT_KEYS } from './session';

function fillEverySessionKey() {
  signIn({}, {});
  window.sessionStorage.setItem(STORAGE_KEYS.trialName, 'trial_1');
  window.sessionStorage.setItem('seenPopups', '["p1"]');
  window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
  window.localStorage.setItem(ACCOUNT_KEYS.savedAutoLogin, '1');
  window.localStorage.setItem(ACCOUNT_KEYS.rememberFlag, '1');
  window.localStorage.setItem(ACCOUNT_KEYS.deviceToken, 'old-token');
  window.localStorage.setItem(ACCOUNT_KEYS.bankList, '[]');
  window.localStorage.setItem(
    ACCOUNT_KEYS.rememberLogin,
    JSON.stringify({ type: 'username', username: 'juan2024', countryDialingCode: '+63' }),
  );
}

describe('sign-out (spec §4)', () => {
  it('from settings: confirm with the spec keys, DELETE /wps/session, clear every key, then home', async () => {
    fillEverySessionKey();
    const fetchMock = mockApi({
      routes: { [`DELETE ${API_PATHS.logout}`]: null, [API_PATHS.memberInfo]: memberInfo() },
    });
    const { router } = renderApp('/m/set', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('settings-sign-out'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Notice');
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    expect(within(dialog).getByTestId('confirm-cancel')).toHaveTextContent('Cancel');
    expect(within(dialog).getByTestId('confirm-ok')).toHaveTextContent('Confirm');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(requestsTo(fetchMock, API_PATHS.logout).map((r) => r.method)).toEqual(['DELETE']);
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.localStorage.getItem(ACCOUNT_KEYS.memberInfo)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
    expect(window.localStorage.getItem(ACCOUNT_KEYS.savedAutoLogin)).toBeNull();
    expect(window.localStorage.getItem(ACCOUNT_KEYS.rememberFlag)).toBeNull();
    expect(window.localStorage.getItem(ACCOUNT_KEYS.deviceToken)).toBeNull();
    expect(window.localStorage.getItem(ACCOUNT_KEYS.bankList)).toBeNull();
    // The remembered user name (not a secret) stays for the sign-in form.
    expect(window.localStorage.getItem(ACCOUNT_KEYS.rememberLogin)).not.toBeNull();
    expect(await screen.findByTestId('header-login')).toBeInTheDocument();
  });

  it('cancel keeps the session and sends nothing', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo() } });
    renderApp('/m/set', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('settings-sign-out'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, API_PATHS.logout)).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).not.toBeNull();
  });

  it('ignores a tap on the mask within 300 ms of opening', async () => {
    signIn();
    mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo() } });
    renderApp('/m/set', { language: 'EN' });
    const signOut = await screen.findByTestId('settings-sign-out');
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now);
    fireEvent.click(signOut);
    const mask = await screen.findByTestId('confirm-mask');
    spy.mockReturnValue(now + TIMING_MS.dialogMaskGuard - 50);
    fireEvent.click(mask);
    expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    spy.mockReturnValue(now + TIMING_MS.dialogMaskGuard + 50);
    fireEvent.click(screen.getByTestId('confirm-mask'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
  });

  it('from the header menu of a member', async () => {
    signIn({}, { nickname: 'Juanito' });
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const fetchMock = mockApi({
      routes: { [`DELETE ${API_PATHS.logout}`]: null, [API_PATHS.memberInfo]: memberInfo({ nickname: 'Juanito' }) },
    });
    renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('header-member-name')).toHaveTextContent('Juanito');
    fireEvent.click(screen.getByTestId('header-menu-button'));
    fireEvent.click(await screen.findByTestId('header-menu-sign-out'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByTestId('header-login')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.logout)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
  });

  it('sets autoLogin 0 even when the server cannot be reached', async () => {
    signIn();
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    mockApi({
      routes: {
        [`DELETE ${API_PATHS.logout}`]: () => Promise.reject(new TypeError('offline')),
        [API_PATHS.memberInfo]: memberInfo(),
      },
    });
    const { router } = renderApp('/m/set', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('settings-sign-out'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
  });
});

describe('lost session (spec §8)', () => {
  it('a 401 session.required clears the record and goes to /m/login', async () => {
    signIn();
    mockApi({
      routes: {
        [API_PATHS.memberInfo]: {
          status: 401,
          body: { success: false, errorCode: 'auth.session.expired', message: 'x' },
        },
      },
    });
    const { router } = renderApp('/m/securityCenter', { language: 'EN' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    await act(async () => undefined);
  });

  it('guests are sent home from settings and change password', async () => {
    mockApi();
    const first = renderApp('/m/set');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/m/home'));
    first.unmount();
    const second = renderApp('/m/changePsw');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/m/home'));
  });
});
