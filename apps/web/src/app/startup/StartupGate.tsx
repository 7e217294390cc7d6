import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { StartupContext } from '../../shared/startup/context';
import { useStartupQuery } from './api';
import { applyTheme } from './theme';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { loadTextParts, storedLanguage } from '../../shared/i18n';
import { StateView } from '../../shared/ui/StateView';
import { OfflineArt } from '../../shared/ui/offlineArt';
import { useErrorText } from '../../shared/ui/ErrorState';
import { ImageCdnContext } from '../../shared/lib/imageCdn';
import { AppSkeleton } from './AppSkeleton';
import { useRestoredSession } from '../../shared/session/restore';
// The start-up error below is drawn in the gate screen's frame, whose rules are the system screens'.
import '../../features/system/system.css';

// Maintenance and region blocks are rare and have their own art and texts (the pages part):
// loaded when the start-up answer asks for them (the skeleton stays until then), not with every page.
const MaintenanceScreen = lazy(() =>
  Promise.all([import('../../features/system/MaintenanceScreen'), loadTextParts(['pages'])]).then(([m]) => ({
    default: m.MaintenanceScreen,
  })),
);
const RegionBlockedScreen = lazy(() =>
  Promise.all([import('../../features/system/RegionBlockedScreen'), loadTextParts(['pages'])]).then(([m]) => ({
    default: m.RegionBlockedScreen,
  })),
);

/**
 * Loads the start-up result (and reopens a remembered session) before any route renders; blocks
 * every route in maintenance or region mode.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const query = useStartupQuery();
  // Remember-me (spec §4, §9 autoLogin) reopens a session alongside the start-up call.
  const restore = useRestoredSession();
  const { language, setLanguage } = useLanguage();
  const data = query.data;

  // The routes' layout titles the tab (app/layout/AppLayout) — this effect, running after it,
  // would write over a route's title — so the gate titles only the screens it draws itself.
  const blocked = data?.startup.mode !== undefined && data.startup.mode !== 'normal';
  useEffect(() => {
    if (data?.settings?.theme) applyTheme(data.settings.theme);
    if (blocked && data?.settings?.name) document.title = data.settings.name;
  }, [data, blocked]);

  // The merchant's default language applies until the player picks one.
  const merchantDefault = data?.settings?.defaultLanguage;
  useEffect(() => {
    if (merchantDefault && !storedLanguage() && merchantDefault !== language) {
      setLanguage(merchantDefault, { persist: false });
    }
  }, [merchantDefault, language, setLanguage]);

  if (query.isPending || restore.isPending) return <AppSkeleton />;
  if (query.isError || !data) {
    return (
      <main className="gate-screen">
        <StateView
          testId="startup-error"
          role="alert"
          art={<OfflineArt />}
          title={t('startup_error_title')}
          body={
            <>
              <p>{t('startup_error_body')}</p>
              <p className="muted">{errorText(query.error)}</p>
            </>
          }
          actions={
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              {t('retry')}
            </button>
          }
        />
      </main>
    );
  }

  const { startup, settings } = data;
  if (startup.mode === 'maintenance')
    return (
      <Suspense fallback={<AppSkeleton />}>
        <MaintenanceScreen startup={startup} settings={settings} />
      </Suspense>
    );
  if (startup.mode === 'region')
    return (
      <Suspense fallback={<AppSkeleton />}>
        <RegionBlockedScreen startup={startup} />
      </Suspense>
    );

  return (
    <StartupContext.Provider value={{ startup, settings }}>
      <ImageCdnContext.Provider value={settings.imageCDNs}>{children}</ImageCdnContext.Provider>
    </StartupContext.Provider>
  );
}
