import {
  DEFAULT_POSTAL_CODE_RULE,
  NO_POSTAL_CODE_COUNTRIES,
  addressFormats,
  type AddressFormatEntry,
} from '../../../../reference/markets/addresses.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from './service.ts';

type FormatList = Schemas['CountryAddressFormatList'];

/** Intl locale of a market locale (`fr-ch` → `fr-CH`; the placeholder `en-en` → `en`). */
function intlLocaleOf(market: Market): string {
  const region = market.locale.slice(3).toUpperCase();
  return market.country === 'EN' || region === market.language.toUpperCase()
    ? market.language
    : `${market.language}-${region}`;
}

function toDto(f: AddressFormatEntry, names: Intl.DisplayNames, language: string): Schemas['CountryAddressFormat'] {
  return {
    country: f.country,
    name: names.of(f.country) ?? f.country,
    postalCode: { ...f.postalCode },
    stateRequired: f.stateRequired,
    ...(f.states
      ? {
          states: f.states.map((s) => ({
            code: s.code,
            name: language === 'ja' || !s.latinName ? s.name : s.latinName,
          })),
        }
      : {}),
    formLines: f.formLines as Schemas['CountryAddressFormat']['formLines'],
    printLines: f.printLines,
  };
}

/**
 * Address formats of every country of spec §5 (or of one), country and state names in the market's
 * language, sorted by that name. Unknown country: an empty list (the default rule applies).
 */
export function countryAddressFormats(market: Market, country?: string): FormatList {
  const locale = intlLocaleOf(market);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  const selected = country ? addressFormats.filter((f) => f.country === country) : addressFormats;
  const countries = selected
    .map((f) => toDto(f, names, market.language))
    .sort((a, b) => collator.compare(a.name, b.name));
  return {
    defaultPostalCode: { ...DEFAULT_POSTAL_CODE_RULE },
    noPostalCodeCountries: [...NO_POSTAL_CODE_COUNTRIES],
    countries,
  };
}
