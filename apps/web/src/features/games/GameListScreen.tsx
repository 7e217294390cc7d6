import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GAME_CATEGORIES, GAME_CLASSIFY, WEB_ROUTES, type GameCategory, type TGameTile } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { Spinner, useToast } from '../../shared/ui/feedback';
import { EmptyInboxArt, LostArt } from '../../shared/ui/illustrations';
import { CloseIcon } from '../../shared/ui/icons';
import { StateView } from '../../shared/ui/StateView';
import { useGameList } from './api/gameList';
import { useCategoryVendors } from './api/vendors';
import { useChangeFavourite, useFavouriteIds } from './api/favourites';
import { GameTile, GameTileSkeletons } from './components/GameTile';
import { useInfiniteScroll } from './lib/useInfiniteScroll';
import './games.css';

const SKELETON_TILES = 9;
type Classification = (typeof GAME_CLASSIFY)[keyof typeof GAME_CLASSIFY];

function isCategory(value: string | null): value is GameCategory {
  return GAME_CATEGORIES.includes(value as GameCategory);
}

/** The classification tabs of a category: NEW is for RNG only, FAV for members only (spec §4). */
export function classificationTabs(gameType: GameCategory, signedIn: boolean): Classification[] {
  return [
    GAME_CLASSIFY.all, GAME_CLASSIFY.hot,
    ...(gameType === 'RNG' ? [GAME_CLASSIFY.new] : []),
    ...(signedIn ? [GAME_CLASSIFY.favourites] : []),
  ];
}

/** /m/gameList?gameType=X: one category's games, by classification, vendor and name. */
export default function GameListScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const gameType = search.get('gameType');
  if (!isCategory(gameType)) {
    return (
      <div className="gm-page">
        <StateView testId="games-unknown-category" art={<LostArt />} title={t('games_unknown_category')}
          actions={<Link className="btn btn--primary" to={WEB_ROUTES.home}>{t('go_home')}</Link>} />
      </div>
    );
  }
  return <GameList key={gameType} gameType={gameType} />;
}

function GameList({ gameType }: { gameType: GameCategory }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSessionInfo();
  const signedIn = session !== null;
  const [search, setSearch] = useSearchParams();
  const tabs = classificationTabs(gameType, signedIn);
  const asked = (search.get('classify') ?? GAME_CLASSIFY.all) as Classification;
  const classify = tabs.includes(asked) ? asked : GAME_CLASSIFY.all;
  const vendor = search.get('vendor') ?? undefined;
  const gameName = search.get('q') ?? undefined;
  const [draft, setDraft] = useState(gameName ?? '');

  const vendors = useCategoryVendors(gameType);
  const favouriteIds = useFavouriteIds(signedIn);
  const changeFavourite = useChangeFavourite();
  const query = useGameList({ gameType, gameClassify: classify, vassalage: vendor, gameName });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, error } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError, () => void fetchNextPage());

  const setFilter = (name: 'classify' | 'vendor' | 'q', value: string | undefined) => {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === undefined || value === '' || (name === 'classify' && value === GAME_CLASSIFY.all)) next.delete(name);
      else next.set(name, value);
      return next;
    }, { replace: true });
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', draft.trim() || undefined);
  };
  const onOpen = (game: TGameTile) => {
    void toast.show(t('games_launch_soon', { name: game.gameName }));
  };
  const onFavourite = (game: TGameTile) => {
    if (!signedIn) {
      void navigate(WEB_ROUTES.login);
      return;
    }
    changeFavourite.mutate({ nodeId: game.nodeId, vendor: game.vassalage, favourite: !favouriteIds.data?.has(game.nodeId) }, {
      onError: (error) => void toast.show(errorText(error), { kind: 'error' }),
    });
  };

  const pages = query.data?.pages ?? [];
  const allGames = pages.flatMap((page) => page.games);
  // In the favourites view a removed game leaves at once, before the list is asked again.
  const games = classify === GAME_CLASSIFY.favourites && favouriteIds.data ? allGames.filter((game) => favouriteIds.data.has(game.nodeId)) : allGames;

  return (
    <div className="gm-page" data-testid="game-list-screen">
      <h2 className="gm-title">{t(`cat_${gameType}`)}</h2>
      <form className="gm-search" role="search" onSubmit={onSearch}>
        <label className="visually-hidden" htmlFor="game-search">{t('games_search_label')}</label>
        <div className="gm-search__field">
          <input id="game-search" className="gm-search__input" type="search" enterKeyHint="search" maxLength={64} data-testid="game-search"
            placeholder={t('games_search_placeholder')} value={draft} onChange={(event) => setDraft(event.target.value)} />
          {gameName ? (
            <button type="button" className="gm-search__clear" aria-label={t('games_search_clear')} data-testid="game-search-clear"
              onClick={() => { setDraft(''); setFilter('q', undefined); }}>
              <CloseIcon size={18} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary btn--sm" data-testid="game-search-submit">{t('games_search_submit')}</button>
      </form>

      <div className="gm-chips" role="group" aria-label={t('games_classify_label')} data-testid="game-classify">
        {tabs.map((tab) => (
          <button key={tab} type="button" className={`gm-chip${tab === classify ? ' is-active' : ''}`} aria-pressed={tab === classify}
            data-testid={`game-classify-${tab}`} onClick={() => setFilter('classify', tab)}>
            {t(`games_tab_${tab}`)}
          </button>
        ))}
      </div>

      {vendors.data && vendors.data.length > 1 ? (
        <div className="gm-vendors" role="group" aria-label={t('games_vendor_label')} data-testid="game-vendors">
          <button type="button" className={`gm-vendor${vendor === undefined ? ' is-active' : ''}`} aria-pressed={vendor === undefined}
            data-testid="game-vendor-all" onClick={() => setFilter('vendor', undefined)}>
            {t('games_vendor_all')}
          </button>
          {vendors.data.map((entry) => (
            <button key={entry.vassalage} type="button" className={`gm-vendor${entry.vassalage === vendor ? ' is-active' : ''}`}
              aria-pressed={entry.vassalage === vendor} data-testid={`game-vendor-${entry.vassalage}`}
              onClick={() => setFilter('vendor', entry.vassalage === vendor ? undefined : entry.vassalage)}>
              {entry.vendorName}
            </button>
          ))}
        </div>
      ) : null}

      {query.isPending ? (
        <ul className="gm-grid" aria-busy="true" data-testid="game-list-loading"><GameTileSkeletons count={SKELETON_TILES} /></ul>
      ) : query.isError ? (
        <ErrorState compact testId="game-list-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : games.length === 0 ? (
        <StateView compact testId="game-list-empty" art={<EmptyInboxArt />} title={t('games_empty_title')}
          body={<p>{t(classify === GAME_CLASSIFY.favourites ? 'games_empty_favourites' : 'games_empty_body')}</p>} />
      ) : (
        <>
          <ul className="gm-grid" data-testid="game-list">
            {games.map((game) => (
              <GameTile key={game.nodeId} game={game} favourite={signedIn ? Boolean(favouriteIds.data?.has(game.nodeId)) : undefined}
                onOpen={onOpen} onFavourite={onFavourite} />
            ))}
            {isFetchingNextPage ? <GameTileSkeletons count={3} /> : null}
          </ul>
          <div ref={sentinel} className="gm-more">
            {isFetchNextPageError ? (
              <ErrorState compact testId="game-list-more-error" error={error} onRetry={() => void fetchNextPage()} />
            ) : hasNextPage ? (
              <button type="button" className="btn btn--outline btn--sm" data-testid="game-list-more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {isFetchingNextPage ? <Spinner /> : null}{t('games_load_more')}
              </button>
            ) : <p className="gm-end">{t('games_end', { n: pages[0]?.totalCount ?? games.length })}</p>}
          </div>
        </>
      )}
    </div>
  );
}
