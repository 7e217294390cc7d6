import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn, startupResponse, whitelabel } from '../../test/fixtures';

vi.mock('../../shared/api/encrypted', async () => {
  const client = await import('../../shared/api/client');
  return {
    apiEncrypted: (method: 'POST' | 'PUT', path: string, payload: unknown, options: object = {}) =>
      client.apiRequest(method, path, { ...options, json: payload }),
  };
});

describe('member centre', () => {
  it('logged out: the login-or-register prompt; any entry opens the login dialog', async () => {
    mockApi({ startup: startupResponse({}, { whitelabel: whitelabel({ DEPRECM3: true }) }) });
    const { router } = renderApp('/m/mine', { language: 'EN' });
    expect(await screen.findByTestId('mine-login-prompt')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('mine-entry-depositRecords'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/mine');
    fireEvent.click(screen.getByTestId('login-dialog-close'));
    fireEvent.click(screen.getByTestId('mine-tile-deposit'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
  });

  it('signing in from the dialog stays on the member centre and shows the member', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.login}`]: loginResult(),
        [API_PATHS.memberInfo]: memberInfo(),
        [`POST ${API_PATHS.renewSession}`]: loginResult(),
      },
    });
    const { router } = renderApp('/m/member/home', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('mine-login'));
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'juan2024' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('mine-account')).toHaveTextContent('juan2024');
    expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/member/home');
  });

  it('logged in: account, VIP label, whole days since joining; renews the session', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: {
        [API_PATHS.memberInfo]: memberInfo({ vipLabel: 'VIP 3' }),
        [`POST ${API_PATHS.renewSession}`]: loginResult(),
      },
    });
    renderApp('/m/mine', { language: 'EN' });
    expect(await screen.findByTestId('mine-account')).toHaveTextContent('juan2024');
    expect(await screen.findByTestId('mine-vip')).toHaveTextContent('VIP 3');
    expect(screen.getByTestId('mine-joined-days')).toHaveTextContent('Joined 3 days ago');
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.renewSession)).toHaveLength(1));
  });

  it('agency centre hidden for type 0, shown for an agent type; list follows the flags', async () => {
    signIn({ type: 1 });
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ MAILCEN: true, AGETRANSFERUP3: true }) }),
      routes: {
        [API_PATHS.memberInfo]: memberInfo({ type: 1, toUpline: true }),
        [`POST ${API_PATHS.renewSession}`]: loginResult(),
      },
    });
    const { router } = renderApp('/m/mine', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('mine-entry-agency'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/agent'));
  });

  it('invite friends without REFERRAL says "contact service" for 2 s', async () => {
    signIn();
    mockApi({
      startup: startupResponse({}, { promotions: { REFERRAL: false, MISSION: false } }),
      routes: { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() },
    });
    renderApp('/m/mine', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('mine-tile-invite'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please contact customer service');
  });

  it('refuses a trial member with free_reject and returns home', async () => {
    signIn({ type: 4, userName: 'trial_1' });
    mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo({ type: 4 }) } });
    const { router } = renderApp('/m/mine', { language: 'TY' });
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Mag-login gamit ang totoong account para magamit ang feature na ito',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });

  it('the download button opens the download popup with the merchant’s links', async () => {
    mockApi({
      startup: startupResponse(
        {},
        { resources: { downloads: [{ resourceType: 'Android', url: 'https://example.ph/palaro.apk' }], site: [] } },
      ),
    });
    renderApp('/m/mine', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('mine-download'));
    expect(await screen.findByTestId('download-Android')).toHaveAttribute('href', 'https://example.ph/palaro.apk');
  });
});

describe('member centre variants (mobileTemplate.mem_cen)', () => {
  const withMemCen = (memCen: string) => {
    const base = startupResponse();
    return startupResponse(
      {},
      {
        mobileTemplate: { ...base.settings.mobileTemplate, mem_cen: memCen },
        whitelabel: whitelabel({ DEPRECM3: true, MAILCEN: true }),
      },
    );
  };

  it('"1" is the new centre: a card, three tiles a row, entries as a list', async () => {
    signIn();
    mockApi({
      startup: withMemCen('1'),
      routes: { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() },
    });
    renderApp('/m/mine', { language: 'EN' });
    expect(await screen.findByTestId('mine-screen')).toHaveAttribute('data-variant', 'new');
    expect(screen.getByTestId('mine-member')).toHaveClass('mine-info--new');
    expect(screen.getByTestId('mine-entry-mail').closest('ul')).toHaveClass('acc-list');
  });

  it('anything else is the base centre: a band, round tiles, entries as a grid; entries still work', async () => {
    signIn();
    mockApi({
      startup: withMemCen('0'),
      routes: { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.renewSession}`]: loginResult() },
    });
    const { router } = renderApp('/m/mine', { language: 'EN' });
    expect(await screen.findByTestId('mine-screen')).toHaveAttribute('data-variant', 'base');
    expect(screen.getByTestId('mine-member')).toHaveClass('mine-info--base');
    expect(await screen.findByTestId('mine-account')).toHaveTextContent('juan2024');
    expect(screen.getByTestId('mine-entry-mail').closest('ul')).toHaveClass('mine-grid__cells');
    fireEvent.click(screen.getByTestId('mine-entry-depositRecords'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/vouReport'));
  });

  it('the base centre’s login prompt opens the login dialog', async () => {
    mockApi({ startup: withMemCen('') });
    renderApp('/m/mine', { language: 'TY' });
    expect(await screen.findByTestId('mine-login-prompt')).toHaveClass('mine-info--base');
    fireEvent.click(screen.getByTestId('mine-login'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
  });
});
