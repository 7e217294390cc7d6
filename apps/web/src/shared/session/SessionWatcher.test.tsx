import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, STORAGE_KEYS } from '@palaro/contract';
import { apiGet } from '../api/client';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';
import { resetRenewalState } from './restore';

const lost = (errorCode = 'session.required') => ({
  status: 401,
  body: { success: false, errorCode, message: 'Account logged out, log in again' },
});
const refused = lost();

/** A route answer that waits until the test lets it go. */
function held(value: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route: () => gate.then(() => value) as Promise<never>, release: () => release() };
}

/** The app on a member's page with a live member info; resolves once that page shows the member. */
async function onSecurityCentre(routes: Record<string, unknown>) {
  // The page's other lists answer too: an alert on it would then only be the lost session's.
  const fetchMock = mockApi({
    routes: {
      [API_PATHS.memberInfo]: memberInfo(),
      [API_PATHS.payoutAccounts]: { list: [], max: 5 },
      ...routes,
    } as never,
  });
  const app = renderApp('/m/securityCenter', { language: 'EN' });
  await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.memberInfo).length).toBeGreaterThan(0));
  return { fetchMock, ...app };
}

beforeEach(() => {
  resetRenewalState();
});

describe('lost session with remember-me (spec §8, §9 autoLogin)', () => {
  it('renews once through the device cookie: new record kept, member info fetched again, the player stays', async () => {
    signIn({ expiresAt: '2099-01-01T00:00:00Z' }, {});
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    let memberCalls = 0;
    const { fetchMock, router } = await onSecurityCentre({
      [API_PATHS.memberInfo]: () => (++memberCalls === 1 ? memberInfo() : memberInfo({ nickname: 'Renewed' })),
      [API_PATHS.signInHistory]: { list: [] },
      [`POST ${API_PATHS.renewSession}`]: loginResult({ expiresAt: '2099-03-01T00:00:00Z' }),
      '/wps/lost': refused,
    });
    const before = requestsTo(fetchMock, API_PATHS.memberInfo).length;
    await act(async () => {
      await expect(apiGet('/wps/lost')).rejects.toMatchObject({ code: 'session.required' });
    });
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.memberInfo).length).toBeGreaterThan(before));
    expect(requestsTo(fetchMock, API_PATHS.renewSession).map((r) => r.method)).toEqual(['POST']);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({
      expiresAt: '2099-03-01T00:00:00Z',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('1');
    expect(router.state.location.pathname).toBe('/m/securityCenter');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Nothing but member info is asked again.
    expect(requestsTo(fetchMock, '/wps/lost')).toHaveLength(1);
  });

  it('a refused renewal clears the session and goes to /m/login, with the expired-session message', async () => {
    signIn({}, {});
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const { fetchMock, router } = await onSecurityCentre({
      [API_PATHS.signInHistory]: { list: [] },
      [`POST ${API_PATHS.renewSession}`]: refused,
      '/wps/lost': lost('auth.session.expired'),
    });
    await act(async () => {
      await expect(apiGet('/wps/lost')).rejects.toMatchObject({ code: 'auth.session.expired' });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
    expect(await screen.findByText('Account logged out, log in again')).toBeInTheDocument();
  });

  it('parallel 401s share one renewal; 401s of calls sent before it do not count as a new loss', async () => {
    signIn({}, {});
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const renewal = held(loginResult({ expiresAt: '2099-04-01T00:00:00Z' }));
    const late = held(lost().body);
    const { fetchMock, router } = await onSecurityCentre({
      [API_PATHS.signInHistory]: { list: [] },
      [`POST ${API_PATHS.renewSession}`]: renewal.route,
      '/wps/a': refused,
      '/wps/b': lost('auth.session.expired'),
      '/wps/c': refused,
      '/wps/late': () => late.route().then((body) => ({ status: 401, body })) as Promise<never>,
    });
    const settled = Promise.allSettled([apiGet('/wps/a'), apiGet('/wps/b'), apiGet('/wps/c'), apiGet('/wps/late')]);
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1));
    renewal.release();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({
        expiresAt: '2099-04-01T00:00:00Z',
      }),
    );
    // A call sent before the renewal answers 401 after it: the old session, no second renewal.
    late.release();
    await act(async () => {
      const results = await settled;
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    });
    await act(async () => undefined);
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/m/securityCenter');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).not.toBeNull();
  });

  it('a session refused again right after its renewal is not renewed in a loop', async () => {
    signIn({}, {});
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    const { fetchMock, router } = await onSecurityCentre({
      [API_PATHS.signInHistory]: { list: [] },
      [`POST ${API_PATHS.renewSession}`]: loginResult(),
      '/wps/lost': refused,
    });
    await act(async () => {
      await apiGet('/wps/lost').catch(() => undefined);
    });
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1));
    await act(async () => {
      await apiGet('/wps/lost').catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('without remember-me: no renewal, straight to /m/login as before', async () => {
    signIn({}, {});
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '0');
    const { fetchMock, router } = await onSecurityCentre({
      [API_PATHS.signInHistory]: { list: [] },
      '/wps/lost': refused,
    });
    await act(async () => {
      await apiGet('/wps/lost').catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});
