/** A plug and a socket apart: a game whose provider is not connected here (the app's illustration style). */
export function UnpluggedArt() {
  return (
    <svg viewBox="0 0 200 160" width={200} height={160} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="gm-unplugged-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="140" rx="74" ry="9" fill="var(--c-shadow-ink)" />
      {/* The socket, on the game's side: a console screen. */}
      <rect
        x="112"
        y="38"
        width="62"
        height="78"
        rx="12"
        fill="var(--c-surface-2)"
        stroke="var(--c-line-strong)"
        strokeWidth="2"
      />
      <rect
        x="122"
        y="50"
        width="42"
        height="30"
        rx="6"
        fill="var(--c-bg-deep)"
        stroke="var(--c-line)"
        strokeWidth="2"
      />
      <path d="M133 65h20M143 58v14" stroke="var(--c-line-strong)" strokeWidth="4" strokeLinecap="round" />
      <rect x="128" y="92" width="8" height="12" rx="3" fill="var(--c-line-strong)" />
      <rect x="150" y="92" width="8" height="12" rx="3" fill="var(--c-line-strong)" />
      {/* The plug, pulled out: its cable runs off to the left. */}
      <path
        d="M20 122c18 0 26-10 34-22s16-18 30-18"
        stroke="var(--c-line-strong)"
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="80" y="68" width="26" height="30" rx="7" fill="url(#gm-unplugged-g)" />
      <path d="M106 76h9M106 90h9" stroke="url(#gm-unplugged-g)" strokeWidth="5" strokeLinecap="round" />
      {/* The spark that is not there. */}
      <path
        d="M118 28l-6 10h8l-6 10"
        stroke="url(#gm-unplugged-g)"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity=".55"
      />
      <path d="M70 44l8 8M64 58h10" stroke="url(#gm-unplugged-g)" strokeWidth="3" strokeLinecap="round" opacity=".55" />
    </svg>
  );
}
