import {
  WHITELABEL_FLAGS,
  encryptCustomerServiceLink,
  type TAnnouncementItem,
  type TAnnouncements,
  type TBanner,
  type TNoticePage,
  type TSiteSettings,
  type TStartup,
  type TStartupResponse,
  type Whitelabel,
  type TSessionInfo,
  type TMemberInfo,
  type TLoginResult,
} from '@palaro/contract';

export function whitelabel(on: Partial<Whitelabel> = {}): Whitelabel {
  return { ...(Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, false])) as Whitelabel), ...on };
}

export function settings(overrides: Partial<TSiteSettings> = {}): TSiteSettings {
  return {
    merchantCode: 'PALARO',
    trialMerchantCode: 'PALAROTRIAL',
    name: 'Palaro',
    logoUrl: '/media/brand/logo.svg',
    theme: {
      primary: '#1D4ED8',
      primaryContrast: '#FFFFFF',
      accent: '#F5C542',
      background: '#0B1437',
      surface: '#16224F',
      text: '#F5F7FF',
      textMuted: '#B7C1E0',
    },
    currency: { code: 'PHP', symbol: '₱' },
    timeZone: 'Asia/Manila',
    languages: ['TY', 'EN'],
    defaultLanguage: 'TY',
    minimumAge: 21,
    whitelabel: whitelabel(),
    promotions: { REFERRAL: true, MISSION: false },
    vip: { display: true, benefits: true },
    mobileTemplate: {
      mem_cen: '1',
      dep_func: '1',
      app_background: '#0B1437',
      app_desc: 'I-download ang app',
      app_desc_font_color: '#F5C542',
    },
    register: {
      fields: {} as TSiteSettings['register']['fields'],
      defaultCountryDialingCode: '+63',
      countryDialingCodes: ['+63'],
    },
    resources: { downloads: [], site: [] },
    customerService: {
      service: encryptCustomerServiceLink('/m/service', 'Ab3$Ke9!'),
      telegram: encryptCustomerServiceLink('https://t.me/PalaroSupportPH', 'Zq7#Lm2@'),
      messagingApp: encryptCustomerServiceLink('https://m.me/PalaroPH', 'Pp1&Rr4*'),
    },
    imageCDNs: [],
    domainRoute: '/m/home',
    mainDomain: 'localhost',
    paths: { agreement: '/m/useragreement', help: '/m/help' },
    ...overrides,
  };
}

export function startup(overrides: Partial<TStartup> = {}): TStartup {
  return {
    mode: 'normal',
    maintenance: false,
    regionRestriction: false,
    info: { message: '', until: null },
    location: { ip: '203.0.113.7', country: 'PH' },
    ...overrides,
  };
}

export function startupResponse(s: Partial<TStartup> = {}, st: Partial<TSiteSettings> = {}): TStartupResponse {
  return { startup: startup(s), settings: settings(st) };
}

export function banner(id: string, link: string | null = null): TBanner {
  return { id, title: `Banner ${id}`, url: `/media/banners/${id}.svg`, link };
}

export function item(id: string, title: string, extra: Partial<TAnnouncementItem> = {}): TAnnouncementItem {
  return {
    id,
    title,
    content: `Content of ${title}`,
    imageUrl: null,
    link: null,
    publishedAt: '2025-06-10T01:00:00Z',
    ...extra,
  };
}

export function announcements(overrides: Partial<TAnnouncements> = {}): TAnnouncements {
  return {
    banners: [banner('b1', '/m/activity'), banner('b2')],
    player: [item('n1', 'GCash maintenance'), item('n2', 'Play responsibly')],
    popup: [],
    hot: [],
    promotion: [],
    agent: [],
    contentLobby: [],
    footer: { unreadCount: 3 },
    ...overrides,
  };
}

export function noticePage(list: TAnnouncementItem[], pageNo = 1, totalPages = 1): TNoticePage {
  return { list, pageNo, pageSize: 10, totalPages, totalCount: list.length };
}

export function sessionInfo(overrides: Partial<TSessionInfo> = {}): TSessionInfo {
  return {
    merchantCode: 'PALARO',
    userName: 'juan2024',
    type: 0,
    firstTimeLogin: false,
    expiresAt: '2099-01-01T00:00:00Z',
    ...overrides,
  };
}

export function memberInfo(overrides: Partial<TMemberInfo> = {}): TMemberInfo {
  return {
    id: '1',
    nickname: null,
    account: 'juan2024',
    regDate: new Date(Date.now() - 3 * 86_400_000 - 3600_000).toISOString(),
    type: 0,
    toUpline: false,
    vipLevel: 1,
    vipLabel: 'VIP 1',
    mobileNum: null,
    mobileVerified: false,
    email: null,
    emailVerified: false,
    hasPaymentPassword: false,
    ...overrides,
  };
}

export function loginResult(session: Partial<TSessionInfo> = {}, member: Partial<TMemberInfo> = {}): TLoginResult {
  return { session: sessionInfo(session), member: memberInfo(member), deviceToken: null };
}

/** Stores a session record as a signed-in player's browser has it. */
export function signIn(session: Partial<TSessionInfo> = {}, member?: Partial<TMemberInfo>): void {
  window.localStorage.setItem('MC_SESSION_INFO', JSON.stringify(sessionInfo(session)));
  if (member) window.localStorage.setItem('memberInfo', JSON.stringify(memberInfo(member)));
}

/** The screens the server draws for a guest (serverRender.tsx), each in both languages: path, language, the screen's test id. */
export const SERVER_DRAWN_CASES = (
  [
    ['/m/login', 'login-screen'],
    ['/m/register', 'register-screen'],
    ['/m/forget', 'forget-screen'],
    ['/m/mine', 'mine-screen'],
  ] as const
).flatMap(([path, testId]) => (['TY', 'EN'] as const).map((language) => [path, language, testId] as const));
