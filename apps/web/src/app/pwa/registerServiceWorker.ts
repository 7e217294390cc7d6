/**
 * Registers the service worker (dist/sw.js, built by vite-plugin-pwa) once the page has loaded, so
 * it takes nothing from the first screen. A first visit only registers it: nothing of this page
 * could be out of date. A page the worker already controls loads the update watch (./updates.ts,
 * with workbox-window), from the worker's own cache. Why: docs/decisions/installed-app.md.
 */
export function registerServiceWorkerAfterLoad(): void {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || !import.meta.env.PROD) return;
  const start = () => {
    if (container.controller) void import('./updates').then((updates) => updates.watchForUpdates());
    else container.register('/sw.js').catch((error: unknown) => console.error('service worker', error));
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
