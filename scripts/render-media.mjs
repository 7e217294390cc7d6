#!/usr/bin/env node
/**
 * `npm run media`: draws our SVG pictures that pages show as images (apps/server/media) into WebP
 * files beside them, at the pixel size a phone shows them at, and the installed app's icons into
 * PNG files of the web app (apps/web/public/icons: launchers and iOS take no SVG, and a maskable
 * icon is a square the launcher crops). The SVG stays the source we edit; the drawings are what
 * the seeds and the manifest point at and are committed with it.
 *
 * Why raster: every SVG <img> is a whole document to the browser (parsed, styled, laid out and
 * painted on the page's main thread, its text shaped in each), so home's banners and brand cost
 * 80–550 ms of main thread each at Lighthouse's 4× slowdown; a WebP is decoded off the main
 * thread (docs/decisions/home-raster-media.md).
 *
 * Needs Chromium (`apt-get install -y chromium`, or CHROMIUM_PATH); the text in the pictures is
 * drawn with the fonts that machine has.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

/* global Image, document -- the drawing runs in the page (page.evaluate) */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MEDIA = join(root, 'apps/server/media');
const WEB_ICONS = join(root, 'apps/web/public/icons');
const WEBP_QUALITY = 0.86;

/** Each picture and the width in pixels it is drawn at (its height follows its aspect ratio). */
const PICTURES = [
  ...['ty', 'en'].flatMap((language) =>
    ['welcome-bonus', 'daily-lotto', 'sabong-live', 'refer-earn'].map((name) => ({
      // Shown at most 375 CSS pixels wide: two pixels to each, a phone's usual density.
      file: `banners/${language}/${name}.svg`,
      width: 750,
    })),
  ),
  // The header shows the logo 26 pixels high (106 wide); the download bar the icon at 36 pixels.
  { file: 'brand/logo.svg', width: 360 },
  { file: 'brand/app-icon.svg', width: 144 },
  // The web manifest's icons (apps/web/public/manifest.webmanifest): the launcher's sizes, the
  // maskable ones from a full-bleed source; iOS rounds its home-screen icon itself (180 px).
  ...[192, 512].map((width) => ({ file: 'brand/app-icon.svg', width, png: `icon-${width}.png` })),
  ...[192, 512].map((width) => ({ file: 'brand/app-icon-maskable.svg', width, png: `icon-maskable-${width}.png` })),
  { file: 'brand/app-icon-maskable.svg', width: 180, png: 'apple-touch-icon.png' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const { file, width, png } of PICTURES) {
    const svg = readFileSync(join(MEDIA, file), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, width, type, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = Math.round((width * image.naturalHeight) / image.naturalWidth);
        canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL(type, quality);
      },
      { svg, width, type: png ? 'image/png' : 'image/webp', quality: WEBP_QUALITY },
    );
    const drawn = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    // The canvas writes its PNG uncompressed (336 KB at 512 px); a 256-colour palette is ~10× smaller
    // and looks the same at a launcher's size.
    const bytes = png ? await sharp(drawn).png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer() : drawn;
    const target = png ? join(WEB_ICONS, png) : join(MEDIA, file.replace(/\.svg$/, '.webp'));
    writeFileSync(target, bytes);
    console.log(`${file} → ${png ?? 'webp'} ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
