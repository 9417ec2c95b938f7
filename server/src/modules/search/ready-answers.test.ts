import type { Server } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeWatchOf, type WriteWatch } from '../../db/write-watch.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { call, comparable, listen } from '../../test/over-sockets.ts';
import { TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';

// The catalogue's public answers kept as ready answers (decision 0198): a category's listing while its listing
// cache entry lives, a search while the catalogue stands. The real app on PGlite, two servers over one app — the
// full path alone, and the ready answers before it (as serve.ts mounts them) — compared byte for byte.
const TOKEN = 'ready-catalogue-bust-token-0123456789';
let t: TestApp | undefined;
let full: Server;
let fast: Server;
let watch: WriteWatch;
beforeAll(async () => {
  t = await startTestApp({ CACHE_TTL_SECONDS: '30', VALIDATE_RESPONSES: 'false', CACHE_BUST_TOKEN: TOKEN });
  const { app } = t;
  const readyAnswers = t.readyAnswers!;
  full = await listen(app);
  fast = await listen((req, res) => readyAnswers.answer(req, res) || void app(req, res));
  watch = writeWatchOf(t.database.db)!;
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => full?.close(resolve));
  await new Promise((resolve) => fast?.close(resolve));
  await t?.close();
});

const json = { accept: 'application/json' };
const answered = () => t!.readyAnswers!.answered;
/** Asks the fast server: its answer, and whether the ready answers gave it. */
async function ask(path: string, headers: Record<string, string> = json) {
  const before = answered();
  const answer = await call(fast, path, headers);
  return { answer, byFastPath: answered() > before, json: () => JSON.parse(answer.body.toString()) as unknown };
}
/** Asks both servers; the answers are the same but for the request id and the date. */
async function same(path: string, headers: Record<string, string>, method = 'GET') {
  const before = answered();
  const quick = await call(fast, path, headers, method);
  const byFastPath = answered() > before;
  const slow = await call(full, path, headers, method);
  expect({ path, headers, method, status: quick.status }).toEqual({ path, headers, method, status: slow.status });
  if (quick.headers['content-type']?.includes('problem')) return { quick, byFastPath };
  expect(comparable(quick)).toEqual(comparable(slow));
  expect(quick.body.equals(slow.body)).toBe(true);
  return { quick, byFastPath };
}
/** The full path answers until the URL is kept (a search: once its language's prefix index has loaded). */
async function kept(path: string) {
  for (const deadline = Date.now() + 15_000; ;) {
    await call(full, path, json);
    if ((await ask(path)).byFastPath) return;
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const bust = (caches: string[]) =>
  call(
    full,
    '/internal/cache/bust',
    { 'content-type': 'application/json', 'x-internal-token': TOKEN },
    'POST',
    JSON.stringify({ caches }),
  );
const search = (q: string, rest = '&pageSize=6&facets=false') =>
  `/api/data/search?brand=${TEST_BRAND}&locale=fr-fr&q=${encodeURIComponent(q)}${rest}`;
const postgres = testDatabaseKind() === 'postgres';
/** On PostgreSQL, waits until the write watch's epoch has moved `moves` times since `epoch` (notifications heard). */
async function heardMoves(epoch: number, moves: number): Promise<void> {
  if (!postgres) return;
  for (const deadline = Date.now() + 5_000; watch.epoch < epoch + moves;) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const idsOf = (body: unknown) => (body as { products: { id: string }[] }).products.map((p) => p.id);
/** A listed product sold in euros, in stock, by merchandising order. */
async function product(offset: number): Promise<string> {
  const r = await sql<{ pid: string }>`
    select p.pid from products p where p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_rd
      and p.is_sellable_online and p.is_ecom_assortment
      and exists (select 1 from product_variants v where v.pid = p.pid and v.stock > 0)
      and exists (select 1 from product_prices x where x.pid = p.pid and x.currency = 'EUR')
    order by p.rank offset ${offset} limit 1`.execute(t!.database.db);
  return (r.rows[0] as { pid: string }).pid;
}

describe('ready catalogue answers', () => {
  it('answer a category and searches as the full path does, byte for byte, whoever asks', async () => {
    const urls = [
      '/api/data/category/women?locale=fr-fr',
      search('sa'),
      `/api/data/search?brand=${TEST_BRAND}&locale=en-gb&q=bag`,
    ];
    for (const url of urls) {
      await kept(url);
      // The full path makes the compressed forms (on the kept body, a search's being made afresh each time).
      for (const encoding of ['gzip', 'br']) await call(full, url, { ...json, 'accept-encoding': encoding });
      const etag = String((await call(full, url, json)).headers.etag);
      const variants: [Record<string, string>, string, boolean][] = [
        [{}, 'GET', true],
        [{ 'accept-encoding': 'gzip' }, 'GET', true],
        [{ 'accept-encoding': 'gzip, deflate, br' }, 'GET', true],
        [{ 'if-none-match': etag }, 'GET', true],
        [{ 'if-none-match': etag, 'cache-control': 'no-cache' }, 'GET', true],
        // Whoever asks: a session, an employee-sale session's cookie, the visitor's country.
        [{ cookie: 'sid=someone; employee_sale=1', 'accept-encoding': 'br' }, 'GET', true],
        [{ 'cf-ipcountry': 'JP' }, 'GET', true],
        [{ 'accept-encoding': 'deflate' }, 'GET', false],
        [{}, 'HEAD', false],
      ];
      for (const [headers, method, expected] of variants) {
        const { byFastPath } = await same(url, { ...json, ...headers }, method);
        expect({ url, headers, method, byFastPath }).toEqual({ url, headers, method, byFastPath: expected });
      }
    }
  });

  it('keep no error: a brand this storefront does not serve, an unknown category, a query too short', async () => {
    for (const url of [
      `/api/data/search?brand=other&locale=fr-fr&q=sa`,
      '/api/data/category/no-such-category?locale=fr-fr',
      `/api/data/search?brand=${TEST_BRAND}&locale=fr-fr&q=%20`,
    ]) {
      await call(full, url, json);
      const { answer, byFastPath } = await ask(url);
      expect({ url, byFastPath }).toEqual({ url, byFastPath: false });
      expect(answer.status).not.toBe(200);
    }
  });

  it('end a search at the next catalogue write: through the database handle, and one the write watch only hears', async () => {
    const [pid, other] = [await product(3), await product(7)];
    const url = search('zorglub');
    await kept(url);
    expect(idsOf((await ask(url)).json())).toEqual([]);
    let epoch = watch.epoch;
    await sql`update product_translations set name = 'Zorglub Tapir' where pid = ${pid} and language = 'fr'`.execute(
      t!.database.db,
    );
    // On PostgreSQL the write's own notification comes back and moves the epoch again: wait for it, so that the
    // answer kept next is not ended by it.
    await heardMoves(epoch, 2);
    const after = await ask(url);
    expect(after.byFastPath).toBe(false);
    expect(idsOf(after.json())).toEqual([pid]);
    expect((await ask(url)).byFastPath).toBe(true);
    // Past the handle (another instance's write): answered as before until the watch hears of it.
    const past = `update product_translations set name = 'Zorglub Okapi' where pid = '${other}' and language = 'fr'`;
    if (postgres) {
      // Another connection: its notification is what the watch hears.
      epoch = watch.epoch;
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(past);
      } finally {
        await client.end();
      }
      await heardMoves(epoch, 1);
    } else {
      // The embedded database has no other connection: plain SQL past the handle, then what a notification does.
      await t!.database.pglite!.query(past);
      expect((await ask(url)).byFastPath).toBe(true);
      watch.changed();
    }
    const heard = await ask(url);
    expect(heard.byFastPath).toBe(false);
    expect(new Set(idsOf(heard.json()))).toEqual(new Set([pid, other]));
  });

  it('keep no search while other writers are not heard, nor past a markets reload', async () => {
    const url = search('ca');
    await kept(url);
    watch.heard = false;
    try {
      expect((await ask(url)).byFastPath).toBe(false);
      expect((await ask(url)).byFastPath).toBe(false);
    } finally {
      watch.heard = true;
    }
    await kept(url);
    expect((await bust(['markets'])).status).toBe(200);
    // The reload runs after the bust's answer: the kept search ends once it is done.
    for (const deadline = Date.now() + 10_000; (await ask(url)).byFastPath;) expect(Date.now()).toBeLessThan(deadline);
    await kept(url);
  });

  it('end a category with its listing cache entry: a bust, the end of its TTL', async () => {
    const url = '/api/data/category/women?locale=fr-fr&pageSize=12';
    await kept(url);
    expect((await bust(['catalog'])).status).toBe(200);
    expect((await ask(url)).byFastPath).toBe(false);
    expect((await ask(url)).byFastPath).toBe(true);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      expect((await ask(url)).byFastPath).toBe(false);
      expect((await ask(url)).byFastPath).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
