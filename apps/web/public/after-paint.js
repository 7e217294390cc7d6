/* global document, requestAnimationFrame */
/**
 * Loads the app once the page the server drew has painted (apps/server/src/modules/web/page.ts
 * writes this loader instead of the app's script and module preloads when the first screen needs
 * no script: a guest screen drawn by the server, home's frame with its first banner). The app's
 * ~100 KB of scripts then no longer share the slow link and the main thread with the first paint
 * and its largest image. What to load is in the page's `#palaro-after-paint` data block: the entry
 * script and the modules it will import, preloaded at once so they come in parallel as before.
 *
 * Waited for: the first contentful paint, then each image the page marks as its largest paint
 * (`fetchpriority="high"` under #root) painted, or decoded and two frames later where the browser
 * does not report it. Never longer than MAX_WAIT_MS, and not at all in a page that is not shown
 * (a hidden page does not paint).
 */
const DATA_ELEMENT_ID = 'palaro-after-paint';
const MAX_WAIT_MS = 2000;

const data = JSON.parse(document.getElementById(DATA_ELEMENT_ID)?.textContent ?? 'null');
let started = false;

function start() {
  if (started || !data) return;
  started = true;
  // The same elements the page would have carried: a module script and crossorigin preloads, so
  // the app's own imports find these requests in the module map.
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = data.entry;
  document.head.append(script);
  for (const href of data.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

function afterFrames(count, callback) {
  if (count === 0) callback();
  else requestAnimationFrame(() => afterFrames(count - 1, callback));
}

function observes(type) {
  return typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes(type);
}

/** Calls back once the first contentful paint has been presented. */
function afterFirstPaint(callback) {
  if (!observes('paint')) {
    afterFrames(2, callback);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Calls back once the image has painted (reported as a largest paint), or failed, or was decoded two frames ago. */
function afterImagePainted(image, callback) {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    callback();
  };
  const observer = observes('largest-contentful-paint')
    ? new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.element === image)) finish();
    })
    : null;
  observer?.observe({ type: 'largest-contentful-paint', buffered: true });
  // An image that is not the largest paint is never reported: its decoding, and the frames that
  // paint it, stand in.
  image.decode().then(() => afterFrames(2, finish), finish);
}

if (data) {
  if (document.visibilityState !== 'visible') start();
  else {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible') start();
    });
    setTimeout(start, MAX_WAIT_MS);
    afterFirstPaint(() => {
      const images = [...document.querySelectorAll('#root img[fetchpriority="high"]')];
      let left = images.length;
      if (left === 0) start();
      for (const image of images) afterImagePainted(image, () => {
        left -= 1;
        if (left === 0) start();
      });
    });
  }
}
