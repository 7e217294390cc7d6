import { Suspense, use, useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from '../../shared/router';
import { useTranslation } from '../../shared/i18n/language';
import { textPartsPending } from '../../shared/i18n';
import { TIMING_MS, WEB_ROUTES, backGoesHome, hasBottomMenu, hasHeader, normalisePath } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { BottomMenu } from './BottomMenu';
import { Header } from './Header';
import { ScreenBoundary } from './ScreenBoundary';
import { useGoBack } from '../../shared/ui/BackButton';
import { useRouteMeta } from '../../shared/router/useRouteMeta';
import { useSwipeBack } from './useSwipeBack';
import { PageSkeleton } from './PageSkeleton';
import { SessionWatcher } from '../../shared/session/SessionWatcher';
import { useSessionInfo } from '../../shared/session/session';
import { ActionDockContext, createActionDock } from '../../shared/ui/PrimaryAction';
import { useMemberParts } from './useMemberParts';

/**
 * One page: fades in over 300 ms when it mounts, unless it arrived by a swipe back. A page that
 * does not fade carries no style attribute: the server draws the opening page, and the policy
 * allows no inline style attribute in a page's markup.
 */
function PageFrame({ animate, children }: { animate: boolean; children: ReactNode }) {
  const [fade] = useState(animate);
  return (
    <div
      className={`page-frame${fade ? ' page-frame--fade' : ''}`}
      data-transition={fade ? 'fade' : 'none'}
      style={fade ? { animationDuration: `${TIMING_MS.pageFade}ms` } : undefined}
    >
      {children}
    </div>
  );
}

/** Header, page and footer (bottom menu); which of them show depends on the route (spec §2). */
export function AppLayout() {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const path = normalisePath(location.pathname);
  const meta = useRouteMeta();
  const session = useSessionInfo();
  const memberParts = useMemberParts();
  const isHome = path === WEB_ROUTES.home;
  const showHeader = hasHeader(path);
  const showBottomMenu = hasBottomMenu(path);
  const goBack = useGoBack();
  // The location a swipe back started from: the page it brings mounts without the fade.
  const [swipeFrom, setSwipeFrom] = useState<string | null>(null);
  const [actionDock] = useState(createActionDock);
  const attachActionDock = useCallback((element: HTMLDivElement | null) => actionDock.attach(element), [actionDock]);
  const arrivedBySwipe = swipeFrom !== null && swipeFrom !== location.key;
  // The page the app opens on does not fade in: there is nothing to change from, and content at
  // opacity 0 is not a paint, so the browser's first paint would wait for the fade.
  const [openingKey] = useState(location.key);

  const swipe = useSwipeBack(!isHome, () => {
    setSwipeFrom(location.key);
    goBack(backGoesHome(path) ? WEB_ROUTES.home : undefined);
  });

  // Once that page has mounted, later changes fade again.
  useEffect(() => {
    if (!arrivedBySwipe) return;
    const timer = setTimeout(() => setSwipeFrom(null), 0);
    return () => clearTimeout(timer);
  }, [arrivedBySwipe]);

  // Before the browser paints the page, so the tab and the header change together.
  useLayoutEffect(() => {
    const title = meta?.titleKey && !isHome ? `${t(meta.titleKey)} · ${settings.name}` : settings.name;
    document.title = title;
  }, [meta?.titleKey, isHome, settings.name, t]);

  // A guest on a members-only screen goes on before any frame is drawn: nothing moves away.
  if (meta?.guestsTo && !session) return <Navigate to={meta.guestsTo} replace />;

  // The route's title is in its screen's text parts: a navigation (a transition) keeps the page it
  // leaves until they are here, so the header and the tab never show a title late.
  const titleParts = meta ? textPartsPending(i18n.language, meta.textParts) : null;
  if (titleParts) use(titleParts);

  return (
    <div className={`app${showBottomMenu ? ' app--with-menu' : ''}${isHome ? ' app--home' : ''}`}>
      <SessionWatcher />
      {memberParts ? <memberParts.WalletLive /> : null}
      {showHeader ? <Header isHome={isHome} path={path} titleKey={meta?.titleKey ?? null} /> : null}
      <ActionDockContext.Provider value={actionDock}>
        <main className="app-page" id="main" {...swipe}>
          <PageFrame key={location.pathname + location.search} animate={!arrivedBySwipe && location.key !== openingKey}>
            <ScreenBoundary key={location.pathname}>
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
              </Suspense>
            </ScreenBoundary>
          </PageFrame>
        </main>
      </ActionDockContext.Provider>
      {/* The screen's primary action (PrimaryAction), fixed above the bottom menu; empty and hidden without one. */}
      <div className="action-dock" ref={attachActionDock} data-testid="action-dock" />
      {showBottomMenu ? <BottomMenu path={path} /> : null}
    </div>
  );
}
