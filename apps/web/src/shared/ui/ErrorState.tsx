import { useTranslation } from '../i18n/language';
import { ApiError } from '../api/client';
import { ERROR_I18N_KEYS, type ErrorCode } from '@palaro/contract';
import { OfflineArt } from './offlineArt';
import { StateView } from './StateView';

/** The player's text for an error: the i18n key of its code, else a connection or unknown-error text. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'network') return t('in_no_internet');
      const key = ERROR_I18N_KEYS[error.code as ErrorCode];
      if (key) return t(key);
    }
    return t('in_unknown_error');
  };
}

export function ErrorState({ error, onRetry, testId, compact }: {
  error: unknown; onRetry: () => void; testId?: string; compact?: boolean;
}) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <StateView
      compact={compact}
      testId={testId}
      role="alert"
      art={<OfflineArt />}
      title={t('error_generic_title')}
      body={<p>{text(error)}</p>}
      actions={<button type="button" className="btn btn--primary" onClick={onRetry}>{t('retry')}</button>}
    />
  );
}
