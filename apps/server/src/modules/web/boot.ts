import type { FastifyRequest } from 'fastify';
import {
  HOME_CONTENT_TYPES,
  REGISTER_BANNER_GROUP,
  LANGUAGE_COOKIE,
  LANGUAGES,
  WEB_ROUTES,
  imageCdnBases,
  normalisePath,
  type Language,
  type TWebBoot,
} from '@palaro/contract';
import type { Queryable } from '../../platform/db/database';
import { locationOf } from '../../platform/http/context';
import { listAnnouncements } from '../content/service';
import type { MerchantRow } from '../site/schema';
import { computeStartup, toSiteSettings } from '../site/service';

export interface BootSources {
  db: Queryable;
  now: () => Date;
  trustedCountryHeader: string;
  /** Picks the page's image CDN: an index below `count` (random in production). */
  pickCdn?: (count: number) => number;
}

const MEDIA_PREFIX = '/media/';

/** The language the player chose (the web app repeats it in a cookie), else null. */
export function cookieLanguage(cookieHeader: string | undefined): Language | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && (LANGUAGES as readonly string[]).includes(value ?? '')) return value as Language;
  }
  return null;
}

function randomIndex(count: number): number {
  return Math.floor(Math.random() * count);
}

export interface PageBoot {
  boot: TWebBoot;
  /** The URL the page's first image loads from, as the app will ask for it, or null. */
  lcpImage: string | null;
  /** The merchant's logo on the page's image CDN. */
  logo: string | null;
}

/**
 * What the first screen needs, computed for the page's response: the start-up answer, and on
 * home the announcements in the player's language with the first banner as the LCP image, on the
 * image CDN this page load will use (the app adopts `imageCdnStart`, so the preload is the
 * request it makes).
 */
export async function pageBoot(
  request: FastifyRequest,
  merchant: MerchantRow,
  sources: BootSources,
): Promise<PageBoot> {
  const now = sources.now();
  const settings = toSiteSettings(merchant);
  const startup = computeStartup(merchant, locationOf(request, sources.trustedCountryHeader), now);
  const language = cookieLanguage(request.headers.cookie) ?? settings.defaultLanguage;
  const bases = imageCdnBases(merchant.imageCdns);
  const imageCdnStart =
    bases.length > 0 ? Math.min(bases.length - 1, (sources.pickCdn ?? randomIndex)(bases.length)) : 0;
  const boot: TWebBoot = { language, startup: { startup, settings }, imageCdnStart };

  const onPageCdn = (url: string) =>
    url.startsWith(MEDIA_PREFIX) && bases.length > 0 ? `${bases[imageCdnStart]}${url}` : url;
  const logo = settings.logoUrl ? onPageCdn(settings.logoUrl) : null;

  const route = normalisePath(request.url.split('?')[0] ?? '/');
  if (startup.mode !== 'normal') return { boot, lcpImage: null, logo };
  // The two first screens whose largest paint is an announcement's banner.
  if (route === WEB_ROUTES.home) {
    boot.home = await listAnnouncements(
      sources.db,
      merchant,
      { types: [...HOME_CONTENT_TYPES], platform: 'M', language },
      now,
    );
  } else if (route === WEB_ROUTES.register) {
    boot.registerBanners = await listAnnouncements(
      sources.db,
      merchant,
      { types: ['B'], groupName: REGISTER_BANNER_GROUP, platform: 'M', language },
      now,
    );
  }
  const banner = (boot.home ?? boot.registerBanners)?.banners[0]?.url;
  return { boot, lcpImage: banner ? onPageCdn(banner) : null, logo };
}
