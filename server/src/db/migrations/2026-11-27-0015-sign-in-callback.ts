import { sql, type Kysely } from 'kysely';

// The sign-in callback (OAuth 2.0 authorization code with PKCE): a sign-in code may now be bound to a PKCE
// challenge instead of a session (the codes of an activation or a password reset that sign the shopper in at
// once), and the storefront keeps each pending sign-in's `state` against the browser's session. Secrets are
// stored as SHA-256 digests, except the PKCE verifier, which the callback must send (it proves nothing on its
// own: the code is single use and lives 60 seconds).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_in_codes alter column session_id drop not null`.execute(db);
  await sql`alter table sign_in_codes add column code_challenge text`.execute(db);
  await sql`alter table sign_in_codes add constraint sign_in_codes_bound check ((session_id is null) <> (code_challenge is null))`.execute(
    db,
  );

  await sql`create table sign_in_states (
    state_hash text primary key,
    session_id text not null references sessions(id) on delete cascade on update cascade,
    code_verifier text not null,
    continue_to text not null check (continue_to ~ '^/[a-z]{2}-[a-z]{2}/[a-z0-9/_-]*$'),
    locale text not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index sign_in_states_expiry on sign_in_states (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_states`.execute(db);
  await sql`delete from sign_in_codes where session_id is null`.execute(db);
  await sql`alter table sign_in_codes drop constraint sign_in_codes_bound`.execute(db);
  await sql`alter table sign_in_codes drop column code_challenge`.execute(db);
  await sql`alter table sign_in_codes alter column session_id set not null`.execute(db);
}
