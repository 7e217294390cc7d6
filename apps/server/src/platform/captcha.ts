import { randomBytes, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The sign-in and registration captcha: six digits drawn as a small PNG. It slows scripted
 * guessing (together with the rate limits) while staying easy for a person on a phone: dark,
 * thick, slightly rotated digits on a light background, with thin noise lines and dots that
 * break naive segmentation without hiding strokes. Drawn and encoded here with no image library.
 */

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
export const CAPTCHA_LENGTH = 6;

/** Six digits from the CSPRNG; leading zeros kept. */
export function generateCaptchaCode(): string {
  return randomInt(0, 10 ** CAPTCHA_LENGTH)
    .toString()
    .padStart(CAPTCHA_LENGTH, '0');
}

/** Uniform in [min, max) from the CSPRNG, so the noise cannot be predicted and subtracted. */
function randomBetween(min: number, max: number): number {
  return min + (randomBytes(4).readUInt32BE(0) / 0x1_0000_0000) * (max - min);
}

// ——— the digit font ———
// Each digit is a set of polylines in a unit box (x right, y down, both 0…1), stroked with a round
// pen. Curves are arcs sampled into short segments.

type Point = readonly [number, number];
type Stroke = readonly Point[];

/** Arc of an ellipse, angles in degrees measured with y pointing down (270 = top). */
function arc(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number): Stroke {
  const steps = Math.max(4, Math.ceil(Math.abs(toDeg - fromDeg) / 15));
  return Array.from({ length: steps + 1 }, (_, index) => {
    const angle = ((fromDeg + ((toDeg - fromDeg) * index) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as const;
  });
}

const SIX: Stroke[] = [arc(0.5, 0.7, 0.42, 0.3, 0, 360), arc(0.95, 0.7, 0.87, 0.7, 250, 180)];

const DIGIT_STROKES: Record<string, Stroke[]> = {
  '0': [arc(0.5, 0.5, 0.44, 0.5, 0, 360)],
  '1': [
    [
      [0.25, 0.22],
      [0.58, 0],
      [0.58, 1],
    ],
    [
      [0.28, 1],
      [0.88, 1],
    ],
  ],
  '2': [[...arc(0.5, 0.3, 0.42, 0.3, 160, 400), [0.06, 1], [0.96, 1]]],
  '3': [arc(0.5, 0.26, 0.4, 0.26, 200, 450), arc(0.5, 0.73, 0.45, 0.27, 270, 520)],
  '4': [
    [
      [0.72, 1],
      [0.72, 0],
      [0.04, 0.68],
      [0.96, 0.68],
    ],
  ],
  '5': [
    [
      [0.88, 0],
      [0.22, 0],
      [0.17, 0.45],
    ],
    arc(0.5, 0.68, 0.42, 0.32, 225, 520),
  ],
  '6': SIX,
  // A 9 is a 6 turned half a turn.
  '9': SIX.map((stroke) => stroke.map(([x, y]) => [1 - x, 1 - y] as const)),
  '7': [
    [
      [0.04, 0],
      [0.96, 0],
      [0.36, 1],
    ],
  ],
  '8': [arc(0.5, 0.25, 0.36, 0.25, 0, 360), arc(0.5, 0.73, 0.44, 0.27, 0, 360)],
};

// ——— rasterising ———

type Colour = readonly [number, number, number];

class Canvas {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  /** Strokes line segments with a round pen of the given width, anti-aliased by distance to the line. */
  strokeSegments(segments: readonly (readonly [Point, Point])[], penWidth: number, colour: Colour, opacity = 1): void {
    // Coverage is the maximum over segments, so joints where segments overlap are not drawn twice darker.
    const coverage = new Float32Array(this.width * this.height);
    const reach = penWidth / 2 + 1;
    for (const [[x0, y0], [x1, y1]] of segments) {
      const left = Math.max(0, Math.floor(Math.min(x0, x1) - reach));
      const right = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + reach));
      const top = Math.max(0, Math.floor(Math.min(y0, y1) - reach));
      const bottom = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + reach));
      const dx = x1 - x0;
      const dy = y1 - y0;
      const lengthSquared = dx * dx + dy * dy || 1;
      for (let y = top; y <= bottom; y += 1) {
        for (let x = left; x <= right; x += 1) {
          // Pixel centres sit at +0.5.
          const px = x + 0.5 - x0;
          const py = y + 0.5 - y0;
          const t = Math.min(1, Math.max(0, (px * dx + py * dy) / lengthSquared));
          const distance = Math.hypot(px - t * dx, py - t * dy);
          const value = Math.min(1, Math.max(0, penWidth / 2 + 0.5 - distance));
          const index = y * this.width + x;
          if (value > coverage[index]!) coverage[index] = value;
        }
      }
    }
    for (let index = 0; index < coverage.length; index += 1) {
      const alpha = coverage[index]! * opacity;
      if (alpha === 0) continue;
      for (let channel = 0; channel < 3; channel += 1) {
        const offset = index * 3 + channel;
        this.pixels[offset] = this.pixels[offset]! * (1 - alpha) + colour[channel]! * alpha;
      }
    }
  }

  fillDot(cx: number, cy: number, radius: number, colour: Colour): void {
    this.strokeSegments(
      [
        [
          [cx, cy],
          [cx, cy],
        ],
      ],
      radius * 2,
      colour,
      0.8,
    );
  }

  toRgbRows(): Buffer {
    const rgb = Buffer.alloc(this.width * this.height * 3);
    for (let index = 0; index < rgb.length; index += 1) {
      rgb[index] = Math.round(Math.min(255, Math.max(0, this.pixels[index]!)));
    }
    return rgb;
  }
}

function polylineSegments(points: readonly Point[]): [Point, Point][] {
  return points.slice(1).map((point, index) => [points[index]!, point]);
}

function darkColour(): Colour {
  return [randomBetween(10, 110), randomBetween(10, 90), randomBetween(40, 130)];
}

function midColour(): Colour {
  return [randomBetween(90, 190), randomBetween(90, 190), randomBetween(90, 190)];
}

function drawNoiseLine(canvas: Canvas, penWidth: number): void {
  const start: Point = [randomBetween(-5, 30), randomBetween(0, CAPTCHA_HEIGHT)];
  const end: Point = [randomBetween(CAPTCHA_WIDTH - 30, CAPTCHA_WIDTH + 5), randomBetween(0, CAPTCHA_HEIGHT)];
  // A gentle wave rather than a ruler line, so it cannot be removed by line detection alone.
  const amplitude = randomBetween(2, 6);
  const phase = randomBetween(0, Math.PI * 2);
  const points: Point[] = Array.from({ length: 25 }, (_, index) => {
    const t = index / 24;
    return [
      start[0] + (end[0] - start[0]) * t,
      start[1] + (end[1] - start[1]) * t + amplitude * Math.sin(phase + t * Math.PI * 2),
    ];
  });
  canvas.strokeSegments(polylineSegments(points), penWidth, midColour(), 0.75);
}

const GLYPH_WIDTH = 11;
const GLYPH_HEIGHT = 22;
const CELL_WIDTH = 17.5;
const FIRST_CELL_X = 8;
const PEN_WIDTH = 2.6;

function drawDigit(canvas: Canvas, digit: string, cellIndex: number): void {
  const strokes = DIGIT_STROKES[digit];
  if (!strokes) throw new RangeError(`Captcha codes are digits; got ${JSON.stringify(digit)}`);
  const angle = (randomBetween(-22, 22) * Math.PI) / 180;
  const scale = randomBetween(0.9, 1.12);
  const centreX = FIRST_CELL_X + CELL_WIDTH * cellIndex + CELL_WIDTH / 2 + randomBetween(-1.5, 1.5);
  const centreY = CAPTCHA_HEIGHT / 2 + randomBetween(-4, 4);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place = ([x, y]: Point): Point => {
    const localX = (x - 0.5) * GLYPH_WIDTH * scale;
    const localY = (y - 0.5) * GLYPH_HEIGHT * scale;
    return [centreX + localX * cos - localY * sin, centreY + localX * sin + localY * cos];
  };
  canvas.strokeSegments(
    strokes.flatMap((stroke) => polylineSegments(stroke.map(place))),
    PEN_WIDTH,
    darkColour(),
  );
}

export function renderCaptchaPng(code: string): Buffer {
  if (!/^\d{6}$/.test(code)) throw new RangeError('A captcha code is six digits');
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  // Light background with a faint horizontal tint gradient.
  const from: Colour = [randomBetween(238, 252), randomBetween(238, 252), randomBetween(238, 252)];
  const to: Colour = [randomBetween(225, 245), randomBetween(230, 250), randomBetween(225, 245)];
  for (let y = 0; y < CAPTCHA_HEIGHT; y += 1) {
    for (let x = 0; x < CAPTCHA_WIDTH; x += 1) {
      const t = x / (CAPTCHA_WIDTH - 1);
      for (let channel = 0; channel < 3; channel += 1) {
        canvas.pixels[(y * CAPTCHA_WIDTH + x) * 3 + channel] = from[channel]! + (to[channel]! - from[channel]!) * t;
      }
    }
  }

  for (let dot = 0; dot < 70; dot += 1) {
    canvas.fillDot(
      randomBetween(0, CAPTCHA_WIDTH),
      randomBetween(0, CAPTCHA_HEIGHT),
      randomBetween(0.5, 1.1),
      midColour(),
    );
  }
  drawNoiseLine(canvas, 1.2);
  drawNoiseLine(canvas, 1);
  [...code].forEach((digit, index) => drawDigit(canvas, digit, index));
  // One line over the digits, thinner than their strokes so they stay readable.
  drawNoiseLine(canvas, 1.1);

  return encodePng(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, canvas.toRgbRows());
}

// ——— PNG encoding (RFC 2083 / ISO 15948) ———

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let bit = 0; bit < 8; bit += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks use it (ISO 3309); node:zlib only exposes crc32 from Node 22. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** 8-bit RGB, each row prefixed with the Sub filter: neighbouring pixels are alike, so it deflates well. */
function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const rowBytes = width * 3;
  const filtered = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const out = y * (rowBytes + 1);
    filtered[out] = 1;
    for (let x = 0; x < rowBytes; x += 1) {
      const value = rgb[y * rowBytes + x]!;
      const left = x >= 3 ? rgb[y * rowBytes + x - 3]! : 0;
      filtered[out + 1 + x] = (value - left) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method 0
  header[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
