/** Inside the native app shell (its user agent names it). */
export function isNativeAppShell(userAgent = navigator.userAgent): boolean {
  return userAgent.includes('PalaroApp');
}

/** Tall iPhones (X and later) inside the native shell get a taller bottom menu. */
export function needsTallBottomMenu(userAgent = navigator.userAgent, screenHeight = window.screen?.height ?? 0): boolean {
  return isNativeAppShell(userAgent) && screenHeight >= 812;
}

/** An external link (opened in a new tab) rather than a path of this app. */
export function isExternalLink(link: string): boolean {
  return /^(https?:)?\/\//i.test(link) || /^(tg|mailto|tel|viber|whatsapp):/i.test(link);
}
