import { useState, type ComponentType } from 'react';
import { loadTextParts } from '../i18n';
import type { DownloadPopupProps } from './DownloadPopup';

/**
 * The download popup for home's bar and the member centre: `open()` loads it and its texts on the
 * first tap (home draws the bar, not the popup) and shows it; render `popup` where it belongs.
 */
export function useDownloadPopup(userAgent?: string) {
  const [Popup, setPopup] = useState<ComponentType<DownloadPopupProps> | null>(null);
  const open = () =>
    void Promise.all([import('./DownloadPopup'), loadTextParts(['pages'])]).then(
      ([module]) => setPopup(() => module.default),
      (error: unknown) => console.error('download popup', error),
    );
  const popup = Popup ? <Popup userAgent={userAgent} onClose={() => setPopup(null)} /> : null;
  return { open, popup };
}
