/** A row of views of one section (the results' draws or winners, my bets or chases): one pressed at a time. */
export function ViewSwitch<View extends string>({
  views,
  current,
  onChange,
  label,
  text,
  testIdPrefix,
}: {
  views: readonly View[];
  current: View;
  onChange: (view: View) => void;
  label: string;
  text: (view: View) => string;
  testIdPrefix: string;
}) {
  return (
    <div className="lt-types lt-types--inline" role="group" aria-label={label}>
      {views.map((each) => (
        <button
          key={each}
          type="button"
          className={`lt-type${each === current ? ' is-active' : ''}`}
          aria-pressed={each === current}
          data-testid={`${testIdPrefix}-${each}`}
          onClick={() => onChange(each)}
        >
          {text(each)}
        </button>
      ))}
    </div>
  );
}
