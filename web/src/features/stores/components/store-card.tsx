import { displayName } from '../../../lib/display-names';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { formatNumber } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';
import { directionsUrl, displayPhone, sortServices, type Store } from '../store-model';
import { TodayHours } from './store-hours';

const ICON = {
  pin: 'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  phone:
    'M6.5 3.5h3l1.5 4-2 1.3a10 10 0 0 0 4.7 4.7l1.3-2 4 1.5v3a2 2 0 0 1-2 2A15.5 15.5 0 0 1 4.5 5.5a2 2 0 0 1 2-2z',
  mail: 'M3.5 6.5h17v11h-17zM3.5 6.5l8.5 6.5 8.5-6.5',
} as const;

export function StoreIcon({ name }: { name: keyof typeof ICON }) {
  return (
    <svg className="store-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={ICON[name]} fill="none" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
    </svg>
  );
}

const CARD_SERVICES = 4;

/** The address lines without the country's (a list is of one country, and says which). */
export function addressLines(store: Store, language: string): string[] {
  const lines = store.address.formatted ?? [store.address.addressLine1, store.address.city];
  const country = displayName(language, store.address.country, 'region', '') || undefined;
  return lines.length > 1 && lines.at(-1) === country ? lines.slice(0, -1) : lines;
}

/**
 * A boutique in a list: its kind, name (the link to its page), address, today's hours, telephone, services,
 * and its distance when the list is sorted from the shopper's position.
 */
export function StoreCard({ store, now, headingLevel = 3 }: { store: Store; now: Date | null; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('stores');
  const { locale, language } = useMarket();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The card names the first services; the boutique's page lists them all.
  const services = sortServices(store.services).slice(0, CARD_SERVICES);
  const distance =
    store.distanceKm === undefined
      ? null
      : formatNumber(store.distanceKm, locale, { maximumFractionDigits: store.distanceKm < 10 ? 1 : 0 });
  return (
    <article className="store-card" data-testid="store-card" data-store-id={store.id}>
      <div className="store-card__head">
        <p className="store-card__type">{t(`store.types.${store.type}`)}</p>
        {distance !== null && <p className="store-card__distance">{t('store.distance', { distance })}</p>}
      </div>
      <Heading className="store-card__name">
        <Link to={store.url} className="link-quiet">
          {store.name}
        </Link>
      </Heading>
      <address className="store-card__address">
        {addressLines(store, language).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <TodayHours store={store} now={now} />
      <p className="store-card__phone">
        <StoreIcon name="phone" />
        <a href={`tel:${store.phone}`} className="link-quiet">
          {displayPhone(store.phone)}
        </a>
      </p>
      {services.length > 0 && (
        <ul className="store-card__services" aria-label={t('detail.services')}>
          {services.map((s) => (
            <li key={s}>{t(`services.${s}`)}</li>
          ))}
        </ul>
      )}
      <div className="store-card__links">
        <Link to={store.url} className="store-card__cta" aria-label={t('store.detailsOf', { name: store.name })}>
          {t('store.details')}
        </Link>
        <a href={directionsUrl(store)} className="store-card__cta" target="_blank" rel="noopener noreferrer">
          {t('store.directions')}
        </a>
      </div>
    </article>
  );
}
