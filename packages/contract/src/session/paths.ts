/** Signing in and out, the session's renewal and its member. */
export const SESSION_API_PATHS = {
  encryptionKey: '/wps/session/encryption-key',
  login: '/wps/session/login',
  logout: '/wps/session',
  renewSession: '/wps/session/renew',
  trial: '/wps/session/trial',
  memberInfo: '/wps/member/info',
} as const;
