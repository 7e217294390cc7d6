import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, ERROR_I18N_KEYS, WEB_ROUTES } from '@palaro/contract';
import { onSessionLost } from '../api/client';
import { useToast } from '../ui/feedback';
import { clearSession, readSessionInfo } from './session';
import { forgetMemberQueries } from './api';

/**
 * When any call answers 401 'session.required' or 'auth.session.expired', the session record is
 * cleared and the player goes to /m/login (spec §8 "Missing session").
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();

  useEffect(() => {
    onSessionLost((error) => {
      const hadSession = readSessionInfo() !== null;
      clearSession();
      forgetMemberQueries(queryClient);
      if (hadSession && error.code === ERROR_CODES.sessionExpired) void toast.show(t(ERROR_I18N_KEYS[ERROR_CODES.sessionExpired]));
      void navigate(WEB_ROUTES.login, { replace: true });
    });
    return () => onSessionLost(null);
  }, [navigate, queryClient, toast, t]);

  return null;
}
