/**
 * The numbers the accounts module enforces, in one place (the issue asks for them to be chosen
 * and documented). Windows are fixed windows of the RateLimiter.
 */
export const SESSION = {
  /** A session lives 7 days from its last renewal… */
  lifetimeSeconds: 7 * 24 * 3600,
  /** …and ends sooner after 24 hours without a request. */
  idleSeconds: 24 * 3600,
  /** last_seen_at is written at most this often, so reads do not all become writes. */
  touchEverySeconds: 300,
  cookieName: 'palaro_session',
  deviceCookieName: 'palaro_device',
  /** Remember-me device tokens open a new session for 30 days, once each (rotated on use). */
  deviceTokenSeconds: 30 * 24 * 3600,
} as const;

export const SIGN_IN = {
  /** Hard cap: never more than 100 failures per account per hour. */
  accountFailuresPerHour: 100,
  /** 10 failures in a row lock the account for 15 minutes. */
  lockAfterConsecutiveFailures: 10,
  lockSeconds: 15 * 60,
  /** Failures from one address in an hour before it is refused. */
  ipFailuresPerHour: 50,
  /**
   * Failures from one address in an hour before every sign-in from it needs a captcha. Not 1:
   * Philippine mobile carriers put many players behind one address (carrier-grade NAT), and one
   * player's typo must not put a captcha in front of all the others. The account itself needs a
   * captcha after its first failure whatever the address.
   */
  captchaAfterIpFailures: 5,
} as const;

export const CODES = {
  /** SMS and e-mail codes: 6 digits, valid 5 minutes, 5 wrong tries, one use. */
  digits: 6,
  expiredMinutes: 5,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  perDestinationPerDay: 10,
  perIpPerDay: 30,
} as const;

export const CAPTCHA = { ttlSeconds: 300, perIpPerMinute: 30 } as const;

export const REGISTRATION = { perIpPerHour: 5 } as const;
export const TRIAL = { perIpPerHour: 10 } as const;
export const RESET_LINK = {
  ttlMinutes: 30,
  /** Reset links asked for (forgot password by e-mail). */
  perIpPerHour: 10,
  perAccountPerHour: 3,
  /**
   * Reset links presented (checked or used) from one address: a link carries 256 random bits, so
   * this only keeps the endpoints from being an oracle anyone may query without end.
   */
  usesPerIpPerHour: 30,
} as const;
/** Wrong old/login passwords in the member's own security actions. */
export const PASSWORD_CHECKS = { failuresPerHour: 10 } as const;
export const AFFILIATE_CHECKS = { perIpPerMinute: 30 } as const;
export const ENCRYPTION_KEYS = {
  /** A new key pair after 7 days; the retired one still decrypts for a day. */
  rotateAfterSeconds: 7 * 24 * 3600,
  graceSeconds: 24 * 3600,
} as const;
export const SIGN_IN_HISTORY_SIZE = 50;

const HOUR = 3600;
const DAY = 24 * HOUR;
export const WINDOWS = { minute: 60, hour: HOUR, day: DAY } as const;
