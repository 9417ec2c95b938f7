import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface ContactRequestRow {
  reference: string;
  customer_id: string | null;
  email: string;
  locale: string;
  data: Record<string, unknown>;
}

/** Stores a request; undefined when its reference is already taken (the caller draws another). */
export async function insertContactRequest(
  db: Db,
  row: ContactRequestRow,
): Promise<{ id: string; created_at: Date } | undefined> {
  const inserted = await db
    .insertInto('contact_requests')
    .values({ ...row, data: JSON.stringify(row.data) })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return inserted ? { id: String(inserted.id), created_at: new Date(inserted.created_at) } : undefined;
}
