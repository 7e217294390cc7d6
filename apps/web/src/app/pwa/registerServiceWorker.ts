/**
 * Registers the service worker (dist/sw.js, built by vite-plugin-pwa) once the first screen has
 * settled: after the page's load, at the first idle moment past a few seconds, or at once when the
 * player leaves the page. The worker's first downloads then never compete with the first screen's
 * pictures and taps on a slow phone. A first visit only registers it: nothing of this page could
 * be out of date. A page the worker already controls loads the update watch (./updates.ts, with
 * workbox-window), from the worker's own cache. Why: docs/decisions/installed-app.md.
 */
const SETTLE_MS = 4000;

export function registerServiceWorkerAfterLoad(): void {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || !import.meta.env.PROD) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (container.controller) void import('./updates').then((updates) => updates.watchForUpdates());
    else container.register('/sw.js').catch((error: unknown) => console.error('service worker', error));
  };
  const whenSettled = () => {
    if (container.controller) return start();
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: SETTLE_MS });
      else start();
    }, SETTLE_MS);
    document.addEventListener('visibilitychange', start, { once: true });
  };
  if (document.readyState === 'complete') whenSettled();
  else addEventListener('load', whenSettled, { once: true });
}
