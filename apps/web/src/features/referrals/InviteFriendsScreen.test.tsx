import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, type TAffiliateInfo, type TInviteePage } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { memberInfo, signIn, startupResponse } from '../../test/fixtures';

// happy-dom has no Worker: the QR code's encoding is stubbed; qrMatrix itself is tested alone.
vi.mock('./lib/useQrMatrix', () => ({ useQrMatrix: () => ({ size: 21, path: 'M0 0h1v1h-1z' }) }));

const info: TAffiliateInfo = {
  referralCode: 'ABCD2345',
  registerPath: '/m/register?recommenderId=ABCD2345',
  invitedCount: 2,
  depositedCount: 1,
};
const page = (pageNo: number, totalPages: number, names: string[]): TInviteePage => ({
  pageNo,
  totalPages,
  list: names.map((name, index) => ({ name, joinedAt: '2026-12-01T04:00:00.000Z', deposited: index === 0 })),
});

function routes(invitees: () => TInviteePage) {
  return {
    [API_PATHS.memberInfo]: memberInfo(),
    [API_PATHS.affiliateInfo]: info,
    [API_PATHS.invitees]: invitees,
  };
}

describe('invite friends', () => {
  let clipboard: string[];
  beforeEach(() => {
    clipboard = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void clipboard.push(text)) },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the code, the link on this site, the QR code and the masked friends with their deposits', async () => {
    signIn();
    mockApi({ routes: routes(() => page(1, 1, ['ju***4', 'ma***a'])) });
    renderApp('/m/inviteFriends', { language: 'EN' });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(
      `${window.location.origin}/m/register?recommenderId=ABCD2345`,
    );
    expect(screen.getByTestId('invite-qr')).toHaveAttribute('aria-label', 'QR code of your invite link');
    expect(screen.getByTestId('invite-invited-count')).toHaveTextContent('2');
    const names = await screen.findAllByTestId('invitee-name');
    expect(names.map((name) => name.textContent)).toEqual(['ju***4', 'ma***a']);
    expect(screen.getAllByTestId('invitee-deposited')).toHaveLength(1);
    expect(screen.getAllByTestId('invitee-not-deposited')).toHaveLength(1);
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    signIn();
    mockApi({ routes: routes(() => page(1, 1, [])) });
    renderApp('/m/inviteFriends', { language: 'TY' });
    fireEvent.click(await screen.findByTestId('invite-share'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Nakopya ang invite link');
    expect(clipboard).toEqual([`${window.location.origin}/m/register?recommenderId=ABCD2345`]);
    expect(await screen.findByTestId('invitees-empty')).toHaveTextContent('Wala pang kaibigan');
  });

  it('uses the phone’s share sheet where there is one; closing it is no error', async () => {
    signIn();
    const share = vi.fn().mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    mockApi({ routes: routes(() => page(1, 1, [])) });
    renderApp('/m/inviteFriends', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('invite-share'));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]![0]).toMatchObject({ url: expect.stringContaining('recommenderId=ABCD2345') });
    expect(clipboard).toEqual([]);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('says when copying fails', async () => {
    signIn();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    mockApi({ routes: routes(() => page(1, 1, [])) });
    renderApp('/m/inviteFriends', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('invite-copy-code'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Could not copy');
  });

  it('loads the next page of friends', async () => {
    signIn();
    let asked = 0;
    const fetchMock = mockApi({
      routes: routes(() => {
        asked += 1;
        return asked === 1 ? page(1, 2, ['ju***4']) : page(2, 2, ['pe***o']);
      }),
    });
    renderApp('/m/inviteFriends', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('invitees-more'));
    await waitFor(() => expect(screen.getAllByTestId('invitee')).toHaveLength(2));
    const pagesAsked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === API_PATHS.invitees)
      .map((url) => url.searchParams.get('pageNo'));
    expect(pagesAsked).toEqual(['1', '2']);
    expect(screen.queryByTestId('invitees-more')).not.toBeInTheDocument();
  });

  it('without the REFERRAL promotion says "contact service" and goes back to the member centre', async () => {
    signIn();
    const fetchMock = mockApi({
      startup: startupResponse({}, { promotions: { REFERRAL: false, MISSION: false } }),
      routes: routes(() => page(1, 1, [])),
    });
    const { router } = renderApp('/m/inviteFriends', { language: 'EN' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please contact customer service');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/mine'));
    expect(requestsTo(fetchMock, API_PATHS.affiliateInfo)).toHaveLength(0);
  });

  it('sends a visitor to sign in', async () => {
    mockApi({ routes: routes(() => page(1, 1, [])) });
    const { router } = renderApp('/m/inviteFriends', { language: 'EN' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('refuses a trial account without asking for a code', async () => {
    signIn({ type: 4, userName: 'trial_1' });
    const fetchMock = mockApi({ routes: routes(() => page(1, 1, [])) });
    renderApp('/m/inviteFriends', { language: 'EN' });
    expect(await screen.findByTestId('trial-refused')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.affiliateInfo)).toHaveLength(0);
  });
});
