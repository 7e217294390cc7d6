/* global document, location */
/**
 * The offline screen in the player's language: the one the app stored ('lang', STORAGE_KEYS.language),
 * Tagalog by default; "try again" reloads the page the player asked for, which the service worker
 * fetches anew.
 */
let language = 'TY';
try {
  if (localStorage.getItem('lang') === 'EN') language = 'EN';
} catch {
  // Storage refused (private mode): the default language.
}
document.documentElement.dataset.shown = language;
document.documentElement.lang = language === 'EN' ? 'en' : 'tl';
document.title = language === 'EN' ? 'Palaro — No connection' : 'Palaro — Walang koneksyon';
document.querySelector('[data-testid="offline-retry"]')?.addEventListener('click', (event) => {
  event.preventDefault();
  location.reload();
});
