import { z } from 'zod';
import { LANGUAGES } from '../../shared/constants';
import {
  WHITELABEL_FLAGS,
  PROMOTION_SWITCHES,
  REGISTRATION_FIELDS,
  DOWNLOAD_RESOURCE_TYPES,
  SITE_RESOURCE_TYPES,
} from '../flags';

export const ZLanguage = z.enum(LANGUAGES);

export const ZLanguageQuery = z.object({ language: ZLanguage.optional() });

export const ZWhitelabel = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof WHITELABEL_FLAGS)[number],
    z.ZodBoolean
  >,
);

export const ZPromotionSwitches = z.object(
  Object.fromEntries(PROMOTION_SWITCHES.map((name) => [name, z.boolean()])) as Record<
    (typeof PROMOTION_SWITCHES)[number],
    z.ZodBoolean
  >,
);

export const ZFieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** A JavaScript regular expression source, matched against the whole value. */
  pattern: z.string().nullable(),
});
export type TFieldRule = z.infer<typeof ZFieldRule>;

export const ZRegistrationConfig = z.object({
  fields: z.record(z.enum(REGISTRATION_FIELDS), ZFieldRule),
  defaultCountryDialingCode: z.string(),
  countryDialingCodes: z.array(z.string()),
});

export const ZMobileTemplate = z.object({
  /** '1' selects the new member centre, anything else the base one. */
  mem_cen: z.string(),
  /** '1' selects the new deposit page, anything else the base one. */
  dep_func: z.string(),
  app_background: z.string(),
  app_desc: z.string(),
  app_desc_font_color: z.string(),
  /** '1' hides the iOS app link of the download popup (spec §2); absent or anything else shows it. */
  hide_ios: z.string().optional(),
});

export const ZDownloadLink = z.object({ resourceType: z.enum(DOWNLOAD_RESOURCE_TYPES), url: z.string() });
export const ZSiteResource = z.object({ resourceType: z.enum(SITE_RESOURCE_TYPES), url: z.string() });

/** Customer-service links, each encrypted as `customer-service-link.ts` says; absent when not configured. */
export const ZCustomerService = z.object({
  service: z.string().optional(),
  telegram: z.string().optional(),
  messagingApp: z.string().optional(),
  social: z.string().optional(),
});

export const ZTheme = z.object({
  primary: z.string(),
  primaryContrast: z.string(),
  accent: z.string(),
  background: z.string(),
  surface: z.string(),
  text: z.string(),
  textMuted: z.string(),
});

export const ZSiteSettings = z.object({
  merchantCode: z.string(),
  trialMerchantCode: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  theme: ZTheme,
  currency: z.object({ code: z.string(), symbol: z.string() }),
  timeZone: z.string(),
  languages: z.array(ZLanguage),
  defaultLanguage: ZLanguage,
  /** The age a player must have reached to play; every screen that names an age shows this one. */
  minimumAge: z.number().int().min(18),
  whitelabel: ZWhitelabel,
  promotions: ZPromotionSwitches,
  vip: z.object({ display: z.boolean(), benefits: z.boolean() }),
  mobileTemplate: ZMobileTemplate,
  register: ZRegistrationConfig,
  resources: z.object({ downloads: z.array(ZDownloadLink), site: z.array(ZSiteResource) }),
  customerService: ZCustomerService,
  imageCDNs: z.array(z.string()),
  domainRoute: z.string(),
  mainDomain: z.string(),
  paths: z.object({ agreement: z.string(), help: z.string() }),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

export const STARTUP_MODES = ['normal', 'maintenance', 'region'] as const;

export const ZStartup = z.object({
  mode: z.enum(STARTUP_MODES),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  info: z.object({ message: z.string(), until: z.string().nullable() }),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
});
export type TStartup = z.infer<typeof ZStartup>;

/** What the client loads at start: the start-up result and, unless blocked, the settings. */
export const ZStartupResponse = z.object({ startup: ZStartup, settings: ZSiteSettings });
export type TStartupResponse = z.infer<typeof ZStartupResponse>;
