import { createHash } from 'node:crypto';
import { MINES_GAME_CODE, SLOT_GAME_CODE, type GameCategory } from '@palaro/contract';

/**
 * Our own art for the catalogue, drawn from data in one style: a rounded tile in the vendor's two
 * colours, soft rings placed by the game's code, the category's glyph, and (large icons) the name.
 * The same input always draws the same picture, so a URL's answer never changes while its game
 * does not.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Stable small numbers from a text: where the rings go. */
function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

const GLYPHS: Record<GameCategory, string> = {
  RNG: '<rect x="-30" y="-20" width="18" height="40" rx="4"/><rect x="-9" y="-20" width="18" height="40" rx="4"/><rect x="12" y="-20" width="18" height="40" rx="4"/>',
  FISH: '<ellipse cx="-4" cy="0" rx="24" ry="14"/><path d="M18 0 L34 -14 L34 14 Z"/>',
  LIVE: '<circle r="26" fill="none" stroke-width="7" stroke-dasharray="10 7"/><circle r="13"/>',
  SPORTS:
    '<circle r="26" fill="none" stroke-width="5"/><path d="M-26 0 H26 M0 -26 C14 -10 14 10 0 26 M0 -26 C-14 -10 -14 10 0 26" fill="none" stroke-width="4"/>',
  ESPORTS:
    '<rect x="-32" y="-16" width="64" height="32" rx="16"/><circle cx="-14" cy="0" r="5" data-hole="1"/><circle cx="14" cy="-4" r="3" data-hole="1"/><circle cx="20" cy="4" r="3" data-hole="1"/>',
  PVP: '<rect x="-28" y="-24" width="30" height="44" rx="5" transform="rotate(-14)"/><rect x="-2" y="-24" width="30" height="44" rx="5" transform="rotate(14)"/>',
  INHOUSE: '<path d="M0 -30 L8 -9 L30 -9 L12 4 L19 26 L0 13 L-19 26 L-12 4 L-30 -9 L-8 -9 Z"/>',
  COCKFIGHT: '<path d="M0 -28 C18 -20 26 -8 26 4 C26 18 14 28 0 30 C-14 28 -26 18 -26 4 C-26 -8 -18 -20 0 -28 Z"/>',
  ELOTT: '<circle cx="-20" cy="6" r="12"/><circle cx="0" cy="-10" r="12"/><circle cx="20" cy="6" r="12"/>',
  LOTT: '<circle cx="-20" cy="6" r="12"/><circle cx="0" cy="-10" r="12"/><circle cx="20" cy="6" r="12"/>',
};

/**
 * Our in-house games each draw their own picture rather than the category's star: Isla Slots a reel
 * window with a lever, Mines a cut gem. `data-hole` parts take the tile's colour, `data-line` parts
 * are its colour's strokes.
 */
const INHOUSE_GLYPHS: Readonly<Record<string, string>> = {
  [SLOT_GAME_CODE]:
    '<rect x="-34" y="-24" width="62" height="48" rx="9"/><rect x="-28" y="-16" width="15" height="32" rx="3" data-hole="1"/><rect x="-10.5" y="-16" width="15" height="32" rx="3" data-hole="1"/><rect x="7" y="-16" width="15" height="32" rx="3" data-hole="1"/>' +
    '<circle cx="-20.5" cy="0" r="4.5"/><path d="M-3 -6 L-1.2 -1.8 L3.3 -1.8 L-0.3 1 L1 5.5 L-3 2.8 L-7 5.5 L-5.7 1 L-9.3 -1.8 L-4.8 -1.8 Z"/><circle cx="14.5" cy="0" r="4.5"/>' +
    '<rect x="31" y="-14" width="4" height="22" rx="2"/><circle cx="33" cy="-18" r="5.5"/>',
  [MINES_GAME_CODE]:
    '<path d="M-16 -16 H16 L30 -3 L0 30 L-30 -3 Z"/>' +
    '<path d="M-30 -3 H30 M-6 -16 L-11 -3 L0 30 L11 -3 L6 -16" data-line="1"/>',
};

/** What a slot's reels show, one per reel, picked by the game's code: slots of one vendor differ at a glance. */
const REEL_SYMBOLS = [
  '<circle cx="-3" cy="3" r="5"/><circle cx="4" cy="5" r="5"/><path d="M-3 -2 Q0 -12 6 -12" fill="none" stroke-width="2"/>',
  '<text y="8" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="900" font-size="22" stroke="none">7</text>',
  '<path d="M0 -9 L8 0 L0 9 L-8 0 Z"/>',
  '<path d="M0 -9 L2.6 -2.8 L9 -2.8 L3.8 1.2 L5.6 8 L0 4 L-5.6 8 L-3.8 1.2 L-9 -2.8 L-2.6 -2.8 Z"/>',
  '<path d="M-7 6 Q-7 -8 0 -8 Q7 -8 7 6 Z"/><circle cy="8" r="2"/>',
  '<rect x="-9" y="-4" width="18" height="8" rx="2"/>',
];

function reels(bytes: Buffer, primary: string): string {
  return [-21, 0, 21]
    .map(
      (x, index) =>
        `<g transform="translate(${x} 0)" fill="${primary}" stroke="${primary}">${REEL_SYMBOLS[bytes[10 + index]! % REEL_SYMBOLS.length]}</g>`,
    )
    .join('');
}

/**
 * A name on one line when it fits `width` characters, otherwise on two lines split where they come
 * out most even, with the font size that fits the longer one.
 */
function nameLines(name: string, width: number): { lines: string[]; fontSize: number } {
  const words = name.split(/\s+/).filter(Boolean);
  let lines = [words.join(' ')];
  if (lines[0]!.length > width && words.length > 1) {
    let best = 1;
    const longerAt = (at: number) => Math.max(words.slice(0, at).join(' ').length, words.slice(at).join(' ').length);
    for (let at = 2; at < words.length; at += 1) if (longerAt(at) < longerAt(best)) best = at;
    lines = [words.slice(0, best).join(' '), words.slice(best).join(' ')];
  }
  const longest = Math.max(...lines.map((line) => line.length));
  return { lines, fontSize: Math.max(13, Math.min(22, Math.floor((width * 22) / Math.max(longest, width)))) };
}

interface Palette {
  primary: string;
  accent: string;
}

function tile(size: number, palette: Palette, seed: string, body: string, title: string): string {
  const bytes = hashBytes(seed);
  const rings = [0, 1, 2]
    .map((index) => {
      const cx = (bytes[index * 3]! / 255) * size;
      const cy = (bytes[index * 3 + 1]! / 255) * size;
      const r = size * (0.18 + (bytes[index * 3 + 2]! / 255) * 0.3);
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="${palette.accent}" stroke-opacity="0.18" stroke-width="${(size / 24).toFixed(1)}"/>`;
    })
    .join('');
  // Unique per picture and size, so two pictures inlined in one page never share a gradient or a clip.
  const id = `g${hashBytes(`${seed}:${size}`).toString('hex').slice(0, 10)}`;
  const radius = size * 0.16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.primary}"/><stop offset="1" stop-color="${palette.primary}" stop-opacity="0.72"/></linearGradient>` +
    `<clipPath id="${id}c"><rect width="${size}" height="${size}" rx="${radius}"/></clipPath></defs>` +
    `<g clip-path="url(#${id}c)"><rect width="${size}" height="${size}" fill="#ffffff"/><rect width="${size}" height="${size}" fill="url(#${id})"/>${rings}</g>${body}</svg>`
  );
}

export interface IconSubject {
  code: string;
  name: string;
  category: GameCategory;
  primaryColour: string;
  accentColour: string;
}

/** A game's icon: small (square art) or large (art with the game's name). */
/** How much of a large icon's width a name may take, and a bold character's width in em (generous). */
const NAME_WIDTH_SHARE = 0.86;
const BOLD_CHARACTER_EM = 0.6;

export function gameIconSvg(game: IconSubject, size: 's' | 'l'): string {
  const palette = { primary: game.primaryColour, accent: game.accentColour };
  const side = size === 'l' ? 240 : 160;
  const glyphY = size === 'l' ? side * 0.4 : side / 2;
  const scale = side / 120;
  const symbols = game.category === 'RNG' ? reels(hashBytes(game.code), palette.primary) : '';
  const shape = (INHOUSE_GLYPHS[game.code] ?? GLYPHS[game.category])
    .replaceAll(' data-hole="1"', ` fill="${palette.primary}" stroke="none"`)
    .replaceAll(
      ' data-line="1"',
      ` fill="none" stroke="${palette.primary}" stroke-width="2.5" stroke-linejoin="round"`,
    );
  const glyph = `<g transform="translate(${side / 2} ${glyphY}) scale(${scale})" fill="${palette.accent}" stroke="${palette.accent}">${shape}${symbols}</g>`;
  let label = '';
  if (size === 'l') {
    const { lines, fontSize } = nameLines(game.name, 18);
    const top = side * (lines.length > 1 ? 0.78 : 0.84);
    // Wide letters (W, M, bold capitals) can outrun the character estimate: a line that may not
    // fit the tile's margins is squeezed to them by the renderer rather than cut by the edge.
    const maxWidth = side * NAME_WIDTH_SHARE;
    label = lines
      .map((line, index) => {
        const fitted =
          line.length * fontSize * BOLD_CHARACTER_EM > maxWidth
            ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"`
            : '';
        return `<text x="${side / 2}" y="${(top + index * fontSize * 1.15).toFixed(1)}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff"${fitted}>${escapeXml(line)}</text>`;
      })
      .join('');
  }
  return tile(side, palette, game.code, glyph + label, game.name);
}

/** A vendor's logo: its initials on its colours. */
export function vendorLogoSvg(vendor: {
  code: string;
  name: string;
  primaryColour: string;
  accentColour: string;
}): string {
  const initials = vendor.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const label = `<text x="60" y="74" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="40" fill="${vendor.accentColour}">${escapeXml(initials)}</text>`;
  return tile(120, { primary: vendor.primaryColour, accent: vendor.accentColour }, vendor.code, label, vendor.name);
}

/** A team's badge from its name's slug: a shield in colours picked by the name, with its initials. */
export function teamBadgeSvg(slug: string): string {
  const bytes = hashBytes(slug);
  const hue = Math.round((bytes[0]! / 255) * 360);
  const words = slug.split('-').filter(Boolean);
  const initials =
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || '?';
  const fill = `hsl(${hue} 62% 34%)`;
  const rim = `hsl(${(hue + 40) % 360} 80% 70%)`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(words.join(' '))}">` +
    `<path d="M48 6 L84 18 V46 C84 68 68 84 48 90 C28 84 12 68 12 46 V18 Z" fill="${fill}" stroke="${rim}" stroke-width="5"/>` +
    `<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="30" fill="#ffffff">${escapeXml(initials)}</text></svg>`
  );
}
