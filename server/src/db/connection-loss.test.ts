// A PostgreSQL connection that dies under the pool (a restart, a failover, `pg_terminate_backend`) is
// reported and replaced; it never ends the process. Only real PostgreSQL has backends to terminate.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/settings.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

const onPostgres = testDatabaseKind() === 'postgres';
if (!onPostgres) console.log('connection-loss.test.ts: PostgreSQL only (TEST_DB=postgres); skipped on PGlite.');

const lost: Error[] = [];
let handle: DatabaseHandle;
let admin: DatabaseHandle;
const tag = `connection-loss-${process.pid}`;

beforeAll(async () => {
  if (!onPostgres) return;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.searchParams.set('application_name', tag);
  handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 3, onConnectionError: (err) => lost.push(err) });
  admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
});
afterAll(async () => {
  await handle?.close();
  await admin?.close();
});

/** Ends every backend of the pool under test, as an administrator or a failover would. */
async function terminateAll(): Promise<number> {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${tag}) t`.execute(
    admin.db,
  );
  return r.rows[0]?.n ?? 0;
}
const until = async (ok: () => boolean, ms = 3_000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
};

describe.skipIf(!onPostgres)('a lost PostgreSQL connection', () => {
  it('idle connections: reported, dropped, and the next query opens a new one', async () => {
    // Three connections at once, then idle in the pool (the mail worker's between two polls).
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(handle.db)));
    const before = lost.length;
    expect(await terminateAll()).toBeGreaterThan(0);
    // Each connection reports on its own schedule: the query waits until the pool has dropped all three
    // (one still unreported would be lent and fail: the test would race the notices).
    await until(() => lost.length > before && handle.poolFigures?.().total === 0);
    expect(lost.length).toBeGreaterThan(before);
    expect(lost.at(-1)?.message).toMatch(/terminat/i);
    expect(handle.poolFigures?.().total).toBe(0);
    const r = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(r.rows[0]?.one).toBe(1);
  });

  it('a connection lost inside a transaction fails that transaction only; nothing of it is written', async () => {
    await sql`create table if not exists connection_loss_probe (x int)`.execute(handle.db);
    const before = lost.length;
    const marker = Date.now() % 1_000_000;
    const failed = await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into connection_loss_probe (x) values (${marker})`.execute(trx);
        // The backend dies while the application holds the connection between two statements.
        await terminateAll();
        await until(() => lost.length > before, 1_000);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => false,
        () => true,
      );
    expect(failed).toBe(true);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from connection_loss_probe where x = ${marker}`.execute(handle.db);
    expect(rows.rows[0]?.n).toBe(0);
    await sql`drop table connection_loss_probe`.execute(handle.db);
  });
});
