import { useCallback } from 'react';
import { formatMoney } from '@palaro/contract';
import { useSettings } from '../startup/context';

/** "₱1,234.56"; a negative amount keeps its sign in front of the symbol: "-₱5.00". */
export function moneyText(minor: number, symbol: string, options: { signed?: boolean } = {}): string {
  const sign = minor < 0 ? '-' : options.signed && minor > 0 ? '+' : '';
  return `${sign}${symbol}${formatMoney(Math.abs(minor))}`;
}

/** Formats minor units with the merchant's currency symbol, always 2 decimals. */
export function useMoney() {
  const symbol = useSettings().currency.symbol;
  return useCallback((minor: number, options?: { signed?: boolean }) => moneyText(minor, symbol, options), [symbol]);
}
