import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link, useNavigate } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { useLocalizePath } from '../../lib/market-context';
import './not-found-route.css';

/**
 * The page a wrong address lands on (404): what happened, a search field (a plain GET form to `/search`, so it
 * works before the script runs), the house's main categories, and the way home — never a dead end.
 */
export function NotFoundRoute({ data }: { data?: { navigation?: readonly Schemas['CategoryNavItem'][] } }) {
  const navigation = data?.navigation ?? [];
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const categories = navigation.filter((c) => c.level === 1).sort((a, b) => a.position - b.position);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <form
        role="search"
        className="not-found__search"
        action={localize('/search')}
        method="get"
        onSubmit={(e) => {
          const q = query.trim();
          e.preventDefault();
          if (q) void navigate(localize(`/search?${new URLSearchParams({ q })}`));
        }}
      >
        <input
          type="search"
          name="q"
          className="not-found__input"
          aria-label={t('catalog:search.label')}
          placeholder={t('catalog:search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="not-found__submit">
          {t('catalog:search.submit')}
        </button>
      </form>
      {categories.length > 0 && (
        <nav className="not-found__explore" aria-labelledby="not-found-explore">
          <h2 id="not-found-explore" className="not-found__explore-title">
            {t('notFound.explore')}
          </h2>
          <ul role="list" className="not-found__categories">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={localize(c.url)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="not-found__home">
        <Link to={localize('/')}>{t('notFound.backHome')}</Link>
      </p>
    </section>
  );
}
