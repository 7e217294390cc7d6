import { useEffect, useState } from 'react';
import type { QrMatrix } from './qrMatrix';

/** The QR code of a text, encoded off the main thread; null until it is ready. */
export function useQrMatrix(text: string): QrMatrix | null {
  const [matrix, setMatrix] = useState<{ text: string; matrix: QrMatrix } | null>(null);
  useEffect(() => {
    const worker = new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<QrMatrix>) => setMatrix({ text, matrix: event.data });
    worker.postMessage(text);
    return () => worker.terminate();
  }, [text]);
  return matrix?.text === text ? matrix.matrix : null;
}
