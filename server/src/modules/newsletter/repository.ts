import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The newsletter e-mails: the "no second e-mail within 24 hours" rule counts both. */
export const NEWSLETTER_TEMPLATES = ['newsletter-confirm', 'newsletter-welcome'] as const;

/** One consent answer as stored with a subscription (the time it was given). */
export interface StoredConsent {
  id: string;
  granted: boolean;
  version: string;
  at: string;
}

/**
 * Serialises the subscriptions of one address inside the caller's transaction (two requests at once
 * must not both insert, nor both send an e-mail).
 */
export async function lockAddress(trx: Db, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${email}`}))`.execute(trx);
}

export function findSubscription(db: Db, email: string, country: string) {
  return db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .where('country', '=', country)
    .executeTakeFirst();
}

/** The subscription a confirmation link names, whatever its state (a used link stays known). */
export function findByConfirmToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('newsletter_subscriptions')
    .select(['email', 'country', 'locale', 'status', 'confirm_token_expires_at', 'confirmed_at'])
    .where('confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Confirms the pending subscription of a link still valid at `now`, in one statement: of two clicks at once,
 * one only changes the row (and so sends the welcome e-mail). Undefined when nothing was confirmed.
 */
export function confirmPending(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ status: 'subscribed', confirmed_at: now, confirm_token_expires_at: null, updated_at: sql`now()` })
    .where('confirm_token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('confirm_token_expires_at', '>', now)
    .returning(['email', 'country', 'locale'])
    .executeTakeFirst();
}

/** What a subscription keeps besides its key (address and country). */
interface SubscriptionFields {
  civility: string;
  locale: string;
  source: string;
  consents: StoredConsent[];
  status: 'pending' | 'subscribed';
  confirm_token_hash: string | null;
  confirm_token_expires_at: Date | null;
}

export async function insertSubscription(
  db: Db,
  row: SubscriptionFields & { email: string; country: string },
): Promise<void> {
  await db
    .insertInto('newsletter_subscriptions')
    .values({ ...row, consents: JSON.stringify(row.consents) })
    .execute();
}

export async function updateSubscription(
  db: Db,
  key: { email: string; country: string },
  changes: Partial<SubscriptionFields>,
): Promise<void> {
  const { consents, ...rest } = changes;
  await db
    .updateTable('newsletter_subscriptions')
    .set({ ...rest, ...(consents ? { consents: JSON.stringify(consents) } : {}), updated_at: sql`now()` })
    .where('email', '=', key.email)
    .where('country', '=', key.country)
    .execute();
}

/** When the address was last sent a newsletter e-mail (confirmation or welcome), if ever. */
export async function lastNewsletterMailAt(db: Db, email: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('email_outbox')
    .select('created_at')
    .where('recipient', '=', email)
    .where('template', 'in', [...NEWSLETTER_TEMPLATES])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}
