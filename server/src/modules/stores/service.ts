import { slugify } from '../../../../reference/slug.ts';
import { formatAddressLines } from '../../../../reference/markets/addresses.ts';
import type { HoursSource } from '../../../../reference/stores/hours.ts';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { DEFAULT_LOCALE, type Market } from '../markets/index.ts';
import { findStore, listStores, storeCountries } from './repository.ts';
import type { StoreData } from './tables.ts';

type Store = Schemas['Store'];
export interface Position {
  latitude: number;
  longitude: number;
}

/** Spec §2: Japanese, Korean and Chinese locales keep the name URL-encoded as typed, others slugify it. */
const RAW_NAME_LANGUAGES = new Set(['ja', 'ko', 'zh']);
/** Contract: special hours of the coming 60 days. */
export const SPECIAL_HOURS_DAYS = 60;
const DAY_MS = 86_400_000;
const EARTH_RADIUS_KM = 6371.0088;
/** Contract (StoreDetailPageData): up to 3 other boutiques of the country, nearest first. */
export const NEARBY_STORES = 3;

/** Great-circle distance (haversine), in km. */
export function haversineKm(a: Position, b: Position): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The dates (`YYYY-MM-DD`, UTC calendar) of a yearly `MM-DD` within [today, today + days]. */
function occurrences(monthDay: string, now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const out: string[] = [];
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    const [m, d] = monthDay.split('-').map(Number) as [number, number];
    const t = Date.UTC(year, m - 1, d);
    if (t >= today && t <= today + days * DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** The special hours of a boutique over the coming `days`, dated and labelled in a language, by date. */
function datedSpecialHours(s: StoreData, language: string, now: Date, days: number): Schemas['StoreSpecialHours'][] {
  return s.specialHours
    .flatMap((h) =>
      occurrences(h.monthDay, now, days).map((date) => ({
        date,
        label: h.label[language as 'en'] ?? h.label.en,
        periods: h.periods,
      })),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The store-list page's data and the boutiques of the house, from the store master data. */
export class StoreService {
  constructor(
    private readonly db: DB,
    private readonly brand: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(country: string, market: Market, position?: Position): Promise<Schemas['StoreList']> {
    const rows = await listStores(this.db, this.brand, country);
    const language = market.language;
    const collator = new Intl.Collator(language);
    const stores = rows.map((row) => this.toDto(row, market, position));
    if (position) {
      stores.sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || collator.compare(a.name, b.name));
    } else {
      stores.sort((a, b) => collator.compare(a.address.city, b.address.city) || collator.compare(a.name, b.name));
    }
    return { country, stores };
  }

  /**
   * The master data of one of the house's boutiques, or undefined. `db`: a transaction to read it in — a caller
   * inside a transaction must pass it (on the embedded database, one connection, a read outside the open
   * transaction would wait for it forever).
   */
  data(storeId: string, db: DB = this.db): Promise<StoreData | undefined> {
    return findStore(db, this.brand, storeId);
  }

  /** One boutique of the house (any country), or ERR_GLS_1006 'Store not found.'. */
  async get(storeId: string, market: Market): Promise<Store> {
    const s = await this.data(storeId);
    if (!s) throw new AppError('ERR_GLS_1006', `No boutique ${storeId}.`);
    return this.toDto(s, market);
  }

  /** The boutiques of a country where online orders can be collected (`clickAndCollect`), by city then name. */
  async pickupStores(country: string, market: Market): Promise<Store[]> {
    return (await this.list(country, market)).stores.filter((s) => s.services.includes('clickAndCollect'));
  }

  /** Up to 3 other boutiques of the boutique's country, nearest first, with their distance. */
  async nearby(store: Store, market: Market, limit = NEARBY_STORES): Promise<Store[]> {
    const { stores } = await this.list(store.address.country, market, store.coordinates);
    return stores.filter((s) => s.id !== store.id).slice(0, limit);
  }

  /** Countries with at least one boutique, named in the market's language (locale collation). */
  async countries(market: Market): Promise<{ country: string; name: string; storeCount: number }[]> {
    const names = new Intl.DisplayNames([market.language], { type: 'region' });
    const collator = new Intl.Collator(market.language);
    return (await storeCountries(this.db, this.brand))
      .map((c) => ({ country: c.country, name: names.of(c.country) ?? c.country, storeCount: c.count }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }

  /** The hours a request is checked against: weekly hours and the special hours of the coming `days`. */
  hoursOf(s: StoreData, days: number): HoursSource {
    return { openingHours: s.openingHours, specialHours: datedSpecialHours(s, 'en', this.now(), days) };
  }

  /**
   * The boutique's page path in a locale (en-us has no prefix, spec §2). Japanese, Korean and Chinese keep the
   * boutique's own name in their script, URL-encoded; a boutique without one there is slugified like elsewhere.
   */
  urlOf(s: StoreData, market: Pick<Market, 'locale' | 'language'>): string {
    const local = s.names?.[market.language as 'en'];
    const slug =
      RAW_NAME_LANGUAGES.has(market.language) && local
        ? encodeURIComponent(local)
        : slugify(local ?? s.name) || 'store';
    return `${market.locale === DEFAULT_LOCALE ? '' : `/${market.locale}`}/stores/${slug}-${s.id}`;
  }

  toDto(s: StoreData, market: Market, position?: Position): Store {
    const language = market.language;
    const name = s.names?.[language] ?? s.name;
    const address = { ...s.address, ...(s.localizedAddress?.[language] ?? {}) };
    const countryName = new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? address.country;
    const dto: Store = {
      id: s.id,
      name,
      brand: s.brand,
      type: s.type,
      url: this.urlOf(s, market),
      address: {
        addressLine1: address.addressLine1,
        ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
        city: address.city,
        ...(address.stateCode ? { stateCode: address.stateCode } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
        country: address.country,
        formatted: formatAddressLines(address, { countryName, language }),
      },
      coordinates: { latitude: s.latitude, longitude: s.longitude },
      timeZone: s.timeZone,
      phone: s.phone,
      ...(s.email ? { email: s.email } : {}),
      openingHours: s.openingHours,
      specialHours: datedSpecialHours(s, language, this.now(), SPECIAL_HOURS_DAYS),
      services: s.services,
    };
    if (position) dto.distanceKm = Math.round(haversineKm(position, dto.coordinates) * 10) / 10;
    return dto;
  }
}
