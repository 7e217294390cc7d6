import type { CSSProperties } from 'react';

/**
 * A row of lottery balls. `reveal` plays the draw: each ball drops in after the one before it (the
 * stylesheet turns the animation off for prefers-reduced-motion).
 */
export function Balls({
  values,
  size = 'md',
  reveal,
  testId,
  label,
}: {
  values: readonly (string | number)[];
  size?: 'sm' | 'md' | 'lg';
  reveal?: boolean;
  testId?: string;
  label?: string;
}) {
  return (
    <span
      className={`lt-balls lt-balls--${size}${reveal ? ' is-revealing' : ''}`}
      data-testid={testId}
      role="img"
      aria-label={label ?? values.join(', ')}
    >
      {values.map((value, index) => (
        <span
          key={`${index}-${value}`}
          className="lt-ball"
          style={{ '--i': index } as CSSProperties}
          aria-hidden="true"
        >
          {value}
        </span>
      ))}
    </span>
  );
}
