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
  /** Marks a browser that signed in before (see SIGN_IN.knownDeviceSeconds); survives sign-out. */
  knownDeviceCookieName: 'palaro_known_device',
  /** Remember-me device tokens open a new session for 30 days, once each (rotated on use). */
  deviceTokenSeconds: 30 * 24 * 3600,
} as const;

/**
 * Sign-in throttling (OWASP Authentication and Credential Stuffing cheat sheets). Nothing here is a
 * lock an attacker can put on someone else's account:
 * - Password tries on an account from devices it does not know wait longer after each failure
 *   beyond the free ones (1 s, 2 s, 4 s … up to 15 minutes), refused with retryAfterSeconds rather
 *   than by holding the request. At the cap that is 4 guesses an hour, each with a solved captcha.
 * - A device the member signed in on before is throttled the same way by its own failures only,
 *   so the owner signs in from their phone whatever others try on the account.
 * - SMS-code sign-in is not backed off per account: each code allows CODES.maxAttempts tries and a
 *   number gets CODES.perDestinationPerDay codes, which already bounds guessing, and a back-off
 *   there would let an attacker shut the owner's way in.
 * - Every address is capped, whatever the accounts it tries (credential stuffing).
 */
export const SIGN_IN = {
  /** Failures in a row before the waits start: a player who mistypes a few times never waits. */
  freeFailures: 5,
  /** The wait after the first failure beyond the free ones; it doubles with each further failure… */
  firstWaitSeconds: 1,
  /** …up to this. */
  maxWaitSeconds: 15 * 60,
  /** A run of failures is forgotten after this long without one, or at a successful sign-in. */
  failureRunSeconds: 24 * 3600,
  /**
   * Password tries per account per hour from unknown devices, counted atomically once the captcha
   * passed. Tries sent in parallel all pass the wait check before any of them fails; this bounds
   * them. One after another the waits allow about 17 in the first hour, so only a burst meets it.
   * Known devices and the SMS path are never refused by it.
   */
  accountTriesPerHour: 30,
  /** Failures from one address in an hour before it is refused (except for a device the account knows). */
  ipFailuresPerHour: 50,
  /**
   * Failures from one address in an hour before every sign-in from it needs a captcha. Not 1:
   * Philippine mobile carriers put many players behind one address (carrier-grade NAT), and one
   * player's typo must not put a captcha in front of all the others. The account itself needs a
   * captcha after its first failure whatever the address or device.
   */
  captchaAfterIpFailures: 5,
  /** A device stays known this long after its last successful sign-in (the cookie lives as long). */
  knownDeviceSeconds: 180 * 24 * 3600,
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
  /** In its last hour, the first request for the key starts its successor in the background. */
  renewAheadSeconds: 3600,
  /**
   * How long start-up waits for the first key pair (0.3–0.8 s on a quiet machine) before going on
   * without it: a loaded machine must not fail its start-up over it (Fastify gives up on a ready
   * hook after 10 s); the first request then waits for what is left.
   */
  startUpWaitMs: 3000,
} as const;
export const SIGN_IN_HISTORY_SIZE = 50;

const HOUR = 3600;
const DAY = 24 * HOUR;
export const WINDOWS = { minute: 60, hour: HOUR, day: DAY } as const;

export function secondsFrom(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}
