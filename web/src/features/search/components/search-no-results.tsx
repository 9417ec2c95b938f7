import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useTrending } from '../api/search-queries';
import './search-page.css';

export interface SearchNoResultsProps {
  query: string;
  /** Corrected spellings and related queries, best first. */
  suggestions: Schemas['SearchSuggestion'][];
  /** What shoppers of the market search for now. */
  trending?: Schemas['TrendingSearches'] | null;
  /** Renders products (the app passes the catalog's grid). */
  renderProducts?: (products: Schemas['ProductTile'][]) => ReactNode;
}

/** Nothing matched: say so plainly, offer the closest queries, then what others are looking for. */
export function SearchNoResults({ query, suggestions, trending: fromPage, renderProducts }: SearchNoResultsProps) {
  const { t } = useTranslation('catalog');
  const localize = useLocalizePath();
  const { locale } = useMarket();
  // A results page carries no trending searches: they are asked for once the page is interactive.
  const fetched = useTrending(locale, !fromPage);
  const trending = fromPage ?? fetched.data ?? null;
  const [first, ...others] = suggestions;
  const queries = trending?.queries ?? [];
  return (
    <section className="search-empty" data-testid="search-no-results" aria-labelledby="search-empty-title">
      <h2 id="search-empty-title" className="search-empty__title">
        {query ? t('search.noResultsFor', { query }) : t('search.emptyQuery')}
      </h2>
      {!query ? null : first ? (
        <p className="search-empty__did-you-mean">
          {t('search.didYouMean')}{' '}
          <Link to={localize(first.url)} data-testid="search-suggestion">
            {first.query}
          </Link>
        </p>
      ) : (
        <p className="search-empty__hint">{t('search.noResultsHint')}</p>
      )}
      {(others.length > 0 || queries.length > 0) && (
        <div className="search-empty__queries">
          <h3 className="search-empty__subtitle">
            {others.length > 0 ? t('search.related') : t('search.trendingQueries')}
          </h3>
          <ul role="list">
            {(others.length > 0 ? others : queries).map((s) => (
              <li key={s.url}>
                <Link to={localize(s.url)}>{s.query}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {trending && trending.products.length > 0 && renderProducts && (
        <div className="search-empty__products">
          <h3 className="search-empty__subtitle">{t('search.trendingProducts')}</h3>
          {renderProducts(trending.products)}
        </div>
      )}
    </section>
  );
}
