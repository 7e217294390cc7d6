import { useEffect } from 'react';
import { useNavigate } from '../router';
import { useQueryClient } from '../query/react';
import { useTranslation } from '../i18n/language';
import { WEB_ROUTES } from '@palaro/contract';
import { onSessionLost } from '../api/client';
import { onDemand } from '../lib/onDemand';
import { useToast } from '../ui/feedback';
import { clearSession, readSessionInfo, useSessionInfo } from './session';
import { forgetMemberQueries } from './keys';

// What follows a lost session (a renewal, or sign-in) is its own chunk: a guest's visit asks for it
// only with a 401 (most never see one); a member's, as soon as there is a session, so a renewal starts
// at once.
const sessionLoss = onDemand(() => import('./sessionLoss'));

/**
 * When any call answers 401 'session.required' or 'auth.session.expired' (spec §8 "Missing
 * session"): a signed-in player who chose remember-me gets one renewal first (the device cookie
 * reopens a session) and stays where they are, their member info fetched again; the 401s that
 * arrive meanwhile wait for that one renewal. Otherwise, or when the renewal fails, the session
 * record is cleared and the player goes to /m/login (shared/session/sessionLoss).
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const member = useSessionInfo() !== null;

  useEffect(() => {
    if (member) sessionLoss.preload();
  }, [member]);

  useEffect(() => {
    let mounted = true;
    let recovering = false;
    const goToLogin = () => void navigate(WEB_ROUTES.login, { replace: true });

    onSessionLost((error) => {
      // Parallel 401s: the recovery under way answers for all of them.
      if (recovering) return;
      const hadSession = readSessionInfo() !== null;
      recovering = true;
      sessionLoss
        .load()
        .then(
          (loss) =>
            loss.recoverLostSession(error, hadSession, {
              queryClient,
              goToLogin,
              showToast: (textKey) => void toast.show(t(textKey)),
              isMounted: () => mounted,
            }),
          () => {
            // Without the recovery's code the lost session cannot be renewed: it ends here.
            if (!mounted) return;
            clearSession();
            forgetMemberQueries(queryClient);
            goToLogin();
          },
        )
        .finally(() => {
          recovering = false;
        });
    });
    return () => {
      mounted = false;
      onSessionLost(null);
    };
  }, [navigate, queryClient, toast, t]);

  return null;
}
