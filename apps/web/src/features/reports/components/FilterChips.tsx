export interface ChipOption<K extends string> {
  key: K;
  label: string;
}

/** Up to this many choices wrap onto a second row, every label in full; more scroll sideways in one row. */
const WRAPPED_CHIPS_MAX = 6;

/** A row of filter chips; `active` says which are on. */
export function FilterChips<K extends string>({
  options,
  isActive,
  onPick,
  label,
  testId,
}: {
  options: ChipOption<K>[];
  isActive: (key: K) => boolean;
  onPick: (key: K) => void;
  label: string;
  testId: string;
}) {
  const scrolls = options.length > WRAPPED_CHIPS_MAX;
  return (
    <div
      className={`rep-chips${scrolls ? ' rep-chips--scroll' : ''}`}
      role="group"
      aria-label={label}
      data-testid={testId}
    >
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          className={`rep-chip rep-chip--filter${isActive(option.key) ? ' is-active' : ''}`}
          aria-pressed={isActive(option.key)}
          data-testid={`${testId}-${option.key}`}
          onClick={() => onPick(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
