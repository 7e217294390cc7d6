import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/router';
import { keepLanguageCookie, openingLanguage, readWebBoot } from './app/startup/boot';
import { loadTexts } from './shared/i18n';
import { adoptPageCdnStart } from './shared/lib/imageCdn';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const boot = readWebBoot();
if (boot) adoptPageCdnStart(boot.startup.settings.imageCDNs, boot.imageCdnStart);
keepLanguageCookie();
const language = openingLanguage(boot);
// The page's own screen and its language's texts first (the page names both chunks, so they are
// already on the way): the first commit is the whole screen. Not a top-level await: those chunks
// import from this one, which must finish first. Texts that fail to load are asked for once more;
// without them the screen shows their keys rather than nothing.
const texts = loadTexts(language).catch(() => loadTexts(language)).catch((error: unknown) => console.error('texts', error));
// The first render is a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole screen (a long task a tap would wait behind), and the page
// the server drew stays on screen until the screen commits at once.
void Promise.all([preloadScreenOf(window.location.pathname), texts]).then(() => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App boot={boot} />
      </StrictMode>,
    );
  });
});
