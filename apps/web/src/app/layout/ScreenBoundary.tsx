import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { renewFailedScreens } from '../lazyScreen';
import { OfflineArt } from '../../shared/ui/offlineArt';
import { StateView } from '../../shared/ui/StateView';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateView
      testId="module-load-error"
      role="alert"
      art={<OfflineArt />}
      title={t('error_generic_title')}
      body={<p>{t('module_load_failed')}</p>}
      actions={
        <button type="button" className="btn btn--primary" data-testid="module-load-retry" onClick={onRetry}>
          {t('retry')}
        </button>
      }
    />
  );
}

/** Catches a screen's module load failure (or render error) and offers a retry (spec §8). */
export class ScreenBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  retry = () => {
    renewFailedScreens();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <LoadFailed onRetry={this.retry} />;
    return this.props.children;
  }
}
