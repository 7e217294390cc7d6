import type { ReactNode } from 'react';

/**
 * Palaro Isla Slots' symbols, drawn once as an SVG sprite (<symbol>s on a 100-unit square) and
 * shown with <use>: a spinning reel then only swaps an href, never builds new shapes. One style for
 * all of them: a plum ink outline (3 units, round joins), a two-stop body gradient lit from the top
 * left, a soft white gloss, and a shadow ellipse under the object.
 */
export const SYMBOL_SPRITE_PREFIX = 'isla-sym-';

const INK = '#2b1236';

function Shadow({ rx = 30, cy = 90 }: { rx?: number; cy?: number }) {
  return <ellipse cx="50" cy={cy} rx={rx} ry="5" fill="#12061c" opacity="0.35" />;
}

function Gloss({ d }: { d: string }) {
  return <path d={d} fill="#ffffff" opacity="0.45" />;
}

function Gradient({
  id,
  from,
  to,
  x2 = '0.8',
  y2 = '1',
}: {
  id: string;
  from: string;
  to: string;
  x2?: string;
  y2?: string;
}) {
  return (
    <linearGradient id={id} x1="0.2" y1="0" x2={x2} y2={y2}>
      <stop offset="0" stopColor={from} />
      <stop offset="1" stopColor={to} />
    </linearGradient>
  );
}

function Radial({
  id,
  from,
  to,
  cx = '0.38',
  cy = '0.32',
}: {
  id: string;
  from: string;
  to: string;
  cx?: string;
  cy?: string;
}) {
  return (
    <radialGradient id={id} cx={cx} cy={cy} r="0.75">
      <stop offset="0" stopColor={from} />
      <stop offset="1" stopColor={to} />
    </radialGradient>
  );
}

const stroke = { stroke: INK, strokeWidth: 3, strokeLinejoin: 'round' as const, strokeLinecap: 'round' as const };

/** The art of each symbol, keyed by the art name (see symbols.ts for the game's symbol ids). */
const ART: Record<string, ReactNode> = {
  mango: (
    <>
      <Shadow rx={28} />
      <path
        d="M26 58c-4-20 10-38 30-38 16 0 26 12 24 28-2 20-18 38-36 38-12 0-16-14-18-28Z"
        fill="url(#isla-g-mango)"
        {...stroke}
      />
      <path
        d="M62 24c10 4 16 14 14 26"
        fill="none"
        stroke="#fff6b0"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.55"
      />
      <Gloss d="M34 44c2-10 10-16 18-17 3 0 3 3 0 4-7 2-12 7-14 14-1 3-5 2-4-1Z" />
      <path d="M52 21c0-6 3-10 7-12" fill="none" stroke="#5b3a1a" strokeWidth="4" strokeLinecap="round" />
      <path d="M56 16c8-8 20-8 26-4-6 8-18 10-26 4Z" fill="url(#isla-g-leaf)" {...stroke} strokeWidth={2.5} />
      <path d="M60 15c6-2 12-2 17-1" fill="none" stroke="#0f4d2a" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  sampaguita: (
    <>
      <Shadow rx={30} />
      <path d="M18 72c8-12 20-14 28-10-8 10-20 14-28 10Z" fill="url(#isla-g-leaf)" {...stroke} strokeWidth={2.5} />
      <path d="M82 72c-8-12-20-14-28-10 8 10 20 14 28 10Z" fill="url(#isla-g-leaf)" {...stroke} strokeWidth={2.5} />
      <g {...stroke} fill="url(#isla-g-petal-back)" strokeWidth={2.5}>
        {[22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5].map((angle) => (
          <path key={angle} d="M50 48c-6-10-6-22 0-30 6 8 6 20 0 30Z" transform={`rotate(${angle} 50 48)`} />
        ))}
      </g>
      <g {...stroke} fill="url(#isla-g-petal)" strokeWidth={2.5}>
        {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
          <path key={angle} d="M50 48c-7-9-8-20-1-27 1-1 2-1 3 0 6 7 5 18-2 27Z" transform={`rotate(${angle} 50 48)`} />
        ))}
      </g>
      <circle cx="50" cy="48" r="7" fill="url(#isla-g-pollen)" {...stroke} strokeWidth={2.5} />
      <circle cx="48" cy="46" r="2.2" fill="#ffffff" opacity="0.8" />
    </>
  ),
  coconut: (
    <>
      <Shadow rx={30} />
      <path d="M16 54c0-20 15-34 34-34s34 14 34 34-15 34-34 34-34-14-34-34Z" fill="url(#isla-g-coconut)" {...stroke} />
      <ellipse cx="50" cy="50" rx="26" ry="12" fill="url(#isla-g-flesh)" {...stroke} strokeWidth={2.5} />
      <ellipse cx="50" cy="51" rx="17" ry="6.5" fill="#f6fbff" opacity="0.85" />
      <path
        d="M24 64c6 12 16 18 26 18"
        fill="none"
        stroke="#d9a36a"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.5"
      />
      <path d="M60 50 72 12" stroke={INK} strokeWidth="8" strokeLinecap="round" />
      <path d="M60 50 72 12" stroke="#ff5fa2" strokeWidth="4.5" strokeLinecap="round" />
      <path d="M71 17h-4" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" opacity="0.8" />
      <Gloss d="M24 44c3-10 11-17 21-19 3 0 3 3 1 4-8 3-14 8-17 16-1 3-6 2-5-1Z" />
    </>
  ),
  shell: (
    <>
      <Shadow rx={30} />
      <path
        d="M50 86 18 44c-4-6-2-14 4-18 8-10 20-14 28-14s20 4 28 14c6 4 8 12 4 18Z"
        fill="url(#isla-g-capiz)"
        {...stroke}
      />
      <g fill="none" stroke="#d98a5c" strokeWidth="2.2" strokeLinecap="round" opacity="0.75">
        <path d="M50 84V16" />
        <path d="M50 84 34 18" />
        <path d="M50 84 66 18" />
        <path d="M50 84 24 28" />
        <path d="M50 84 76 28" />
      </g>
      <path d="M38 86h24l-4 6H42Z" fill="url(#isla-g-capiz-hinge)" {...stroke} strokeWidth={2.5} />
      <path
        d="M22 34c6-10 16-16 26-17"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.7"
      />
      <Gloss d="M30 40c3-8 9-14 15-16 3-1 4 2 1 4-5 3-9 7-11 13-1 3-6 2-5-1Z" />
    </>
  ),
  pearl: (
    <>
      <circle cx="50" cy="50" r="46" fill="url(#isla-g-pearl-glow)" />
      <path d="M14 66c6 14 22 22 36 22s30-8 36-22Z" fill="url(#isla-g-shell-low)" {...stroke} />
      <path
        d="M14 62c-2-22 14-44 36-44s38 22 36 44c-4-4-8-4-12 0-4-5-8-5-12 0-4-5-8-5-12 0-4-5-8-5-12 0-4-5-8-5-12 0-4-4-8-4-12 0Z"
        fill="url(#isla-g-shell)"
        {...stroke}
      />
      <g fill="none" stroke="#c2477a" strokeWidth="2.2" strokeLinecap="round" opacity="0.7">
        <path d="M50 22v30" />
        <path d="M37 26c-5 8-7 18-6 28" />
        <path d="M63 26c5 8 7 18 6 28" />
      </g>
      <circle cx="50" cy="64" r="17" fill="url(#isla-g-pearl)" {...stroke} />
      <circle cx="44" cy="58" r="5" fill="#ffffff" opacity="0.95" />
      <path d="M59 72c-3 3-8 4-13 3" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" opacity="0.6" />
      <path d="M80 14l2 6 6 2-6 2-2 6-2-6-6-2 6-2Z" fill="#ffffff" />
      <path d="M20 20l1.5 4 4 1.5-4 1.5-1.5 4-1.5-4-4-1.5 4-1.5Z" fill="#fff3b0" />
    </>
  ),
  eagle: (
    <>
      <Shadow rx={30} cy={92} />
      <path d="M30 88c-6-16-4-30 4-40l34 6c6 12 4 26-2 34Z" fill="url(#isla-g-eagle-body)" {...stroke} />
      <path
        d="M40 64c6 4 14 4 22 0M38 74c8 4 18 4 26 0"
        fill="none"
        stroke="#8a5a2e"
        strokeWidth="2.2"
        strokeLinecap="round"
        opacity="0.7"
      />
      <path
        d="M22 40 8 20l18 6L20 8l16 12 2-16 10 16 6-14 4 18 12-10-2 16c-8-4-24-4-36 2Z"
        fill="url(#isla-g-crest)"
        {...stroke}
      />
      <path
        d="M26 44c0-12 10-20 24-20 12 0 20 8 22 18l-4 16c-10 6-30 6-40-2-2-4-2-8-2-12Z"
        fill="url(#isla-g-eagle-face)"
        {...stroke}
      />
      <path
        d="M62 34c10-2 22 2 26 12 2 6 0 12-4 14-2-6-6-8-10-8l-8 4c-4-6-6-14-4-22Z"
        fill="url(#isla-g-beak)"
        {...stroke}
      />
      <path d="M74 52c2 2 3 5 2 8" fill="none" stroke={INK} strokeWidth="2" strokeLinecap="round" />
      <path d="M44 36c4-4 12-4 16 0" fill="none" stroke={INK} strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="52" cy="42" r="5.5" fill="url(#isla-g-eagle-eye)" stroke={INK} strokeWidth="2.5" />
      <circle cx="53" cy="42" r="2.4" fill={INK} />
      <circle cx="51" cy="40.5" r="1.2" fill="#ffffff" />
      <Gloss d="M30 38c3-6 9-10 16-11 3 0 3 3 0 3-5 2-9 5-12 9-1 2-5 1-4-1Z" />
    </>
  ),
  tarsier: (
    <>
      <Shadow rx={28} cy={92} />
      <path d="M22 30c-8-8-16-4-16 6 0 8 8 14 16 12Z" fill="url(#isla-g-fur)" {...stroke} />
      <path d="M78 30c8-8 16-4 16 6 0 8-8 14-16 12Z" fill="url(#isla-g-fur)" {...stroke} />
      <path d="M20 34c-4-2-8 0-8 4 0 3 3 6 7 5" fill="#e7a7a0" opacity="0.8" />
      <path d="M80 34c4-2 8 0 8 4 0 3-3 6-7 5" fill="#e7a7a0" opacity="0.8" />
      <path d="M30 90c-6-10-6-20 0-26h40c6 6 6 16 0 26Z" fill="url(#isla-g-fur)" {...stroke} />
      <path d="M18 46c0-18 14-30 32-30s32 12 32 30-14 30-32 30-32-12-32-30Z" fill="url(#isla-g-fur)" {...stroke} />
      <circle cx="36" cy="46" r="13" fill="url(#isla-g-tarsier-eye)" {...stroke} />
      <circle cx="64" cy="46" r="13" fill="url(#isla-g-tarsier-eye)" {...stroke} />
      <circle cx="36" cy="47" r="7" fill={INK} />
      <circle cx="64" cy="47" r="7" fill={INK} />
      <circle cx="33" cy="43" r="2.8" fill="#ffffff" />
      <circle cx="61" cy="43" r="2.8" fill="#ffffff" />
      <path d="M47 62c2 1 4 1 6 0" fill="none" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="47.5" cy="58" r="1.3" fill={INK} />
      <circle cx="52.5" cy="58" r="1.3" fill={INK} />
      <path
        d="M24 80c4-2 8-2 10 2M76 80c-4-2-8-2-10 2"
        fill="none"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <Gloss d="M28 28c4-6 10-9 16-10 3 0 3 3 0 3-5 2-9 4-12 8-1 2-5 1-4-1Z" />
    </>
  ),
  jeepney: (
    <>
      <Shadow rx={38} cy={91} />
      <rect x="22" y="80" width="12" height="10" rx="3" fill="#241a2c" {...stroke} strokeWidth={2.5} />
      <rect x="66" y="80" width="12" height="10" rx="3" fill="#241a2c" {...stroke} strokeWidth={2.5} />
      <path
        d="M18 38c0-10 6-16 16-16h32c10 0 16 6 16 16v36c0 4-3 7-7 7H25c-4 0-7-3-7-7Z"
        fill="url(#isla-g-jeep)"
        {...stroke}
      />
      <path d="M14 22h72c3 0 4 4 1 6H13c-3-2-2-6 1-6Z" fill="url(#isla-g-gold)" {...stroke} strokeWidth={2.5} />
      <path d="M26 32h48c2 0 3 1 3 3v13H23V35c0-2 1-3 3-3Z" fill="url(#isla-g-glass)" {...stroke} strokeWidth={2.5} />
      <path d="M30 36l8 10M40 36l6 8" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" opacity="0.7" />
      <rect x="36" y="56" width="28" height="16" rx="3" fill="#d8dde8" {...stroke} strokeWidth={2.5} />
      <path d="M40 60v8M45 60v8M50 60v8M55 60v8M60 60v8" stroke="#7c8597" strokeWidth="2" strokeLinecap="round" />
      <circle cx="27" cy="62" r="6.5" fill="url(#isla-g-lamp)" {...stroke} strokeWidth={2.5} />
      <circle cx="73" cy="62" r="6.5" fill="url(#isla-g-lamp)" {...stroke} strokeWidth={2.5} />
      <path d="M22 76h56" stroke="#ffffff" strokeWidth="2" opacity="0.35" strokeLinecap="round" />
      <path d="M47 22c0-6 2-10 4-12 1 3 4 4 6 4-1 3-3 5-5 8Z" fill="url(#isla-g-silver)" {...stroke} strokeWidth={2} />
      <path d="M18 52h6M76 52h6" stroke="#ffd447" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  carabao: (
    <>
      <Shadow rx={30} cy={92} />
      <path d="M30 36C16 38 6 30 6 18c6 8 14 10 24 8" fill="url(#isla-g-horn)" {...stroke} />
      <path d="M70 36c14 2 24-6 24-18-6 8-14 10-24 8" fill="url(#isla-g-horn)" {...stroke} />
      <path d="M22 40c-6-2-12 2-12 8 6 2 12 0 14-4Z" fill="url(#isla-g-hide)" {...stroke} strokeWidth={2.5} />
      <path d="M78 40c6-2 12 2 12 8-6 2-12 0-14-4Z" fill="url(#isla-g-hide)" {...stroke} strokeWidth={2.5} />
      <path
        d="M28 30c6-6 38-6 44 0 6 8 4 22 0 34-2 8-4 16-22 24-18-8-20-16-22-24-4-12-6-26 0-34Z"
        fill="url(#isla-g-hide)"
        {...stroke}
      />
      <path
        d="M34 68c0-8 8-12 16-12s16 4 16 12-8 14-16 14-16-6-16-14Z"
        fill="url(#isla-g-muzzle)"
        {...stroke}
        strokeWidth={2.5}
      />
      <ellipse cx="43" cy="70" rx="3" ry="4" fill={INK} />
      <ellipse cx="57" cy="70" rx="3" ry="4" fill={INK} />
      <circle cx="38" cy="46" r="4.5" fill="#ffffff" {...stroke} strokeWidth={2} />
      <circle cx="62" cy="46" r="4.5" fill="#ffffff" {...stroke} strokeWidth={2} />
      <circle cx="39" cy="47" r="2.2" fill={INK} />
      <circle cx="61" cy="47" r="2.2" fill={INK} />
      <path
        d="M40 32c4-3 16-3 20 0"
        fill="none"
        stroke="#8c98b4"
        strokeWidth="2.5"
        strokeLinecap="round"
        opacity="0.6"
      />
      <Gloss d="M34 34c4-3 9-4 13-4 2 0 2 3 0 3-4 1-7 2-10 4-2 1-4-1-3-3Z" />
    </>
  ),
  sun: (
    <>
      <circle cx="50" cy="46" r="42" fill="url(#isla-g-wild-glow)" />
      <g fill="url(#isla-g-gold)" stroke={INK} strokeWidth="2.5" strokeLinejoin="round">
        {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
          <path key={angle} d="M50 4 56 22H44Z" transform={`rotate(${angle} 50 44)`} />
        ))}
      </g>
      <circle cx="50" cy="44" r="22" fill="url(#isla-g-sun)" {...stroke} />
      <circle cx="50" cy="44" r="15" fill="none" stroke="#fff3b0" strokeWidth="2" opacity="0.7" />
      <Gloss d="M38 36c3-6 8-8 12-8 2 0 2 3 0 3-4 1-6 3-8 6-1 2-5 1-4-1Z" />
    </>
  ),
};

/** The sprite: rendered once per game page, hidden; every reel cell points into it. */
export function SlotSymbolSprite() {
  return (
    <svg width="0" height="0" className="isla-sprite" aria-hidden="true" focusable="false">
      <defs>
        <Gradient id="isla-g-mango" from="#ffe66b" to="#ff7a1a" />
        <Gradient id="isla-g-leaf" from="#7ee07a" to="#1f8a4c" />
        <Gradient id="isla-g-petal" from="#ffffff" to="#e3ddff" />
        <Gradient id="isla-g-petal-back" from="#f1ecff" to="#b7a8f0" />
        <Radial id="isla-g-pollen" from="#fff6a8" to="#f0b020" />
        <Radial id="isla-g-coconut" from="#b8773f" to="#5a2f14" />
        <Radial id="isla-g-flesh" from="#ffffff" to="#e6dccb" />
        <Gradient id="isla-g-shell" from="#ffc7dc" to="#e2558f" />
        <Gradient id="isla-g-shell-low" from="#f07aa8" to="#a42a60" />
        <Radial id="isla-g-pearl" from="#ffffff" to="#b9c8f2" />
        <Gradient id="isla-g-gold" from="#fff1a1" to="#e39a12" />
        <Gradient id="isla-g-jeep" from="#ff5a6e" to="#b01739" />
        <Gradient id="isla-g-glass" from="#bff0ff" to="#3a8fd6" />
        <Radial id="isla-g-lamp" from="#ffffff" to="#ffd447" />
        <Gradient id="isla-g-silver" from="#ffffff" to="#9aa5bd" />
        <Gradient id="isla-g-horn" from="#f4ead6" to="#a99474" />
        <Gradient id="isla-g-hide" from="#7d8aa8" to="#39405a" />
        <Gradient id="isla-g-muzzle" from="#c8a6a0" to="#8a6660" />
        <Radial id="isla-g-sun" from="#fff7c2" to="#f2a516" />
        <radialGradient id="isla-g-wild-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ffd447" stopOpacity="0.75" />
          <stop offset="1" stopColor="#ffd447" stopOpacity="0" />
        </radialGradient>
        <Gradient id="isla-g-capiz" from="#fff4e6" to="#f2b48a" />
        <Gradient id="isla-g-capiz-hinge" from="#f7c59f" to="#c77a4a" />
        <radialGradient id="isla-g-pearl-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#8fe3ff" stopOpacity="0.7" />
          <stop offset="1" stopColor="#8fe3ff" stopOpacity="0" />
        </radialGradient>
        <Gradient id="isla-g-eagle-body" from="#c98a4b" to="#6b3f1c" />
        <Gradient id="isla-g-crest" from="#e0b070" to="#8a5526" />
        <Gradient id="isla-g-eagle-face" from="#fff8ec" to="#d9c3a5" />
        <Gradient id="isla-g-beak" from="#dfe6f2" to="#6f7d99" />
        <Radial id="isla-g-eagle-eye" from="#cfe4ff" to="#5b86c4" />
        <Gradient id="isla-g-fur" from="#c9a57e" to="#7a5634" />
        <Radial id="isla-g-tarsier-eye" from="#ffd77a" to="#d08a1a" cx="0.5" cy="0.5" />
        {Object.entries(ART).map(([name, art]) => (
          <symbol key={name} id={`${SYMBOL_SPRITE_PREFIX}${name}`} viewBox="0 0 100 100">
            {art}
          </symbol>
        ))}
      </defs>
    </svg>
  );
}
