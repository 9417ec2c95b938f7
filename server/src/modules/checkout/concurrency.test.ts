// Nothing lost, nothing doubled: checkouts, adds and key replays racing on a real PostgreSQL (PGlite has one
// connection and serialises everything, so it proves nothing about locks), and a server stopped mid-checkout.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { ownDatabase } from '../../test/own-database.ts';
import { freePort, testDatabaseKind } from '../../test/settings.ts';
import { MAX_QUANTITY_PER_PRODUCT } from '../basket/index.ts';
import { sweepUnpaidOrders } from '../orders/index.ts';
import { buyableVariant, orderBody, place, setStock, shopperWith, stockOf } from './test-support.ts';

const postgres = testDatabaseKind() === 'postgres';
let t: TestApp;
beforeAll(async () => {
  if (postgres) t = await startTestApp();
});
afterAll(async () => {
  if (postgres) await t.close();
});

/** Products of this file: offsets apart from the other checkout and order tests (they share the database). */
let next = 0;
const variant = (minStock = 5) => buyableVariant(t.database.db, { minStock, offset: 160 + next++ });

describe.skipIf(!postgres)('checkout under concurrency (PostgreSQL)', () => {
  it('50 concurrent checkouts for the last 5 units give exactly 5 orders, stock never below zero — 20 times', async () => {
    for (let round = 0; round < 20; round++) {
      const v = await variant();
      await setStock(t.database.db, v.sku, 50);
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWith(t.app, v, 1)));
      // One address per round: the round's orders are told apart from other files' (they share the database).
      const email = `race-${round}-${randomUUID()}@example.fr`;
      const { body } = await orderBody(shoppers[0]!, { email });
      await setStock(t.database.db, v.sku, 5);
      const results = await Promise.all(shoppers.map((s) => place(s, body)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(results.filter((r) => r.status === 409 && r.body.code === 'ERR_CHK_1002')).toHaveLength(45);
      expect(await stockOf(t.database.db, v.sku)).toBe(0);
      const mine = await sql<{
        paid: number;
        visible: number;
      }>`select count(*) filter (where status = 'paid')::int as paid,
        count(*) filter (where payment_status not in ('declined', 'abandoned'))::int as visible from orders where email = ${email}`.execute(
        t.database.db,
      );
      expect(mine.rows[0]).toEqual({ paid: 5, visible: 5 });
    }
  }, 240_000);

  it(`100 concurrent adds: one basket holds exactly ${MAX_QUANTITY_PER_PRODUCT} units, 100 baskets exactly one each`, async () => {
    const v = await variant();
    await setStock(t.database.db, v.sku, 200);
    const one = await shopperWith(t.app, v, 1);
    const same = await Promise.all(
      Array.from({ length: 100 }, () =>
        one.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size }),
      ),
    );
    expect(same.filter((r) => r.status === 200)).toHaveLength(MAX_QUANTITY_PER_PRODUCT - 1);
    expect(same.filter((r) => r.status === 409 && r.body.code === 'ERR_OCAPI_1010')).toHaveLength(
      100 - (MAX_QUANTITY_PER_PRODUCT - 1),
    );
    expect((await one.get('/api/data/basket/get-basket?locale=fr-fr').expect(200)).body.itemCount).toBe(
      MAX_QUANTITY_PER_PRODUCT,
    );

    const w = await variant();
    await setStock(t.database.db, w.sku, 200);
    const many = await Promise.all(
      Array.from({ length: 100 }, () =>
        agent(t.app).post('/api/data/basket/add-item?locale=fr-fr').send({ pid: w.pid, size: w.size }),
      ),
    );
    expect(many.every((r) => r.status === 200)).toBe(true);
    const units = await sql<{
      n: number;
    }>`select coalesce(sum(quantity), 0)::int as n from basket_items where sku = ${w.sku}`.execute(t.database.db);
    expect(units.rows[0]!.n).toBe(100);
  }, 60_000);

  it('100 concurrent replays of one Idempotency-Key give one order; another body under the key is refused', async () => {
    const v = await variant();
    const a = await shopperWith(t.app, v, 1);
    const email = `replay-${randomUUID()}@example.fr`;
    const { body } = await orderBody(a, { email });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 100 }, () => place(a, body, key)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.orderNumber)).size).toBe(1);
    // The others were told the first is in progress (retry), never a second order.
    expect(results.every((r) => r.status === 201 || (r.status === 409 && r.body.code === 'ERR_CHK_1003'))).toBe(true);
    const orders = await sql<{ n: number }>`select count(*)::int as n from orders where email = ${email}`.execute(
      t.database.db,
    );
    expect(orders.rows[0]!.n).toBe(1);
    const replay = await place(a, body, key).expect(201);
    expect(replay.body.orderNumber).toBe(created[0]!.body.orderNumber);
    expect((await place(a, { ...body, lastName: 'Durand' }, key).expect(422)).body.code).toBe('ERR_CHK_1004');
  }, 60_000);
});

async function startServer(
  url: string,
  port: number,
): Promise<{ child: ChildProcess; exited: Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: join(import.meta.dirname, '../../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      CATALOG_PRODUCTS: '60',
      SHUTDOWN_GRACE_MS: '10000',
      VITE_DEV: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Storefront ready') && child.exitCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  if (!output.includes('Storefront ready')) throw new Error(`the server did not start:\n${output}`);
  return { child, exited, output: () => output };
}

describe.skipIf(!postgres)('a server stopped during checkout (PostgreSQL)', () => {
  // A database of its own, for a server process stopped mid-checkout.
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let db: DatabaseHandle;
  beforeAll(async () => {
    // The process serves pages from the production web build (npm test builds it first).
    const root = join(import.meta.dirname, '../../../..');
    if (!existsSync(join(root, 'web/dist/server/entry-server.js')))
      execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
    own = await ownDatabase(`checkout_stop_${process.pid}`);
  }, 240_000);
  afterAll(async () => {
    await db?.close();
    await own.drop();
  });

  /** No order without lines, and every unit is either in stock or in an order that holds it. */
  async function invariants(sku: string, initial: number) {
    const orphans = await sql<{
      n: number;
    }>`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`.execute(
      db.db,
    );
    expect(orphans.rows[0]!.n).toBe(0);
    const held = await sql<{
      n: number;
    }>`select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id
      where i.sku = ${sku} and o.status <> 'cancelled'`.execute(db.db);
    const stock = (
      await db.db.selectFrom('product_variants').select('stock').where('sku', '=', sku).executeTakeFirstOrThrow()
    ).stock;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + held.rows[0]!.n).toBe(initial);
  }

  async function burst(signal: 'SIGTERM' | 'SIGKILL') {
    const port = await freePort();
    const server = await startServer(own.url, port);
    db ??= await openDatabase({ databaseUrl: own.url, poolSize: 2 });
    try {
      const base = `http://127.0.0.1:${port}`;
      const v = await buyableVariant(db.db, { minStock: 1, offset: signal === 'SIGTERM' ? 0 : 3 });
      await setStock(db.db, v.sku, 100);
      const shoppers = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const a = request.agent(base).set('Sec-Fetch-Site', 'same-origin');
          await a.post('/api/data/basket/add-item?locale=fr-fr').send({ pid: v.pid, size: v.size }).expect(200);
          return a;
        }),
      );
      const { body } = await orderBody(shoppers[0]!);
      // A request the stopping server never answered ends in a connection error (undefined here).
      const inFlight = shoppers.map((s) =>
        place(s, body).then(
          (r) => ({ status: r.status, body: r.body as { orderNumber?: string } }),
          () => undefined,
        ),
      );
      await new Promise((r) => setTimeout(r, 40));
      server.child.kill(signal);
      const results = await Promise.all(inFlight);
      const code = await server.exited;
      if (signal === 'SIGTERM') {
        // Graceful: every checkout sent before the signal is answered (none reset), then the process exits 0.
        expect(code).toBe(0);
        expect(results.map((r) => r?.status)).toEqual(results.map(() => 201));
      }
      // Whatever was answered 201 is a paid order; nothing is half-written.
      for (const r of results) {
        if (r?.status === 201) {
          const row = await db.db
            .selectFrom('orders')
            .select(['status', 'payment_status'])
            .where('order_number', '=', r.body.orderNumber!)
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ status: 'paid', payment_status: 'authorised' });
        }
      }
      await invariants(v.sku, 100);
      // A payment cut off mid-way is settled by the sweep; the invariants still hold afterwards.
      await sweepUnpaidOrders(db.db, new Date(Date.now() + 16 * 60_000));
      const pending = await sql<{
        n: number;
      }>`select count(*)::int as n from orders where payment_status in ('pending', 'actionRequired')`.execute(db.db);
      expect(pending.rows[0]!.n).toBe(0);
      await invariants(v.sku, 100);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }

  it(
    'SIGTERM during a burst of checkouts: in-flight orders complete, none half-written, stock conserved',
    () => burst('SIGTERM'),
    150_000,
  );
  it(
    'SIGKILL during a burst of checkouts: no half-written order, stock conserved once the sweep settles payments',
    () => burst('SIGKILL'),
    150_000,
  );
});
