import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, LANGUAGE_CHANGED_EVENT, STORAGE_KEYS, WEB_BOOT_ELEMENT_ID, type TWebBoot } from '@palaro/contract';
import { App } from '../App';
import { callsTo, mockApi } from '../../test/render';
import { announcements, banner, startupResponse } from '../../test/fixtures';
import { keepLanguageCookie, readWebBoot } from './boot';

function writeBoot(content: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = WEB_BOOT_ELEMENT_ID;
  element.textContent = content;
  document.head.append(element);
}

function boot(overrides: Partial<TWebBoot> = {}): TWebBoot {
  return {
    language: 'TY',
    startup: startupResponse({}, { name: 'Boot Casino' }),
    home: announcements({ banners: [banner('inlined')] }),
    imageCdnStart: 0,
    ...overrides,
  };
}

afterEach(() => {
  document.getElementById(WEB_BOOT_ELEMENT_ID)?.remove();
  document.cookie = 'palaro_language=; path=/; max-age=0';
});

describe('start-up data written into the page', () => {
  it('is read from its JSON block, and ignored when missing or malformed', () => {
    expect(readWebBoot()).toBeNull();
    writeBoot('{not json');
    expect(readWebBoot()).toBeNull();
    document.getElementById(WEB_BOOT_ELEMENT_ID)?.remove();
    writeBoot(JSON.stringify(boot()));
    expect(readWebBoot()?.startup.settings.name).toBe('Boot Casino');
  });

  it('renders home with no start-up or announcements call', async () => {
    const fetchMock = mockApi();
    window.history.replaceState(null, '', '/m/home');
    render(<App boot={boot()} />);
    expect(await screen.findByRole('img', { name: 'Banner inlined' })).toHaveAttribute(
      'src',
      '/media/banners/inlined.svg',
    );
    expect(callsTo(fetchMock, API_PATHS.startup)).toHaveLength(0);
    expect(callsTo(fetchMock, API_PATHS.announcements)).toHaveLength(0);
  });

  it('draws no start-up skeleton over the page when there is no session to restore', () => {
    mockApi();
    window.history.replaceState(null, '', '/m/login');
    const { container } = render(<App boot={boot()} />);
    expect(container.querySelector('.app-skeleton')).toBeNull();
  });

  it('keeps the start-up skeleton while a remembered session is being restored', () => {
    mockApi();
    localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    window.history.replaceState(null, '', '/m/login');
    const { container } = render(<App boot={boot()} />);
    expect(container.querySelector('.app-skeleton')).not.toBeNull();
  });

  it("fetches home's announcements itself when the page's are in another language", async () => {
    const fetchMock = mockApi();
    localStorage.setItem(STORAGE_KEYS.language, 'EN');
    window.history.replaceState(null, '', '/m/home');
    render(<App boot={boot({ language: 'TY' })} />);
    expect(await screen.findByRole('img', { name: 'Banner b1' })).toBeInTheDocument();
    expect(callsTo(fetchMock, API_PATHS.announcements).map((url) => url.searchParams.get('language'))).toEqual(['EN']);
    expect(callsTo(fetchMock, API_PATHS.startup)).toHaveLength(0);
  });

  it('repeats the language the player chose in a cookie for the server', () => {
    keepLanguageCookie();
    expect(document.cookie).not.toContain('palaro_language');
    localStorage.setItem(STORAGE_KEYS.language, 'EN');
    window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: { language: 'EN' } }));
    expect(document.cookie).toContain('palaro_language=EN');
  });
});
