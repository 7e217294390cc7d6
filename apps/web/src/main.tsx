import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/router';
import { keepLanguageCookie, readWebBoot } from './app/startup/boot';
import { adoptPageCdnStart } from './shared/lib/imageCdn';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const boot = readWebBoot();
if (boot) adoptPageCdnStart(boot.startup.settings.imageCDNs, boot.imageCdnStart);
keepLanguageCookie();
// The page's own screen first (its chunk is already on the way): the first commit is the whole
// screen. Not a top-level await: the screen's chunk imports from this one, which must finish first.
void preloadScreenOf(window.location.pathname).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
});
