import { sql, type Kysely } from 'kysely';

// Newsletter double opt-in confirmation: the confirmation link is found by the digest of its token (unique,
// indexed), lapses 7 days after it was sent, and stays known once used so that following it again answers
// "already confirmed" (`confirmed_at` says when).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table newsletter_subscriptions add column confirm_token_expires_at timestamptz`.execute(db);
  await sql`alter table newsletter_subscriptions add column confirmed_at timestamptz`.execute(db);
  await sql`update newsletter_subscriptions set confirm_token_expires_at = updated_at + interval '7 days' where confirm_token_hash is not null`.execute(
    db,
  );
  await sql`create unique index newsletter_subscriptions_confirm_token on newsletter_subscriptions (confirm_token_hash) where confirm_token_hash is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index newsletter_subscriptions_confirm_token`.execute(db);
  await sql`alter table newsletter_subscriptions drop column confirmed_at`.execute(db);
  await sql`alter table newsletter_subscriptions drop column confirm_token_expires_at`.execute(db);
}
