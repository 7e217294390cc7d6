import { useMemo } from 'react';
import { qrMatrix } from '../lib/qrMatrix';

/** Quiet zone of the QR code, in modules: the 4 the standard asks for, so every camera finds it. */
const QUIET_ZONE = 4;

/** The invite link as a QR code, dark on white whatever the theme (cameras read that best). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrMatrix(text), [text]);
  const box = size + QUIET_ZONE * 2;
  return (
    <svg
      className="invite-qr"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      role="img"
      aria-label={label}
      data-testid="invite-qr"
      data-modules={size}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#ffffff" />
      <path d={path} fill="#0b1437" />
    </svg>
  );
}
