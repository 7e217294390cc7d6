import { createContext, useContext } from 'react';
import { imageCdnBases } from '@palaro/contract';

/**
 * Image CDNs (spec §9 "Random image CDN from list with fallback").
 *
 * The site settings list CDN base URLs (possibly none). A same-origin media path (`/media/…`) is
 * served from one CDN picked at random, uniformly, once per page load, so every image on the page
 * uses the same one. When an image fails there, the next CDN in the list is tried (wrapping round),
 * and finally the origin path itself. Anything else, such as an absolute URL to another host, a
 * data: URL or a path outside /media/, is used as it is.
 */

const MEDIA_PREFIX = '/media/';

/** The media path of a source served by this origin (`/media/…`, or an absolute URL to this origin), else null. */
export function mediaPath(
  src: string,
  origin = typeof window === 'undefined' ? '' : window.location.origin,
): string | null {
  if (src.startsWith(MEDIA_PREFIX)) return src;
  if (!origin || !/^https?:\/\//i.test(src)) return null;
  try {
    const url = new URL(src);
    return url.origin === origin && url.pathname.startsWith(MEDIA_PREFIX) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

let pageChoice: { key: string; start: number } | null = null;

/**
 * Index of the CDN this page load uses, picked uniformly at random the first time it is asked for
 * and kept for the rest of the page load (a different list, e.g. other settings, picks again).
 */
export function pageCdnStart(cdns: readonly string[], random: () => number = Math.random): number {
  const bases = imageCdnBases(cdns);
  if (bases.length === 0) return 0;
  const key = bases.join('\n');
  if (pageChoice?.key !== key) {
    pageChoice = { key, start: Math.min(bases.length - 1, Math.floor(random() * bases.length)) };
  }
  return pageChoice.start;
}

/**
 * Uses the CDN the server picked for this page load (the one it preloaded the first banner from),
 * so the app's request for that image is the preloaded one.
 */
export function adoptPageCdnStart(cdns: readonly string[], start: number): void {
  const bases = imageCdnBases(cdns);
  if (Number.isInteger(start) && start >= 0 && start < bases.length) pageChoice = { key: bases.join('\n'), start };
}

/**
 * The URLs to try for one image, in order: the page's CDN, the other CDNs after it in the list
 * (wrapping round), then the origin path. A source that is not a media path is the only candidate.
 */
export function imageCandidates(src: string, cdns: readonly string[], start = pageCdnStart(cdns)): string[] {
  const path = mediaPath(src);
  if (path === null) return [src];
  const bases = imageCdnBases(cdns);
  const ordered = bases.map((_, i) => bases[(start + i) % bases.length]!);
  return [...ordered.map((base) => `${base}${path}`), path];
}

/** The site's CDN list, provided once the start-up settings are known. */
export const ImageCdnContext = createContext<readonly string[]>([]);

export function useImageCdns(): readonly string[] {
  return useContext(ImageCdnContext);
}
