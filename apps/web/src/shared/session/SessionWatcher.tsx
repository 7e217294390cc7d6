import { useEffect } from 'react';
import { useNavigate } from '../router';
import { useQueryClient } from '../query/react';
import { useTranslation } from '../i18n/language';
import { WEB_ROUTES, type ErrorCode } from '@palaro/contract';
import { onSessionLost, type ApiError } from '../api/client';
import { useToast } from '../ui/feedback';
import { clearSession, readSessionInfo } from './session';
import { forgetMemberQueries, invalidateMemberInfo } from './api';
import { renewLostSession } from './restore';

/**
 * When any call answers 401 'session.required' or 'auth.session.expired' (spec §8 "Missing
 * session"): a signed-in player who chose remember-me gets one renewal first (the device cookie
 * reopens a session) and stays where they are, their member info fetched again; the 401s that
 * arrive meanwhile wait for that one renewal. Otherwise, or when the renewal fails, the session
 * record is cleared and the player goes to /m/login.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();

  useEffect(() => {
    let active = true;
    let recovering = false;

    const signOutHere = (error: ApiError, hadSession: boolean) => {
      clearSession();
      forgetMemberQueries(queryClient);
      if (hadSession && error.code === ('auth.session.expired' satisfies ErrorCode) && error.i18nKey) void toast.show(t(error.i18nKey));
      void navigate(WEB_ROUTES.login, { replace: true });
    };

    onSessionLost((error) => {
      // Parallel 401s: the renewal under way answers for all of them.
      if (recovering) return;
      const hadSession = readSessionInfo() !== null;
      recovering = true;
      void renewLostSession().then((renewed) => {
        recovering = false;
        if (!active) return;
        if (renewed) void invalidateMemberInfo(queryClient);
        else signOutHere(error, hadSession);
      });
    });
    return () => {
      active = false;
      onSessionLost(null);
    };
  }, [navigate, queryClient, toast, t]);

  return null;
}
