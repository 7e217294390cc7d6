import { useEffect, useMemo, useRef, useState } from 'react';
import { menuRefreshDelay, WEB_ROUTES, type TLotteryGame, type TLotteryMenu } from '@palaro/contract';
import { Link, useLocation, useNavigate, useSearchParams } from '../../shared/router';
import { useTranslation } from '../../shared/i18n/language';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/ErrorState';
import { StateView } from '../../shared/ui/StateView';
import { EmptyInboxArt, ShieldArt } from '../../shared/ui/illustrations';
import { FlameIcon } from '../../shared/ui/icons';
import { useLotteryMenu } from './api/menu';
import type { Timed } from './api/timed';
import { JackpotCounter } from './components/JackpotCounter';
import { LotteryItem, LotteryItemSkeletons } from './components/LotteryItem';
import { WinnerTicker } from './components/Winners';
import { HeartIcon } from './components/lotteryIcons';
import { useLotteryFavourites } from './lib/favourites';
import { useLotteryLaunch } from './lib/launch';
import type { LotteryTime } from './lib/countdown';
import type { PrizeMode } from './lib/prizeMode';
import './lottery.css';

/** The pseudo-tabs before the categories (spec §2; HOT and FAV of the list filters). */
export const HOT_TAB = 'HOT';
export const FAV_TAB = 'FAV';
/** The ZY games' group (prize mode ZY, the two-sided board at fixed odds): a lobby launched in ZY opens on it. */
export const ZY_TAB = 'ZY';
const SKELETON_ITEMS = 6;

/** The games a tab lists: HOT the menu's hot codes, FAV the member's LOTTFAV ids, else one group's games. */
export function gamesOfTab(menu: TLotteryMenu, tab: string, favouriteIds: readonly number[]): TLotteryGame[] {
  const all = menu.groups.flatMap((group) => group.games);
  if (tab === HOT_TAB)
    return menu.hot
      .map((code) => all.find((game) => game.gameCode === code))
      .filter((game): game is TLotteryGame => game !== undefined);
  if (tab === FAV_TAB)
    return all.filter(
      (game, index) =>
        favouriteIds.includes(game.gameId) && all.findIndex((other) => other.gameId === game.gameId) === index,
    );
  return menu.groups.find((group) => group.gameGroupCode === tab)?.games ?? [];
}

/**
 * The menu of the spec's prize mode with, after its groups, the groups of other menus in order (the
 * ZY games and the traditional games beside the electronic ones); each game keeps the lotteryTime
 * pair of the answer it came in (its countdown starts from it).
 */
export function mergeMenus(
  primary: Timed<TLotteryMenu>,
  ...extras: (Timed<TLotteryMenu> | undefined)[]
): { menu: TLotteryMenu; timeOf: (gameCode: string) => LotteryTime } {
  const groups = [...primary.data.groups];
  const timeByGame = new Map<string, LotteryTime>();
  for (const extra of extras) {
    if (!extra) continue;
    const codes = new Set(groups.map((group) => group.gameGroupCode));
    const added = extra.data.groups.filter((group) => !codes.has(group.gameGroupCode));
    for (const game of added.flatMap((group) => group.games)) timeByGame.set(game.gameCode, extra.lotteryTime);
    groups.push(...added);
  }
  if (groups.length === primary.data.groups.length) return { menu: primary.data, timeOf: () => primary.lotteryTime };
  return { menu: { ...primary.data, groups }, timeOf: (gameCode) => timeByGame.get(gameCode) ?? primary.lotteryTime };
}

/**
 * /m/lottery and /m/moreLottery (spec §2 Lottery): the running jackpot, category tabs after HOT and
 * FAV, and each game with its countdown, draw number, previous result and favourite heart; a tap
 * launches it (on the board `playType` names, when a launch asked one). The menu reloads on the §4
 * refresh timer (7 s once a draw is due, else at most 30 s).
 */
export default function LotteryMenuScreen({
  prizeMode,
  initialTab,
  playType = null,
}: {
  prizeMode: PrizeMode | null;
  /** The tab to open on when the address names none (a ZY lobby: ZY). */
  initialTab?: string;
  playType?: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const session = useSessionInfo();
  const userName = session?.userName ?? null;
  const menu = useLotteryMenu(prizeMode);
  // The ZY (two-sided) and traditional (Lott) games are listed too when the spec's mode is electronic.
  const twoSided = useLotteryMenu(prizeMode === 'Elott' ? 'ZY' : null);
  const traditional = useLotteryMenu(prizeMode === 'Elott' ? 'Lott' : null);
  const [tab, setTab] = useState(() => search.get('tab')?.toUpperCase() || initialTab || HOT_TAB);
  const [favouriteIds, toggleFavourite] = useLotteryFavourites(userName);
  const { launch, launching } = useLotteryLaunch(
    prizeMode ?? 'Lott',
    `${location.pathname}${location.search}`,
    playType,
  );

  const merged = useMemo(
    () => (menu.data ? mergeMenus(menu.data, twoSided.data, traditional.data) : undefined),
    [menu.data, twoSided.data, traditional.data],
  );
  const data = merged?.menu;
  const { refetch } = menu;
  const { refetch: refetchTwoSided } = twoSided;
  const { refetch: refetchTraditional, isEnabled: withOthers } = traditional;
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(
      () => {
        void refetch();
        if (withOthers) {
          void refetchTwoSided();
          void refetchTraditional();
        }
      },
      menuRefreshDelay(data.groups.flatMap((group) => group.games)),
    );
    return () => clearTimeout(timer);
  }, [data, refetch, refetchTwoSided, refetchTraditional, withOthers]);

  const games = useMemo(() => (data ? gamesOfTab(data, tab, favouriteIds) : []), [data, tab, favouriteIds]);
  const tabs = [
    { code: HOT_TAB, name: t('lt_tab_hot') },
    { code: FAV_TAB, name: t('lt_tab_fav') },
    ...(data?.groups ?? []).map((group) => ({ code: group.gameGroupCode, name: group.name })),
  ];
  // A tab opened by the address or a launch (ZY) may sit past the screen's edge: bring it into view
  // once it is there (the ZY games come with their own answer, after the menu's).
  const tabBar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabBar.current
      ?.querySelector<HTMLElement>('.lt-tab.is-active')
      ?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [tab, tabs.length]);

  const onFavourite = (game: TLotteryGame) => {
    if (!userName) void navigate(WEB_ROUTES.login);
    else toggleFavourite(game.gameId);
  };

  let body;
  if (menu.isPending) {
    body = (
      <ul className="lt-list" aria-busy="true" data-testid="lottery-loading">
        <LotteryItemSkeletons count={SKELETON_ITEMS} />
      </ul>
    );
  } else if (menu.isError) {
    body = <ErrorState error={menu.error} onRetry={() => void menu.refetch()} testId="lottery-error" compact />;
  } else if (tab === FAV_TAB && !userName) {
    body = (
      <StateView
        compact
        testId="lottery-fav-login"
        art={<ShieldArt />}
        title={t('lt_fav_login_title')}
        body={<p>{t('lt_fav_login_body')}</p>}
        actions={
          <Link className="btn btn--primary" to={WEB_ROUTES.login}>
            {t('lt_sign_in')}
          </Link>
        }
      />
    );
  } else if (games.length === 0) {
    body = (
      <StateView
        compact
        testId="lottery-empty"
        art={<EmptyInboxArt />}
        title={tab === FAV_TAB ? t('lt_fav_empty_title') : t('lt_empty_title')}
        body={<p>{tab === FAV_TAB ? t('lt_fav_empty_body') : t('lt_empty_body')}</p>}
        actions={
          tab === FAV_TAB ? (
            <button type="button" className="btn btn--outline" onClick={() => setTab(HOT_TAB)}>
              {t('lt_see_hot')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ul className="lt-list" data-testid="lottery-list" aria-busy={launching !== null || undefined}>
        {games.map((game) => (
          <LotteryItem
            key={game.gameCode}
            game={game}
            lotteryTime={merged!.timeOf(game.gameCode)}
            favourite={userName ? favouriteIds.includes(game.gameId) : undefined}
            onLaunch={(chosen) => void launch(chosen)}
            onFavourite={onFavourite}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="lt-page" data-testid="lottery-menu">
      <JackpotCounter range={null} />
      <WinnerTicker />
      <div ref={tabBar} className="lt-tabs" role="group" aria-label={t('lt_tabs_label')} data-testid="lottery-tabs">
        {tabs.map((each) => (
          <button
            key={each.code}
            type="button"
            className={`lt-tab${each.code === tab ? ' is-active' : ''}`}
            aria-pressed={each.code === tab}
            data-testid={`lottery-tab-${each.code}`}
            onClick={() => setTab(each.code)}
          >
            {each.code === HOT_TAB ? (
              <FlameIcon size={16} aria-hidden="true" />
            ) : each.code === FAV_TAB ? (
              <HeartIcon size={16} aria-hidden="true" />
            ) : null}
            {each.name}
          </button>
        ))}
      </div>
      {body}
    </div>
  );
}
