/**
 * Whitelabel flags of the specification (§2, §9). A merchant's settings hold each as on or off;
 * a flag absent from a merchant's settings is off.
 */
export const WHITELABEL_FLAGS = [
  // registration and sign-in
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'DIRECTREG3',
  'CHNGPASSVERIF3',
  'FACEBOOKLOGIN3',
  'GOOGLELOGIN3',
  'MOBILEVERFLOGIN3',
  // member centre list entries
  'DEPRECM3',
  'WITHREC3',
  'TRANSREC3',
  'TRANSBETREPMEM3',
  'PERSREP',
  'AGETRANSFERUP3',
  'REWCEN3',
  'MANPLAYREB3',
  'PLYRBT',
  'MAILCEN',
  'FEEDBACK3',
  // agent home tiles
  'AGEPAG',
  'DOWNMAN',
  'AGENTRANSMULTDOWN3',
  'AGETEAMPNL3',
  'TEAMBETTING3',
  'GAMSER',
  'AGEREBSET3',
  'AGEREBINC3',
  'SECPRIV',
  'AGEDIVIDEND3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];
export type Whitelabel = Record<WhitelabelFlag, boolean>;

/** Promotion switches that gate screens (invite friends, mission leaderboard). */
export const PROMOTION_SWITCHES = ['REFERRAL', 'MISSION'] as const;
export type PromotionSwitch = (typeof PROMOTION_SWITCHES)[number];

/** Fields of the registration form whose rules the server provides (spec §5). */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'email',
  'nickname',
  'payeeName',
  'mobileNum',
  'verificationCode',
  'recommenderId',
  'affiliateCode',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export const DOWNLOAD_RESOURCE_TYPES = ['IOS', 'Android', 'MOBILECONFIG', 'AppDownloadIcon'] as const;
export const SITE_RESOURCE_TYPES = ['USDJUMP'] as const;
