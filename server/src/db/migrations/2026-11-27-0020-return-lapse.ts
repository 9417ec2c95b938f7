import { sql, type Kysely } from 'kysely';

// A return or exchange request whose items never reach us lapses (server/src/modules/returns/lapse.ts): it
// becomes `cancelled` with the reason `lapsed` and the time, and an exchange's reserved unit goes back to
// stock. The partial index serves the sweep: only open requests, oldest return-by date first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table return_requests add column cancel_reason text check (cancel_reason in ('lapsed'))`.execute(db);
  await sql`alter table return_requests add column cancelled_at timestamptz`.execute(db);
  await sql`alter table return_requests add constraint return_requests_cancel_check
    check ((cancel_reason is null and cancelled_at is null) or status = 'cancelled')`.execute(db);
  await sql`create index return_requests_open_idx on return_requests (return_by, id) where status = 'requested'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index return_requests_open_idx`.execute(db);
  await sql`alter table return_requests drop constraint return_requests_cancel_check`.execute(db);
  await sql`alter table return_requests drop column cancelled_at`.execute(db);
  await sql`alter table return_requests drop column cancel_reason`.execute(db);
}
