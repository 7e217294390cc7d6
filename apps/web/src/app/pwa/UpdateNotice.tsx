import { translate } from '../../shared/i18n';
import './update-notice.css';

/**
 * "A new version is ready": drawn in a root of its own by ./updates.ts, outside the app's tree, in
 * the page's language (the app keeps <html lang> current).
 */
export function UpdateNotice({ onUpdate }: { onUpdate: () => void }) {
  const language = document.documentElement.lang === 'en' ? 'EN' : 'TY';
  const t = (key: string) => translate(language, key);
  return (
    <div className="update-notice" role="status" data-testid="update-notice" lang={document.documentElement.lang}>
      <div className="update-notice__text">
        <strong>{t('pwa_update_title')}</strong>
        <span>{t('pwa_update_body')}</span>
      </div>
      <button type="button" className="btn btn--primary btn--sm" onClick={onUpdate}>
        {t('pwa_update_now')}
      </button>
    </div>
  );
}
