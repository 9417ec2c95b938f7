import { sql, type Kysely } from 'kysely';

// Periodic jobs (sweeps, pruning, demo fulfilment) ran on a timer in every process: with N instances, N
// times per period. A job now runs when its row here is free and due: the instance that takes the lease
// (`holder`, `leased_until`, renewed while it runs) runs it and sets `next_run_at`; the others find it
// taken or not due. A crashed holder's lease lapses and another instance takes the job (`db/jobs.ts`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table job_leases (
    name text primary key,
    holder text,
    leased_until timestamptz not null default '-infinity',
    next_run_at timestamptz not null default '-infinity',
    last_started_at timestamptz,
    last_finished_at timestamptz,
    last_error text,
    runs bigint not null default 0
  )`.execute(db);
}
