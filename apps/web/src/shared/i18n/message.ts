import { useCallback } from 'react';
import { useTranslation } from './language';
import type { TextKey } from './index';

/** An error to show: an i18n key and its values. */
export interface FieldMessage {
  key: TextKey;
  values?: Record<string, string | number>;
}

/** Turns a validation message into the player's language; values that are text keys are translated too. */
export function useMessageText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: FieldMessage | null | undefined): string | null => {
      if (!message) return null;
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(message.values ?? {})) {
        values[name] = typeof value === 'string' && i18n.exists(value) ? t(value).toLowerCase() : value;
      }
      return t(message.key, values);
    },
    [t, i18n],
  );
}
