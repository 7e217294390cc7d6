export interface TotalItem {
  label: string;
  value: string;
  tone?: 'pos' | 'neg' | 'warn';
  testId?: string;
}

/** The totals of the whole filtered range (not only the loaded page). */
export function TotalsBar({ items }: { items: TotalItem[] }) {
  return (
    <dl className="rep-totals" data-testid="report-totals">
      {items.map((item) => (
        <div key={item.label} className="rep-totals__item">
          <dt>{item.label}</dt>
          <dd className={item.tone ? `is-${item.tone}` : undefined} data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
