import { sql, type Kysely } from 'kysely';

// Accounts and customer contact (issue "Accounts and customer service"): the customer file, its address
// book and consents, sign-in codes, one-time account tokens, the e-mail outbox, rate-limit counters,
// newsletter subscriptions and contact requests. Secrets (session ids, codes, tokens) are stored as SHA-256
// digests only; passwords as argon2id hashes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table customers (
    id uuid primary key,
    client_id text not null unique,
    user_id text not null unique,
    email text not null unique check (email = lower(email) and length(email) <= 254),
    password_hash text,
    status text not null check (status in ('PROVISIONED', 'ACTIVE', 'PASSWORD_EXPIRED', 'LOCKED_OUT', 'SUSPENDED')),
    civility text,
    first_name text,
    last_name text,
    first_name_kana text,
    last_name_kana text,
    phone text,
    birth_date date,
    gender_preference text,
    locale text not null,
    country text not null,
    preferred_store_id text,
    is_employee boolean not null default false,
    activation_sent_at timestamptz,
    password_changed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table customer_addresses (
    id text primary key,
    customer_id uuid not null references customers(id) on delete cascade,
    position int not null,
    is_default boolean not null default false,
    data jsonb not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index customer_addresses_customer_idx on customer_addresses (customer_id, position)`.execute(db);
  // At most one default address per customer, whatever the application does.
  await sql`create unique index customer_addresses_default_idx on customer_addresses (customer_id) where is_default`.execute(
    db,
  );

  await sql`create table customer_consents (
    customer_id uuid not null references customers(id) on delete cascade,
    consent_id text not null,
    granted boolean not null,
    version text not null,
    updated_at timestamptz not null default now(),
    primary key (customer_id, consent_id)
  )`.execute(db);

  // The last passwords of an account (a new one may not repeat the last 4).
  await sql`create table password_history (
    id bigint generated always as identity primary key,
    customer_id uuid not null references customers(id) on delete cascade,
    password_hash text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index password_history_customer_idx on password_history (customer_id, id desc)`.execute(db);

  // Sign-in: the session knows its customer; a password change ends the customer's other sessions.
  await sql`alter table sessions add column customer_id uuid references customers(id) on delete set null`.execute(db);
  await sql`alter table sessions add column authenticated_at timestamptz`.execute(db);
  await sql`alter table sessions add column auth_seen_at timestamptz`.execute(db);
  await sql`create index sessions_customer_idx on sessions (customer_id) where customer_id is not null`.execute(db);
  // Sign-in and sign-out give the session a new id (no session fixation); what hangs on it follows.
  await sql`alter table baskets drop constraint baskets_session_id_fkey`.execute(db);
  await sql`alter table baskets add constraint baskets_session_id_fkey foreign key (session_id) references sessions(id) on delete cascade on update cascade`.execute(
    db,
  );

  // One-time sign-in codes of POST /authn, bound to the session that asked for them.
  await sql`create table sign_in_codes (
    code_hash text primary key,
    customer_id uuid not null references customers(id) on delete cascade,
    session_id text not null references sessions(id) on delete cascade on update cascade,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);

  // Activation and password-reset tokens: single use, the newest one of a kind supersedes the earlier ones.
  await sql`create table account_tokens (
    token_hash text primary key,
    customer_id uuid not null references customers(id) on delete cascade,
    kind text not null check (kind in ('activation', 'reset')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index account_tokens_customer_idx on account_tokens (customer_id, kind)`.execute(db);

  // Outgoing e-mail, written in the same transaction as the change it reports and sent by a worker.
  await sql`create table email_outbox (
    id bigint generated always as identity primary key,
    recipient text not null,
    template text not null,
    locale text not null,
    data jsonb not null default '{}',
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts int not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`.execute(db);
  await sql`create index email_outbox_pending_idx on email_outbox (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index email_outbox_recipient_idx on email_outbox (recipient, id desc)`.execute(db);

  // Fixed-window rate-limit counters; the key is a digest (an e-mail address is never stored in clear here).
  await sql`create table rate_limit_hits (
    bucket text not null,
    key_hash text not null,
    window_start timestamptz not null,
    hits int not null default 0,
    primary key (bucket, key_hash, window_start)
  )`.execute(db);
  await sql`create index rate_limit_hits_window_idx on rate_limit_hits (window_start)`.execute(db);

  await sql`create table newsletter_subscriptions (
    email text not null check (email = lower(email) and length(email) <= 254),
    country text not null,
    civility text not null,
    locale text not null,
    source text not null,
    consents jsonb not null,
    status text not null check (status in ('pending', 'subscribed')),
    confirm_token_hash text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (email, country)
  )`.execute(db);

  await sql`create table contact_requests (
    id bigint generated always as identity primary key,
    reference text not null unique,
    customer_id uuid references customers(id) on delete set null,
    email text not null,
    locale text not null,
    data jsonb not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'contact_requests',
    'newsletter_subscriptions',
    'rate_limit_hits',
    'email_outbox',
    'account_tokens',
    'sign_in_codes',
    'password_history',
    'customer_consents',
    'customer_addresses',
  ]) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
  await sql`alter table sessions drop column if exists customer_id, drop column if exists authenticated_at, drop column if exists auth_seen_at`.execute(
    db,
  );
  await sql`drop table if exists customers`.execute(db);
}
