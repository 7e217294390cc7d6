/* Illustrations drawn for Palaro's empty, error and unavailable states. Colours follow the theme. */

import { illustrationFrame as common } from './offlineArt';

export { OfflineArt } from './offlineArt';
export { EmptyInboxArt } from './emptyInboxArt';

export function ConstructionArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="ua-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="140" rx="78" ry="10" fill="var(--c-shadow-ink)" />
      <rect
        x="46"
        y="30"
        width="108"
        height="92"
        rx="14"
        fill="var(--c-surface-2)"
        stroke="var(--c-line-strong)"
        strokeWidth="2"
      />
      <rect x="58" y="44" width="52" height="8" rx="4" fill="var(--c-line-strong)" />
      <rect x="58" y="60" width="84" height="6" rx="3" fill="var(--c-line)" />
      <rect x="58" y="72" width="70" height="6" rx="3" fill="var(--c-line)" />
      <g transform="translate(28 96)">
        <rect x="0" y="0" width="144" height="22" rx="5" fill="url(#ua-g)" />
        <path
          d="M14 0 2 22M38 0 26 22M62 0 50 22M86 0 74 22M110 0 98 22M134 0 122 22"
          stroke="var(--c-bg)"
          strokeWidth="9"
        />
        <rect x="10" y="22" width="6" height="20" fill="var(--c-line-strong)" />
        <rect x="128" y="22" width="6" height="20" fill="var(--c-line-strong)" />
      </g>
      <g transform="translate(140 18)">
        <circle cx="18" cy="18" r="18" fill="url(#ua-g)" />
        <path d="M18 9v11M18 25.5v.5" stroke="var(--c-bg)" strokeWidth="4" strokeLinecap="round" />
      </g>
    </svg>
  );
}

export function LostArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="nf-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="140" rx="70" ry="9" fill="var(--c-shadow-ink)" />
      <path d="M100 20v118" stroke="var(--c-line-strong)" strokeWidth="6" strokeLinecap="round" />
      <path d="M100 34h58l14 14-14 14h-58Z" fill="url(#nf-g)" />
      <path d="M100 72H44L30 86l14 14h56Z" fill="var(--c-surface-2)" stroke="var(--c-line-strong)" strokeWidth="2" />
      <text
        x="128"
        y="53"
        textAnchor="middle"
        fontSize="17"
        fontWeight="800"
        fill="var(--c-bg)"
        fontFamily="system-ui, sans-serif"
      >
        404
      </text>
      <path d="M52 86h36" stroke="var(--c-line-strong)" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

export function ToolsArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="mt-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="140" rx="70" ry="9" fill="var(--c-shadow-ink)" />
      <circle cx="100" cy="78" r="52" fill="var(--c-surface-2)" stroke="var(--c-line-strong)" strokeWidth="2" />
      <g transform="rotate(-40 100 78)">
        <rect x="94" y="44" width="12" height="62" rx="6" fill="url(#mt-g)" />
        <path d="M86 44a14 14 0 0 1 28 0l-6 8h-16Z" fill="url(#mt-g)" />
      </g>
      <g transform="rotate(40 100 78)">
        <rect x="95" y="56" width="10" height="56" rx="5" fill="var(--c-line-strong)" />
        <rect x="86" y="40" width="28" height="20" rx="5" fill="var(--c-text-muted)" />
      </g>
      <circle cx="150" cy="34" r="6" fill="url(#mt-g)" />
      <circle cx="46" cy="44" r="4" fill="var(--c-line-strong)" />
    </svg>
  );
}

export function ShieldArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="rb-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="142" rx="64" ry="8" fill="var(--c-shadow-ink)" />
      <circle cx="100" cy="76" r="56" fill="none" stroke="var(--c-line)" strokeWidth="2" strokeDasharray="4 6" />
      <path
        d="M100 22 142 38v34c0 28-18 48-42 58-24-10-42-30-42-58V38Z"
        fill="var(--c-surface-2)"
        stroke="url(#rb-g)"
        strokeWidth="4"
      />
      <circle cx="100" cy="74" r="22" fill="none" stroke="url(#rb-g)" strokeWidth="6" />
      <path d="m85 89 30-30" stroke="url(#rb-g)" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
