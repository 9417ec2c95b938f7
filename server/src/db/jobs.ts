// Periodic jobs shared by every instance (docs/scaling.md#jobs). Each job has a row in `job_leases`; an
// instance runs it only after taking that row's lease, which it can only do when the job is due
// (`next_run_at`) and nobody holds it (`leased_until` past). So a sweep runs once per period across the
// instances, not once per instance; the items a run handles are claimed row by row on top of that (FOR UPDATE
// SKIP LOCKED in the jobs themselves), which is what makes overlapping runs — a lease that lapsed under a
// slow run — harmless. The lease is renewed while the job runs; a holder that crashed stops renewing it, and
// once it lapses the next instance to look takes the job.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from './database.ts';
import { isDatabaseUnavailable } from './availability.ts';

export interface JobTables {
  job_leases: {
    name: string;
    holder: string | null;
    leased_until: Date;
    next_run_at: Date;
    last_started_at: Date | null;
    last_finished_at: Date | null;
    last_error: string | null;
    runs: number;
  };
}

export interface JobDefinition {
  /** The row's name, shared by every instance. */
  name: string;
  /** From the end of one run to the next, across the instances. */
  periodMs: number;
  run: () => Promise<unknown>;
}

interface JobLogger {
  debug(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobSchedulerOptions {
  /** This instance in `job_leases.holder` (default: host, process id and a random suffix). */
  holder?: string;
  /** A lease lasts this long and is renewed every third of it while the job runs (default 30 s). */
  leaseMs?: number;
  /** Every job's period, whatever its own (JOB_PERIOD_MS: tests, demos). */
  periodMs?: number;
}

/** A name for this process in the lease table. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Takes the lease of a job when it is due and free; true when this holder now runs it. */
export async function claimJob(db: DB, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const r = await sql<{ name: string }>`
    insert into job_leases as j (name, holder, leased_until, next_run_at, last_started_at, runs)
    values (${name}, ${holder}, now() + ${leaseMs / 1000}::float8 * interval '1 second', now(), now(), 1)
    on conflict (name) do update
      set holder = excluded.holder, leased_until = excluded.leased_until, last_started_at = now(), runs = j.runs + 1
      where j.leased_until <= now() and j.next_run_at <= now()
    returning j.name`.execute(db);
  return r.rows.length === 1;
}

/** Extends a held lease; false when it is no longer this holder's (it lapsed and was taken). */
export async function renewJob(db: DB, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const r = await db
    .updateTable('job_leases')
    .set({ leased_until: sql`now() + ${leaseMs / 1000}::float8 * interval '1 second'` })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease back and sets the next run `periodMs` from now. */
export async function finishJob(
  db: DB,
  name: string,
  holder: string,
  periodMs: number,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({
      holder: null,
      leased_until: sql`now()`,
      next_run_at: sql`now() + ${periodMs / 1000}::float8 * interval '1 second'`,
      last_finished_at: sql`now()`,
      last_error: error,
    })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/**
 * Looks at each job one period after the start, then about four times per period (between 0.25 s and 60 s,
 * with some jitter so that instances started together do not ask at the same instant); runs it when its lease
 * is taken.
 */
export class JobScheduler {
  readonly holder: string;
  private readonly leaseMs: number;
  private readonly jobs: JobDefinition[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<unknown>>();
  private stopped = true;
  /** Runs this instance did, by job (tests, logs). */
  readonly runs = new Map<string, number>();
  /** Jobs whose lease could not be read because the database was away: said once per outage, not at every look. */
  private readonly unreachable = new Set<string>();

  constructor(
    private readonly db: DB,
    private readonly logger: JobLogger,
    private readonly options: JobSchedulerOptions = {},
  ) {
    this.holder = options.holder ?? instanceName();
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  add(job: JobDefinition): this {
    this.jobs.push(this.options.periodMs ? { ...job, periodMs: this.options.periodMs } : job);
    return this;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // The first look one period after the start, as a timer would: a process that starts does not sweep at once.
    for (const job of this.jobs) this.schedule(job, job.periodMs + this.checkEvery(job) * Math.random() * 0.25);
  }

  /** Stops looking; waits for the runs in progress (their leases are given back). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running.values()]);
  }

  private checkEvery(job: JobDefinition): number {
    return Math.min(60_000, Math.max(250, job.periodMs / 4));
  }

  private schedule(job: JobDefinition, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(job.name);
      const run = this.tick(job).finally(() => {
        this.running.delete(job.name);
        this.schedule(job, this.checkEvery(job) * (0.75 + Math.random() / 2));
      });
      this.running.set(job.name, run);
    }, delayMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  /** One look at a job: take its lease if due and free, run it, give the lease back. */
  async tick(job: JobDefinition): Promise<boolean> {
    let claimed = false;
    try {
      claimed = await claimJob(this.db, job.name, this.holder, this.leaseMs);
      this.unreachable.delete(job.name);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) this.logger.error({ err, job: job.name }, 'job: its lease could not be read');
      else if (!this.unreachable.has(job.name)) {
        // One line per outage, no stack: the database's absence is logged and answered elsewhere.
        this.unreachable.add(job.name);
        (this.logger.warn ?? this.logger.error).call(
          this.logger,
          { code: 'ERR_API_1003', job: job.name, reason: (err as Error).message },
          'job: the database does not answer; looking again later',
        );
      }
      return false;
    }
    if (!claimed) return false;
    const renewing = setInterval(() => {
      renewJob(this.db, job.name, this.holder, this.leaseMs).catch((err: unknown) =>
        this.logger.error(
          { code: 'ERR_API_1003', job: job.name, reason: (err as Error).message },
          'job: its lease could not be renewed',
        ),
      );
    }, this.leaseMs / 3);
    renewing.unref();
    let error: string | null = null;
    const started = Date.now();
    try {
      await job.run();
    } catch (err) {
      error = (err as Error)?.message?.slice(0, 500) ?? String(err);
      if (isDatabaseUnavailable(err))
        this.logger.error(
          { code: 'ERR_API_1003', job: job.name, reason: error },
          `${job.name} failed: the database does not answer`,
        );
      else this.logger.error({ err, job: job.name }, `${job.name} failed`);
    } finally {
      clearInterval(renewing);
    }
    this.runs.set(job.name, (this.runs.get(job.name) ?? 0) + 1);
    this.logger.debug({ job: job.name, ms: Date.now() - started }, 'job run');
    // Not given back (the database away): the lease lapses by itself.
    await finishJob(this.db, job.name, this.holder, job.periodMs, error).catch((err: unknown) =>
      this.logger.error(
        { code: 'ERR_API_1003', job: job.name, reason: (err as Error).message },
        'job: its lease could not be given back',
      ),
    );
    return true;
  }
}
