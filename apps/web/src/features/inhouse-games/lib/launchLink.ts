import { readSession, writeSession } from '../../../shared/lib/storage';

const LAUNCH_STORE_PREFIX = 'palaro.inhouse.launch.';

export interface LaunchLink {
  token: string | null;
  back: string | null;
  /** The address to show instead, without the token; null when there is nothing to remove. */
  cleanAddress: string | null;
}

/**
 * The launch a /m/play link carries: `#token=…&back=…`. The token comes in the fragment, which a
 * browser never sends to a server (so it is in no request line, log or Referer); the page keeps it
 * in this tab's session storage, for a reload, and shows the address without it. A reload (no
 * fragment) finds the kept token of the game again.
 */
export function readLaunchLink(
  location: { pathname: string; search: string; hash: string },
  gameCode: string,
): LaunchLink {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const back = fragment.get('back') ?? new URLSearchParams(location.search).get('back');
  const storeKey = LAUNCH_STORE_PREFIX + gameCode;
  const carried = fragment.get('token')?.trim();
  if (!carried) return { token: readSession(storeKey), back, cleanAddress: null };
  writeSession(storeKey, carried);
  return {
    token: carried,
    back,
    cleanAddress: `${location.pathname}${back ? `?${new URLSearchParams({ back })}` : ''}`,
  };
}
