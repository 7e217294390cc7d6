import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, STORAGE_KEYS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';
import { restoreRememberedSession } from './restore';

const refused = {
  status: 401,
  body: { success: false, errorCode: 'session.required', message: 'Account logged out, log in again' },
};

describe('remember-me at start-up (spec §4, §9 autoLogin)', () => {
  it('with autoLogin 1 and no session record: one POST /wps/session/renew, the record is kept, screens see a member', async () => {
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const fetchMock = mockApi({
      routes: {
        [`POST ${API_PATHS.renewSession}`]: loginResult(
          { userName: 'maria88' },
          { account: 'maria88', nickname: 'Maria' },
        ),
        [API_PATHS.memberInfo]: memberInfo({ account: 'maria88', nickname: 'Maria' }),
      },
    });
    // /m/set sends guests home: staying there shows the gate waited for the renewal.
    const { router } = renderApp('/m/set', { language: 'EN' });
    expect(await screen.findByTestId('settings-sign-out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/set');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({ userName: 'maria88' });
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('1');
    expect(requestsTo(fetchMock, API_PATHS.renewSession).map((r) => r.method)).toEqual(['POST']);
  });

  it('a refused renewal sets autoLogin 0 quietly: no message, no trip to /m/login', async () => {
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const fetchMock = mockApi({ routes: { [`POST ${API_PATHS.renewSession}`]: refused } });
    const { router } = renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('header-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/home');
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(screen.queryByText('Account logged out, log in again')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1);
  });

  it('no call without remember-me, or while a live session record exists', async () => {
    const fetchMock = mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo() } });
    const first = renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('header-login')).toBeInTheDocument();
    first.unmount();

    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '0');
    const second = renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('header-login')).toBeInTheDocument();
    second.unmount();

    signIn();
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('header-member-name')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('1');
  });

  it('a record whose expiry has passed counts as missing and is replaced by the renewed one', async () => {
    signIn({ expiresAt: '2020-01-01T00:00:00Z' });
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const fetchMock = mockApi({
      routes: { [`POST ${API_PATHS.renewSession}`]: loginResult({ expiresAt: '2099-02-01T00:00:00Z' }) },
    });
    await expect(restoreRememberedSession()).resolves.toBe(true);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({
      expiresAt: '2099-02-01T00:00:00Z',
    });
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1);
  });

  it('no network, or an answer without a session: autoLogin 0, nothing stored, never rejects', async () => {
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    mockApi({ routes: { [`POST ${API_PATHS.renewSession}`]: () => Promise.reject(new TypeError('offline')) } });
    await expect(restoreRememberedSession()).resolves.toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');

    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    mockApi({ routes: { [`POST ${API_PATHS.renewSession}`]: null } });
    await expect(restoreRememberedSession()).resolves.toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});
