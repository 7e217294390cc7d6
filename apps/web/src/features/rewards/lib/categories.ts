import type { TextKey } from '../../../shared/i18n';

/** The game categories' names (the profit and loss screen's). */
export const CATEGORY_KEYS: Record<string, TextKey> = {
  SPORTS: 'pnl_cat_sports',
  ESPORTS: 'pnl_cat_esports',
  LIVE: 'pnl_cat_live',
  FISH: 'pnl_cat_fish',
  RNG: 'pnl_cat_rng',
  PVP: 'pnl_cat_pvp',
  INHOUSE: 'pnl_cat_inhouse',
  COCKFIGHT: 'pnl_cat_cockfight',
  LOTT: 'pnl_cat_lottery',
  ELOTT: 'pnl_cat_lottery',
};
