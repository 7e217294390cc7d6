import { Skeleton } from '../../shared/ui/Skeleton';

/** What the first paint shows while the start-up result loads: the shape of home, no text. */
export function AppSkeleton() {
  return (
    <div className="app-skeleton" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">Naglo-load… / Loading…</span>
      <div className="app-skeleton__header">
        <Skeleton width={112} height={28} radius={8} />
        <div className="app-skeleton__row">
          <Skeleton width={72} height={32} radius={16} />
          <Skeleton width={32} height={32} radius={16} />
        </div>
      </div>
      <div className="app-skeleton__body">
        <Skeleton className="skeleton--banner" radius={16} />
        <Skeleton height={36} radius={18} />
        <div className="app-skeleton__grid">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={76} radius={14} />
          ))}
        </div>
      </div>
    </div>
  );
}
