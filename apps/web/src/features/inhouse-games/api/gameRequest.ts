import { INHOUSE_SESSION_HEADER } from '@palaro/contract';
import { apiRequest, type HttpMethod, type QueryParams } from '../../../shared/api/client';

/** A call to the in-house game server on behalf of one game session (its token in the session header). */
export function gameRequest<T>(
  method: HttpMethod,
  path: string,
  sessionToken: string,
  options: { json?: unknown; params?: QueryParams; signal?: AbortSignal } = {},
): Promise<T> {
  return apiRequest<T>(method, path, {
    ...options,
    json: method === 'GET' ? undefined : (options.json ?? {}),
    headers: { [INHOUSE_SESSION_HEADER]: sessionToken },
    // A refused game session is the game's to handle (open it again), not a lost sign-in.
    ignoreSessionLost: true,
  });
}
