import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Our game art as files: the SVG we draw, or the same picture as WebP. A browser makes every SVG
 * `<img>` a document of its own, styled, laid out and painted on the main thread; a WebP is
 * decoded off it (docs/decisions/home-raster-media.md). The WebP is drawn at the SVG's own size,
 * which is twice the size a phone shows the tile at.
 */
export type ArtFormat = 'svg' | 'webp';

export interface ArtFile {
  body: string | Buffer;
  contentType: string;
  entityTag: string;
}

const SVG_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';
const WEBP_CONTENT_TYPE = 'image/webp';
const WEBP_QUALITY = 82;
/** Drawn pictures kept: a home page asks for a few dozen, a full catalogue's lists a few thousand. */
const KEPT_PICTURES = 4_000;

/** Splits `CODE.webp` into its name and format; anything else is not one of our files. */
export function artFileName(file: string): { name: string; format: ArtFormat } | null {
  const match = /^(.+)\.(svg|webp)$/.exec(file);
  return match ? { name: match[1]!, format: match[2] as ArtFormat } : null;
}

const drawn = new Map<string, Promise<Buffer>>();

function drawWebp(svg: string, key: string): Promise<Buffer> {
  const kept = drawn.get(key);
  if (kept) {
    // Most recently used last, so the oldest is the first to go.
    drawn.delete(key);
    drawn.set(key, kept);
    return kept;
  }
  const picture = sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
  drawn.set(key, picture);
  picture.catch(() => drawn.delete(key));
  if (drawn.size > KEPT_PICTURES) drawn.delete(drawn.keys().next().value!);
  return picture;
}

export async function artFile(svg: string, format: ArtFormat): Promise<ArtFile> {
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 27);
  if (format === 'svg') return { body: svg, contentType: SVG_CONTENT_TYPE, entityTag: `W/"${hash}"` };
  return { body: await drawWebp(svg, hash), contentType: WEBP_CONTENT_TYPE, entityTag: `W/"${hash}.webp"` };
}
