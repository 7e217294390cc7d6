import type { TSiteSettings } from '@palaro/contract';

/**
 * The download bar's and popup's rules (spec §2 "Download bar and popup", §4): plain functions of
 * what the page knows of the device (its User-Agent; the server knows it too and draws the bar
 * with them) and of the merchant's links, so both the bar and the popup decide from one place.
 */

type DownloadLink = TSiteSettings['resources']['downloads'][number];
export type AppLinkType = 'Android' | 'IOS' | 'MOBILECONFIG';

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/** A phone or tablet: iOS, Android or a browser that says it is mobile. */
export function isMobileDevice(userAgent: string): boolean {
  return isIos(userAgent) || /Android|Mobile/i.test(userAgent);
}

/**
 * Safari itself on iOS: only it installs an app profile or adds a page to the home screen. Other
 * iOS browsers (Chrome CriOS, Firefox FxiOS, Edge, Opera, Google's app) and in-app views
 * (Facebook, Instagram, LINE, WeChat — most lack the Safari token) cannot.
 */
export function isIosSafari(userAgent: string): boolean {
  return (
    isIos(userAgent) &&
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|FBAN|FBAV|Instagram|Line\/|MicroMessenger/i.test(
      userAgent,
    )
  );
}

export interface DownloadContext {
  userAgent: string;
  downloads: readonly DownloadLink[];
  /** The web-clip local flag (STORAGE_KEYS.webClip): '1' once the profile's web clip is installed. */
  webClipFlag: string | null;
  /** The merchant's hide-iOS flag (mobileTemplate.hide_ios === '1'). */
  hideIos: boolean;
}

const POPUP_ORDER: readonly AppLinkType[] = ['Android', 'MOBILECONFIG', 'IOS'];

/**
 * The popup's links for this device, in the order shown: the Android app on a desktop or any
 * device but iOS; the iOS profile (MOBILECONFIG) on a mobile device whose web-clip flag is not 1;
 * the iOS app unless the merchant hides it. A type without a URL is never shown.
 */
export function popupLinks(context: DownloadContext): { resourceType: AppLinkType; url: string }[] {
  const { userAgent, webClipFlag, hideIos } = context;
  const shown: Record<AppLinkType, boolean> = {
    Android: !isIos(userAgent),
    MOBILECONFIG: isMobileDevice(userAgent) && webClipFlag !== '1',
    IOS: !hideIos,
  };
  return POPUP_ORDER.flatMap((resourceType) => {
    const url = context.downloads.find((link) => link.resourceType === resourceType)?.url;
    return url && shown[resourceType] ? [{ resourceType, url }] : [];
  });
}

/**
 * The bar's link: the app of the device's platform (iOS: the app, else its profile; others: the
 * Android app), null when there is none, and the bar is not shown (spec §2).
 */
export function barLink(context: DownloadContext): string | null {
  const links = popupLinks(context);
  const order: readonly AppLinkType[] = isIos(context.userAgent) ? ['IOS', 'MOBILECONFIG'] : ['Android'];
  for (const type of order) {
    const link = links.find((candidate) => candidate.resourceType === type);
    if (link) return link.url;
  }
  return null;
}

/** What the bar's download button does: on iOS outside Safari an alert says Safari is needed; else the popup opens. */
export function barAction(userAgent: string): 'needsSafari' | 'popup' {
  return isIos(userAgent) && !isIosSafari(userAgent) ? 'needsSafari' : 'popup';
}
