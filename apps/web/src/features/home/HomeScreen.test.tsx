import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render';
import { INBOX_API_PATHS } from '@palaro/contract';
import { announcements, item, signIn, startupResponse } from '../../test/fixtures';

describe('home', () => {
  it('shows the service column with the member’s unread badge, referral and decrypted links', async () => {
    signIn();
    // The member's own count (INBOX3), not the public announcements' footer, the same for everyone.
    mockApi({
      announcements: announcements({ footer: { unreadCount: 0 } }),
      routes: { [INBOX_API_PATHS.inboxUnread]: 4 },
    });
    renderApp('/m/home');
    const column = await screen.findByTestId('service-column');
    // At rest the tab carries a dot; open, the inbox button the count.
    await waitFor(() => expect(column.querySelector('.service-column__handle-dot')).not.toBeNull());
    fireEvent.click(within(column).getByTestId('service-column-handle'));
    expect(await within(column).findByTestId('service-inbox-badge')).toHaveTextContent('4');
    expect(within(column).getByTestId('service-referral')).toHaveAttribute('href', '/m/inviteFriends');
    expect(within(column).getByTestId('service-messaging')).toHaveAttribute('href', 'https://m.me/PalaroPH');
    expect(within(column).getByTestId('service-customer-service')).toHaveAttribute('href', '/m/service');
    expect(within(column).queryByTestId('service-social')).not.toBeInTheDocument();
  });

  it('hides the badge at zero unread and the referral without the REFERRAL promotion', async () => {
    mockApi({
      announcements: announcements({ footer: { unreadCount: 0 } }),
      startup: startupResponse({}, { promotions: { REFERRAL: false, MISSION: false } }),
    });
    renderApp('/m/home');
    const column = await screen.findByTestId('service-column');
    await screen.findByTestId('banner-carousel');
    fireEvent.click(within(column).getByTestId('service-column-handle'));
    await within(column).findByTestId('service-inbox');
    expect(column.querySelector('.service-column__handle-dot')).toBeNull();
    expect(within(column).queryByTestId('service-inbox-badge')).not.toBeInTheDocument();
    expect(within(column).queryByTestId('service-referral')).not.toBeInTheDocument();
  });

  it('opens the pop-ups on load, and shows the games’ block under its heading', async () => {
    mockApi({ announcements: announcements({ popup: [item('p1', 'Welcome bonus')] }) });
    renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('popup-dialog')).toHaveTextContent('Welcome bonus');
    fireEvent.click(screen.getByTestId('popup-close'));
    const games = screen.getByRole('region', { name: 'Games' });
    expect(await within(games).findByTestId('popular-menu')).toBeInTheDocument();
  });

  it('shows an error with retry when the announcements fail', async () => {
    let fail = true;
    mockApi({
      announcements: () =>
        fail ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'x' } } : announcements(),
    });
    renderApp('/m/home');
    const error = await screen.findByTestId('home-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
  });

  it('names the merchant’s minimum age in its footer', async () => {
    mockApi({ startup: startupResponse({}, { minimumAge: 25 }) });
    renderApp('/m/home', { language: 'EN' });
    await screen.findByTestId('banner-carousel');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('25+');
    expect(footer).toHaveTextContent('For players aged 25 and above only.');
  });

  it('serves the logo and banners from the image CDN of the settings', async () => {
    mockApi({ startup: startupResponse({}, { imageCDNs: ['https://img-home.cdn.example/'] }) });
    renderApp('/m/home');
    const carousel = await screen.findByTestId('banner-carousel');
    expect(screen.getByTestId('header-logo')).toHaveAttribute(
      'src',
      'https://img-home.cdn.example/media/brand/logo.svg',
    );
    for (const img of within(carousel).getAllByRole('img', { hidden: true })) {
      expect(img.getAttribute('src')).toMatch(/^https:\/\/img-home\.cdn\.example\/media\/banners\//);
    }
  });
});
