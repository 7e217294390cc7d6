import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { LANGUAGE_CHANGED_EVENT } from '@palaro/contract';
import { loadTextParts } from '../../shared/i18n';
import { mayReloadNow } from './reloadMoment';
import { UpdateNotice } from './UpdateNotice';

function typing(): boolean {
  const focused = document.activeElement;
  return (
    focused instanceof HTMLInputElement ||
    focused instanceof HTMLTextAreaElement ||
    focused instanceof HTMLSelectElement
  );
}

/**
 * Watches for a new build (a new sw.js). When its worker has installed and waits, the player is
 * told (UpdateNotice) and the page moves to it at a safe moment: when the player taps "update
 * now", or, away from bets, payments and forms (./reloadMoment.ts), when they go to another
 * screen or leave the page. The worker takes over only then (skipWaiting on our message), and the
 * page reloads once it controls it, so no page ever runs old code against new files.
 */
export function watchForUpdates(): void {
  const workbox = new Workbox('/sw.js');
  let applying = false;
  const apply = () => {
    if (applying) return;
    applying = true;
    workbox.addEventListener('controlling', () => location.reload());
    workbox.messageSkipWaiting();
  };
  const applyIfSafe = () => {
    if (mayReloadNow({ pathname: location.pathname, typing: typing() })) apply();
  };

  workbox.addEventListener('waiting', () => {
    void loadTextParts(['pages']).then(() => {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      const draw = () => root.render(createElement(UpdateNotice, { onUpdate: apply }));
      draw();
      // The notice speaks the language the player switches to.
      addEventListener(LANGUAGE_CHANGED_EVENT, () => void loadTextParts(['pages']).then(draw));
    });
    let shownPath = location.pathname;
    // The app's router moves between screens without a page load: a new screen is seen as the
    // address changes after a tap or a back.
    const onNavigation = () =>
      setTimeout(() => {
        if (location.pathname === shownPath) return;
        shownPath = location.pathname;
        applyIfSafe();
      });
    addEventListener('click', onNavigation, true);
    addEventListener('popstate', onNavigation);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') applyIfSafe();
    });
  });
  workbox.register().catch((error: unknown) => console.error('service worker', error));
}
