import { useState } from 'react';
import { Input, SearchField, Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLocalizePath } from '../../../lib/market-context';
import './search-page.css';

const searchPath = (q: string) => `/search?${new URLSearchParams({ q })}`;

/**
 * The search page's heading and its own search form: a plain GET form to `/search`, so searching
 * works before the script runs; once interactive it navigates in place.
 */
export function SearchPageHeader({ query }: { query: string | null }) {
  const { t } = useTranslation('catalog');
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [value, setValue] = useState(query ?? '');
  const submit = (v: string) => {
    const q = v.trim();
    if (q) void navigate(localize(searchPath(q)));
  };
  return (
    <header className="search-page__header">
      <h1 className="search-page__title">{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      <form
        role="search"
        className="search-page__form"
        action={localize('/search')}
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          submit(value);
        }}
      >
        <SearchField className="search-page__field" aria-label={t('search.label')} value={value} onChange={setValue} name="q" onSubmit={submit}>
          <Input className="search-page__input" placeholder={t('search.placeholder')} />
        </SearchField>
        <AriaButton type="submit" className="search-page__submit">
          {t('search.submit')}
        </AriaButton>
      </form>
    </header>
  );
}
