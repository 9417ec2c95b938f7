import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

/** Waits (up to 5 s) until no backend is connected to database `name`: a pool resolves its close before its sockets are gone. */
export async function backendsGone(db: DatabaseHandle['db'], name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(db);
    if (left.rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An empty database of its own on the PostgreSQL server of TEST_DATABASE_URL, for a test that writes what
 * the other files read or runs a server process of its own. `drop()` waits for the database's backends to
 * leave before the forced drop: a pool resolves its close before its sockets are gone, and a forced drop
 * meanwhile makes PostgreSQL send "terminating connection" to a closing client (an unhandled error).
 */
export async function ownDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin: DatabaseHandle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await backendsGone(admin.db, name);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}
