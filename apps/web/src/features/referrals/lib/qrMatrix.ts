import QRCode from 'qrcode';

export interface QrMatrix {
  size: number;
  /** One SVG path of every dark module, each a 1×1 square on the module grid. */
  path: string;
}

/**
 * The QR code of a text, as the `qrcode` library encodes it (medium error correction: the link
 * still scans from a cracked or dim phone screen), drawn as one path so React renders it without
 * injecting markup.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column)) parts.push(`M${column} ${row}h1v1h-1z`);
  return { size: modules.size, path: parts.join('') };
}
