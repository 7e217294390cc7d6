import { useTranslation } from '../i18n/language';
import { ApiError } from '../api/client';
import { OfflineArt } from './offlineArt';
import { StateView } from './StateView';

/** The player's text for an error: the i18n key the API client found for its code, else a connection or unknown-error text. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'network') return t('in_no_internet');
      if (error.i18nKey) return t(error.i18nKey);
    }
    return t('in_unknown_error');
  };
}

export function ErrorState({
  error,
  onRetry,
  testId,
  compact,
}: {
  error: unknown;
  onRetry: () => void;
  testId?: string;
  compact?: boolean;
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
      actions={
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('retry')}
        </button>
      }
    />
  );
}
