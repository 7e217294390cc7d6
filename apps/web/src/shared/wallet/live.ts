import { useEffect } from 'react';
import { useQueryClient } from '../query/react';
import {
  WALLET_API_PATHS,
  LOTTERY_EVENT,
  WALLET_EVENT_NAME,
  INBOX_EVENT_NAME,
  type TBalanceEvent,
  type TInboxEvent,
  type TWalletBalance,
} from '@palaro/contract';
import { useSettings } from '../startup/context';
import { openEventStream } from '../api/eventStream';
import { useSessionInfo } from '../session/session';
import { walletKeys } from './api/keys';
import { inboxRootKeys } from '../inbox/unread';

/** The data of a `balance` event, or null when it is not one. */
export function parseBalanceEvent(data: unknown): TBalanceEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<TBalanceEvent> | null;
    if (!value || !Number.isInteger(value.sumBalance) || !Number.isInteger(value.pendingWithdrawals)) return null;
    return {
      sumBalance: value.sumBalance!,
      pendingWithdrawals: value.pendingWithdrawals!,
      reason: typeof value.reason === 'string' ? value.reason : '',
    };
  } catch {
    return null;
  }
}

/** The unread count of an `inbox` event, or null when it is not one. */
export function unreadOfEvent(data: unknown): number | null {
  try {
    const { unread } = JSON.parse(String(data)) as Partial<TInboxEvent>;
    return Number.isInteger(unread) && unread! >= 0 ? unread! : null;
  } catch {
    return null;
  }
}

/** Listeners of the stream's lottery events (raw `data` text): the lottery screens, while they are shown. */
const lotteryListeners = new Set<(data: string) => void>();

/**
 * The lottery's draw events (opened, locked, drawn, settled) come on this same stream; a lottery
 * screen listens here rather than opening a second one. Returns the function that stops listening.
 */
export function onLotteryEvent(listener: (data: string) => void): () => void {
  lotteryListeners.add(listener);
  return () => {
    lotteryListeners.delete(listener);
  };
}

/**
 * ONE event stream to /wps/wallet/events while a member is signed in (mounted once by the layout).
 * Each `balance` event (the first is the balance now) is written into the balance query's cache,
 * so every component showing the balance changes at once without a refetch. A dropped stream is
 * reopened (by the browser, or with back-off when the server refused it); each refusal also
 * fetches the balance once, so the header shows what the server says — and a session that ended
 * reaches the session layer as a 401. The stream closes when the member signs out or changes.
 */
export function WalletLive() {
  const session = useSessionInfo();
  const userName = session?.userName ?? null;
  const queryClient = useQueryClient();
  const settings = useSettings();
  const currencyCode = settings.currency.code;
  const currencySymbol = settings.currency.symbol;

  useEffect(() => {
    if (!userName || typeof EventSource === 'undefined') return;
    const key = walletKeys.balanceOf(userName);
    const onBalance = (event: MessageEvent) => {
      const balance = parseBalanceEvent(event.data);
      if (!balance) return;
      queryClient.setQueryData<TWalletBalance>(key, (old) => ({
        currencyCode: old?.currencyCode ?? currencyCode,
        currencySymbol: old?.currencySymbol ?? currencySymbol,
        sumBalance: balance.sumBalance,
        pendingWithdrawals: balance.pendingWithdrawals,
      }));
    };
    return openEventStream(WALLET_API_PATHS.walletEvents, {
      withCredentials: true,
      events: {
        [WALLET_EVENT_NAME]: onBalance,
        // The inbox's unread count, now and at each change: every badge reads it from this query.
        [INBOX_EVENT_NAME]: (event: MessageEvent) => {
          const unread = unreadOfEvent(event.data);
          if (unread !== null) queryClient.setQueryData(inboxRootKeys.unreadOf(userName), unread);
        },
        [LOTTERY_EVENT]: (event: MessageEvent) => {
          if (typeof event.data === 'string') for (const listener of lotteryListeners) listener(event.data);
        },
      },
      onGiveUp: () => void queryClient.invalidateQueries({ queryKey: key }),
    });
  }, [userName, queryClient, currencyCode, currencySymbol]);

  return null;
}
