import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@palaro/contract';
import { StartupContext } from '../../../shared/startup/context';
import { settings, startup } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { DOWNLOAD_BAR_CLOSED_COOKIE, DownloadBar } from './DownloadBar';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const downloads = [{ resourceType: 'Android' as const, url: '/media/downloads/android.html' }];

const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const allDownloads = [
  ...downloads,
  { resourceType: 'IOS' as const, url: '/media/downloads/ios.html' },
  { resourceType: 'MOBILECONFIG' as const, url: '/media/downloads/palaro.mobileconfig' },
];

function renderBar(
  userAgent = ANDROID,
  links: { resourceType: 'Android' | 'IOS' | 'MOBILECONFIG'; url: string }[] = downloads,
) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  return renderInRouter(
    <StartupContext.Provider
      value={{ startup: startup(), settings: settings({ resources: { downloads: links, site: [] } }) }}
    >
      <DownloadBar />
    </StartupContext.Provider>,
    '/m/home',
    'EN',
  );
}

function clearCookie() {
  document.cookie = `${DOWNLOAD_BAR_CLOSED_COOKIE}=; path=/; max-age=0`;
}

describe('DownloadBar', () => {
  afterEach(() => {
    localStorage.clear();
    clearCookie();
    vi.restoreAllMocks();
  });

  it('is remembered closed in storage and in the cookie the server reads to draw the frame without it', () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('download-bar')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.hideDownloadBar)).toBe('1');
    expect(document.cookie).toContain(`${DOWNLOAD_BAR_CLOSED_COOKIE}=1`);
  });

  it('tells the server of a bar closed before the cookie existed (storage only)', () => {
    localStorage.setItem(STORAGE_KEYS.hideDownloadBar, '1');
    renderBar();
    expect(screen.queryByTestId('download-bar')).toBeNull();
    expect(document.cookie).toContain(`${DOWNLOAD_BAR_CLOSED_COOKIE}=1`);
  });

  it('stays closed when only the cookie remembers it (storage cleared), as the server drew the frame', () => {
    document.cookie = `${DOWNLOAD_BAR_CLOSED_COOKIE}=1; path=/`;
    renderBar();
    expect(screen.queryByTestId('download-bar')).toBeNull();
  });

  it('opens the download popup with this device’s links and the profile as its footer button', async () => {
    renderBar(ANDROID, allDownloads);
    fireEvent.click(screen.getByTestId('download-bar-button'));
    expect(await screen.findByTestId('download-popup')).toBeInTheDocument();
    expect(screen.getByTestId('download-Android')).toHaveAttribute('href', '/media/downloads/android.html');
    expect(screen.getByTestId('download-IOS')).toBeInTheDocument();
    expect(screen.getByTestId('download-MOBILECONFIG')).toHaveTextContent('Download the profile');
  });

  it('on an iPhone outside Safari says Safari is needed instead of opening the popup', async () => {
    renderBar(IPHONE_CHROME, allDownloads);
    fireEvent.click(screen.getByTestId('download-bar-button'));
    expect(await screen.findByText(/installing needs Safari/)).toBeInTheDocument();
    expect(screen.queryByTestId('download-popup')).toBeNull();
  });
});
