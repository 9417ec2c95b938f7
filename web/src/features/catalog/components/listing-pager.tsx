import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Spinner } from '../../../components/ui/spinner';
import './listing-pager.css';

export interface ListingPagerProps {
  /** First and last page on screen (several once more pages were loaded). */
  firstPage: number;
  lastPage: number;
  pageCount: number;
  shown: number;
  total: number;
  hrefFor: (page: number) => string;
  /** The next page is on its way. */
  isLoading: boolean;
  /** Load the next page by itself when the end of the grid comes into view (off: the "load more" link only). */
  infinite: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a listing: progress, and a "load more" link to the next page — a real link, so it works
 * before the script runs (and for crawlers); once interactive, the next page loads as the shopper
 * scrolls near the end, unless infinite scroll is switched off.
 */
export function ListingPager({
  firstPage,
  lastPage,
  pageCount,
  shown,
  total,
  hrefFor,
  isLoading,
  infinite,
  onLoadMore,
}: ListingPagerProps) {
  const { t } = useTranslation('catalog');
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = lastPage < pageCount;
  // The observer reads the latest callback without being recreated on every render.
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !infinite || !hasMore || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [infinite, hasMore, isLoading, lastPage]);

  if (pageCount <= 1 && firstPage <= 1) return null;
  return (
    <nav className="listing-pager" aria-label={t('pager.label')}>
      <div ref={sentinel} className="listing-pager__sentinel" aria-hidden="true" />
      <p className="listing-pager__progress" data-testid="listing-progress">
        {t('pager.progress', { shown, count: total })}
      </p>
      <div className="listing-pager__bar" aria-hidden="true">
        <span style={{ inlineSize: `${total ? Math.min(100, (shown / total) * 100) : 100}%` }} />
      </div>
      {hasMore &&
        (isLoading ? (
          <span className="listing-pager__loading" role="status">
            <Spinner label={t('pager.loading')} />
          </span>
        ) : (
          <Link
            className="listing-pager__more"
            rel="next"
            to={hrefFor(lastPage + 1)}
            replace
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              onLoadMore();
            }}
            data-testid="load-more"
          >
            {t('pager.loadMore')}
          </Link>
        ))}
      {firstPage > 1 && (
        <Link className="listing-pager__previous" rel="prev" to={hrefFor(firstPage - 1)}>
          {t('pager.previous', { page: firstPage - 1 })}
        </Link>
      )}
    </nav>
  );
}
