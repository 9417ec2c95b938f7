// WEB_CONCURRENCY: the server's entry as a cluster of worker processes on one port. On PGlite more than one
// process is refused (one process only can open its data); on PostgreSQL two workers serve, a dead one is
// replaced, a worker that cannot start stops the whole, and SIGTERM stops every worker gracefully (exit 0).
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { ownDatabase } from './test/own-database.ts';
import { freePort, testDatabaseKind } from './test/settings.ts';

const root = join(import.meta.dirname, '../..');
const onPostgres = testDatabaseKind() === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Server {
  child: ChildProcessWithoutNullStreams;
  output: string;
  exited: Promise<number | null>;
  base: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      CATALOG_PRODUCTS: '30',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '5000',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const server: Server = {
    child,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    base: `http://127.0.0.1:${port}`,
  };
  child.stdout.on('data', (d) => (server.output += d));
  child.stderr.on('data', (d) => (server.output += d));
  return server;
}

async function ready(server: Server, ms = 90_000): Promise<void> {
  const started = Date.now();
  while (!server.output.includes('Storefront ready')) {
    if (server.child.exitCode !== null) throw new Error(`exited ${server.child.exitCode}:\n${server.output}`);
    if (Date.now() - started > ms) throw new Error(`not ready:\n${server.output}`);
    await sleep(100);
  }
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGKILL');
  await Promise.race([server.exited, sleep(5_000)]);
}

/** The worker processes of a primary (its other children, such as tsx's esbuild service, are not workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'server/src/main.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** One request on a connection of its own (the primary hands each new connection to the next worker). */
function get(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { agent: false, headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // A connection handed to a worker at the instant it is killed gets no answer: the client gives up.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(() => {
  if (!existsSync(join(root, 'web/dist/server/entry-server.js')))
    execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
}, 180_000);

describe('WEB_CONCURRENCY on the embedded database', () => {
  let server: Server | undefined;
  afterAll(() => stop(server));

  it('more than one process is refused, said in the log, and one process serves', async () => {
    server = await startServer({ WEB_CONCURRENCY: '2', PGLITE_DIR: 'memory://', DATABASE_URL: '' });
    await ready(server);
    expect(server.output).toMatch(
      /WEB_CONCURRENCY=2 refused: the embedded PGlite database can be opened by one process only; running 1 process/,
    );
    expect(server.output).not.toContain('worker processes');
    expect(childrenOf(server.child.pid!)).toEqual([]);
    expect((await get(server.base, '/readyz')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});

describe.skipIf(!onPostgres)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  let db: DatabaseHandle | undefined;
  let server: Server | undefined;
  let failing: Server | undefined;
  const TOKEN = 'cluster-test-token-0123456789';
  beforeAll(async () => {
    own = await ownDatabase(`${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_cluster`);
    server = await startServer({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: own.url,
      DATABASE_POOL_SIZE: '3',
      CACHE_TTL_SECONDS: '300',
      CACHE_BUST_TOKEN: TOKEN,
    });
    await ready(server);
    db = await openDatabase({ databaseUrl: own.url, poolSize: 1 });
  }, 120_000);
  afterAll(async () => {
    await stop(server);
    await stop(failing);
    await db?.close();
    await own?.drop();
  }, 30_000);

  it('two workers serve on one port; the catalogue was seeded once; each listens for invalidations', async () => {
    expect(server!.output).toMatch(
      /Storefront ready at .*demo catalogue seeded.* — 2 worker processes \(WEB_CONCURRENCY\)/,
    );
    expect(server!.output.match(/Storefront ready/g)).toHaveLength(1);
    expect(childrenOf(server!.child.pid!)).toHaveLength(2);
    const listening = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'listen "storefront_invalidation_%'`.execute(
      db!.db,
    );
    expect(listening.rows[0]?.n).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(server!.base, '/api/data/category/women-bags?locale=fr-fr')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  });

  it('a bust through one worker empties the caches of both', async () => {
    const { pid, name } = await db!.db
      .selectFrom('product_translations as t')
      .innerJoin('products as p', 'p.pid', 't.pid')
      .select(['t.pid', 't.name'])
      .where('t.language', '=', 'en')
      .where('p.is_employee_only', '=', false)
      .orderBy('t.pid')
      .limit(1)
      .executeTakeFirstOrThrow();
    const page = () => get(server!.base, `/ssr/pr/${pid}?locale=en-us`);
    // Both workers hold the page (connections go to the workers in turn).
    for (let i = 0; i < 4; i++) expect((await page()).body).toContain(name);
    await db!.db
      .updateTable('product_translations')
      .set({ name: `${name} (new)` })
      .where('pid', '=', pid)
      .where('language', '=', 'en')
      .execute();
    expect((await Promise.all([page(), page(), page(), page()])).every((r) => !r.body.includes(`${name} (new)`))).toBe(
      true,
    );
    const bust = await fetch(`${server!.base}/internal/cache/bust`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
      body: JSON.stringify({ caches: ['page-data'] }),
    });
    expect(bust.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await page()).body).toContain(`${name} (new)`);
  });

  it('a worker that dies is replaced, and the other serves meanwhile', async () => {
    const [victim, survivor] = childrenOf(server!.child.pid!);
    process.kill(victim!, 'SIGKILL');
    // The survivor answers at once (a request that was being handed to the victim may be lost, as with any crash).
    const answered = await Promise.all(
      [get(server!.base, '/readyz'), get(server!.base, '/readyz'), get(server!.base, '/readyz')].map((p) =>
        p.then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    expect(answered).toContain(200);
    const started = Date.now();
    let workers = childrenOf(server!.child.pid!);
    while (!(workers.length === 2 && server!.output.includes('the new worker serves'))) {
      if (Date.now() - started > 100_000) throw new Error(`not replaced: ${workers}\n${server!.output}`);
      await sleep(200);
      workers = childrenOf(server!.child.pid!);
    }
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
    expect(server!.output).toContain('a worker died: starting another');
    expect((await get(server!.base, '/api/data/category/women-bags?locale=fr-fr')).status).toBe(200);
  }, 150_000);

  it('SIGTERM under load: every request sent before it is answered, later connections refused (never reset), every worker stops, exit 0', async () => {
    const workers = childrenOf(server!.child.pid!);
    // Sixty listings on connections of their own, none from the cache (a page size each): the workers are busy at the signal.
    const outcome = (p: Promise<{ status: number }>) =>
      p.then(
        (r) => r.status,
        (err: NodeJS.ErrnoException) => err.code ?? err.message,
      );
    const inFlight = Array.from({ length: 60 }, (_, i) =>
      outcome(get(server!.base, `/api/data/category/women-bags?locale=fr-fr&pageSize=${20 + i}`)),
    );
    await sleep(30);
    server!.child.kill('SIGTERM');
    // And connections opened after the signal, one after the other, until they are refused.
    const after: (number | string)[] = [];
    while (after.at(-1) !== 'ECONNREFUSED' && after.length < 500)
      after.push(await outcome(get(server!.base, '/readyz')));
    const statuses = await Promise.all(inFlight);
    expect(statuses, JSON.stringify(statuses)).toEqual(Array(60).fill(200));
    expect(
      after.every((s) => s === 200 || s === 503 || s === 'ECONNREFUSED'),
      JSON.stringify(after),
    ).toBe(true);
    expect(after.at(-1)).toBe('ECONNREFUSED');
    expect(await server!.exited).toBe(0);
    expect(server!.output.match(/"msg":"stopped"/g)).toHaveLength(workers.length);
    expect(server!.output).toContain('stopped: every worker has exited');
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);

  it('a worker that cannot start stops the cluster: exit 1', async () => {
    const missing = new URL(own!.url);
    missing.pathname = `${missing.pathname}_missing`;
    failing = await startServer({ WEB_CONCURRENCY: '2', DATABASE_URL: missing.toString() });
    expect(await Promise.race([failing.exited, sleep(60_000).then(() => 'still running')])).toBe(1);
    expect(failing.output).toContain('a worker ended during its start: stopping');
  }, 90_000);
});
