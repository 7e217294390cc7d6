import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import type { Message } from './rules';

/** A Message in the player's language, its amounts with the currency symbol. */
export function useText() {
  const { t } = useTranslation();
  const money = useMoney();
  return useCallback(
    (message: Message | null | undefined): string | null => {
      const render = (current: Message): string => {
        const values: Record<string, string | number> = { ...current.values };
        for (const [name, minor] of Object.entries(current.amounts ?? {})) values[name] = money(minor);
        for (const [name, part] of Object.entries(current.parts ?? {})) values[name] = render(part);
        return t(current.key, values);
      };
      return message ? render(message) : null;
    },
    [t, money],
  );
}
