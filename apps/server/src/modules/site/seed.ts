import {
  encryptCustomerServiceLink,
  WHITELABEL_FLAGS,
  type TSiteSettings,
  type WhitelabelFlag,
} from '@palaro/contract';
import { randomPrintableKey } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/database';
import type { MerchantRow, NewMerchantRow, StoredRegistration } from './schema';
import * as store from './store';

export const DEMO_MERCHANT_CODE = 'PALARO';
export const DEMO_TRIAL_MERCHANT_CODE = 'PALAROTRIAL';
export const DEMO_HOSTS = ['localhost', '127.0.0.1'] as const;

/** Off for the demo: sign-in methods that need third-party services or an SMS gateway. */
const DEMO_FLAGS_OFF = new Set<WhitelabelFlag>([
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FACEBOOKLOGIN3',
  'GOOGLELOGIN3',
  'MOBILEVERFLOGIN3',
]);

/** Plain customer-service links; only their encrypted form is stored. */
export const DEMO_CUSTOMER_SERVICE_LINKS = {
  service: '/m/service',
  telegram: 'https://t.me/PalaroSupportPH',
  messagingApp: 'https://m.me/PalaroPH',
  social: 'https://www.facebook.com/PalaroPH',
} as const satisfies Record<keyof TSiteSettings['customerService'], string>;

export const DEMO_THEME: TSiteSettings['theme'] = {
  // WCAG contrast: white on royal blue 6.7:1, gold on navy 11.1:1, muted text on navy 10.0:1 and on surface 8.5:1.
  primary: '#1D4ED8',
  primaryContrast: '#FFFFFF',
  accent: '#F5C542',
  background: '#0B1437',
  surface: '#16224F',
  text: '#F5F7FF',
  textMuted: '#B7C1E0',
};

const DEMO_REGISTRATION: StoredRegistration = {
  fields: {
    username: { enabled: true, required: true, pattern: '^[a-z0-9]{6,16}$' },
    password: { enabled: true, required: true, pattern: '^(?=.*[A-Za-z])(?=.*\\d).{8,20}$' },
    // Optional on the username form; the mobile-number form requires it by its nature.
    mobileNum: { enabled: true, required: false, pattern: '^9\\d{9}$' },
    email: { enabled: true, required: false, pattern: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)*\\.[A-Za-z]{2,}$' },
  },
  defaultCountryDialingCode: '+63',
  countryDialingCodes: ['+63'],
};

function encryptLinks(links: typeof DEMO_CUSTOMER_SERVICE_LINKS): TSiteSettings['customerService'] {
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => [name, encryptCustomerServiceLink(link, randomPrintableKey(8))]),
  );
}

export function demoMerchant(): NewMerchantRow {
  return {
    code: DEMO_MERCHANT_CODE,
    name: 'Palaro',
    isDefault: true,
    trialMerchantCode: DEMO_TRIAL_MERCHANT_CODE,
    whitelabel: Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, !DEMO_FLAGS_OFF.has(flag)])),
    promotions: { REFERRAL: true, MISSION: true },
    vipDisplay: true,
    vipBenefits: true,
    mobileTemplate: {
      mem_cen: '1',
      dep_func: '1',
      app_background: '#0B1437',
      app_desc: 'I-download ang Palaro app — mas mabilis, mas masaya!',
      app_desc_font_color: '#F5C542',
    },
    registration: DEMO_REGISTRATION,
    downloads: [
      { resourceType: 'Android', url: '/media/downloads/android.html' },
      { resourceType: 'IOS', url: '/media/downloads/ios.html' },
      { resourceType: 'MOBILECONFIG', url: '/media/downloads/palaro.mobileconfig' },
      { resourceType: 'AppDownloadIcon', url: '/media/brand/app-icon.webp' },
    ],
    siteResources: [],
    customerService: encryptLinks(DEMO_CUSTOMER_SERVICE_LINKS),
    // Empty: images are served by this server under /media, with no CDN in front.
    imageCdns: [],
    timeZone: 'Asia/Manila',
    currencyCode: 'PHP',
    currencySymbol: '₱',
    languages: ['TY', 'EN'],
    defaultLanguage: 'TY',
    // PAGCOR: 21 and over.
    minimumAge: 21,
    theme: DEMO_THEME,
    logoUrl: '/media/brand/logo.webp',
    mainDomain: 'localhost',
    domainRoute: '/m/home',
    paths: { agreement: '/m/useragreement', help: '/m/help' },
  };
}

/** Creates the demo merchant and its domains when missing; an existing merchant keeps its settings. */
export async function seedDemoMerchant(q: Queryable): Promise<MerchantRow> {
  const merchant = await store.insertMerchantIfAbsent(q, demoMerchant());
  await store.insertDomainsIfAbsent(q, merchant.id, DEMO_HOSTS);
  return merchant;
}
