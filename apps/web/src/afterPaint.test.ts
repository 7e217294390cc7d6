import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The loader the server writes into a page whose first screen paints without scripts
 * (public/after-paint.js; apps/server/src/modules/web/page.ts): it asks for the app once the page
 * has painted. Each test runs a fresh copy of it against the page it sets up.
 */
let copies = 0;
async function runLoader(): Promise<void> {
  copies += 1;
  await import(/* @vite-ignore */ `../public/after-paint.js?copy=${copies}`);
}

const SCRIPTS = {
  entry: '/assets/index-1a.js',
  preload: ['/assets/react-2b.js', '/assets/LoginScreen-3c.js', '/assets/texts-TY-core-4d.js'],
};

/** What the loader has asked for so far, in order. */
function requested(): string[] {
  return [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((element) => {
    expect(element.getAttribute('crossorigin')).toBe('');
    return element instanceof HTMLScriptElement
      ? `script ${element.getAttribute('src')}`
      : `preload ${element.getAttribute('href')}`;
  });
}
const ALL = [
  'script /assets/index-1a.js',
  'preload /assets/react-2b.js',
  'preload /assets/LoginScreen-3c.js',
  'preload /assets/texts-TY-core-4d.js',
];

/** The browser's paint reports, delivered when a test says the page painted. */
class PaintReports {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  static observers: PaintReports[] = [];
  static report(type: string, entry: { name?: string; element?: Element }): void {
    for (const observer of [...PaintReports.observers])
      if (observer.type === type) observer.callback({ getEntries: () => [entry] });
  }
  type = '';
  constructor(readonly callback: (list: { getEntries: () => { name?: string; element?: Element }[] }) => void) {}
  observe({ type }: { type: string }): void {
    this.type = type;
    PaintReports.observers.push(this);
  }
  disconnect(): void {
    PaintReports.observers = PaintReports.observers.filter((observer) => observer !== this);
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  // happy-dom runs no script files: the module scripts the loader adds count as loaded, not as errors.
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  document.head.innerHTML = `<script type="application/json" id="palaro-after-paint">${JSON.stringify(SCRIPTS)}</script>`;
  document.body.innerHTML = '<div id="root" data-server-rendered=""><h1>Maligayang pagbabalik</h1></div>';
  PaintReports.observers = [];
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the app loaded after the first paint', () => {
  it('asks for nothing before the first contentful paint, then for the entry and its modules, in the page order', async () => {
    vi.stubGlobal('PerformanceObserver', PaintReports);
    await runLoader();
    PaintReports.report('paint', { name: 'first-paint' });
    await flush();
    expect(requested()).toEqual([]);
    PaintReports.report('paint', { name: 'first-contentful-paint' });
    expect(requested()).toEqual(ALL);
    expect(document.head.querySelector('script[type="module"]')).toHaveProperty('type', 'module');
  });

  it("waits for the page's largest image to paint (home's banner), not only the first paint", async () => {
    vi.stubGlobal('PerformanceObserver', PaintReports);
    document.getElementById('root')!.innerHTML =
      '<img src="/media/banners/a.svg" fetchpriority="high"><img src="/media/brand/logo.svg">';
    const banner = document.querySelector('img[fetchpriority="high"]')!;
    // Never decoded here: only the paint report lets the app start.
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockReturnValue(new Promise(() => {}));
    await runLoader();
    PaintReports.report('paint', { name: 'first-contentful-paint' });
    PaintReports.report('largest-contentful-paint', { element: document.querySelector('h1')! });
    await flush();
    expect(requested()).toEqual([]);
    PaintReports.report('largest-contentful-paint', { element: banner });
    expect(requested()).toEqual(ALL);
  });

  it('where the browser does not report paints, two frames after the page ran stand in for the first paint', async () => {
    // happy-dom's PerformanceObserver reports no paints.
    await runLoader();
    expect(requested()).toEqual([]);
    await waitFor(() => expect(requested()).toEqual(ALL));
  });

  it('a large image that is not reported (not the largest paint, or no report): its decoding and two frames stand in', async () => {
    vi.stubGlobal('PerformanceObserver', PaintReports);
    document.getElementById('root')!.innerHTML = '<img src="/media/banners/a.svg" fetchpriority="high">';
    let decoded = () => {};
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockReturnValue(
      new Promise<void>((resolve) => {
        decoded = resolve;
      }),
    );
    await runLoader();
    PaintReports.report('paint', { name: 'first-contentful-paint' });
    await flush();
    expect(requested()).toEqual([]);
    decoded();
    await waitFor(() => expect(requested()).toEqual(ALL));
  });

  it('asks at once in a page that is not shown (it does not paint), and once only', async () => {
    vi.stubGlobal('PerformanceObserver', PaintReports);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await runLoader();
    expect(requested()).toEqual(ALL);
    PaintReports.report('paint', { name: 'first-contentful-paint' });
    expect(requested()).toEqual(ALL);
  });

  it('asks when the page is hidden before it painted', async () => {
    vi.stubGlobal('PerformanceObserver', PaintReports);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    await runLoader();
    expect(requested()).toEqual([]);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(requested()).toEqual(ALL);
  });

  it('never waits more than 2 s for a paint', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', PaintReports);
    await runLoader();
    vi.advanceTimersByTime(1999);
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toEqual(ALL);
  });

  it('does nothing in a page without the list', async () => {
    document.head.innerHTML = '';
    vi.stubGlobal('PerformanceObserver', PaintReports);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await runLoader();
    expect(requested()).toEqual([]);
  });
});
