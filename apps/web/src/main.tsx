import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepLanguageCookie, readWebBoot } from './app/startup/boot';
import { adoptPageCdnStart } from './shared/lib/imageCdn';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const boot = readWebBoot();
if (boot) adoptPageCdnStart(boot.startup.settings.imageCDNs, boot.imageCdnStart);
keepLanguageCookie();
createRoot(root).render(
  <StrictMode>
    <App boot={boot} />
  </StrictMode>,
);
