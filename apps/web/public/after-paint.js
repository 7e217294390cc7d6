/* global document, requestAnimationFrame */
/**
 * Asks for the app once the page the server drew has painted: its first contentful paint, then
 * each image under #root marked fetchpriority="high" (home's banner). At once in a hidden page,
 * at the latest after MAX_WAIT_MS. Minified by the build (vite/minify-public-scripts.ts). Why
 * and what it cost: docs/ARCHITECTURE.md, "Web performance: the first screen".
 */
const DATA_ELEMENT_ID = 'palaro-after-paint';
const MAX_WAIT_MS = 2000;

const data = JSON.parse(document.getElementById(DATA_ELEMENT_ID)?.textContent ?? 'null');
let started = false;

function start() {
  if (started || !data) return;
  started = true;
  // As the page would have carried them, so the app's imports find these requests.
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
  // An image that is not the largest paint is never reported: decoded and two frames stand in.
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
