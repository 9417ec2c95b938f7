import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountTables } from './tables.ts';

export type CustomerRow = Selectable<AccountTables['customers']>;
type Db = Kysely<Database>;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A one-time secret (256 bits, base64url: 43 characters) and the digest kept in the database. */
export function newSecret(): { secret: string; digest: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, digest: digestOf(secret) };
}
export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
/** Identity-provider style user id: `00u` and 17 random letters or digits (about 101 bits). */
export function newUserId(): string {
  let id = '00u';
  for (let i = 0; i < 17; i++) id += ALNUM[randomInt(ALNUM.length)];
  return id;
}
/** Customer-database client id: 10 digits, not starting with 0. */
export function newClientId(): string {
  return String(randomInt(1, 10)) + String(randomInt(0, 1_000_000_000)).padStart(9, '0');
}

/** SQL of the accounts module: customers, consents, addresses, codes and tokens. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  byEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
    return db.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirst();
  }
  byId(db: Db, id: string): Promise<CustomerRow | undefined> {
    return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }
  byUserId(db: Db, userId: string): Promise<CustomerRow | undefined> {
    return db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }
  lockById(db: Db, id: string): Promise<CustomerRow | undefined> {
    return db.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async insertCustomer(
    db: Db,
    values: Omit<
      AccountTables['customers'],
      'id' | 'client_id' | 'user_id' | 'created_at' | 'updated_at' | 'is_employee'
    >,
  ): Promise<CustomerRow> {
    // Client and user ids are random; a collision (vanishingly rare) is retried with new ones.
    for (let attempt = 0; ; attempt++) {
      try {
        return await db
          .insertInto('customers')
          .values({ ...values, id: randomUUID(), client_id: newClientId(), user_id: newUserId() })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== '23505' || attempt >= 3) throw err;
        // A duplicate e-mail is not retried: the caller's transaction decides.
        if (
          String((err as { constraint?: string; message?: string }).constraint ?? (err as Error).message).includes(
            'email',
          )
        )
          throw err;
      }
    }
  }

  async consents(db: Db, customerId: string): Promise<{ id: string; granted: boolean; version: string }[]> {
    const rows = await db
      .selectFrom('customer_consents')
      .select(['consent_id', 'granted', 'version'])
      .where('customer_id', '=', customerId)
      .orderBy('consent_id')
      .execute();
    return rows.map((r) => ({ id: r.consent_id, granted: r.granted, version: r.version }));
  }

  async saveConsents(
    db: Db,
    customerId: string,
    decisions: readonly { id: string; granted: boolean; version: string }[],
  ): Promise<void> {
    for (const d of decisions) {
      await db
        .insertInto('customer_consents')
        .values({ customer_id: customerId, consent_id: d.id, granted: d.granted, version: d.version })
        .onConflict((oc) =>
          oc
            .columns(['customer_id', 'consent_id'])
            .doUpdateSet({ granted: d.granted, version: d.version, updated_at: sql`now()` }),
        )
        .execute();
    }
  }

  /** A new one-time token of a kind; the earlier ones of that kind stop working. */
  async issueToken(
    db: Db,
    customerId: string,
    kind: 'activation' | 'reset',
    ttlMs: number,
    now: number,
  ): Promise<string> {
    await db
      .updateTable('account_tokens')
      .set({ used_at: new Date(now) })
      .where('customer_id', '=', customerId)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .execute();
    const { secret, digest } = newSecret();
    await db
      .insertInto('account_tokens')
      .values({ token_hash: digest, customer_id: customerId, kind, expires_at: new Date(now + ttlMs) })
      .execute();
    return secret;
  }

  /** Uses a token: the customer it belongs to, or undefined when unknown, used, superseded or expired. */
  async redeemToken(db: Db, secret: string, kind: 'activation' | 'reset', now: number): Promise<string | undefined> {
    const row = await db
      .updateTable('account_tokens')
      .set({ used_at: new Date(now) })
      .where('token_hash', '=', digestOf(secret))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .returning('customer_id')
      .executeTakeFirst();
    return row?.customer_id;
  }

  async recentPasswordHashes(db: Db, customerId: string, count: number): Promise<string[]> {
    const rows = await db
      .selectFrom('password_history')
      .select('password_hash')
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    return rows.map((r) => r.password_hash);
  }

  async setPassword(db: Db, customerId: string, passwordHash: string, now: number, activate: boolean): Promise<void> {
    await db
      .updateTable('customers')
      .set({
        password_hash: passwordHash,
        password_changed_at: new Date(now),
        updated_at: new Date(now),
        ...(activate
          ? {
              status: sql<'ACTIVE'>`case when status in ('PROVISIONED', 'PASSWORD_EXPIRED') then 'ACTIVE' else status end`,
            }
          : {}),
      })
      .where('id', '=', customerId)
      .execute();
    await db.insertInto('password_history').values({ customer_id: customerId, password_hash: passwordHash }).execute();
    // Keep the last 5 (the current one and the 4 before it).
    await db
      .deleteFrom('password_history')
      .where('customer_id', '=', customerId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('password_history')
          .select('id')
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .limit(5),
      )
      .execute();
  }

  /** Ends every session of the customer but `keep` (a password change or reset). */
  async endSessions(db: Db, customerId: string, keep?: string): Promise<number> {
    let q = db.deleteFrom('sessions').where('customer_id', '=', customerId);
    if (keep) q = q.where('id', '!=', keep);
    const result = await q.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  get handle(): Db {
    return this.db;
  }
}
