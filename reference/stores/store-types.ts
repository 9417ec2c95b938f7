// The shapes of the boutiques' master data (stores.ts lists the boutiques).
import type { Brand } from '../brands.ts';

export type StoreType = 'boutique' | 'flagship' | 'outlet' | 'department-store' | 'rive-droite';
export type StoreServiceCode =
  | 'reserveInStore'
  | 'appointment'
  | 'clickAndCollect'
  | 'returnsInStore'
  | 'alterations'
  | 'personalShopping'
  | 'engraving'
  | 'leatherCare';
export type StoreLanguage = 'de' | 'en' | 'es' | 'fr' | 'it' | 'ja' | 'ko' | 'pt' | 'zh';

export interface Period {
  opens: string;
  closes: string;
}
export interface WeeklyHours {
  dayOfWeek: number;
  periods: Period[];
}
/** A yearly exception (public holiday): the service turns it into the dates of the coming 60 days. */
export interface RecurringSpecialHours {
  /** `MM-DD`. */
  monthDay: string;
  /** Label by language; English is the fallback. */
  label: Partial<Record<StoreLanguage, string>> & { en: string };
  periods: Period[];
}

export interface StoreAddressData {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateCode?: string;
  postalCode?: string;
  country: string;
}

export interface StoreFixture {
  /** Digits only: the trailing digits of `/stores/{name}-{id}`. */
  id: string;
  brand: Brand;
  type: StoreType;
  name: string;
  /** Names in other languages (the local script in JP, KR, HK, TW, MO). */
  names?: Partial<Record<StoreLanguage, string>>;
  address: StoreAddressData;
  /** The address in a local language, shown to that language's locales. */
  localizedAddress?: Partial<Record<StoreLanguage, Partial<StoreAddressData>>>;
  latitude: number;
  longitude: number;
  timeZone: string;
  phone: string;
  email?: string;
  openingHours: WeeklyHours[];
  specialHours: RecurringSpecialHours[];
  services: StoreServiceCode[];
}
