import { languageQueryKey } from '../../../shared/i18n/language';

/** The help centre's query keys: in the player's language, so a language change fetches it again. */
export const helpKeys = {
  centre: () => languageQueryKey('help'),
};
