import { isIos, type AppLinkType } from './rules';

/** The download popup's footer guide (spec §2), apart from ./rules.ts: only the popup needs it, not home's bar. */

/** The iOS version a User-Agent names ("CPU iPhone OS 12_1_4 like Mac OS X"), else null. */
export function iosVersion(userAgent: string): { major: number; minor: number } | null {
  if (!isIos(userAgent)) return null;
  const match = /OS (\d+)[_.](\d+)/.exec(userAgent);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/** Older iOS (spec §2: 12 below minor 2, or 11 and under), which installs neither profile nor web clip as later ones do. */
export function isLegacyIos(userAgent: string): boolean {
  const version = iosVersion(userAgent);
  return version !== null && (version.major < 12 || (version.major === 12 && version.minor < 2));
}

export type FooterGuide = 'legacyIos' | 'profile' | 'homeScreenIos' | 'homeScreen';

/**
 * The popup's footer guide (spec §2): the legacy tip on older iOS; otherwise the profile download
 * button when the profile is offered, else the add-to-home-screen steps of the platform.
 */
export function footerGuide(userAgent: string, links: readonly { resourceType: AppLinkType }[]): FooterGuide {
  if (isLegacyIos(userAgent)) return 'legacyIos';
  if (links.some((link) => link.resourceType === 'MOBILECONFIG')) return 'profile';
  return isIos(userAgent) ? 'homeScreenIos' : 'homeScreen';
}
