import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMING_MS } from '@palaro/contract';
import { createI18n } from '../i18n';
import { TranslationProvider } from '../i18n/language';
import * as drawnLayers from './FeedbackLayers';
import type * as FeedbackModule from './feedback';

type Chunk = { promise: Promise<typeof drawnLayers>; arrive: () => void; fail: () => void };

function chunkDownload(): Chunk {
  let arrive = () => undefined as void;
  let fail = () => undefined as void;
  const promise = new Promise<typeof drawnLayers>((resolve, reject) => {
    arrive = () => resolve(drawnLayers);
    fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
  });
  return { promise, arrive, fail };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The app as a page opens it: no toast or dialog drawn yet, so the chunk that draws them is not
 * loaded. Its download is the test's to end (`downloads`, one per request), and resolves to the
 * real module.
 */
async function openPage() {
  const downloads: Chunk[] = [];
  const requestChunk = vi.fn(() => {
    const download = chunkDownload();
    downloads.push(download);
    return download.promise;
  });
  vi.resetModules();
  vi.doMock('./FeedbackLayers', requestChunk);
  const feedback: typeof FeedbackModule = await import('./feedback');
  let toast!: FeedbackModule.ToastApi;
  let confirm!: ReturnType<typeof FeedbackModule.useConfirm>;
  function Screen() {
    toast = feedback.useToast();
    confirm = feedback.useConfirm();
    return null;
  }
  render(
    <TranslationProvider i18n={createI18n('EN')}>
      <feedback.FeedbackProvider>
        <Screen />
      </feedback.FeedbackProvider>
    </TranslationProvider>,
  );
  return { toast: () => toast, confirm: () => confirm, requestChunk, downloads, preload: feedback.preloadFeedback };
}

function settled<T>(promise: Promise<T>): { readonly done: boolean; readonly value: T | undefined } {
  const state = { done: false, value: undefined as T | undefined };
  void promise.then((value) => {
    state.done = true;
    state.value = value;
  });
  return state;
}

afterEach(() => {
  vi.doUnmock('./FeedbackLayers');
});

describe('feedback drawn by a chunk loaded on first use', () => {
  it('asks for nothing while the page shows no toast or dialog', async () => {
    const page = await openPage();
    await sleep(50);
    expect(page.requestChunk).not.toHaveBeenCalled();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('a toast shown while the chunk loads is drawn when it arrives, for its whole duration from then', async () => {
    const page = await openPage();
    let shown!: ReturnType<typeof settled<void>>;
    act(() => {
      shown = settled(page.toast().show('Copied', { durationMs: 300, kind: 'success' }));
    });
    await waitFor(() => expect(page.downloads).toHaveLength(1));
    await sleep(500); // longer than the toast lasts: its time starts when it is drawn
    expect(shown.done).toBe(false);
    page.downloads[0].arrive();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Copied');
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument());
    expect(shown.done).toBe(true);
  });

  it('later toasts are drawn at once', async () => {
    const page = await openPage();
    act(() => void page.toast().show('First', { durationMs: 100 }));
    await waitFor(() => expect(page.downloads).toHaveLength(1));
    page.downloads[0].arrive();
    await screen.findByText('First');
    act(() => void page.toast().show('Second', { durationMs: 5000, kind: 'error' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Second');
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('toast'));
    expect(page.requestChunk).toHaveBeenCalledTimes(1);
  });

  it('a toast replaced or hidden before the chunk arrives is never drawn; its promise resolves', async () => {
    const page = await openPage();
    let replaced!: ReturnType<typeof settled<void>>;
    let hideLoading!: () => void;
    act(() => {
      replaced = settled(page.toast().show('Old', { durationMs: 5000 }));
      hideLoading = page.toast().loading('Please wait');
    });
    await waitFor(() => expect(replaced.done).toBe(true));
    act(() => hideLoading());
    let asked!: ReturnType<typeof settled<boolean>>;
    act(() => {
      asked = settled(page.confirm()({ message: 'Sure?' }));
    });
    await waitFor(() => expect(page.downloads).toHaveLength(1));
    page.downloads[0].arrive();
    await screen.findByTestId('confirm-dialog');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(asked.value).toBe(true));
  });

  it('a loading toast shown while the chunk loads stays until hidden', async () => {
    const page = await openPage();
    let hideLoading!: () => void;
    act(() => {
      hideLoading = page.toast().loading('Please wait');
    });
    await waitFor(() => expect(page.downloads).toHaveLength(1));
    page.downloads[0].arrive();
    expect(await screen.findByRole('status')).toHaveTextContent('Please wait');
    act(() => hideLoading());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('the first dialog: drawn when the chunk arrives, OK focused, mask guard counted from then; later ones at once', async () => {
    const page = await openPage();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    let first!: ReturnType<typeof settled<boolean>>;
    act(() => {
      first = settled(page.confirm()({ title: 'Sign out', message: 'Sure?', okText: 'Yes', cancelText: 'No' }));
    });
    await waitFor(() => expect(page.downloads).toHaveLength(1));
    clock.mockReturnValue(5_000); // the chunk took 4 s
    page.downloads[0].arrive();
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Sign out');
    await waitFor(() => expect(screen.getByTestId('confirm-ok')).toHaveFocus());
    clock.mockReturnValue(5_000 + TIMING_MS.dialogMaskGuard - 50);
    fireEvent.click(screen.getByTestId('confirm-mask'));
    expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    clock.mockReturnValue(5_000 + TIMING_MS.dialogMaskGuard + 50);
    fireEvent.click(screen.getByTestId('confirm-mask'));
    await waitFor(() => expect(first.value).toBe(false));
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();

    let second!: ReturnType<typeof settled<boolean>>;
    act(() => {
      second = settled(page.confirm()({ message: 'Passwords match', cancelText: null }));
    });
    expect(screen.getByTestId('confirm-dialog')).toHaveTextContent('Passwords match');
    expect(screen.queryByTestId('confirm-cancel')).not.toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(second.value).toBe(false));
    expect(page.requestChunk).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot be downloaded: the toast ends, the dialog answers as cancelled, the next one asks again', async () => {
    const page = await openPage();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let shown!: ReturnType<typeof settled<void>>;
    let asked!: ReturnType<typeof settled<boolean>>;
    act(() => {
      shown = settled(page.toast().show('Copied', { durationMs: 5000 }));
      asked = settled(page.confirm()({ message: 'Sure?' }));
    });
    await waitFor(() => expect(page.downloads).toHaveLength(1));
    page.downloads[0].fail();
    await waitFor(() => expect(shown.done && asked.done).toBe(true));
    expect(asked.value).toBe(false);
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();

    let again!: ReturnType<typeof settled<boolean>>;
    act(() => {
      again = settled(page.confirm()({ message: 'Sure now?' }));
    });
    await waitFor(() => expect(page.downloads).toHaveLength(2));
    page.downloads[1].arrive();
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(again.value).toBe(true));
  });

  it('preloading starts the download before any toast or dialog', async () => {
    const page = await openPage();
    page.preload();
    await waitFor(() => expect(page.requestChunk).toHaveBeenCalledTimes(1));
    page.downloads[0].arrive();
    act(() => void page.toast().show('Ready'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Ready');
    expect(page.requestChunk).toHaveBeenCalledTimes(1);
  });
});
