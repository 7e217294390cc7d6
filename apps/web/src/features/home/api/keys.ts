import { languageQueryKey } from '../../../shared/i18n/language';

/** Home's query keys: its content is in the player's language, so a language change fetches it again. */
export const homeKeys = {
  announcements: (types: string) => languageQueryKey('announcements', types),
};
