import type { PayoutKind } from '@palaro/contract';

/** Our own simple monograms (not the brands' logos): a coloured tile with G, M or a bank's columns. */
const MARKS: Record<PayoutKind, { fill: string; label: string }> = {
  gcash: { fill: '#1f6fe5', label: 'GCash' },
  maya: { fill: '#0f9d6b', label: 'Maya' },
  bank: { fill: '#6b5bd6', label: 'Bank' },
};

export function PayoutMark({ kind, size = 40 }: { kind: PayoutKind; size?: number }) {
  const mark = MARKS[kind];
  return (
    <svg
      className="payout-mark"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={mark.label}
      data-kind={kind}
    >
      <rect width="40" height="40" rx="11" fill={mark.fill} />
      <rect x="1" y="1" width="38" height="38" rx="10" fill="none" stroke="#ffffff" strokeOpacity="0.18" />
      {kind === 'bank' ? (
        <g fill="#ffffff">
          <path d="M20 8 L32 14 H8 Z" />
          <rect x="10" y="16" width="3" height="11" rx="1" />
          <rect x="16" y="16" width="3" height="11" rx="1" />
          <rect x="21" y="16" width="3" height="11" rx="1" />
          <rect x="27" y="16" width="3" height="11" rx="1" />
          <rect x="8" y="29" width="24" height="3" rx="1" />
        </g>
      ) : (
        <text
          x="20"
          y="27.5"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          fontWeight="800"
          fontSize="20"
          fill="#ffffff"
        >
          {kind === 'gcash' ? 'G' : 'M'}
        </text>
      )}
    </svg>
  );
}
