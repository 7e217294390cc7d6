/** Constants and limits of the product specification (§3 client configuration, §9). */

export const LANGUAGES = ['TY', 'EN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'TY';

export const GATEWAY_CODE = { WEB: 1, MOBILE: 3 } as const;
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott'] as const;
export const PLAY_TYPES = ['Tradition', 'Entertainment'] as const;
export const LIST_FILTERS = ['NEW', 'FAV', 'ALL', 'HOT'] as const;
export const ESPORT_VENDOR_CODE = 'TF';
export const COCKFIGHT_VENDOR_CODE = 'DS88';
export const DEFAULT_GAME_CATEGORY = 'HOME';

/** Announcement content types: A agent, PL player notice, B banner, PU pop-up, PR promotion, H hot. */
export const CONTENT_TYPES = ['A', 'PL', 'B', 'PU', 'PR', 'H'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Announcement platforms: M mobile, W web. */
export const CONTENT_PLATFORMS = ['M', 'W'] as const;
export type ContentPlatform = (typeof CONTENT_PLATFORMS)[number];

export const MODULE_IDS = [
  'COMM3',
  'FUNDTRANS3',
  'AGEANNOUNCE3',
  'MEMTRANS3',
  'PERSPNL3',
  'AGEINFO3',
  'AGEDOWNMAN3',
  'REG3',
  'CAPTCHA3',
] as const;

export const TIMING_MS = {
  bannerAutoplay: 5000,
  hotMatchAutoplay: 5000,
  hotMatchSpeed: 500,
  pageFade: 300,
  lotteryTick: 500,
  lotteryNear: 6000,
  languageDebounce: 200,
  toastShort: 1000,
  toastMedium: 1500,
  toastLong: 2000,
  toastShortMessage: 3000,
  toastLongMessage: 8000,
  noticeAutoClose: 1500,
  dialogMaskGuard: 300,
  promptFocusDelay: 500,
  logoutLoading: 10_000,
  infiniteScrollThrottle: 1000,
  lazyLoadScrollDelay: 300,
} as const;

/** Loading toasts that stay until hidden are shown for this many seconds. */
export const LOADING_TOAST_SECONDS = 9999;

export const SWIPE_BACK_MIN_DRAG_PX = 100;
export const INFINITE_SCROLL_THRESHOLD_PX = 500;
export const LAZY_LOAD_OFFSET_PX = 100;

export const LIMITS = {
  gamePageSize: 26,
  recentPageSize: 25,
  captchaLength: 6,
  captchaMaxLength: 16,
  smsCodeMaxLength: 10,
  mobileMaxLength: 20,
  commentMaxLength: 140,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadMaxImages: 3,
  balanceDecimals: 2,
} as const;

/** Browser storage keys the client uses (spec §3, §9). */
export const STORAGE_KEYS = {
  session: 'MC_SESSION_INFO',
  lotteryFavourites: 'LOTTFAV',
  hideDownloadBar: 'hideDownloadBar',
  webClip: 'WEBCLIP',
  autoLogin: 'autoLogin',
  trialName: 'trialName',
  language: 'lang',
  hideBalance: 'hideBalance',
  seenPopups: 'seenPopups',
  /** Pop-ups the player asked not to see again on this device ("don't show again"). */
  hiddenPopups: 'hiddenPopups',
} as const;

/** The event a language change publishes on window. */
export const LANGUAGE_CHANGED_EVENT = 'palaro:language-changed';
