import { qrMatrix } from './qrMatrix';

/*
 * The QR code is encoded in a worker, built as a bundle of its own: `qrcode` is CommonJS, and in
 * the app's graph its interop helpers would become a chunk that every page, home included, loads.
 */
self.onmessage = (event: MessageEvent<string>) => {
  self.postMessage(qrMatrix(event.data));
};
