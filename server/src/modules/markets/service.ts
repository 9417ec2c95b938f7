import type { DB } from '../../db/database.ts';
import { listCountries, listCurrencies, listRegions } from './repository.ts';
import type { CountryData, CurrencyData, RegionData } from './tables.ts';
import type { Schemas } from '../../shared/http.ts';

type CurrencyCode = Schemas['CurrencyCode'];

export const DEFAULT_LOCALE = 'en-us';
/** Languages the storefront is translated into; other languages fall back to English. */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Market {
  locale: string;
  language: Language;
  country: string;
  currency: CurrencyCode | null;
  businessRegion: CountryData['businessRegion'];
  entry: CountryData;
}

/**
 * Markets are reference data: read from the database at start and kept in memory, so resolving a request's
 * locale costs no query. `reload()` reads them again (the `markets` cache of a bust, on every instance).
 */
export class MarketService {
  /** Counts the reloads: what was answered from the markets before one is outdated. */
  version = 0;
  private constructor(
    private countryList: CountryData[],
    private regionList: RegionData[],
    private byCountry: Map<string, CountryData>,
    private activeLocales: Set<string>,
    private currencyTable: Record<string, CurrencyData>,
    private readonly db: DB,
  ) {}

  private static async read(db: DB) {
    const countries = await listCountries(db);
    const regions = await listRegions(db);
    const currencyTable = await listCurrencies(db);
    const byCountry = new Map(countries.map((c) => [c.country, c]));
    const active = new Set(countries.flatMap((c) => c.locales));
    if (!byCountry.has('US')) throw new Error('Market data lacks the US, the fallback market');
    return { countries, regions, byCountry, active, currencyTable };
  }

  static async load(db: DB): Promise<MarketService> {
    const r = await MarketService.read(db);
    return new MarketService(r.countries, r.regions, r.byCountry, r.active, r.currencyTable, db);
  }

  /** Reads the markets again; the answers in progress keep the data they started with. */
  async reload(): Promise<void> {
    const r = await MarketService.read(this.db);
    this.countryList = r.countries;
    this.regionList = r.regions;
    this.byCountry = r.byCountry;
    this.activeLocales = r.active;
    this.currencyTable = r.currencyTable;
    this.version++;
  }

  countries(): CountryData[] {
    return this.countryList;
  }
  regions(): RegionData[] {
    return this.regionList;
  }
  /** Spec §9 currency table: how each market currency is written. */
  currencies(): Record<string, CurrencyData> {
    return this.currencyTable;
  }
  isActiveLocale(locale: string): boolean {
    return this.activeLocales.has(locale);
  }

  /**
   * The market of a well-formed locale (the caller validated the format). An unknown country falls
   * back to the US market (spec §3); a language the country does not offer gets the country's default locale.
   */
  resolve(locale: string): Market {
    const country = locale.slice(3, 5).toUpperCase();
    const entry = this.byCountry.get(country === 'EN' ? 'EN' : country);
    if (!entry || !entry.defaultLocale) {
      // China (external site) and unknown countries: US settings.
      if (locale === DEFAULT_LOCALE) throw new Error('The US market has no default locale');
      return this.resolve(DEFAULT_LOCALE);
    }
    const effective = entry.locales.includes(locale) ? locale : entry.defaultLocale;
    const lang = effective.slice(0, 2);
    return {
      locale: effective,
      language: (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en',
      country: entry.country,
      currency: entry.currency as CurrencyCode | null,
      businessRegion: entry.businessRegion,
      entry,
    };
  }
}

export function toMarketDto(m: Market): Schemas['Market'] {
  return {
    locale: m.locale,
    language: m.language,
    country: m.country,
    currency: m.currency,
    businessRegion: m.businessRegion,
  };
}
