import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocation } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListBox, type ListBoxOption } from '../../../components/ui/list-box';
import { Spinner } from '../../../components/ui/spinner';
import type { Schemas } from '../../../lib/api-client';
import { intlLocale } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { useCountries } from '../api/market-queries';
import { countryDisplayName, languageEndonym, marketTarget } from '../market-rules';
import './country-selector.css';

export interface CountrySelectorProps {
  /** Leaves the page (full page load, or the external site); replaced in stories. */
  navigate?: (href: string) => void;
}

/**
 * Country / language selector (`useModal('country-selector')`): regions → countries → languages,
 * from GET /api/data/locale-mdm/countries. Country names are localised with Intl.DisplayNames in
 * the page's language and the current market is marked. Choosing a market loads the same page in
 * its locale (full page load); China goes to its external site (urlOverride).
 */
export function CountrySelector({ navigate = (href) => window.location.assign(href) }: CountrySelectorProps) {
  const { t } = useTranslation('market');
  const market = useMarket();
  const location = useLocation();
  const modal = useModal('country-selector');
  const countries = useCountries(modal.isOpen);
  const display = intlLocale(market.locale);
  const data = countries.data;

  const currentRegion =
    data?.countries.find((c) => c.country === market.country)?.regionId ?? data?.regions[0]?.regionId ?? null;
  const [regionId, setRegionId] = useState<string | null>(null);
  const [country, setCountry] = useState<Schemas['Country'] | null>(null);
  useEffect(() => {
    if (!modal.isOpen) {
      setRegionId(null);
      setCountry(null);
    }
  }, [modal.isOpen]);
  const region = regionId ?? currentRegion;

  const nameOf = (c: Schemas['Country']) =>
    c.country === 'EN' ? t('international') : countryDisplayName(c.country, display, c.name);

  const regionItems: ListBoxOption[] = useMemo(
    () =>
      (data?.regions ?? []).map((r) => ({
        id: r.regionId,
        label: t(`regions.${r.regionId}`, { defaultValue: r.regionName }),
      })),
    [data, t],
  );
  const countryItems: ListBoxOption[] = useMemo(() => {
    if (!data || !region) return [];
    const byCode = new Map(data.countries.map((c) => [c.country, c]));
    const codes = data.regions.find((r) => r.regionId === region)?.countries ?? [];
    return codes
      .map((code) => byCode.get(code))
      .filter((c): c is Schemas['Country'] => Boolean(c))
      .map((c) => ({
        id: c.country,
        label: nameOf(c),
        detail: c.urlOverride
          ? t('selector.external')
          : c.currency
            ? `${c.currency} ${c.currencySymbol && c.currencySymbol !== c.currency ? c.currencySymbol : ''}`.trim()
            : undefined,
        isCurrent: c.country === market.country,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, display));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the display language (`display`), which t and nameOf follow too
  }, [data, region, display, market.country]);

  const choose = (c: Schemas['Country'], locale: string) => {
    const target = marketTarget(c, locale, location);
    modal.close();
    navigate(target.href);
  };
  const onCountry = (code: string) => {
    const c = data?.countries.find((x) => x.country === code);
    if (!c) return;
    if (c.urlOverride || c.locales.length <= 1) choose(c, c.defaultLocale ?? c.locales[0] ?? 'en-us');
    else setCountry(c);
  };

  const currentName = data ? (data.countries.find((c) => c.country === market.country) ?? null) : null;

  return (
    <Dialog
      isOpen={modal.isOpen}
      onOpenChange={(open) => !open && modal.close()}
      title={t('selector.title')}
      closeLabel={t('close')}
      size="lg"
    >
      {countries.isPending && <Spinner label={t('selector.loading')} />}
      {countries.isError && (
        <div role="alert" className="country-selector__error">
          <p>{t('selector.error')}</p>
          <Button variant="secondary" size="sm" onPress={() => void countries.refetch()}>
            {t('selector.retry')}
          </Button>
        </div>
      )}
      {data && (
        <div className="country-selector" data-testid="country-selector">
          {currentName && (
            <p className="country-selector__current">{t('selector.currentMarket', { country: nameOf(currentName) })}</p>
          )}
          {country ? (
            <section className="country-selector__languages" aria-labelledby="country-selector-languages">
              <h3 id="country-selector-languages" className="label">
                {t('selector.chooseLanguage', { country: nameOf(country) })}
              </h3>
              <ListBox
                aria-labelledby="country-selector-languages"
                autoFocus
                currentLabel={t('selector.current')}
                onAction={(locale) => choose(country, locale)}
                items={country.locales.map((l) => ({
                  id: l,
                  label: languageEndonym(l.slice(0, 2)),
                  textValue: languageEndonym(l.slice(0, 2)),
                  isCurrent: l === market.locale,
                }))}
              />
              <Button variant="ghost" size="sm" onPress={() => setCountry(null)}>
                {t('selector.back')}
              </Button>
            </section>
          ) : (
            <div className="country-selector__columns">
              <section aria-labelledby="country-selector-regions">
                <h3 id="country-selector-regions" className="label">
                  {t('selector.regions')}
                </h3>
                <ListBox
                  aria-labelledby="country-selector-regions"
                  items={regionItems}
                  selectedKey={region}
                  onSelectionChange={setRegionId}
                />
              </section>
              <section aria-labelledby="country-selector-countries">
                <h3 id="country-selector-countries" className="label">
                  {t('selector.countries')}
                </h3>
                <ListBox
                  aria-labelledby="country-selector-countries"
                  items={countryItems}
                  currentLabel={t('selector.current')}
                  onAction={onCountry}
                />
              </section>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
