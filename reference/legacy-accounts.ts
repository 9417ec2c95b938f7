// The former site's customer file as it exports it (its field names, kinds, titles and phone formats): the
// input of the account migration (server/src/modules/accounts/migration.ts, legacy-import.ts, and
// `npm run accounts:import`). The demo's file is made by fixtures/legacy-accounts/generate.ts.

/** An address as the former site kept it (its field names, its kinds, titles and phone formats). */
export interface LegacyAddress {
  kind: 'home' | 'office' | 'second_home' | 'holiday' | 'hotel' | 'other';
  nickname?: string;
  title?: 'Mr' | 'Mrs' | 'Ms' | 'Miss' | 'Mx';
  first_name: string;
  last_name: string;
  company?: string;
  street_1: string;
  street_2?: string;
  /** As typed on the former site: any case, sometimes missing where the new site needs one. */
  zip?: string;
  town: string;
  /** State, province or prefecture code. */
  state?: string;
  country_code: string;
  /** Free text with spaces (`+33 6 12 34 56 78`). */
  telephone?: string;
  preferred: boolean;
}

export interface LegacyAccount {
  customerNumber: string;
  email: string;
  title: 'Mr' | 'Mrs' | 'Ms' | 'Miss' | 'Mx' | null;
  firstName: string;
  lastName: string;
  country: string;
  preferredLocale: string;
  telephone: string | null;
  registeredAt: string;
  addresses: LegacyAddress[];
}
