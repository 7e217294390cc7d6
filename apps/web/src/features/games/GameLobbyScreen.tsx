import { Link } from '../../shared/router';
import type { GameCategory, TGameTypes } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { ErrorState } from '../../shared/ui/ErrorState';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { ChevronRightIcon } from '../../shared/ui/icons';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { useGameTypes } from './api/gameTypes';
import { CategoryIcon } from './components/CategoryIcon';
import { otherCategories } from './components/CategoryLinks';
import { categoryListPath } from './lib/launchTarget';
import './games.css';

type CategoryEntry = TGameTypes['list'][number];

/** The lobby's tiles: every category the merchant offers, in its menu order, e-lottery inside the lottery. */
export function lobbyCategories(list: readonly CategoryEntry[]): CategoryEntry[] {
  const shown = new Set<GameCategory>(
    otherCategories(
      list.map((entry) => entry.gameType),
      undefined,
    ),
  );
  return list.filter((entry) => shown.has(entry.gameType));
}

/** /m/gameLobby and /m/gameCenter: the game categories as large tiles, each with its games and providers counted. */
export default function GameLobbyScreen() {
  const { t } = useTranslation();
  const types = useGameTypes();

  const body = () => {
    if (types.isPending) {
      return (
        <ul className="gm-lobby" aria-busy="true" data-testid="lobby-loading">
          {Array.from({ length: 8 }, (_, index) => (
            <li key={index}>
              <Skeleton height={118} radius={18} />
            </li>
          ))}
        </ul>
      );
    }
    if (types.isError)
      return <ErrorState compact testId="lobby-error" error={types.error} onRetry={() => void types.refetch()} />;
    const categories = lobbyCategories(types.data.list);
    if (categories.length === 0) {
      return (
        <StateView
          compact
          testId="lobby-empty"
          art={<EmptyInboxArt />}
          title={t('games_empty_title')}
          body={<p>{t('lobby_empty')}</p>}
        />
      );
    }
    return (
      <ul className="gm-lobby" data-testid="lobby-categories">
        {categories.map((entry, index) => (
          <li
            key={entry.gameType}
            className={index === 0 && categories.length % 2 === 1 ? 'gm-lobby__wide' : undefined}
          >
            <Link
              className={`gm-lobby__tile gm-lobby__tile--${entry.gameType.toLowerCase()}`}
              to={categoryListPath(entry.gameType)}
              data-testid={`lobby-category-${entry.gameType}`}
            >
              <span className="gm-lobby__icon">
                <CategoryIcon category={entry.gameType} size={30} />
              </span>
              <span className="gm-lobby__name">{t(`cat_${entry.gameType}`)}</span>
              <span className="gm-lobby__count">
                {t(entry.gameCount === 1 ? 'lobby_games_one' : 'lobby_games', { n: entry.gameCount })}
                {' · '}
                {t(entry.vendorCount === 1 ? 'lobby_vendors_one' : 'lobby_vendors', { n: entry.vendorCount })}
              </span>
              <ChevronRightIcon className="gm-lobby__go" size={18} />
            </Link>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="gm-page" data-testid="game-lobby-screen">
      <header className="gm-lobby__head">
        <h2 className="gm-title">{t('lobby_heading')}</h2>
        <p className="gm-lobby__lead">{t('lobby_lead')}</p>
      </header>
      {body()}
    </div>
  );
}
