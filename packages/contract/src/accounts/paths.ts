/** Registration, verification codes, passwords and the security centre's bindings. */
export const ACCOUNT_API_PATHS = {
  captcha: '/wps/captcha',
  register: '/wps/member/register',
  affiliateCheck: '/wps/member/affiliate/check',
  sendCode: '/wps/verification/send',
  forgotByEmail: '/wps/member/password/forgot-email',
  resetByEmail: '/wps/member/password/reset-email',
  resetLinkCheck: '/wps/member/password/reset-email/check',
  resetByPhone: '/wps/member/password/reset-phone',
  changePassword: '/wps/member/password/change',
  bindMobile: '/wps/security/mobile',
  bindEmail: '/wps/security/email',
  paymentPassword: '/wps/security/payment-password',
  signInHistory: '/wps/security/sign-ins',
} as const;
