import { useCallback } from 'react';
import { useNavigate } from '../../../shared/router';
import { useQueryClient } from '../../../shared/query/react';
import { STORAGE_KEYS, WEB_ROUTES, type TLoginResult } from '@palaro/contract';
import { saveSignIn } from '../../../shared/session/session';
import { setMemberInfo } from '../../../shared/session/keys';
import { writeLocal } from '../../../shared/lib/storage';

/**
 * After a sign-in, registration or trial: keep the session record and member info, then go on.
 * autoLogin (spec §9) is '1' only when the player ticked remember-me: that is what lets start-up
 * reopen a session with the device cookie (shared/session/restore.ts).
 */
export function useAcceptSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (
      result: TLoginResult & { trialName?: string },
      options: { navigateTo?: string | null; rememberMe?: boolean } = {},
    ) => {
      saveSignIn(result, result.trialName);
      writeLocal(STORAGE_KEYS.autoLogin, options.rememberMe ? '1' : '0');
      setMemberInfo(queryClient, result.session.userName, result.member);
      const to =
        options.navigateTo === undefined
          ? result.session.firstTimeLogin
            ? WEB_ROUTES.changePassword
            : WEB_ROUTES.home
          : options.navigateTo;
      if (to) void navigate(to, { replace: true });
    },
    [queryClient, navigate],
  );
}
