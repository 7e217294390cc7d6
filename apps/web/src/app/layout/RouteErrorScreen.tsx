import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { OfflineArt } from '../../shared/ui/offlineArt';
import { StateView } from '../../shared/ui/StateView';

/** The app's last line: an error outside any screen (the layout, the start-up gate). Retry reloads the page. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className="gate-screen">
      <StateView
        testId="route-error"
        role="alert"
        art={<OfflineArt />}
        title={t('error_generic_title')}
        body={<p>{t('module_load_failed')}</p>}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
        }
      />
    </main>
  );
}

/** Catches what the screens' own boundary (ScreenBoundary) does not: the frame around them. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
