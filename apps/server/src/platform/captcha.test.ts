import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, crc32, generateCaptchaCode, renderCaptchaPng } from './captcha';

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    chunks.push({ type, data, crc: png.readUInt32BE(offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
}

/** Undoes the PNG filters (all five types, so the test does not depend on which one the encoder picks). */
function decodeRgb(png: Buffer): { width: number; height: number; rgb: Buffer } {
  const chunks = readChunks(png);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const stride = width * 3;
  const rgb = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= 3 ? rgb[y * stride + x - 3]! : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + x]! : 0;
      const c = x >= 3 && y > 0 ? rgb[(y - 1) * stride + x - 3]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, Math.floor((a + b) / 2), paeth][filter];
      if (predictor === undefined) throw new Error(`unknown filter ${filter}`);
      rgb[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, rgb };
}

describe('generateCaptchaCode', () => {
  it('gives six digits, varied, with every digit appearing', () => {
    const codes = Array.from({ length: 500 }, generateCaptchaCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(495);
    expect(new Set(codes.join('')).size).toBe(10);
  });
});

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('renderCaptchaPng', () => {
  it('writes a valid PNG: signature, IHDR first, IEND last, every chunk CRC right', () => {
    const png = renderCaptchaPng('048213');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const chunks = readChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const chunk of chunks) {
      expect(chunk.crc).toBe(crc32(Buffer.concat([Buffer.from(chunk.type, 'ascii'), chunk.data])));
    }
    const header = chunks[0]!.data;
    expect(header).toHaveLength(13);
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    expect(png.length).toBeLessThan(12_000);
  });

  it('is about 120×44 with a light background and dark strokes', () => {
    const { width, height, rgb } = decodeRgb(renderCaptchaPng('777777'));
    expect([width, height]).toEqual([120, 44]);
    const luminance = Array.from(
      { length: width * height },
      (_, index) => 0.299 * rgb[index * 3]! + 0.587 * rgb[index * 3 + 1]! + 0.114 * rgb[index * 3 + 2]!,
    );
    const light = luminance.filter((value) => value > 200).length;
    const dark = luminance.filter((value) => value < 120).length;
    expect(light / luminance.length).toBeGreaterThan(0.6);
    // Six digits of a 2.6 px pen cover a few hundred pixels.
    expect(dark).toBeGreaterThan(250);
  });

  it('draws different images for different codes, and for the same code twice', () => {
    const first = decodeRgb(renderCaptchaPng('111111')).rgb;
    const second = decodeRgb(renderCaptchaPng('888888')).rgb;
    const again = decodeRgb(renderCaptchaPng('111111')).rgb;
    expect(first.equals(second)).toBe(false);
    expect(first.equals(again)).toBe(false);
  });

  it('refuses anything but six digits', () => {
    for (const code of ['12345', '1234567', '12a456', '', '١٢٣٤٥٦'])
      expect(() => renderCaptchaPng(code)).toThrow(RangeError);
  });

  it('renders every digit (sample written for a person to look at)', () => {
    const file = path.join(tmpdir(), 'palaro-captcha-sample.png');
    writeFileSync(file, renderCaptchaPng('031596'));
    for (const code of ['012345', '678901', '234567', '890123'])
      expect(decodeRgb(renderCaptchaPng(code)).width).toBe(120);
  });
});
