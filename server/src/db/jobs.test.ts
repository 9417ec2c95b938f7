// Periodic jobs across instances (job_leases): a due job is run by one instance per period, a crashed
// holder's lease lapses and another instance takes the job, a long run keeps its lease. On PGlite and
// PostgreSQL; the race of many instances at the same instant only means something on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabaseKind } from '../test/settings.ts';
import { claimJob, finishJob, JobScheduler } from './jobs.ts';

const quiet = { debug: () => undefined, error: () => undefined };
const onPostgres = testDatabaseKind() === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Job names of this run: files sharing a PostgreSQL database never see each other's. */
const jobName = (what: string) => `test ${what} ${randomBytes(4).toString('hex')}`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('periodic jobs shared by instances', () => {
  it('a due job runs on one instance; the others find it not due until its period has passed', async () => {
    const name = jobName('period');
    let runs = 0;
    const job = { name, periodMs: 600, run: async () => void runs++ };
    const a = new JobScheduler(t.database.db, quiet, { holder: 'instance-a' }).add(job);
    const b = new JobScheduler(t.database.db, quiet, { holder: 'instance-b' }).add(job);
    expect(await a.tick(job)).toBe(true);
    expect(await b.tick(job)).toBe(false);
    expect(await a.tick(job)).toBe(false);
    expect(runs).toBe(1);
    await sleep(700);
    expect(await b.tick(job)).toBe(true);
    expect(runs).toBe(2);
    const row = await t.database.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: null, runs: 2, last_error: null });
  });

  it('a failed run is recorded and the job runs again after its period', async () => {
    const name = jobName('failure');
    const job = { name, periodMs: 300, run: async () => Promise.reject(new Error('sweep failed')) };
    const a = new JobScheduler(t.database.db, quiet, { holder: 'instance-a' });
    expect(await a.tick(job)).toBe(true);
    const row = await t.database.db
      .selectFrom('job_leases')
      .select(['holder', 'last_error'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ holder: null, last_error: 'sweep failed' });
    await sleep(350);
    expect(await a.tick(job)).toBe(true);
  });

  it("a crashed holder's lease lapses: another instance takes the job then, not before", async () => {
    const name = jobName('crash');
    // The holder takes the lease and dies: it never renews it nor gives it back.
    expect(await claimJob(t.database.db, name, 'crashed-instance', 800)).toBe(true);
    let runs = 0;
    const job = { name, periodMs: 60_000, run: async () => void runs++ };
    const b = new JobScheduler(t.database.db, quiet, { holder: 'instance-b' });
    expect(await b.tick(job)).toBe(false);
    await sleep(900);
    expect(await b.tick(job)).toBe(true);
    expect(runs).toBe(1);
    // The crashed holder, back, cannot give back a lease it no longer holds.
    await finishJob(t.database.db, name, 'crashed-instance', 0, null);
    const row = await t.database.db
      .selectFrom('job_leases')
      .select(['holder', sql<boolean>`next_run_at > now() + interval '30 seconds'`.as('later')])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ holder: null, later: true });
  });

  it('a run longer than its lease keeps it (renewed while it runs)', async () => {
    const name = jobName('long');
    let release: () => void = () => undefined;
    let runs = 0;
    // The first run lasts until released; the next one is quick.
    const job = {
      name,
      periodMs: 100,
      run: () => (runs++ ? Promise.resolve() : new Promise<void>((r) => (release = r))),
    };
    const a = new JobScheduler(t.database.db, quiet, { holder: 'instance-a', leaseMs: 300 });
    const b = new JobScheduler(t.database.db, quiet, { holder: 'instance-b', leaseMs: 300 });
    const running = a.tick(job);
    await sleep(50);
    // Well past the first lease: renewed every 100 ms.
    await sleep(700);
    expect(await b.tick(job)).toBe(false);
    release();
    expect(await running).toBe(true);
    await sleep(150);
    expect(await b.tick(job)).toBe(true);
    expect(runs).toBe(2);
  });

  it('started schedulers share a frequent job: each period runs once, whichever instance runs it', async () => {
    const name = jobName('schedulers');
    const runs: string[] = [];
    const schedulers = ['a', 'b', 'c'].map((h) =>
      new JobScheduler(t.database.db, quiet, { holder: h }).add({
        name,
        periodMs: 400,
        run: async () => void runs.push(h),
      }),
    );
    for (const s of schedulers) s.start();
    await sleep(2_100);
    await Promise.all(schedulers.map((s) => s.stop()));
    // 2.1 s at one run per 0.4 s (plus up to a quarter period of looking): at most 6, never one per instance per period.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(6);
  });
});

describe.skipIf(!onPostgres)('periodic jobs under a race (PostgreSQL)', () => {
  it('twelve instances looking at the same instant: exactly one runs the job', async () => {
    const name = jobName('race');
    let runs = 0;
    const job = { name, periodMs: 60_000, run: async () => void runs++ };
    // First look creates the row; then a second round on an existing, due row.
    for (const round of [1, 2]) {
      if (round === 2)
        await t.database.db
          .updateTable('job_leases')
          .set({ next_run_at: sql`now()` })
          .where('name', '=', name)
          .execute();
      const took = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          new JobScheduler(t.database.db, quiet, { holder: `instance-${i}` }).tick(job),
        ),
      );
      expect(took.filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(round);
    }
  });
});
