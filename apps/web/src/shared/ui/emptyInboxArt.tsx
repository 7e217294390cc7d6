import { illustrationFrame as common } from './offlineArt';

/* The empty state's art on its own: home's game blocks show it and need no other illustration. */
export function EmptyInboxArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="em-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="140" rx="66" ry="9" fill="var(--c-shadow-ink)" />
      <path
        d="M46 78 64 40h72l18 38v44a8 8 0 0 1-8 8H54a8 8 0 0 1-8-8Z"
        fill="var(--c-surface-2)"
        stroke="var(--c-line-strong)"
        strokeWidth="2"
      />
      <path d="M46 78h34l6 12h28l6-12h34" fill="none" stroke="var(--c-line-strong)" strokeWidth="2" />
      <path d="M82 58h36" stroke="url(#em-g)" strokeWidth="5" strokeLinecap="round" />
      <path
        d="M154 22c6 6 6 14 0 20M162 16c10 10 10 22 0 32"
        stroke="url(#em-g)"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
