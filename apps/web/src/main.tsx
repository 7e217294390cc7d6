import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/router';
import { keepLanguageCookie, openingLanguage, readWebBoot, takesOverServerScreen } from './app/startup/boot';
import { loadTexts, setTextsLanguage } from './shared/i18n';
import { adoptPageCdnStart } from './shared/lib/imageCdn';
import { registerServiceWorkerAfterLoad } from './app/pwa/registerServiceWorker';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const boot = readWebBoot();
if (boot) adoptPageCdnStart(boot.startup.settings.imageCDNs, boot.imageCdnStart);
keepLanguageCookie();
const language = openingLanguage(boot);
setTextsLanguage(language);
// The page's own screen and its language's texts first (the page names both chunks, so they are
// already on the way): the first commit is the whole screen. Not a top-level await: those chunks
// import from this one, which must finish first. Texts that fail to load are asked for once more;
// without them the screen shows their keys rather than nothing.
const texts = loadTexts(language)
  .catch(() => loadTexts(language))
  .catch((error: unknown) => console.error('texts', error));
// The first render is a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole screen (a long task a tap would wait behind), and the page
// the server drew stays on screen until the screen commits at once. A screen the server drew with
// the app's own components is taken over as it is; its frame alone is replaced.
void Promise.all([preloadScreenOf(window.location.pathname), texts]).then(() => {
  const app = (
    <StrictMode>
      <App boot={boot} language={language} />
    </StrictMode>
  );
  startTransition(() => {
    if (takesOverServerScreen(root, boot, language)) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
registerServiceWorkerAfterLoad();
