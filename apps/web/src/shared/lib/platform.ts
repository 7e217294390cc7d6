/** Inside the native app shell (its user agent names it). */
export function isNativeAppShell(userAgent = navigator.userAgent): boolean {
  return userAgent.includes('PalaroApp');
}

/** Tall iPhones (X and later) inside the native shell get a taller bottom menu (never on the server). */
export function needsTallBottomMenu(
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  screenHeight = typeof window === 'undefined' ? 0 : (window.screen?.height ?? 0),
): boolean {
  return isNativeAppShell(userAgent) && screenHeight >= 812;
}

/** An external link (opened in a new tab) rather than a path of this app. */
export function isExternalLink(link: string): boolean {
  return /^(https?:)?\/\//i.test(link) || /^(tg|mailto|tel|viber|whatsapp):/i.test(link);
}

export type RegisterMethod = 'APP' | 'H5' | 'WEBCLIP' | 'PWA';

/** Opened as an installed web app (home-screen icon, PWA). */
export function isStandalone(): boolean {
  try {
    const nav = navigator as Navigator & { standalone?: boolean };
    return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
  } catch {
    return false;
  }
}

/**
 * How the player reached registration (spec §3): APP inside the native shell; an installed
 * standalone page is WEBCLIP when the web-clip marker is stored, else PWA; otherwise H5.
 */
export function detectRegisterMethod(
  userAgent = navigator.userAgent,
  standalone = isStandalone(),
  webClipMarker: string | null = null,
): RegisterMethod {
  if (isNativeAppShell(userAgent)) return 'APP';
  if (standalone) return webClipMarker !== null && webClipMarker !== '' ? 'WEBCLIP' : 'PWA';
  return 'H5';
}
