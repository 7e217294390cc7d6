import { Link } from '../../../shared/router';
import type { GameCategory } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useGameTypes } from '../api/gameTypes';
import { categoryListPath } from '../lib/launchTarget';
import { CategoryIcon } from './CategoryIcon';

/** E-lottery is reached through the lottery, never listed as a category of its own (spec §2). */
const NOT_LINKED: readonly GameCategory[] = ['ELOTT'];

/** The categories the merchant offers other than this one: LOTT to the lottery, the others to their lists. */
export function otherCategories(offered: readonly GameCategory[], current: GameCategory | undefined): GameCategory[] {
  return offered.filter((category) => category !== current && !NOT_LINKED.includes(category));
}

/** Links to the other game categories (spec §2 "Game list per category"). */
export function CategoryLinks({
  current,
  testId = 'game-category-links',
}: {
  current?: GameCategory;
  testId?: string;
}) {
  const { t } = useTranslation();
  const types = useGameTypes();
  const categories = otherCategories(types.data?.list.map((entry) => entry.gameType) ?? [], current);
  if (categories.length === 0) return null;
  return (
    <nav className="gm-cats" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h3 className="gm-cats__title" id={`${testId}-title`}>
        {t('games_other_categories')}
      </h3>
      <ul className="gm-cats__list">
        {categories.map((category) => (
          <li key={category}>
            <Link className="gm-cats__link" to={categoryListPath(category)} data-testid={`${testId}-${category}`}>
              <CategoryIcon category={category} size={20} />
              <span>{t(`cat_${category}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
