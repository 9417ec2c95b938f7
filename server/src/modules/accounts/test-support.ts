import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The data of the newest queued e-mail of a template to an address (its links hold the tokens). */
export async function lastMailData(db: Kysely<Database>, to: string, template: string): Promise<Record<string, string> | undefined> {
  const row = await db
    .selectFrom('email_outbox')
    .select('data')
    .where('recipient', '=', to.toLowerCase())
    .where('template', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? (row.data as Record<string, string>) : undefined;
}

export async function mailCount(db: Kysely<Database>, to: string): Promise<number> {
  const row = await db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('recipient', '=', to.toLowerCase()).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Query values of a link (`userId`, `token`). */
export function linkParams(url: string | undefined): URLSearchParams {
  return new URL(url ?? 'http://invalid/').searchParams;
}
