import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../shared/router';
import { GAME_CATEGORIES, GAME_CLASSIFY, WEB_ROUTES, type GameCategory, type TGameTile } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { Spinner, useToast } from '../../shared/ui/feedback';
import { EmptyInboxArt, LostArt } from '../../shared/ui/illustrations';
import { CloseIcon, Icon, type IconProps } from '../../shared/ui/icons';
import { StateView } from '../../shared/ui/StateView';
import { useGameList } from './api/gameList';
import { useGameTypes } from './api/gameTypes';
import { useRecents } from './api/recents';
import { useCategoryVendors } from './api/vendors';
import { useChangeFavourite, useFavouriteIds } from './api/favourites';
import { CategoryLinks } from './components/CategoryLinks';
import { FilterSheet } from './components/FilterSheet';
import { GameTile, GameTileSkeletons } from './components/GameTile';
import { launchTarget, tileLaunchable } from './lib/launchTarget';
import { withPageBack } from './lib/launchRequest';
import {
  RECENT_TAB,
  activeFilterCount,
  filtersFromSearch,
  quickTabs,
  searchWithFilters,
  type ListFilters,
} from './lib/listFilters';
import { useClassificationLabel } from './lib/useClassificationLabel';
import { useInfiniteScroll } from './lib/useInfiniteScroll';
import './games.css';

const SKELETON_TILES = 9;

const FilterIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6.5h10M18 6.5h2M4 12h3M11 12h9M4 17.5h8M16 17.5h4" />
    <circle cx="16" cy="6.5" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="14" cy="17.5" r="2" />
  </Icon>
);

function isCategory(value: string | null): value is GameCategory {
  return GAME_CATEGORIES.includes(value as GameCategory);
}

/** /m/gameList?gameType=X: one category's games, by classification, vendor, minimum bet and name. */
export default function GameListScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const gameType = search.get('gameType');
  if (!isCategory(gameType)) {
    return (
      <div className="gm-page">
        <StateView
          testId="games-unknown-category"
          art={<LostArt />}
          title={t('games_unknown_category')}
          actions={
            <Link className="btn btn--primary" to={WEB_ROUTES.home}>
              {t('go_home')}
            </Link>
          }
        />
      </div>
    );
  }
  return <GameList key={gameType} gameType={gameType} />;
}

/** The list of one category; the slots centre is this list for RNG. */
export function GameList({ gameType }: { gameType: GameCategory }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const errorText = useErrorText();
  const classificationLabel = useClassificationLabel();
  const session = useSessionInfo();
  const signedIn = session !== null;
  const [search, setSearch] = useSearchParams();
  const [filtering, setFiltering] = useState(false);

  const vendors = useCategoryVendors(gameType);
  const types = useGameTypes();
  const vendorDefined = types.data
    ? (types.data.list.find((entry) => entry.gameType === gameType)?.classifications ?? [])
    : undefined;
  const filters = filtersFromSearch(search, {
    gameType,
    signedIn,
    vendors: vendors.data?.map((entry) => entry.vassalage),
    vendorDefined,
  });
  const tabs = quickTabs(gameType, signedIn);
  const recent = filters.classify === RECENT_TAB;
  const gameName = search.get('q') ?? undefined;
  const [draft, setDraft] = useState(gameName ?? '');

  const favouriteIds = useFavouriteIds(signedIn);
  const changeFavourite = useChangeFavourite();
  const listQuery = useGameList(
    {
      gameType,
      gameClassify: recent ? GAME_CLASSIFY.all : filters.classify,
      vassalage: filters.vendor,
      gameName,
      minBet: filters.minBet,
    },
    !recent,
  );
  const recentsQuery = useRecents(gameType, recent);
  const query = recent ? recentsQuery : listQuery;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, error } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(
    sentinel,
    Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError,
    () => void fetchNextPage(),
  );

  const applyFilters = (next: ListFilters) =>
    setSearch((current) => searchWithFilters(current, next), { replace: true });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        const name = draft.trim();
        if (name) next.set('q', name);
        else next.delete('q');
        // The recent games are not searched: a search looks through the whole category.
        if (recent) next.delete('classify');
        return next;
      },
      { replace: true },
    );
  };
  const clearSearch = () => {
    setDraft('');
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        return next;
      },
      { replace: true },
    );
  };
  const onOpen = (game: TGameTile) => {
    void navigate(withPageBack(launchTarget(tileLaunchable(game), signedIn), `${location.pathname}${location.search}`));
  };
  const onFavourite = (game: TGameTile) => {
    if (!signedIn) {
      void navigate(WEB_ROUTES.login);
      return;
    }
    void changeFavourite(
      { nodeId: game.nodeId, vendor: game.vassalage, favourite: !favouriteIds.data?.has(game.nodeId) },
      (failure) => void toast.show(errorText(failure), { kind: 'error' }),
    );
  };

  const allGames: TGameTile[] = recent
    ? (recentsQuery.data?.pages ?? []).flatMap((page) => page.list)
    : (listQuery.data?.pages ?? []).flatMap((page) => page.games);
  // In the favourites view a removed game leaves at once, before the list is asked again.
  const games =
    filters.classify === GAME_CLASSIFY.favourites && favouriteIds.data
      ? allGames.filter((game) => favouriteIds.data.has(game.nodeId))
      : allGames;
  const totalCount = recent ? games.length : (listQuery.data?.pages[0]?.totalCount ?? games.length);
  const chosen = activeFilterCount(recent ? { ...filters, classify: GAME_CLASSIFY.all } : filters);
  const emptyText =
    filters.classify === GAME_CLASSIFY.favourites
      ? 'games_empty_favourites'
      : recent
        ? 'games_empty_recent'
        : 'games_empty_body';

  return (
    <div className="gm-page" data-testid="game-list-screen">
      <h2 className="gm-title">{t(`cat_${gameType}`)}</h2>
      <form className="gm-search" role="search" onSubmit={onSearch}>
        <label className="visually-hidden" htmlFor="game-search">
          {t('games_search_label')}
        </label>
        <div className="gm-search__field">
          <input
            id="game-search"
            className="gm-search__input"
            type="search"
            enterKeyHint="search"
            maxLength={64}
            data-testid="game-search"
            placeholder={t('games_search_placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          {gameName ? (
            <button
              type="button"
              className="gm-search__clear"
              aria-label={t('games_search_clear')}
              data-testid="game-search-clear"
              onClick={clearSearch}
            >
              <CloseIcon size={18} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary btn--sm" data-testid="game-search-submit">
          {t('games_search_submit')}
        </button>
        <button
          type="button"
          className={`gm-filter-btn${chosen > 0 ? ' is-active' : ''}`}
          data-testid="game-filter-open"
          aria-haspopup="dialog"
          aria-label={chosen > 0 ? t('games_filter_open_chosen', { n: chosen }) : t('games_filter_open')}
          onClick={() => setFiltering(true)}
        >
          <FilterIcon size={20} />
          {chosen > 0 ? (
            <span className="gm-filter-btn__count" aria-hidden="true">
              {chosen}
            </span>
          ) : null}
        </button>
      </form>

      <div className="gm-chips" role="group" aria-label={t('games_classify_label')} data-testid="game-classify">
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            className={`gm-chip${tab === filters.classify ? ' is-active' : ''}`}
            aria-pressed={tab === filters.classify}
            data-testid={`game-classify-${tab}`}
            onClick={() => applyFilters({ ...filters, classify: tab })}
          >
            {classificationLabel(tab)}
          </button>
        ))}
        {!tabs.includes(filters.classify) ? (
          // A vendor's own classification chosen in the panel shows beside the tabs, chosen.
          <button
            type="button"
            className="gm-chip is-active"
            aria-pressed="true"
            data-testid={`game-classify-${filters.classify}`}
            onClick={() => applyFilters({ ...filters, classify: GAME_CLASSIFY.all })}
          >
            {classificationLabel(filters.classify)}
          </button>
        ) : null}
      </div>

      {vendors.data && vendors.data.length > 1 && !recent ? (
        <div className="gm-vendors" role="group" aria-label={t('games_vendor_label')} data-testid="game-vendors">
          <button
            type="button"
            className={`gm-vendor${filters.vendor === undefined ? ' is-active' : ''}`}
            aria-pressed={filters.vendor === undefined}
            data-testid="game-vendor-all"
            onClick={() => applyFilters({ ...filters, vendor: undefined })}
          >
            {t('games_vendor_all')}
          </button>
          {vendors.data.map((entry) => (
            <button
              key={entry.vassalage}
              type="button"
              className={`gm-vendor${entry.vassalage === filters.vendor ? ' is-active' : ''}`}
              aria-pressed={entry.vassalage === filters.vendor}
              data-testid={`game-vendor-${entry.vassalage}`}
              onClick={() =>
                applyFilters({ ...filters, vendor: entry.vassalage === filters.vendor ? undefined : entry.vassalage })
              }
            >
              {entry.vendorName}
            </button>
          ))}
        </div>
      ) : null}

      {query.isPending ? (
        <ul className="gm-grid" aria-busy="true" data-testid="game-list-loading">
          <GameTileSkeletons count={SKELETON_TILES} />
        </ul>
      ) : query.isError && !isFetchNextPageError ? (
        // A later page's failure keeps the games shown and ends paging with its own retry (below).
        <ErrorState compact testId="game-list-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : games.length === 0 ? (
        <>
          <StateView
            compact
            testId="game-list-empty"
            art={<EmptyInboxArt />}
            title={t(recent ? 'games_empty_recent_title' : 'games_empty_title')}
            body={<p>{t(emptyText)}</p>}
          />
          <CategoryLinks current={gameType} />
        </>
      ) : (
        <>
          <ul className="gm-grid" data-testid="game-list">
            {games.map((game) => (
              <GameTile
                key={game.nodeId}
                game={game}
                favourite={signedIn ? Boolean(favouriteIds.data?.has(game.nodeId)) : undefined}
                onOpen={onOpen}
                onFavourite={onFavourite}
              />
            ))}
            {isFetchingNextPage ? <GameTileSkeletons count={3} /> : null}
          </ul>
          <div ref={sentinel} className="gm-more">
            {isFetchNextPageError ? (
              <ErrorState compact testId="game-list-more-error" error={error} onRetry={() => void fetchNextPage()} />
            ) : hasNextPage ? (
              <button
                type="button"
                className="btn btn--outline btn--sm"
                data-testid="game-list-more"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage ? <Spinner /> : null}
                {t('games_load_more')}
              </button>
            ) : (
              <p className="gm-end">{t('games_end', { n: totalCount })}</p>
            )}
          </div>
          {!hasNextPage && !isFetchNextPageError ? <CategoryLinks current={gameType} /> : null}
        </>
      )}

      {filtering ? (
        <FilterSheet
          gameType={gameType}
          signedIn={signedIn}
          vendors={vendors.data ?? []}
          vendorDefined={vendorDefined ?? []}
          value={filters}
          onClose={() => setFiltering(false)}
          onApply={(next) => {
            applyFilters(next);
            setFiltering(false);
          }}
        />
      ) : null}
    </div>
  );
}
