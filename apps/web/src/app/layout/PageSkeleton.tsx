import { Skeleton } from '../../shared/ui/Skeleton';

export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <Skeleton height={120} radius={16} />
      <Skeleton height={18} width="70%" radius={9} />
      <Skeleton height={18} width="50%" radius={9} />
    </div>
  );
}
