import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@palaro/contract';
import { readLocal, writeLocal } from '../../../shared/lib/storage';

/** LOTTFAV (spec §3): one map of userName → the gameIds that member marked, in local storage. */
export type LotteryFavourites = Record<string, number[]>;

const CHANGED = 'palaro:lottfav-changed';

/** The stored map; anything unreadable (hand-edited, another shape) counts as no favourites. */
export function readLotteryFavourites(): LotteryFavourites {
  const raw = readLocal(STORAGE_KEYS.lotteryFavourites);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const map: LotteryFavourites = {};
    for (const [userName, ids] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(ids)) map[userName] = ids.filter((id): id is number => Number.isInteger(id));
    }
    return map;
  } catch {
    return {};
  }
}

export function favouritesOf(userName: string): number[] {
  return readLotteryFavourites()[userName] ?? [];
}

/** Adds or removes one game for one member; the other members' lists stay as they are. */
export function toggleLotteryFavourite(userName: string, gameId: number): boolean {
  const map = readLotteryFavourites();
  const current = map[userName] ?? [];
  const marked = !current.includes(gameId);
  map[userName] = marked ? [...current, gameId] : current.filter((id) => id !== gameId);
  writeLocal(STORAGE_KEYS.lotteryFavourites, JSON.stringify(map));
  window.dispatchEvent(new Event(CHANGED));
  return marked;
}

function subscribe(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.lotteryFavourites) callback();
  };
  window.addEventListener(CHANGED, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => readLocal(STORAGE_KEYS.lotteryFavourites) ?? '';

/** The signed-in member's favourite gameIds (none for a visitor) and the toggle, live across tabs. */
export function useLotteryFavourites(userName: string | null): [ids: number[], toggle: (gameId: number) => void] {
  const raw = useSyncExternalStore(subscribe, snapshot, snapshot);
  const ids = userName && raw ? favouritesOf(userName) : [];
  const toggle = useCallback(
    (gameId: number) => {
      if (userName) toggleLotteryFavourite(userName, gameId);
    },
    [userName],
  );
  return [ids, toggle];
}
