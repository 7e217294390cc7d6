/**
 * Palaro Mines' two pictures in the slot symbols' style (plum ink outline, lit from the top left):
 * a cut emerald for a safe cell and a spiked sea mine for a mine. Each draws its own gradients
 * under ids unique to the picture, so any number can share the page.
 */
const INK = '#2b1236';

export function GemArt({ size = 40, id }: { size?: number; id: string }) {
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true" focusable="false" className="mines-art">
      <defs>
        <linearGradient id={`${id}-a`} x1="0.2" y1="0" x2="0.8" y2="1">
          <stop offset="0" stopColor="#b6ffe1" />
          <stop offset="1" stopColor="#11b37c" />
        </linearGradient>
        <linearGradient id={`${id}-b`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5ff0b4" />
          <stop offset="1" stopColor="#087a55" />
        </linearGradient>
      </defs>
      <ellipse cx="50" cy="90" rx="26" ry="4.5" fill="#12061c" opacity="0.3" />
      <path
        d="M30 16h40l18 22-38 48-38-48Z"
        fill={`url(#${id}-b)`}
        stroke={INK}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M30 16 38 38h24l8-22M12 38h76M38 38l12 48 12-48"
        fill="none"
        stroke={INK}
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path d="M38 38h24L50 86Z" fill={`url(#${id}-a)`} />
      <path d="M30 16 38 38H12Z" fill="#c9ffe9" opacity="0.85" />
      <path d="M34 20h10l-4 12Z" fill="#ffffff" opacity="0.8" />
      <path d="M78 8l2 5 5 2-5 2-2 5-2-5-5-2 5-2Z" fill="#ffffff" />
    </svg>
  );
}

export function MineArt({ size = 40, id, exploded }: { size?: number; id: string; exploded?: boolean }) {
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true" focusable="false" className="mines-art">
      <defs>
        <radialGradient id={`${id}-a`} cx="0.38" cy="0.32" r="0.75">
          <stop offset="0" stopColor="#7a7f9e" />
          <stop offset="1" stopColor="#1c1e33" />
        </radialGradient>
        <radialGradient id={`${id}-f`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff3a0" />
          <stop offset="0.5" stopColor="#ff8a2a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ff3d3d" stopOpacity="0" />
        </radialGradient>
      </defs>
      {exploded ? <circle cx="50" cy="52" r="48" fill={`url(#${id}-f)`} /> : null}
      <g stroke={INK} strokeWidth="3" strokeLinecap="round" fill="#3b3f5c">
        {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
          <g key={angle} transform={`rotate(${angle} 50 54)`}>
            <path d="M50 20v10" strokeWidth="6" />
            <circle cx="50" cy="19" r="4.5" />
          </g>
        ))}
      </g>
      <circle cx="50" cy="54" r="26" fill={`url(#${id}-a)`} stroke={INK} strokeWidth="3" />
      <circle cx="50" cy="54" r="7" fill={exploded ? '#ffe36b' : '#ff4d5e'} stroke={INK} strokeWidth="2.5" />
      <path d="M36 44c3-5 8-8 13-8 2 0 2 3 0 3-4 1-7 3-9 6-1 2-5 1-4-1Z" fill="#ffffff" opacity="0.4" />
    </svg>
  );
}
