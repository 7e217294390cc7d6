import sharp from 'sharp';

/** A real PNG of the given size, its pixels varied by `seed` so two images differ. */
export function testPng(seed = 0, width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 70) % 256, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export function testJpeg(seed = 0, width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: (seed * 50) % 256, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** The first bytes of a Windows executable ("MZ", then its DOS stub), as a renamed .exe would start. */
export const EXECUTABLE_BYTES = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'),
  Buffer.from('This program cannot be run in DOS mode.'),
]);
