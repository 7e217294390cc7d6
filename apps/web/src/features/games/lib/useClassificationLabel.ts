import { useCallback } from 'react';
import { GAME_CLASSIFY } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { RECENT_TAB, classificationWords } from './listFilters';

const STANDARD = new Set<string>([...Object.values(GAME_CLASSIFY), RECENT_TAB]);

/**
 * The player's word for a tab or classification: ALL, HOT, NEW, FAV and RECENT from the text table;
 * a vendor's own (JACKPOT…) from the table when it knows it, else its code in words.
 */
export function useClassificationLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code: string): string => {
      if (STANDARD.has(code)) return t(`games_tab_${code}`);
      const key = `games_class_${code}`;
      return i18n.exists(key) ? t(key) : classificationWords(code);
    },
    [t, i18n],
  );
}
