#!/usr/bin/env node
/**
 * A repeat visit of home, measured in bytes on the wire: what the browser receives before the
 * page's first paint when it comes back, with the service worker and without it (the browser's
 * HTTP cache alone), beside a first visit. Goal (issue 24): under 10 KB before the first paint
 * with the service worker. Part of `npm run bench:web`; alone, against a running server:
 * `node bench/web-repeat-visit.mjs http://127.0.0.1:3000`.
 *
 * The browser talks to the server through a counting proxy here, so every byte counts, headers
 * included, whoever asked for it (the page or its service worker); a byte counts before the paint
 * when it arrived before the paint's time (performance.timeOrigin + first-paint, the same clock).
 */
import { createServer, connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const REPEAT_VISIT_GOAL_BYTES = 10 * 1024;

/** A TCP proxy to `origin` that notes when each byte to the browser arrived. */
async function countingProxy(origin) {
  const target = new URL(origin);
  const arrivals = [];
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      arrivals.push({ at: Date.now(), bytes: chunk.length });
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('close', end).on('error', end);
    client.on('close', end).on('error', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    reset: () => arrivals.splice(0),
    bytesUntil: (time) => arrivals.filter((arrival) => arrival.at <= time).reduce((sum, a) => sum + a.bytes, 0),
    bytes: () => arrivals.reduce((sum, arrival) => sum + arrival.bytes, 0),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function firstPaintTime(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const read = () =>
          performance.getEntriesByName('first-paint')[0] ?? performance.getEntriesByName('first-contentful-paint')[0];
        const found = read();
        if (found) return resolve(performance.timeOrigin + found.startTime);
        new PerformanceObserver(() => {
          const entry = read();
          if (entry) resolve(performance.timeOrigin + entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** One visit of home: the bytes before its first paint, and all of them until the network is idle. */
async function visit(page, proxy, url) {
  proxy.reset();
  await page.goto(url, { waitUntil: 'networkidle' });
  const paint = await firstPaintTime(page);
  return { beforePaint: proxy.bytesUntil(paint), total: proxy.bytes() };
}

async function measure(origin, serviceWorkers) {
  const proxy = await countingProxy(origin);
  const profile = mkdtempSync(join(tmpdir(), 'palaro-repeat-visit-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const url = `${proxy.origin}/m/home`;
    const first = await visit(page, proxy, url);
    if (serviceWorkers === 'allow') {
      // The worker installs (precaching the shell) and activates after the first visit.
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
      await page.waitForLoadState('networkidle');
    }
    // Coming back as a player does: the address again (a new navigation, not a reload, which would
    // ask for every file anew), from another page of no importance.
    await page.goto('about:blank');
    const repeat = await visit(page, proxy, url);
    return { first, repeat };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await proxy.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The lines bench:web prints for the repeat visit of home. */
export async function repeatVisitReport(origin) {
  const withWorker = await measure(origin, 'allow');
  const withoutWorker = await measure(origin, 'block');
  const met = withWorker.repeat.beforePaint < REPEAT_VISIT_GOAL_BYTES;
  return [
    'home, repeat visit — bytes received before the first paint (all until the network is idle)',
    `  with the service worker  ${kb(withWorker.repeat.beforePaint).padStart(8)}   ${met ? '✓' : '✗'} (< 10 KB)   (${kb(withWorker.repeat.total)})`,
    `  HTTP cache alone         ${kb(withoutWorker.repeat.beforePaint).padStart(8)}   (${kb(withoutWorker.repeat.total)})`,
    `  first visit              ${kb(withWorker.first.beforePaint).padStart(8)}   (${kb(withWorker.first.total)}, the worker's precache after it)`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const origin = process.argv[2];
  if (!origin) {
    console.error('usage: node bench/web-repeat-visit.mjs <origin of a running server>');
    process.exit(2);
  }
  console.log(await repeatVisitReport(origin));
}
