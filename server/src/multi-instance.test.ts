// Two real server processes (the server's entry, as deployed) on one PostgreSQL — and one Redis when
// TEST_REDIS_URL is set, otherwise their caches hear each other over LISTEN/NOTIFY — behind a round-robin
// proxy: each request goes to the other instance than the one before, as a load balancer without affinity
// would send them. What a shopper does through one instance holds through the other; limits, e-mails, jobs
// and caches behave as with one instance. PostgreSQL only (PGlite is one process's database).
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { enqueueMail } from './modules/mail/outbox.ts';
import { LIMITS } from './modules/accounts/service.ts';
import { RECAPTCHA, awayFromWindowEnd, insertCustomer, newIp } from './modules/accounts/test-support.ts';
import { orderBody, place } from './modules/checkout/test-support.ts';
import { ownDatabase } from './test/own-database.ts';
import { freePort, testDatabaseKind } from './test/settings.ts';
import { smtpServer } from './test/smtp-server.ts';

const onPostgres = testDatabaseKind() === 'postgres';
const redisUrl = process.env.TEST_REDIS_URL;
if (!onPostgres)
  console.log('multi-instance.test.ts: PostgreSQL only (TEST_DB=postgres with TEST_DATABASE_URL); skipped on PGlite.');

const root = join(import.meta.dirname, '../..');
const PRODUCTS = 30;
const TOKEN = `multi-instance-${randomBytes(8).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  name: 'A' | 'B';
  port: number;
  child: ChildProcessWithoutNullStreams;
  output: string;
  exited: Promise<number | null>;
}

let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
let db: DatabaseHandle | undefined;
const instances: Instance[] = [];
let proxy: Server | undefined;
let base = '';
const smtp = smtpServer();
const figures: string[] = [];

function start(name: Instance['name'], port: number, url: string, smtpPort: number): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redisUrl ?? '',
      WEB_CONCURRENCY: '1',
      CATALOG_PRODUCTS: String(PRODUCTS),
      // Caches on, as in production: what one instance busts, the other must drop.
      CACHE_TTL_SECONDS: '300',
      CACHE_BUST_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Client Service <client-service@shop.example.org>',
      // Paid orders move on every second; every periodic job looks several times a second.
      FULFILMENT_STEP_SECONDS: '1',
      JOB_PERIOD_MS: '300',
      LOG_LEVEL: 'warn',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const instance: Instance = {
    name,
    port,
    child,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout.on('data', (d) => (instance.output += d));
  child.stderr.on('data', (d) => (instance.output += d));
  return instance;
}

/** A round-robin proxy: request n goes to instance n mod 2; the answer says which one served it (`X-Instance`). */
function roundRobin(targets: Instance[]): Server {
  let next = 0;
  const keepAlive = new Agent({ keepAlive: true });
  return createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: keepAlive,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': target.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain', 'x-instance': target.name });
      res.end(String(err));
    });
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  if (!onPostgres) return;
  if (!existsSync(join(root, 'web/dist/server/entry-server.js')))
    execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
  // A database of its own, named after the run's (the instances migrate and seed it themselves).
  own = await ownDatabase(`${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_multi`);
  const smtpPort = await smtp.listen();
  const [portA, portB, proxyPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const started = Date.now();
  // Both at once on the empty database: one migrates and seeds, the other waits for it (advisory lock).
  instances.push(start('A', portA, own.url, smtpPort), start('B', portB, own.url, smtpPort));
  for (const i of instances) {
    while (!i.output.includes('Storefront ready')) {
      if (i.child.exitCode !== null) throw new Error(`instance ${i.name} exited:\n${i.output}`);
      if (Date.now() - started > 100_000) throw new Error(`instance ${i.name} not ready:\n${i.output}`);
      await sleep(100);
    }
  }
  figures.push(
    `two instances ready ${((Date.now() - started) / 1000).toFixed(1)} s after their start, caches told over ${redisUrl ? 'Redis' : 'LISTEN/NOTIFY'}`,
  );
  db = await openDatabase({ databaseUrl: own.url, poolSize: 2 });
  proxy = roundRobin(instances);
  await new Promise<void>((resolve) => proxy!.listen(proxyPort, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${proxyPort}`;
}, 150_000);

afterAll(async () => {
  if (figures.length) console.log(`multi-instance.test.ts: ${figures.join('; ')}`);
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => Promise.race([i.exited, sleep(5_000)])));
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await smtp.close();
  await db?.close();
  await own?.drop();
}, 60_000);

/** A browser through the proxy: keeps its cookies, sends same-origin Fetch Metadata. */
const browser = () => request.agent(base).set('Sec-Fetch-Site', 'same-origin');
const served = (res: { headers: Record<string, unknown> }) => String(res.headers['x-instance']);

describe.skipIf(!onPostgres)('two instances behind a round-robin proxy', () => {
  it('both started together on one empty database: migrated and seeded once', async () => {
    expect(instances.filter((i) => i.output.includes('demo catalogue seeded')).map((i) => i.name)).toHaveLength(1);
    const products = await db!.db
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(products.n).toBe(PRODUCTS);
    const migrations = await sql<{
      n: number;
      names: number;
    }>`select count(*)::int as n, count(distinct name)::int as names from kysely_migration`.execute(db!.db);
    expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.names);
  });

  it('a session and a basket made through one instance work through the other, up to a placed order', async () => {
    const v = await sellable(3);
    const a = browser();
    const added = await a
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: v.pid, size: v.size, quantity: 2 });
    expect(added.status).toBe(200);
    const read = await a.get('/api/data/basket/get-basket?locale=fr-fr');
    expect(served(read)).not.toBe(served(added));
    expect(read.status).toBe(200);
    expect(read.body.items.map((i: { pid: string; quantity: number }) => [i.pid, i.quantity])).toEqual([[v.pid, 2]]);
    const { body } = await orderBody(a as never, { email: `multi.${randomUUID().slice(0, 8)}@example.com` });
    const placed = await place(a as never, body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const after = await a.get('/api/data/basket/get-basket?locale=fr-fr');
    expect(served(after)).not.toBe(served(placed));
    expect(after.body.items).toEqual([]);
  });

  it('sign-in limits count across the instances', async () => {
    const limit = LIMITS.authnFailPerEmail;
    await awayFromWindowEnd(limit.windowSeconds, 10);
    const customer = await insertCustomer(db!.db);
    const login = (password: string) =>
      request(base)
        .post('/api/auth/login?locale=fr-fr')
        .set('Sec-Fetch-Site', 'same-origin')
        .set('X-Forwarded-For', newIp())
        .send({ email: customer.email, password, recaptchaToken: RECAPTCHA });
    const wrong = [];
    for (let i = 0; i < limit.max; i++) wrong.push(await login(`wrong-guess-${i}`));
    expect(wrong.map((r) => r.status)).toEqual(Array(limit.max).fill(401));
    expect(new Set(wrong.map(served))).toEqual(new Set(['A', 'B']));
    // The right password, on whichever instance: the address is locked for the window by the attempts on both.
    const right = await login(customer.password);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('ERR_API_1028');
  });

  it('a bust on one instance shows on the other in the next request', async () => {
    const v = await sellable(1);
    const original = (
      await db!.db
        .selectFrom('product_translations')
        .select('name')
        .where('pid', '=', v.pid)
        .where('language', '=', 'en')
        .executeTakeFirstOrThrow()
    ).name;
    const page = () => request(base).get(`/ssr/pr/${v.pid}?locale=en-us`).set('Accept', 'application/json');
    // Each instance answers once and keeps the page data.
    const first = [await page(), await page()];
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(first.map(served))).toEqual(new Set(['A', 'B']));
    const renamed = `${original} ${randomBytes(3).toString('hex')}`;
    await db!.db
      .updateTable('product_translations')
      .set({ name: renamed })
      .where('pid', '=', v.pid)
      .where('language', '=', 'en')
      .execute();
    const cached = [await page(), await page()];
    expect(
      cached.every((r) => JSON.stringify(r.body).includes(original) && !JSON.stringify(r.body).includes(renamed)),
    ).toBe(true);
    const bust = await request(base)
      .post('/internal/cache/bust')
      .set('X-Internal-Token', TOKEN)
      .send({ caches: ['page-data'] });
    expect(bust.status).toBe(200);
    const next = await page();
    expect(served(next)).not.toBe(served(bust));
    expect(JSON.stringify(next.body)).toContain(renamed);
    const then = await page();
    expect(served(then)).toBe(served(bust));
    expect(JSON.stringify(then.body)).toContain(renamed);
  });

  it('each job item is handled once: paid orders move on one step at a time, whichever instance looks', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) {
      const a = browser();
      const v = await sellable(2, i + 1);
      await a
        .post('/api/data/basket/add-item?locale=fr-fr')
        .send({ pid: v.pid, size: v.size, quantity: 1 })
        .expect(200);
      const { body } = await orderBody(a as never, { email: `fulfil.${i}.${randomUUID().slice(0, 8)}@example.com` });
      const placed = await place(a as never, body);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      orders.push(placed.body.orderNumber);
    }
    const started = Date.now();
    const states = () =>
      db!.db.selectFrom('orders').select(['id', 'status']).where('order_number', 'in', orders).execute();
    while ((await states()).some((o) => o.status !== 'delivered')) {
      if (Date.now() - started > 30_000) throw new Error(`not delivered: ${JSON.stringify(await states())}`);
      await sleep(250);
    }
    figures.push(
      `4 orders delivered by the demo fulfilment ${((Date.now() - started) / 1000).toFixed(1)} s after placement`,
    );
    const ids = (await states()).map((o) => o.id);
    const events = await db!.db
      .selectFrom('order_events')
      .select(['order_id', 'status', sql<number>`count(*)::int`.as('n')])
      .where('order_id', 'in', ids)
      .where('source', '=', 'fulfilment')
      .groupBy(['order_id', 'status'])
      .execute();
    // processing, shipped, delivered: once each per order, never twice.
    expect(events).toHaveLength(ids.length * 3);
    expect(events.every((e) => e.n === 1)).toBe(true);
    const shipments = await db!.db
      .selectFrom('order_shipments')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(shipments.n).toBe(ids.length);
    const lease = await db!.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'demo fulfilment')
      .executeTakeFirstOrThrow();
    expect(lease.runs).toBeGreaterThan(3);
  }, 60_000);

  it('each e-mail is sent once, whichever instance sends it', async () => {
    for (let i = 0; i < 50; i++) {
      await enqueueMail(db!.db, {
        to: `once.${i}@example.com`,
        template: 'contact-ack',
        locale: 'en-us',
        data: { reference: `CS-${i}`, subject: 'Alterations' },
      });
    }
    const started = Date.now();
    const pending = async () =>
      (
        await db!.db
          .selectFrom('email_outbox')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n;
    while ((await pending()) > 0) {
      if (Date.now() - started > 30_000) throw new Error(`${await pending()} e-mails still pending`);
      await sleep(250);
    }
    const rows = await db!.db.selectFrom('email_outbox').select(['recipient', 'status', 'attempts']).execute();
    // Every e-mail of this database: these, and the order confirmations of the tests above.
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    // Counted per address: an order's address also gets its "shipped" e-mail once the demo fulfilment (1 s a
    // step here) moves the order on, so an address may have several rows — each sent exactly once.
    const count = (addresses: string[]) => {
      const n = new Map<string, number>();
      for (const a of addresses) n.set(a, (n.get(a) ?? 0) + 1);
      return n;
    };
    expect(smtp.received).toHaveLength(rows.length);
    expect(count(smtp.received.flatMap((m) => m.to))).toEqual(count(rows.map((r) => r.recipient)));
  }, 45_000);

  it('the listing index of each instance sees a product added to the catalogue and a size sold out through the other instance', async () => {
    const v = await sellable(1, 6);
    const { slug } = await db!.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select('c.slug')
      .where('p.pid', '=', v.pid)
      .executeTakeFirstOrThrow();
    // A page size of its own per request: never a cached listing, always the listing index.
    let size = 40;
    const listing = (filters = '') =>
      request(base)
        .get(`/api/data/category/${slug}?locale=fr-fr&pageSize=${size++}${filters ? `&filters=${filters}` : ''}`)
        .set('Accept', 'application/json');
    const pidsOf = (res: request.Response) => (res.body.products as { id: string }[]).map((p) => p.id);
    const before = [await listing(), await listing()];
    expect(new Set(before.map(served))).toEqual(new Set(['A', 'B']));
    const total = before[0]!.body.totalNrOfProducts as number;
    expect(before[1]!.body.totalNrOfProducts).toBe(total);

    // A product added to the catalogue (a copy of this one, as a catalogue import would write it).
    const pid = `ZMI${randomBytes(3).toString('hex').toUpperCase()}`;
    // Every column copied (whatever columns the table has by then), but the product number and the slug.
    const copy = (table: string, changes: Record<string, unknown>) =>
      sql`insert into ${sql.table(table)} select (jsonb_populate_record(null::${sql.table(table)}, to_jsonb(t) || ${JSON.stringify(changes)}::jsonb)).* from ${sql.table(table)} t where t.pid = ${v.pid}`.execute(
        db!.db,
      );
    const { num } = (await sql<{ num: number }>`select max(num)::int + 1 as num from products`.execute(db!.db))
      .rows[0]!;
    await copy('products', { pid, num, slug: `copy-${pid.toLowerCase()}` });
    await copy('product_translations', { pid });
    await copy('product_prices', { pid });
    await sql`insert into product_variants (sku, pid, size, position, stock) select ${pid} || '-' || size, ${pid}, size, position, 5 from product_variants where pid = ${v.pid}`.execute(
      db!.db,
    );
    const added = [await listing(), await listing()];
    expect(new Set(added.map(served))).toEqual(new Set(['A', 'B']));
    for (const r of added) expect(r.body.totalNrOfProducts, served(r)).toBe(total + 1);

    // The original's sizes: one unit left in one size, none in the others; bought through one instance.
    await db!.db
      .updateTable('product_variants')
      .set({ stock: 0 })
      .where('pid', '=', v.pid)
      .where('sku', '<>', v.sku)
      .execute();
    await db!.db.updateTable('product_variants').set({ stock: 1 }).where('sku', '=', v.sku).execute();
    const inStock = [await listing('instock:true'), await listing('instock:true')];
    for (const r of inStock) expect(pidsOf(r), served(r)).toContain(v.pid);
    const shopper = browser();
    await shopper
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: v.pid, size: v.size, quantity: 1 })
      .expect(200);
    const { body } = await orderBody(shopper as never, { email: `last.${randomUUID().slice(0, 8)}@example.com` });
    const placed = await place(shopper as never, body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const soldOut = [await listing('instock:true'), await listing('instock:true')];
    expect(new Set(soldOut.map(served))).toEqual(new Set(['A', 'B']));
    for (const r of soldOut) expect(pidsOf(r), served(r)).not.toContain(v.pid);
  });

  it("each instance's search hit tiles show a new list price of a product on sale, written by another writer", async () => {
    // A product on sale in euros, named so that an autocomplete finds it alone (the listing fact holds the
    // sale price: a new list price changes what its tile shows, and no fact but the tile digest, decision 0192).
    const { pid, brand } = await db!.db
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'EUR'))
      .select(['p.pid', 'p.brand'])
      .where('pr.sale_price', 'is not', null)
      .where('p.is_employee_only', '=', false)
      .where('p.is_rd', '=', false)
      .orderBy('p.pid')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db!.db
      .updateTable('product_translations')
      .set({ name: 'Quiscale Soldé' })
      .where('pid', '=', pid)
      .where('language', '=', 'fr')
      .execute();
    const autocomplete = () =>
      request(base)
        .get(`/api/data/search?brand=${brand}&locale=fr-fr&q=quiscale&facets=false&pageSize=6`)
        .set('Accept', 'application/json');
    const tileOf = async () => {
      const res = await autocomplete();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const tiles = res.body.products as { id: string; price: { listPriceValue: number } }[];
      return { instance: served(res), price: tiles.find((t) => t.id === pid)?.price };
    };
    // Found by both, more than once each (each keeps the tile while its indexes answer from memory).
    let found = 0;
    for (const deadline = Date.now() + 5_000; found < 6;) {
      found = (await tileOf()).price ? found + 1 : 0;
      if (found < 6) expect(Date.now()).toBeLessThan(deadline);
    }
    const was = (await tileOf()).price!.listPriceValue;
    await db!.db
      .updateTable('product_prices')
      .set({ list_price: sql`list_price + 10` })
      .where('pid', '=', pid)
      .where('currency', '=', 'EUR')
      .execute();
    // Each instance shows it once it has heard of the write (its window at most), and keeps showing it.
    const shown = new Set<string>();
    for (const deadline = Date.now() + 5_000; shown.size < 2;) {
      const { instance, price } = await tileOf();
      if (price?.listPriceValue === was + 10) shown.add(instance);
      else expect(Date.now(), `${instance} still shows ${price?.listPriceValue}`).toBeLessThan(deadline);
    }
    for (let i = 0; i < 6; i++) expect((await tileOf()).price?.listPriceValue).toBe(was + 10);
  });

  it('both stop cleanly on SIGTERM (exit 0)', async () => {
    for (const i of instances) i.child.kill('SIGTERM');
    expect(await Promise.all(instances.map((i) => i.exited))).toEqual([0, 0]);
  }, 30_000);
});

/** A product sold online in euros with `minStock` units in a size; `offset` picks another one. */
async function sellable(minStock: number, offset = 0) {
  return db!.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.pid', 'v.pid')
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'EUR'))
    .select(['p.pid', 'v.size', 'v.sku'])
    .where('p.is_employee_only', '=', false)
    .where('p.is_sellable_online', '=', true)
    .where('p.is_ecom_assortment', '=', true)
    .where('p.is_coming_soon', '=', false)
    .where('p.sale_channel', '=', 'online')
    .where('v.stock', '>=', minStock)
    .orderBy('p.pid')
    .orderBy('v.sku')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
}
