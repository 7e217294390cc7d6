import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@palaro/contract';
import { readLocal, writeLocal } from '../lib/storage';

// Hide / show balance, remembered in localStorage (STORAGE_KEYS.hideBalance). Apart from the live
// stream (./live) because the header menu, which every page mounts, reads it: the stream and the
// balance load only with a member's header (app/layout/memberParts).

const HIDE_EVENT = 'palaro:hide-balance-changed';

function subscribeHidden(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.hideBalance) callback();
  };
  window.addEventListener(HIDE_EVENT, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(HIDE_EVENT, callback);
    window.removeEventListener('storage', onStorage);
  };
}

function isBalanceHidden(): boolean {
  return readLocal(STORAGE_KEYS.hideBalance) === '1';
}

function setBalanceHidden(hidden: boolean): void {
  writeLocal(STORAGE_KEYS.hideBalance, hidden ? '1' : '0');
  window.dispatchEvent(new Event(HIDE_EVENT));
}

/** Whether the player chose to hide the balance, shared by every place that shows it (and other tabs). */
export function useBalanceHidden(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore(subscribeHidden, isBalanceHidden, isBalanceHidden);
  return [hidden, setBalanceHidden];
}
