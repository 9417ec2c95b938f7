import { useTranslation } from 'react-i18next';
import { useMarket } from '../../../lib/market-context';
import './site-footer.css';

export function SiteFooter({ brandName }: { brandName: string }) {
  const { t, i18n } = useTranslation();
  const { country, currency } = useMarket();
  let countryName = country;
  try {
    countryName = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country) ?? country;
  } catch {
    // An unknown region code keeps the code itself.
  }
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__market">{t('footer.market', { country: countryName, currency: currency ?? '—' })}</p>
        <p className="site-footer__legal">
          © {brandName}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
