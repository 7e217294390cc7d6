import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, LANGUAGE_CHANGED_EVENT, STORAGE_KEYS, TIMING_MS } from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import type { LanguageChangedDetail } from './language';

describe('language change', () => {
  it('switches the texts, html lang and storage at once, publishes the event, and reloads language-dependent data after 200 ms', async () => {
    const fetchMock = mockApi();
    renderApp('/m/home');
    await screen.findByTestId('banner-carousel');
    expect(document.documentElement.lang).toBe('tl');
    expect(screen.getByTestId('header-login')).toHaveTextContent('Mag-login');
    expect(screen.getByText('Mga laro')).toBeInTheDocument();
    expect(callsTo(fetchMock, API_PATHS.announcements)).toHaveLength(1);
    expect(callsTo(fetchMock, API_PATHS.announcements)[0]!.searchParams.get('language')).toBe('TY');
    expect(callsTo(fetchMock, API_PATHS.startup)).toHaveLength(1);

    const events: LanguageChangedDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<LanguageChangedDetail>).detail);
    window.addEventListener(LANGUAGE_CHANGED_EVENT, listener);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByTestId('language-toggle'));
    fireEvent.click(screen.getByTestId('language-option-EN'));

    expect(events).toEqual([{ language: 'EN' }]);
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('EN');
    expect(screen.getByText('Games')).toBeInTheDocument();
    expect(screen.getByTestId('language-toggle')).toHaveTextContent('EN');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING_MS.languageDebounce - 1);
    });
    expect(callsTo(fetchMock, API_PATHS.announcements)).toHaveLength(1);
    expect(callsTo(fetchMock, API_PATHS.startup)).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    const announcementCalls = callsTo(fetchMock, API_PATHS.announcements);
    expect(announcementCalls).toHaveLength(2);
    expect(announcementCalls[1]!.searchParams.get('language')).toBe('EN');
    const startupCalls = callsTo(fetchMock, API_PATHS.startup);
    expect(startupCalls).toHaveLength(2);
    expect(startupCalls[1]!.searchParams.get('language')).toBe('EN');
    window.removeEventListener(LANGUAGE_CHANGED_EVENT, listener);
  });

  it('reloads once for quick successive changes', async () => {
    const fetchMock = mockApi();
    renderApp('/m/home');
    await screen.findByTestId('banner-carousel');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByTestId('language-toggle'));
    fireEvent.click(screen.getByTestId('language-option-EN'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    fireEvent.click(screen.getByTestId('language-toggle'));
    fireEvent.click(screen.getByTestId('language-option-TY'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    expect(callsTo(fetchMock, API_PATHS.announcements)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    const calls = callsTo(fetchMock, API_PATHS.announcements);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.searchParams.get('language')).toBe('TY');
  });

  it('starts in the stored language', async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'EN');
    const fetchMock = mockApi();
    const { i18n } = await (async () => {
      const { createI18n } = await import('./index');
      return { i18n: createI18n() };
    })();
    expect(i18n.language).toBe('EN');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
