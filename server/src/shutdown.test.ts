// The server process stopped by SIGTERM under load: kept-alive connections sending without pause, pages
// rendered on fresh connections and checkouts posted just before the signal (issue #18, "Shutdown drops
// requests"). The process runs on a PGlite data directory on disk, reopened after the exit to find the orders.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { buyableVariant, orderBodyFrom, setStock } from './modules/checkout/test-support.ts';
import { freePort, snapshotPath, TEST_BRAND } from './test/settings.ts';

const root = join(import.meta.dirname, '../..');
// Generous: the machine running the tests may be slow; a normal run exits within a few seconds.
const GRACE_MS = 30_000;
const LANES = 6;
const PAGES = 6;
const CHECKOUTS = 8;

interface Outcome {
  path: string;
  /** performance.now() when the request was sent, and when its answer ended (or it failed). */
  sentAt: number;
  at: number;
  status?: number;
  connection?: string | undefined;
  body?: string;
  setCookie?: string[] | undefined;
  /** The error code of a request that got no complete answer (ECONNREFUSED, ECONNRESET…). */
  error?: string;
}

interface SendOptions {
  agent?: http.Agent | false;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Told when the request has been handed to the system in full. */
  onSent?: () => void;
}

function send(port: number, path: string, options: SendOptions = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const sentAt = performance.now();
    const done = (o: Omit<Outcome, 'path' | 'sentAt' | 'at'>) => resolve({ path, sentAt, at: performance.now(), ...o });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          Accept: path.startsWith('/api') || path.endsWith('z') ? 'application/json' : 'text/html',
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          done({
            status: res.statusCode!,
            connection: res.headers.connection,
            body,
            setCookie: res.headers['set-cookie'],
          }),
        );
        res.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    if (options.onSent) req.on('finish', options.onSent);
    req.end(payload);
  });
}

/** One kept-alive connection sending the paths in turn, each as soon as the previous one is answered, until a request fails. */
async function lane(port: number, paths: string[], log: Outcome[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; ; i++) {
      const o = await send(port, paths[i % paths.length]!, { agent });
      log.push(o);
      if (o.error) return;
    }
  } finally {
    agent.destroy();
  }
}

interface Shopper {
  agent: http.Agent;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

async function shopper(port: number, v: { pid: string; size: string }): Promise<Shopper> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const same = { 'Sec-Fetch-Site': 'same-origin' };
  const add = await send(port, '/api/data/basket/add-item?locale=fr-fr', {
    agent,
    method: 'POST',
    headers: same,
    body: { pid: v.pid, size: v.size },
  });
  expect(add.status, add.body).toBe(200);
  const headers = { ...same, Cookie: (add.setCookie ?? []).map((c) => c.split(';')[0]).join('; ') };
  const options = await send(port, '/api/checkout/options?locale=fr-fr', { agent, headers });
  expect(options.status, options.body).toBe(200);
  const { body } = orderBodyFrom(JSON.parse(options.body!));
  return { agent, headers, body };
}

const dir = mkdtempSync(join(tmpdir(), 'storefront-shutdown-'));
let killedAt = 0;
let exitedAt = 0;
let exitCode: number | null = null;
let output = '';
const lanes: Outcome[][] = [];
let pages: Outcome[] = [];
let checkouts: Outcome[] = [];
let stored: { order_number: string; status: string }[] = [];

beforeAll(async () => {
  // The process serves pages from the production web build (npm test builds it first).
  if (!existsSync(join(root, 'web/dist/server/entry-server.js')))
    execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
  // The data directory: the run's snapshot when there is one (PGlite runs), else migrated and seeded here.
  const snapshot = existsSync(snapshotPath()) ? new Blob([readFileSync(snapshotPath())]) : undefined;
  const prep = await openDatabase({
    pgliteDir: join(dir, 'pglite'),
    ...(snapshot ? { pgliteSnapshot: snapshot } : {}),
  });
  if (!snapshot) {
    await migrateToLatest(prep.db);
    await seed(prep.db, { brand: TEST_BRAND, products: 30 });
  }
  const v = await buyableVariant(prep.db, { minStock: 1 });
  await setStock(prep.db, v.sku, 100);
  await prep.close();

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      BRAND: TEST_BRAND,
      DATABASE_URL: '',
      PGLITE_DIR: join(dir, 'pglite'),
      CACHE_TTL_SECONDS: '0',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      VITE_DEV: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exitedAt = performance.now();
      exitCode = code;
      resolve();
    }),
  );
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('Storefront ready') && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    if (!output.includes('Storefront ready')) throw new Error(`the server did not start:\n${output}`);

    const shoppers = await Promise.all(Array.from({ length: CHECKOUTS }, () => shopper(port, v)));
    // Kept-alive connections sending without pause; one of them asks for readiness only.
    const running = Array.from({ length: LANES }, (_, i) => {
      const log: Outcome[] = [];
      lanes.push(log);
      return lane(
        port,
        i === 0
          ? ['/readyz']
          : ['/healthz', '/readyz', '/api/data/basket/get-basket?locale=fr-fr', '/api/data/category?locale=fr-fr'],
        log,
      );
    });
    await new Promise((r) => setTimeout(r, 500));
    // Pages (rendered, no cache) on fresh connections and checkouts, half on fresh connections, half on the
    // shopper's kept-alive one: all sent in full, then the signal at once.
    const sent: Promise<void>[] = [];
    const sending = (): SendOptions['onSent'] => {
      let told!: () => void;
      sent.push(new Promise<void>((r) => (told = r)));
      return told;
    };
    const pagesDone = Array.from({ length: PAGES }, (_, i) =>
      send(port, ['/fr-fr/', '/en-us/', '/ja-jp/'][i % 3]!, { onSent: sending() }),
    );
    const checkoutsDone = shoppers.map((s, i) =>
      send(port, '/api/checkout/place-order?locale=fr-fr', {
        agent: i % 2 ? s.agent : false,
        method: 'POST',
        headers: { ...s.headers, 'Idempotency-Key': randomUUID() },
        body: s.body,
        onSent: sending(),
      }),
    );
    await Promise.all(sent);
    killedAt = performance.now();
    child.kill('SIGTERM');
    [pages, checkouts] = await Promise.all([Promise.all(pagesDone), Promise.all(checkoutsDone), Promise.all(running)]);
    await Promise.race([exited, new Promise((r) => setTimeout(r, GRACE_MS + 5_000))]);
    for (const s of shoppers) s.agent.destroy();
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  }
  const after = await openDatabase({ pgliteDir: join(dir, 'pglite') });
  const numbers = checkouts.flatMap((c) =>
    c.status === 201 ? [(JSON.parse(c.body!) as { orderNumber: string }).orderNumber] : [],
  );
  if (numbers.length)
    stored = await after.db
      .selectFrom('orders')
      .select(['order_number', 'status'])
      .where('order_number', 'in', numbers)
      .execute();
  await after.close();

  const all = [...lanes.flat(), ...pages, ...checkouts];
  const count = (f: (o: Outcome) => boolean) => all.filter(f).length;
  console.log(
    `shutdown under load: ${all.length} requests, ${count((o) => !o.error)} answered (${count((o) => o.at > killedAt && !o.error)} after the signal, ` +
      `${count((o) => o.at > killedAt && o.connection === 'close')} with Connection: close), ${count((o) => o.error === 'ECONNREFUSED')} refused, ` +
      `${count((o) => !!o.error && o.error !== 'ECONNREFUSED')} reset or cut (${[...new Set(all.flatMap((o) => (o.error && o.error !== 'ECONNREFUSED' ? [o.error] : [])))].join(', ') || 'none'}); ` +
      `exit ${exitCode} after ${Math.round(exitedAt - killedAt)} ms`,
  );
}, 150_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server process stopped by SIGTERM under load', () => {
  it('resets nothing: a request is answered, or refused because the listener has closed', () => {
    const failed = [...lanes.flat(), ...pages, ...checkouts].filter((o) => o.error && o.error !== 'ECONNREFUSED');
    expect(failed).toEqual([]);
    for (const log of lanes) {
      // Served; ended with a refused request, never with a reset one.
      expect(log.filter((o) => o.status === 200).length).toBeGreaterThan(0);
      expect(log.at(-1)?.error).toBe('ECONNREFUSED');
    }
  });

  it('answers with Connection: close once the listener has closed, and readiness 503', () => {
    const firstRefusal = Math.min(
      ...[...lanes.flat(), ...pages, ...checkouts].filter((o) => o.error === 'ECONNREFUSED').map((o) => o.at),
    );
    for (const log of lanes) {
      // A request sent once the listener was closed is answered with Connection: close.
      for (const o of log.filter((o) => o.sentAt > firstRefusal && !o.error)) expect(o.connection).toBe('close');
      const last = log.findLastIndex((o) => !o.error);
      expect(log[last]?.connection).toBe('close');
      // The client was told, and its next request found the listener closed.
      expect(log[last + 1]?.error).toBe('ECONNREFUSED');
    }
    const probes = lanes.flat().filter((o) => o.path === '/readyz' && o.connection === 'close');
    expect(probes.length).toBeGreaterThan(0);
    for (const p of probes) expect(p.status).toBe(503);
  });

  it('finishes the requests in progress: pages rendered, checkouts placed and stored', () => {
    expect(pages.map((p) => p.status)).toEqual(pages.map(() => 200));
    expect(checkouts.map((c) => c.error ?? c.status)).toEqual(checkouts.map(() => 201));
    // Some of them were still in progress at the signal (else this test proves nothing about them).
    expect([...pages, ...checkouts].filter((o) => o.at > killedAt).length).toBeGreaterThan(0);
    expect(stored).toHaveLength(CHECKOUTS);
    for (const o of stored) expect(o.status).toBe('paid');
  });

  it('exits 0 within the grace period, having closed the database', () => {
    expect(exitCode).toBe(0);
    expect(exitedAt - killedAt).toBeLessThan(GRACE_MS);
    expect(output).toContain('"msg":"stopped"');
  });
});
