import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render';
import { startupResponse } from '../../test/fixtures';

describe('start-up gate', () => {
  it('shows the maintenance screen on every route in maintenance mode', async () => {
    mockApi({
      startup: startupResponse({
        mode: 'maintenance',
        maintenance: true,
        info: { message: 'Upgrade ng server', until: '2026-01-01T10:00:00Z' },
      }),
    });
    renderApp('/m/activity');
    const screenEl = await screen.findByTestId('maintenance-screen');
    expect(screenEl).toHaveTextContent('Upgrade ng server');
    expect(screenEl).toHaveTextContent('Ina-upgrade ang system');
    // 10:00 UTC is 6:00 PM in Manila, the merchant's time zone.
    expect(screenEl).toHaveTextContent(/6:00/);
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bottom-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unavailable-screen')).not.toBeInTheDocument();
  });

  it('shows maintenance when maintenance and region restriction are both on', async () => {
    mockApi({ startup: startupResponse({ mode: 'maintenance', maintenance: true, regionRestriction: true }) });
    renderApp('/m/home');
    expect(await screen.findByTestId('maintenance-screen')).toBeInTheDocument();
    expect(screen.queryByTestId('region-blocked-screen')).not.toBeInTheDocument();
  });

  it('shows the region-blocked screen with the IP and country in region mode', async () => {
    mockApi({
      startup: startupResponse({
        mode: 'region',
        regionRestriction: true,
        location: { ip: '198.51.100.4', country: 'US' },
      }),
    });
    renderApp('/m/home');
    const blocked = await screen.findByTestId('region-blocked-screen');
    expect(blocked).toHaveTextContent('198.51.100.4');
    expect(blocked).toHaveTextContent('US');
    expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
  });

  it('renders the routes in normal mode and applies the merchant theme', async () => {
    mockApi({
      startup: startupResponse(
        {},
        {
          theme: {
            primary: '#112233',
            primaryContrast: '#ffffff',
            accent: '#ffcc00',
            background: '#000011',
            surface: '#111122',
            text: '#ffffff',
            textMuted: '#cccccc',
          },
        },
      ),
    });
    renderApp('/m/home');
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--c-accent')).toBe('#ffcc00');
    expect(document.documentElement.style.getPropertyValue('--c-bg')).toBe('#000011');
  });

  it('shows the maintenance page at /m/maintenance in normal mode too', async () => {
    mockApi();
    renderApp('/m/maintenance');
    expect(await screen.findByTestId('maintenance-screen')).toBeInTheDocument();
  });

  it('shows an error with a retry when start-up fails, and recovers on retry', async () => {
    let fail = true;
    mockApi({
      startup: () =>
        fail
          ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'Unknown error' } }
          : startupResponse(),
    });
    renderApp('/m/home');
    const error = await screen.findByTestId('startup-error');
    expect(error).toHaveTextContent('Hindi kilalang error');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Subukan ulit' }));
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
  });
});

describe('merchant default language', () => {
  it('applies the merchant default language when the player has not chosen one', async () => {
    mockApi({ startup: startupResponse({}, { defaultLanguage: 'EN' }) });
    renderApp('/m/home');
    expect(await screen.findByText('Games')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
