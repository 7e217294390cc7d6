import { useMemo, useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { imageCandidates, useImageCdns } from '../lib/imageCdn';

export interface CdnImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  /** The server's URL of the image: a /media/ path (served from the CDN) or an absolute URL (used as it is). */
  src: string;
  /** Intrinsic size, always given so the box is reserved before the image arrives. */
  width: number;
  height: number;
  /** CDN bases to use instead of the site's (screens shown before the settings context exists). */
  cdns?: readonly string[];
}

/**
 * An image hosted by the server, loaded from the page's random CDN with fallback to the next CDN
 * and finally the origin (spec §9). Lazy by default; pass loading="eager" above the fold.
 */
export function CdnImage({ src, cdns, loading = 'lazy', decoding = 'async', onError, ...rest }: CdnImageProps) {
  const siteCdns = useImageCdns();
  const list = cdns ?? siteCdns;
  const candidates = useMemo(() => imageCandidates(src, list), [src, list]);
  // Failures counted per source, so a new src starts again at the page's CDN.
  const [failures, setFailures] = useState<{ src: string; count: number }>({ src, count: 0 });
  const attempt = failures.src === src ? failures.count : 0;
  const current = candidates[Math.min(attempt, candidates.length - 1)]!;

  const handleError = (event: SyntheticEvent<HTMLImageElement, Event>) => {
    if (attempt < candidates.length - 1) {
      setFailures({ src, count: attempt + 1 });
      return;
    }
    onError?.(event);
  };

  return <img {...rest} src={current} loading={loading} decoding={decoding} onError={handleError} />;
}
