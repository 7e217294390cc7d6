import type { ComponentType } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { Link } from 'react-router';
import { WEB_ROUTES } from '@palaro/contract';
import type { TextKey } from '../../../shared/i18n';
import { BallIcon, CardsIcon, ChipIcon, CrownIcon, FishIcon, FlameIcon, LottoIcon, RoosterIcon, SlotIcon } from '../../../shared/ui/icons';

export const GAME_CATEGORIES = ['HOT', 'SPORTS', 'LIVE', 'FISH', 'RNG', 'PVP', 'INHOUSE', 'COCKFIGHT', 'LOTT'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

const ICONS: Record<GameCategory, ComponentType<{ size?: number }>> = {
  HOT: FlameIcon, SPORTS: BallIcon, LIVE: ChipIcon, FISH: FishIcon, RNG: SlotIcon,
  PVP: CardsIcon, INHOUSE: CrownIcon, COCKFIGHT: RoosterIcon, LOTT: LottoIcon,
};

export function categoryLink(category: GameCategory): string {
  return category === 'LOTT' ? WEB_ROUTES.lottery : `${WEB_ROUTES.gameList}?gameType=${category}`;
}

/** The game entry area: one tile per category (spec §2 popular games block). */
export function GameEntry() {
  const { t } = useTranslation();
  return (
    <section className="games" aria-labelledby="games-heading">
      <h2 className="section-title" id="games-heading">{t('games_heading')}</h2>
      <ul className="games__grid">
        {GAME_CATEGORIES.map((category) => {
          const Icon = ICONS[category];
          return (
            <li key={category}>
              <Link className={`game-tile game-tile--${category.toLowerCase()}`} to={categoryLink(category)} data-testid={`game-category-${category}`}>
                <span className="game-tile__icon"><Icon size={30} /></span>
                <span className="game-tile__label">{t(`cat_${category}` as TextKey)}</span>
                {category === 'HOT' ? <span className="game-tile__tag" aria-hidden="true">{t('cat_HOT')}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
