import { Skeleton } from '../../../shared/ui/Skeleton';
import { useQrMatrix } from '../lib/useQrMatrix';

/** Quiet zone of the QR code, in modules: the 4 the standard asks for, so every camera finds it. */
const QUIET_ZONE = 4;

/** The invite link as a QR code, dark on white whatever the theme (cameras read that best). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const matrix = useQrMatrix(text);
  if (!matrix) return <Skeleton className="invite-qr" width={220} height={220} radius={14} />;
  const box = matrix.size + QUIET_ZONE * 2;
  return (
    <svg
      className="invite-qr"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      role="img"
      aria-label={label}
      data-testid="invite-qr"
      data-modules={matrix.size}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#ffffff" />
      <path d={matrix.path} fill="#0b1437" />
    </svg>
  );
}
