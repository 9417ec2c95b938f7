import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import './breadcrumbs.css';

export function Breadcrumbs({ items }: { items: Schemas['Breadcrumb'][] }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('nav.breadcrumb')} className="breadcrumbs">
      <ol>
        {items.map((b, i) => (
          <li key={b.url}>
            {i === items.length - 1 ? (
              <span aria-current="page">{b.name}</span>
            ) : (
              <Link to={localize(b.url)}>{b.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
