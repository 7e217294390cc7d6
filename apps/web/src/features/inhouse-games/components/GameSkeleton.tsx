import { useTranslation } from '../../../shared/i18n/language';
import { Skeleton } from '../../../shared/ui/Skeleton';

/** The game's frame in grey while its session opens: bar, title, play area, controls. */
export function GameSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="ig ig--loading" data-testid="inhouse-loading" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('ig_opening')}
      </span>
      <div className="ig-bar">
        <Skeleton width={84} height={36} radius={18} />
        <Skeleton width={130} height={40} radius={14} />
        <Skeleton width={40} height={40} radius={12} />
      </div>
      <div className="ig-skeleton">
        <Skeleton width={180} height={30} radius={10} />
        <Skeleton width="100%" height={300} radius={22} />
        <Skeleton width="100%" height={64} radius={16} />
        <Skeleton width="100%" height={96} radius={20} />
      </div>
    </div>
  );
}
