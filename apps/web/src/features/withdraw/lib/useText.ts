import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/lib/money';
import type { Message } from './rules';

/** A Message in the player's language, its amounts with the currency symbol. */
export function useText() {
  const { t } = useTranslation();
  const money = useMoney();
  return useCallback((message: Message | null | undefined): string | null => {
    if (!message) return null;
    const values: Record<string, string | number> = { ...message.values };
    for (const [name, minor] of Object.entries(message.amounts ?? {})) values[name] = money(minor);
    return t(message.key, values);
  }, [t, money]);
}
