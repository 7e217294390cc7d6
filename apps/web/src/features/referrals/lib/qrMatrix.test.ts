import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrMatrix } from './qrMatrix';

describe('the QR code of an invite link', () => {
  it('draws exactly the dark modules the qrcode library encodes', () => {
    const text = 'https://palaro.ph/m/register?recommenderId=ABCD2345';
    const { size, path } = qrMatrix(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    const dark = [...modules.data].filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith('M0 0h1v1h-1z')).toBe(true);
  });
});
