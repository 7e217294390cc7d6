import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import {
  LIST_GAME_CATEGORIES,
  WEB_ROUTES,
  type GameCategory,
  type TGameTile,
  type TVendorEntry,
} from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { Link, useNavigate } from '../../../shared/router';
import { useSessionInfo } from '../../../shared/session/session';
import { ErrorState, useErrorText } from '../../../shared/ui/ErrorState';
import { useToast } from '../../../shared/ui/feedback';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { CdnImage } from '../../../shared/ui/CdnImage';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StateView } from '../../../shared/ui/StateView';
import { illustrationFrame } from '../../../shared/ui/offlineArt';
import { useCategoryPreview } from '../api/categoryPreview';
import { useChangeFavourite, useFavouriteIds } from '../api/favourites';
import { useHotGames } from '../api/hotGames';
import { useVendorInfo } from '../api/vendors';
import { categoryListPath, launchTarget, tileLaunchable, vendorTileTarget } from '../lib/launchTarget';
import { withPageBack } from '../lib/launchRequest';
import { CategoryIcon, type PopularTab } from './CategoryIcon';
import { GameTile, GameTileSkeletons } from './GameTile';
import '../games.css';
import './popular-games.css';

/** Home shows this many tiles of a tab; its "more" link (or, for HOT, a button) leads to the rest. */
export const POPULAR_TILES = 12;
/* As many skeleton tiles as tiles to come: the block does not grow under the first screen as it loads (the footer below it stays below the fold). */
const SKELETON_TILES = POPULAR_TILES;
const SKELETON_TABS = 5;
const TAB_WIDTH = 72;
const TAB_HEIGHT = 68;
const VENDOR_LOGO_SIZE = 48;

/** A category whose tab shows a game list (spec §2); the others show vendor tiles. */
export function showsGameList(category: GameCategory): boolean {
  return (LIST_GAME_CATEGORIES as readonly GameCategory[]).includes(category);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Home's popular-games block (spec §2): a horizontal category menu, HOT first and then the
 * categories in the merchant's order (the vendor info's sorting). HOT shows the hot games; RNG,
 * PVP, LIVE, FISH, SPORTS and INHOUSE their list, asked only once their tab is active; the others
 * their vendors' tiles from the vendor info's mapping. The active tab scrolls into view.
 */
export function PopularGames() {
  const { t } = useTranslation();
  const vendors = useVendorInfo();
  const [active, setActive] = useState<PopularTab>('HOT');
  const menu = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const tabs: PopularTab[] = ['HOT', ...(vendors.data?.sorting.map((entry) => entry.gameCategory) ?? [])];
  // A category gone from the merchant's menu (the cockfight switch turned off) leaves HOT shown.
  const shown: PopularTab = tabs.includes(active) ? active : 'HOT';

  useEffect(() => {
    if (!moved.current) return;
    const list = menu.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab || typeof list.scrollTo !== 'function') return;
    // Only the menu scrolls, sideways, to centre the tab: the page itself stays where it is.
    list.scrollTo({
      left: tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [shown]);

  const choose = (tab: PopularTab, focus = false) => {
    moved.current = true;
    setActive(tab);
    if (focus) menu.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.indexOf(shown);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length]!, true);
  };

  return (
    <div className="pg" data-testid="popular-games">
      <div
        ref={menu}
        className="pg-menu"
        role="tablist"
        aria-label={t('games_popular_label')}
        onKeyDown={onKeyDown}
        data-testid="popular-menu"
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`pg-tab-${tab}`}
            data-tab={tab}
            aria-selected={tab === shown}
            aria-controls="pg-panel"
            tabIndex={tab === shown ? 0 : -1}
            className={`pg-tab${tab === shown ? ' is-active' : ''}`}
            data-testid={`popular-tab-${tab}`}
            onClick={() => choose(tab)}
          >
            <span className="pg-tab__icon">
              <CategoryIcon category={tab} size={22} />
            </span>
            <span className="pg-tab__label">{t(`cat_${tab}`)}</span>
          </button>
        ))}
        {vendors.isPending
          ? Array.from({ length: SKELETON_TABS }, (_, index) => (
              <Skeleton key={index} className="pg-tab--loading" width={TAB_WIDTH} height={TAB_HEIGHT} radius={14} />
            ))
          : null}
      </div>
      {vendors.isError ? (
        <p className="pg-notice" role="alert" data-testid="popular-menu-error">
          <span>{t('games_popular_menu_error')}</span>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void vendors.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : null}
      <div
        className="pg-panel"
        role="tabpanel"
        id="pg-panel"
        aria-labelledby={`pg-tab-${shown}`}
        data-testid="popular-panel"
        data-category={shown}
      >
        {shown === 'HOT' ? (
          <HotPanel />
        ) : showsGameList(shown) ? (
          <ListPanel key={shown} category={shown} />
        ) : (
          <VendorPanel category={shown} entries={vendors.data?.mapping[shown] ?? []} />
        )}
      </div>
    </div>
  );
}

/** Tiles open the launch (spec §4); the star needs a member (a guest goes to sign-in). */
function useTileActions() {
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const signedIn = useSessionInfo() !== null;
  const favouriteIds = useFavouriteIds(signedIn);
  const changeFavourite = useChangeFavourite();
  return {
    favourite: (game: TGameTile) => (signedIn ? Boolean(favouriteIds.data?.has(game.nodeId)) : undefined),
    // The game's back and exit return to home.
    onOpen: (game: TGameTile) =>
      void navigate(withPageBack(launchTarget(tileLaunchable(game), signedIn), WEB_ROUTES.home)),
    onFavourite: (game: TGameTile) => {
      if (!signedIn) {
        void navigate(WEB_ROUTES.login);
        return;
      }
      void changeFavourite(
        { nodeId: game.nodeId, vendor: game.vassalage, favourite: !favouriteIds.data?.has(game.nodeId) },
        (error) => void toast.show(errorText(error), { kind: 'error' }),
      );
    },
  };
}

function TileGrid({ games }: { games: TGameTile[] }) {
  const actions = useTileActions();
  return (
    <ul className="gm-grid" data-testid="popular-tiles">
      {games.map((game) => (
        <GameTile
          key={game.nodeId}
          game={game}
          favourite={actions.favourite(game)}
          onOpen={actions.onOpen}
          onFavourite={actions.onFavourite}
        />
      ))}
    </ul>
  );
}

export function PopularTilesSkeleton() {
  return (
    <ul className="gm-grid" aria-busy="true" data-testid="popular-loading">
      <GameTileSkeletons count={SKELETON_TILES} />
    </ul>
  );
}

/**
 * The empty state's art, loaded only when a panel is empty (rare on home, whose scripts load for
 * every visit); an empty frame of its size holds its place meanwhile, and stays if it fails.
 */
function EmptyArt() {
  const [Art, setArt] = useState<ComponentType | null>(null);
  useEffect(() => {
    let shown = true;
    import('./EmptyArt').then(
      (module) => {
        if (shown) setArt(() => module.default);
      },
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return Art ? <Art /> : <svg {...illustrationFrame} />;
}

function EmptyPanel() {
  const { t } = useTranslation();
  return <StateView compact testId="popular-empty" art={<EmptyArt />} title={t('games_empty_title')} />;
}

function HotPanel() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const [all, setAll] = useState(false);
  if (hot.isPending) return <PopularTilesSkeleton />;
  if (hot.isError)
    return <ErrorState compact testId="popular-error" error={hot.error} onRetry={() => void hot.refetch()} />;
  const games = hot.data.games;
  if (games.length === 0) return <EmptyPanel />;
  return (
    <>
      <TileGrid games={all ? games : games.slice(0, POPULAR_TILES)} />
      {!all && games.length > POPULAR_TILES ? (
        <button type="button" className="pg-more" data-testid="popular-hot-all" onClick={() => setAll(true)}>
          {t('games_popular_hot_all', { n: games.length })}
          <ChevronRightIcon size={18} className="pg-more__chev--down" />
        </button>
      ) : null}
    </>
  );
}

function MoreLink({ category, count }: { category: GameCategory; count: number }) {
  const { t } = useTranslation();
  return (
    <Link className="pg-more" to={categoryListPath(category)} data-testid="popular-more">
      {t('games_popular_more', { n: count, category: t(`cat_${category}`) })}
      <ChevronRightIcon size={18} />
    </Link>
  );
}

function ListPanel({ category }: { category: GameCategory }) {
  const preview = useCategoryPreview(category);
  if (preview.isPending) return <PopularTilesSkeleton />;
  if (preview.isError)
    return <ErrorState compact testId="popular-error" error={preview.error} onRetry={() => void preview.refetch()} />;
  const { games, totalCount } = preview.data;
  if (games.length === 0) return <EmptyPanel />;
  return (
    <>
      <TileGrid games={games.slice(0, POPULAR_TILES)} />
      <MoreLink category={category} count={totalCount} />
    </>
  );
}

function VendorPanel({ category, entries }: { category: GameCategory; entries: TVendorEntry[] }) {
  const { t } = useTranslation();
  const signedIn = useSessionInfo() !== null;
  if (entries.length === 0) return <EmptyPanel />;
  return (
    <>
      <ul className="pg-vendors" data-testid="popular-vendors">
        {entries.map((entry) => (
          <li key={entry.vassalage}>
            <Link
              className="pg-vendor"
              to={withPageBack(vendorTileTarget(entry, signedIn), WEB_ROUTES.home)}
              data-testid={`popular-vendor-${entry.vassalage}`}
            >
              <CdnImage
                src={entry.logoUrl}
                width={VENDOR_LOGO_SIZE}
                height={VENDOR_LOGO_SIZE}
                alt=""
                className="pg-vendor__logo"
              />
              <span className="pg-vendor__text">
                <span className="pg-vendor__name">{entry.vendorName}</span>
                <span className="pg-vendor__count">{t('games_vendor_games', { n: entry.gameCount })}</span>
              </span>
              <ChevronRightIcon size={18} className="pg-vendor__chev" />
            </Link>
          </li>
        ))}
      </ul>
      <MoreLink category={category} count={entries.reduce((sum, entry) => sum + entry.gameCount, 0)} />
    </>
  );
}
