export interface TotalItem {
  label: string;
  value: string;
  tone?: 'pos' | 'neg' | 'warn';
  testId?: string;
}

/** The totals of the whole filtered range (not only the loaded page); `pairs` lays four out two by two. */
export function TotalsBar({ items, pairs }: { items: TotalItem[]; pairs?: boolean }) {
  return (
    <dl className={`rep-totals${pairs ? ' rep-totals--pairs' : ''}`} data-testid="report-totals">
      {items.map((item) => (
        <div key={item.label} className="rep-totals__item">
          <dt>{item.label}</dt>
          <dd className={item.tone ? `is-${item.tone}` : undefined} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
