import { useTranslation } from '../../lib/i18n-react';
import { Link } from 'react-router-dom';
import { useLocalizePath } from '../../lib/market-context';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <section className="not-found" style={{ textAlign: 'center', padding: '5rem 0' }}>
      <h1 style={{ fontSize: '1.125rem', textTransform: 'uppercase', letterSpacing: '0.12em', fontWeight: 400 }}>{t('notFound.title')}</h1>
      <p style={{ margin: '1rem auto 2rem', color: 'var(--color-text-muted)' }}>{t('notFound.text')}</p>
      <Link to={localize('/')}>{t('notFound.backHome')}</Link>
    </section>
  );
}
