/*
 * The art of the start-up and error screens the app's frame can show before any screen loads
 * (no connection, a screen that failed): in the start-up chunk, so apart from the other
 * illustrations, which load with the screens that draw them.
 */

export const illustrationFrame = {
  viewBox: '0 0 200 160',
  width: 200,
  height: 160,
  'aria-hidden': true,
  focusable: false,
} as const;

export function OfflineArt() {
  return (
    <svg {...illustrationFrame}>
      <defs>
        <linearGradient id="of-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-accent-light)" />
          <stop offset="1" stopColor="var(--c-accent)" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="140" rx="60" ry="8" fill="var(--c-shadow-ink)" />
      <path
        d="M40 70a84 84 0 0 1 120 0"
        stroke="var(--c-line-strong)"
        strokeWidth="8"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M60 90a56 56 0 0 1 80 0"
        stroke="var(--c-line-strong)"
        strokeWidth="8"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M80 110a28 28 0 0 1 40 0" stroke="url(#of-g)" strokeWidth="8" fill="none" strokeLinecap="round" />
      <circle cx="100" cy="126" r="6" fill="url(#of-g)" />
      <path d="m50 30 100 100" stroke="url(#of-g)" strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}
