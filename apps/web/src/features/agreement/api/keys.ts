import { languageQueryKey } from '../../../shared/i18n/language';

/** The agreement's query keys: in the player's language, so a language change fetches it again. */
export const agreementKeys = {
  current: () => languageQueryKey('agreement'),
};
