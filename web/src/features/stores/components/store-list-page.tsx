import { useState } from 'react';
import { displayName } from '../../../lib/display-names';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useStores, type Position } from '../api/store-queries';
import { groupByCity } from '../store-model';
import { useNow } from '../use-now';
import { StoreCard } from './store-card';
import './stores.css';

export interface StoreListPageProps {
  storeList: Schemas['StoreList'];
  countries: Schemas['StoreListPageData']['countries'];
}

/**
 * `/stores`: the boutiques of the market's country by city, each with today's hours and its services; another
 * country can be chosen, and "nearest to me" sorts by distance (the position is asked only on that click).
 */
export function StoreListPage({ storeList, countries }: StoreListPageProps) {
  const { t } = useTranslation('stores');
  const { locale, language } = useMarket();
  const now = useNow();
  const [country, setCountry] = useState(storeList.country);
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState(false);
  const query = useStores(locale, country, position, { initial: storeList });
  const list = query.data ?? storeList;
  const countryName = countries.find((c) => c.country === country)?.name ?? displayName(language, country, 'region');

  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return setLocationError(true);
    setLocating(true);
    setLocationError(false);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        setPosition({
          latitude: Math.round(p.coords.latitude * 1e4) / 1e4,
          longitude: Math.round(p.coords.longitude * 1e4) / 1e4,
        });
      },
      () => {
        setLocating(false);
        setLocationError(true);
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  const groups = position ? [{ city: '', stores: list.stores }] : groupByCity(list.stores);
  return (
    <div className="store-list">
      <header className="store-list__header">
        <h1 className="store-list__title">{t('list.title')}</h1>
        <p className="store-list__intro">{t('list.intro')}</p>
      </header>

      <div className="store-list__toolbar">
        <Select
          className="store-list__country"
          label={t('list.country')}
          items={countries.map((c) => ({ id: c.country, label: c.name }))}
          selectedKey={countries.some((c) => c.country === country) ? country : null}
          onSelectionChange={(id) => {
            setCountry(id);
            setPosition(null);
          }}
        />
        <Button
          variant="secondary"
          className="store-list__near"
          onPress={locate}
          isPending={locating}
          pendingLabel={t('list.locating')}
        >
          {t('list.nearMe')}
        </Button>
      </div>

      <div className="store-list__summary" role="status">
        {query.isFetching && !query.isPlaceholderData ? null : (
          <p>
            <span className="store-list__country-name">{countryName}</span>
            <span className="store-list__count">{t('list.count', { count: list.stores.length })}</span>
          </p>
        )}
        {position && (
          <p className="store-list__sorted">
            {t('list.byDistance')}
            <Button variant="ghost" size="sm" onPress={() => setPosition(null)}>
              {t('list.byCity')}
            </Button>
          </p>
        )}
        {locationError && <p className="store-list__notice">{t('list.locationDenied')}</p>}
      </div>

      {query.isError ? (
        <div className="store-list__state">
          <p role="alert">{t('list.unavailable')}</p>
          <Button variant="secondary" onPress={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : query.isPending ? (
        <div className="store-list__state">
          <Spinner size="md" label={t('list.loading')} />
        </div>
      ) : list.stores.length === 0 ? (
        <p className="store-list__empty">{t('list.empty', { country: countryName })}</p>
      ) : (
        <div className="store-list__groups" aria-busy={query.isFetching ? 'true' : undefined}>
          {groups.map((g, i) => (
            <section
              key={g.city || 'nearest'}
              className="store-list__group"
              aria-labelledby={g.city ? `store-city-${i}` : undefined}
            >
              {g.city && (
                <h2 id={`store-city-${i}`} className="store-list__city">
                  {g.city}
                </h2>
              )}
              <div className="store-list__grid">
                {g.stores.map((s) => (
                  <StoreCard key={s.id} store={s} now={now} headingLevel={g.city ? 3 : 2} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
