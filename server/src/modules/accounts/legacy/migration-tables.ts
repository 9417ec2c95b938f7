/** The former site's customer file (migration `2026-11-27-0013-legacy-accounts`). */
export interface LegacyAccountTables {
  legacy_accounts: {
    customer_number: string;
    email: string;
    civility: string | null;
    first_name: string | null;
    last_name: string | null;
    country: string;
    preferred_locale: string;
    phone: string | null;
    /** Addresses in the former site's shape (`LegacyAddress` of fixtures/legacy-accounts). */
    addresses: unknown;
    registered_at: Date | null;
    migrated_at: Date | null;
    migrated_customer_id: string | null;
  };
}
