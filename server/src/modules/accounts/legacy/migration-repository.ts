import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { LegacyAccount } from '../../../../../reference/legacy-accounts.ts';
import type { LegacyAccountTables } from './migration-tables.ts';

export type LegacyAccountRow = Selectable<LegacyAccountTables['legacy_accounts']>;
type Db = Kysely<Database>;

/** SQL of the former site's customer file (`legacy_accounts`). */
export class LegacyAccountRepository {
  byEmail(db: Db, email: string): Promise<LegacyAccountRow | undefined> {
    return db.selectFrom('legacy_accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  lockByEmail(db: Db, email: string): Promise<LegacyAccountRow | undefined> {
    return db.selectFrom('legacy_accounts').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
  }

  async markMigrated(db: Db, customerNumber: string, customerId: string, now: number): Promise<void> {
    await db
      .updateTable('legacy_accounts')
      .set({ migrated_at: new Date(now), migrated_customer_id: customerId })
      .where('customer_number', '=', customerNumber)
      .where('migrated_at', 'is', null)
      .execute();
  }

  /** Writes former accounts that are not there yet (by customer number or address); the count written. */
  async insertMissing(db: Db, accounts: readonly LegacyAccount[]): Promise<number> {
    let written = 0;
    // Batches keep each statement's parameters well under PostgreSQL's limit.
    for (let i = 0; i < accounts.length; i += 100) {
      const rows = accounts.slice(i, i + 100).map((a) => ({
        customer_number: a.customerNumber,
        email: a.email.toLowerCase(),
        civility: a.title,
        first_name: a.firstName,
        last_name: a.lastName,
        country: a.country,
        preferred_locale: a.preferredLocale,
        phone: a.telephone,
        addresses: JSON.stringify(a.addresses) as never,
        registered_at: new Date(a.registeredAt),
        migrated_at: null,
        migrated_customer_id: null,
      }));
      const inserted = await db
        .insertInto('legacy_accounts')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .returning('customer_number')
        .execute();
      written += inserted.length;
    }
    return written;
  }
}
