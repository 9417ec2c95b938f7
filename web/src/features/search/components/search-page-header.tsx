import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useNavigate } from '../../../lib/router';
import { useLocalizePath } from '../../../lib/market-context';
import './search-page.css';
import { Button } from '../../../components/ui/button';

const searchPath = (q: string) => `/search?${new URLSearchParams({ q })}`;

/**
 * The search page's heading and its own search form: a plain GET form to `/search`, so searching
 * works before the script runs; once interactive it navigates in place. Native `input type="search"` and
 * button (Escape clears the field, as a search field does), so the page's first load carries no React Aria code.
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
        <div className="search-page__field">
          <input
            type="search"
            name="q"
            className="search-page__input"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && value) {
                e.preventDefault();
                setValue('');
              }
            }}
          />
        </div>
        <Button type="submit" variant="tertiary" className="search-page__submit">
          {t('search.submit')}
        </Button>
      </form>
    </header>
  );
}
