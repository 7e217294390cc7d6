import { z } from 'zod';
import { text } from '../shared/text';

/**
 * Accounts: registration, sign-in, sessions, passwords, trial, member info and security centre
 * (spec §2 Login / Registration / Forgot password / Change password / Settings / Member centre,
 * §3 payloads, §4, §5, §7, §8). Bounds keep every string finite; the merchant's per-field rules
 * (settings.register.fields) are applied on top by the server and the client alike.
 */

const optionalText = (max: number) => text(max).optional();

export { MEMBER_TYPES, TYPES_WITHOUT_AGENCY, AGENT_ONLY_TYPES, TYPES_WITHOUT_CONTRACTS } from './members';

export const REGISTER_METHODS = ['APP', 'H5', 'WEBCLIP', 'PWA'] as const;
export const LOGIN_TYPES = ['username', 'sms', 'firebase'] as const;
export const VERIFICATION_PURPOSES = ['register', 'login', 'reset', 'bindMobile', 'bindEmail'] as const;
export const CODE_CHANNELS = ['sms', 'email'] as const;

export const ZDialingCode = z.string().regex(/^\+\d{1,4}$/);
export const ZMobileNum = z
  .string()
  .trim()
  .regex(/^\d{4,20}$/);
export const ZSmsCode = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/);
export const ZCaptchaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** GET /wps/captcha → a fresh captcha; the code typed is sent back with its id. */
export const ZCaptcha = z.object({ captchaId: z.string(), captcha: z.string().describe('base64 PNG') });
export type TCaptcha = z.infer<typeof ZCaptcha>;

/** GET /wps/session/encryption-key → the RSA public key that wraps each request's AES-GCM key. */
export const ZEncryptionKey = z.object({ keyId: z.string(), publicKey: z.string().describe('SPKI, base64 DER') });
export type TEncryptionKey = z.infer<typeof ZEncryptionKey>;

/**
 * An encrypted body (DESIGN.md §6): header `Encryption: <keyId>.<base64 RSA-OAEP-SHA256(aesKey)>`,
 * body `{ data: base64(iv[12] || AES-256-GCM(ciphertext || tag)) }` of the JSON payload.
 */
export const ZEncryptedBody = z.object({ data: z.string().max(65_536) });

export const ZLoginRequest = z.object({
  type: z.enum(LOGIN_TYPES),
  username: optionalText(64),
  password: z.string().max(128).optional(),
  mobileNum: ZMobileNum.optional(),
  countryDialingCode: ZDialingCode.optional(),
  verificationCode: ZSmsCode.optional(),
  captchaId: optionalText(64),
  captcha: ZCaptchaCode.optional(),
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: z.string().max(8192).optional(),
  firebaseMobileNo: optionalText(32),
  rememberMe: z.boolean().optional(),
  /** The side the sign-in is for: members on /m/login, agents on the agent login. */
  side: z.enum(['member', 'agent']).default('member'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** The non-secret session record the client keeps as MC_SESSION_INFO (the token is in an httpOnly cookie). */
export const ZSessionInfo = z.object({
  merchantCode: z.string(),
  userName: z.string(),
  type: z.number().int(),
  firstTimeLogin: z.boolean(),
  expiresAt: z.string(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZMemberInfo = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  account: z.string(),
  regDate: z.string(),
  type: z.number().int(),
  toUpline: z.boolean(),
  vipLevel: z.number().int().nonnegative(),
  vipLabel: z.string(),
  mobileNum: z.string().nullable().describe('masked'),
  mobileVerified: z.boolean(),
  email: z.string().nullable().describe('masked'),
  emailVerified: z.boolean(),
  hasPaymentPassword: z.boolean(),
});
export type TMemberInfo = z.infer<typeof ZMemberInfo>;

export const ZLoginResult = z.object({
  session: ZSessionInfo,
  member: ZMemberInfo,
  deviceToken: z.string().nullable(),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** The other ways in a paused sign-in offers: SMS-code sign-in, a password reset by phone or by e-mail. */
export const SIGN_IN_WAYS_IN = ['sms', 'resetByPhone', 'resetByEmail'] as const;

/**
 * value of a failed sign-in: whether the captcha must now be shown; when the account's password
 * tries are paused (auth.signin.paused), for how long and the ways in the merchant offers meanwhile.
 */
export const ZLoginFailureValue = z.object({
  captcha: z.boolean(),
  retryAfterSeconds: z.number().int().positive().optional(),
  waysIn: z.array(z.enum(SIGN_IN_WAYS_IN)).optional(),
});
export type TLoginFailureValue = z.infer<typeof ZLoginFailureValue>;

export const ZRegisterRequest = z.object({
  countryDialingCode: ZDialingCode.optional(),
  registerUrl: optionalText(255),
  registerMethod: z.enum(REGISTER_METHODS),
  username: optionalText(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  affiliateCode: optionalText(64),
  paymentPassword: z.string().max(128).optional(),
  recommenderId: optionalText(64),
  nickname: optionalText(64),
  payeeName: optionalText(128),
  email: optionalText(254),
  mobileNum: optionalText(20),
  idNumber: optionalText(64),
  qqNum: optionalText(64),
  facebook: optionalText(128),
  wechat: optionalText(64),
  line: optionalText(64),
  whatsapp: optionalText(64),
  zalo: optionalText(64),
  captchaId: optionalText(64),
  captcha: optionalText(16),
  type: z.literal(0),
  domain: optionalText(255),
  verificationCode: optionalText(10),
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: z.string().max(8192).optional(),
  /** Which tab the form was sent from. */
  method: z.enum(['username', 'mobile']),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZAffiliateCheck = z.object({ code: text(64).min(1), domain: optionalText(255) });
export const ZAffiliateCheckResult = z.object({ valid: z.boolean() });

export const ZSendCodeRequest = z.object({
  purpose: z.enum(VERIFICATION_PURPOSES),
  mobileNum: ZMobileNum.optional(),
  countryDialingCode: ZDialingCode.optional(),
  email: optionalText(254),
  /** Ask for the e-mail fallback when SMS does not arrive (members with a verified e-mail). */
  channel: z.enum(CODE_CHANNELS).default('sms'),
  captchaId: optionalText(64),
  captcha: ZCaptchaCode.optional(),
});
export const ZSendCodeResult = z.object({
  expiredMinutes: z.number().int().positive(),
  resendAfterSeconds: z.number().int().positive(),
  channel: z.enum(CODE_CHANNELS),
  /** A masked destination, e.g. +63 9•••••1234 or j•••@gmail.com. */
  destination: z.string(),
  emailFallbackAvailable: z.boolean(),
});
export type TSendCodeResult = z.infer<typeof ZSendCodeResult>;

export const ZForgotByEmailRequest = z.object({ username: text(64).min(1), email: text(254).min(1) });
export const ZResetByEmailRequest = z.object({ token: text(128).min(1), newPassword: z.string().max(128) });
/** Whether a reset link can still be used, so the form is not shown for a spent or expired link. */
export const ZResetLinkCheckRequest = z.object({ token: text(128).min(1) });
export const ZResetLinkCheckResult = z.object({ valid: z.boolean() });
export const ZResetByPhoneRequest = z.object({
  newPassword: z.string().max(128),
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode.optional(),
  verificationCode: ZSmsCode,
});

export const ZChangePasswordRequest = z.object({
  oldPassword: z.string().max(128).optional(),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});

export const ZTrialResult = ZLoginResult.extend({ trialName: z.string() });

export const ZBindMobileRequest = z.object({
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode,
  verificationCode: ZSmsCode,
});
export const ZBindEmailRequest = z.object({ email: text(254).min(3), verificationCode: ZSmsCode });
export const ZPaymentPasswordRequest = z.object({
  /** Required when one is already set. */
  oldPaymentPassword: z.string().max(128).optional(),
  loginPassword: z.string().max(128),
  paymentPassword: z.string().regex(/^\d{6}$/),
  confirmPaymentPassword: z.string().max(128),
});

export const ZSignInRecord = z.object({
  time: z.string(),
  ip: z.string(),
  device: z.string(),
  method: z.enum(LOGIN_TYPES),
  success: z.boolean(),
});
/** GET /dev/outbox (outside production only): the latest messages the outbox providers wrote. */
export const ZOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(CODE_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export const ZOutboxList = z.object({ list: z.array(ZOutboxMessage) });

/**
 * GET /dev/captcha/:captchaId (outside production only): the code of a live captcha of the
 * caller's merchant, read without spending it — how local users and browser tests solve a captcha,
 * as they read SMS codes from /dev/outbox. Answers 404 for an unknown, used or expired captcha.
 */
export const DEV_CAPTCHA_PATH = '/dev/captcha/:captchaId';
export const devCaptchaPath = (captchaId: string) =>
  DEV_CAPTCHA_PATH.replace(':captchaId', encodeURIComponent(captchaId));
export const ZDevCaptcha = z.object({ code: z.string() });
export const ZDevCaptchaParams = z.object({ captchaId: z.string().max(64) });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZSignInHistory = z.object({ list: z.array(ZSignInRecord) });
export type TSignInRecord = z.infer<typeof ZSignInRecord>;
