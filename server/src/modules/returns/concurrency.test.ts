// The last unit of a size, asked for by several exchanges at once, goes to exactly one of them (real PostgreSQL:
// PGlite has one connection and serialises everything, so it proves nothing about locks).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseKind } from '../../test/settings.ts';
import { deliveredOrder, stockOf, twoSizeProducts } from './test-support.ts';

const postgres = testDatabaseKind() === 'postgres';
let t: TestApp;
beforeAll(async () => {
  if (postgres) t = await startTestApp();
});
afterAll(async () => {
  if (postgres) await t.close();
});

const N = 8;

describe.skipIf(!postgres)('exchanges under concurrency (PostgreSQL)', () => {
  it(`${N} concurrent exchanges for the last unit of a size: exactly one, stock 0, the others write nothing`, async () => {
    // Products of this file: after the ones returns.test.ts takes (they share PostgreSQL).
    const [v] = await twoSizeProducts(t.database.db, 1, 40);
    const orders = [];
    for (let i = 0; i < N; i++) orders.push((await deliveredOrder(t.app, t.database.db, v!)).order);
    await t.database.db.updateTable('product_variants').set({ stock: 1 }).where('sku', '=', v!.other.sku).execute();
    const results = await Promise.all(
      orders.map((o) =>
        agent(t.app)
          .post('/api/data/order/return-request?locale=fr-fr')
          .send({
            transactionUuid: o.transactionUuid,
            flowType: 'Exchange',
            lines: [{ itemId: '1', quantity: 1, reasonId: 'size-too-small', exchangeSize: v!.other.size }],
            returnMethod: 'ShipToReturnCenter',
            handover: 'dropOff',
          }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'ERR_OCAPI_1011')).toHaveLength(N - 1);
    expect(await stockOf(t.database.db, v!.other.sku)).toBe(0);
    const numbers = orders.map((o) => o.orderNumber);
    const written = await sql<{ requests: number; lines: number }>`
      select count(distinct r.id)::int as requests, count(l.id)::int as lines from return_requests r
      join orders o on o.id = r.order_id left join return_lines l on l.return_id = r.id where o.order_number = any(${numbers})`.execute(
      t.database.db,
    );
    expect(written.rows[0]).toEqual({ requests: 1, lines: 1 });
    const marked = await sql<{
      n: number;
    }>`select count(*)::int as n from orders where order_number = any(${numbers}) and status = 'returnRequested'`.execute(
      t.database.db,
    );
    expect(marked.rows[0]!.n).toBe(1);
  }, 120_000);

  it('the same line asked twice at once: one request, the other refused (ERR_API_1025)', async () => {
    const [v] = await twoSizeProducts(t.database.db, 1, 41);
    const { order } = await deliveredOrder(t.app, t.database.db, v!);
    const body = {
      transactionUuid: order.transactionUuid,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => agent(t.app).post('/api/data/order/return-request?locale=fr-fr').send(body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'ERR_API_1025')).toBe(true);
  }, 60_000);
});
