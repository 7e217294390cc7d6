import { languageQueryKey } from '../../../shared/i18n/language';

/** The notice list's query keys: in the player's language, so a language change fetches it again. */
export const noticeKeys = {
  list: () => languageQueryKey('notices'),
};
