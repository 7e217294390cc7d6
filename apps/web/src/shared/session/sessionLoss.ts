import type { QueryClient } from '../query/client';
import type { ErrorCode } from '@palaro/contract';
import type { ApiError } from '../api/client';
import { clearSession } from './session';
import { forgetMemberQueries } from './keys';
import { invalidateMemberInfo } from './api';
import { renewLostSession } from './restore';

/** What the watcher mounted in the frame lends the recovery: the app's cache, router and toasts. */
export interface SessionLossFrame {
  queryClient: QueryClient;
  goToLogin: () => void;
  showToast: (textKey: string) => void;
  /** False once the watcher has unmounted: nothing is drawn or navigated any more. */
  isMounted: () => boolean;
}

/**
 * A call found the session lost (SessionWatcher): with remember-me, one renewal keeps the player
 * where they are, their member info fetched again. Otherwise, or when the renewal fails, the
 * session record is cleared and the player goes to /m/login — told why when their session expired.
 */
export async function recoverLostSession(error: ApiError, hadSession: boolean, frame: SessionLossFrame): Promise<void> {
  const renewed = await renewLostSession();
  if (!frame.isMounted()) return;
  if (renewed) {
    void invalidateMemberInfo(frame.queryClient);
    return;
  }
  clearSession();
  forgetMemberQueries(frame.queryClient);
  if (hadSession && error.code === ('auth.session.expired' satisfies ErrorCode) && error.i18nKey)
    frame.showToast(error.i18nKey);
  frame.goToLogin();
}
