import { slugify } from '../../../../fixtures/catalog/localized.ts';
import { formatAddressLines } from '../../../../fixtures/markets/addresses.ts';
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import { listStores } from './repository.ts';
import type { StoreData } from './tables.ts';

type Store = Schemas['Store'];
export interface Position { latitude: number; longitude: number }

/** Spec §2: Japanese, Korean and Chinese locales keep the name URL-encoded as typed, others slugify it. */
const RAW_NAME_LANGUAGES = new Set(['ja', 'ko', 'zh']);
/** Contract: special hours of the coming 60 days. */
const SPECIAL_HOURS_DAYS = 60;
const DAY_MS = 86_400_000;
const EARTH_RADIUS_KM = 6371.0088;

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

/** The store-list page's data: the house's boutiques of a country, from the store master data. */
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

  toDto(s: StoreData, market: Market, position?: Position): Store {
    const language = market.language;
    const name = s.names?.[language] ?? s.name;
    const address = { ...s.address, ...(s.localizedAddress?.[language] ?? {}) };
    const countryName = new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? address.country;
    const slug = RAW_NAME_LANGUAGES.has(language) ? encodeURIComponent(name) : slugify(name) || 'store';
    const now = this.now();
    const specialHours = s.specialHours
      .flatMap((h) => occurrences(h.monthDay, now, SPECIAL_HOURS_DAYS).map((date) => ({ date, label: h.label[language] ?? h.label.en, periods: h.periods })))
      .sort((a, b) => a.date.localeCompare(b.date));
    const dto: Store = {
      id: s.id,
      name,
      brand: s.brand,
      type: s.type,
      url: `/${market.locale}/stores/${slug}-${s.id}`,
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
      specialHours,
      services: s.services,
    };
    if (position) dto.distanceKm = Math.round(haversineKm(position, dto.coordinates) * 10) / 10;
    return dto;
  }
}
