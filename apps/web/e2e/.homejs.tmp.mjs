import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const scripts = new Set();
page.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname); });
await page.goto('http://127.0.0.1:3199/m/home', { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
let total = 0;
for (const p of scripts) { const b = gzipSync(readFileSync('apps/web/dist' + p)).length; total += b; console.log(b, p); }
console.log('total', total);
await browser.close();
