import type { ChannelMethod } from '@palaro/contract';

/**
 * Our own marks for the payment methods (no brand logos): a rounded tile in the method's colour
 * with a monogram or a simple pictogram, drawn on a 40-unit grid.
 */
const MARKS: Record<ChannelMethod, { from: string; to: string; glyph: React.ReactNode }> = {
  GCASH: {
    from: '#3b82f6',
    to: '#1d4ed8',
    glyph: (
      <text
        x="20"
        y="27"
        textAnchor="middle"
        fontSize="20"
        fontWeight="800"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        G
      </text>
    ),
  },
  MAYA: {
    from: '#34d399',
    to: '#059669',
    glyph: (
      <text
        x="20"
        y="27"
        textAnchor="middle"
        fontSize="20"
        fontWeight="800"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        M
      </text>
    ),
  },
  ONLINE_BANKING: {
    from: '#a78bfa',
    to: '#6d28d9',
    glyph: (
      <g fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <rect x="10" y="11" width="20" height="14" rx="2" />
        <path d="M16 29h8M20 25v4M14 18l3 3 6-6" />
      </g>
    ),
  },
  BANK_TRANSFER: {
    from: '#fbbf24',
    to: '#d97706',
    glyph: (
      <g fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 16 20 10l11 6H9Z" />
        <path d="M12 19v7M17.3 19v7M22.7 19v7M28 19v7M9 29h22" />
      </g>
    ),
  },
  USDT_TRC20: {
    from: '#2dd4bf',
    to: '#0f766e',
    glyph: (
      <g fill="none" stroke="#ffffff" strokeWidth="2.6" strokeLinecap="round">
        <path d="M12 12.5h16M20 12.5V30" />
        <ellipse cx="20" cy="19.5" rx="8" ry="2.6" strokeWidth="2" />
      </g>
    ),
  },
};

export function ChannelMark({ method, size = 40 }: { method: ChannelMethod; size?: number }) {
  const mark = MARKS[method];
  const id = `mark-${method}`;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="channel-mark">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={mark.from} />
          <stop offset="1" stopColor={mark.to} />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="12" fill={`url(#${id})`} />
      <rect x="1" y="1" width="38" height="38" rx="11" fill="none" stroke="#ffffff" strokeOpacity=".22" />
      {mark.glyph}
    </svg>
  );
}
