import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import type { InfiniteData, UseInfiniteQueryResult } from '../../../shared/query/infinite';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@palaro/contract';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StateView } from '../../../shared/ui/StateView';
import { EmptyInboxArt } from '../../../shared/ui/illustrations';
import { Spinner } from '../../../shared/ui/feedback';
import type { ReportPage } from '../api/pagedReports';

export function ReportSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="rep-list" aria-busy="true" data-testid="report-loading">
      <Skeleton height={64} radius={14} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={72} radius={14} />
      ))}
    </div>
  );
}

/**
 * The body of a report: skeleton while loading, error with retry, a friendly empty state, or the
 * totals and the rows; the next page loads when the end comes within INFINITE_SCROLL_THRESHOLD_PX
 * of the screen (and by the button where that is not possible); a next page that fails keeps the
 * rows and offers its retry where the button was.
 */
export function ReportList<T, P extends ReportPage<T>>({
  query,
  totals,
  renderItem,
  itemKey,
  emptyText,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  totals: (first: P) => ReactNode;
  renderItem: (item: T, timeZone: string) => ReactNode;
  itemKey: (item: T) => string;
  emptyText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) return <ReportSkeleton />;
  // A later page's failure keeps the rows shown and ends paging with its own retry (below).
  if (query.isError && !isFetchNextPageError)
    return <ErrorState compact testId={`${testId}-error`} error={query.error} onRetry={() => void query.refetch()} />;
  const pages = query.data.pages;
  const first = pages[0]!;
  const items = pages.flatMap((page) => page.list as T[]);
  return (
    <div className="rep-list" data-testid={testId}>
      {totals(first)}
      {items.length === 0 ? (
        <StateView
          compact
          testId={`${testId}-empty`}
          art={<EmptyInboxArt />}
          title={t('rep_empty_title')}
          body={<p>{emptyText}</p>}
        />
      ) : (
        <ul className="rep-items">
          {items.map((item) => (
            <li key={itemKey(item)} className="rep-item" data-testid={`${testId}-item`}>
              {renderItem(item, first.timeZone)}
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="rep-more">
        {isFetchNextPageError ? (
          <ErrorState
            compact
            testId={`${testId}-more-error`}
            error={query.error}
            onRetry={() => void fetchNextPage()}
          />
        ) : hasNextPage ? (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            data-testid={`${testId}-more`}
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? <Spinner /> : null}
            {t('rep_load_more')}
          </button>
        ) : items.length > 0 ? (
          <p className="rep-end">{t('rep_end', { n: first.total })}</p>
        ) : null}
      </div>
    </div>
  );
}
