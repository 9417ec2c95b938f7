// The lapse sweep under concurrency (real PostgreSQL: PGlite has one connection and serialises everything).
// Several sweeps at once share the lapsed requests (FOR UPDATE SKIP LOCKED) and release each reserved unit
// exactly once; a request marked received while a sweep runs is either received (nothing released) or lapsed
// (its unit released), never both. Requests here have return-by dates in January 2010 and are swept "as of"
// 2010; a sweep of another file may lapse them too, so only invariants are asserted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseKind } from '../../test/settings.ts';
import { sweepLapsedReturns } from './lapse.ts';
import { lapsingExchange, lapseState, stockOf, twoSizeProducts } from './test-support.ts';

const postgres = testDatabaseKind() === 'postgres';
let t: TestApp;
beforeAll(async () => {
  if (postgres) t = await startTestApp();
});
afterAll(async () => {
  if (postgres) await t.close();
});

const NOW = new Date('2010-01-18T00:00:00.000Z');
const sweep = (batch: number) =>
  sweepLapsedReturns(t.database.db, { publicOrigin: 'https://shop.example.org', now: NOW, batch });

describe.skipIf(!postgres)('the lapse sweep under concurrency (PostgreSQL)', () => {
  it('4 sweeps at once over 8 lapsed exchanges: each lapses once, each unit comes back once', async () => {
    // Products of this file: after the ones the other return tests take (they share PostgreSQL).
    const [v] = await twoSizeProducts(t.database.db, 1, 30);
    await t.database.db
      .updateTable('product_variants')
      .set({ stock: 20 })
      .where('sku', 'in', [v!.sku, v!.other.sku])
      .execute();
    const requests = [];
    for (let i = 0; i < 8; i++)
      requests.push((await lapsingExchange(t.app, t.database.db, v!, { returnBy: '2010-01-10' })).returnNumber);
    expect(await stockOf(t.database.db, v!.other.sku)).toBe(12);
    const counts = await Promise.all([sweep(2), sweep(2), sweep(3), sweep(1)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8);
    expect(await stockOf(t.database.db, v!.other.sku)).toBe(20);
    for (const n of requests)
      expect(await lapseState(t.database.db, n), n).toEqual({
        status: 'cancelled',
        cancel_reason: 'lapsed',
        cancelled: true,
        events: 1,
        mails: 1,
      });
    // Done: nothing is left to lapse, whatever runs again.
    await Promise.all([sweep(5), sweep(5)]);
    expect(await stockOf(t.database.db, v!.other.sku)).toBe(20);
  }, 120_000);

  it('"received" racing the sweep: each request is received or lapsed, and released only if lapsed', async () => {
    const [v] = await twoSizeProducts(t.database.db, 1, 31);
    await t.database.db
      .updateTable('product_variants')
      .set({ stock: 20 })
      .where('sku', 'in', [v!.sku, v!.other.sku])
      .execute();
    const requests: string[] = [];
    for (let i = 0; i < 8; i++)
      requests.push((await lapsingExchange(t.app, t.database.db, v!, { returnBy: '2010-01-10' })).returnNumber);
    expect(await stockOf(t.database.db, v!.other.sku)).toBe(12);
    // What the return centre's receipt will do: a conditional update that only an open request takes.
    const receive = (n: string) =>
      sql`update return_requests set status = 'received' where return_number = ${n} and status = 'requested'`
        .execute(t.database.db)
        .then((r) => Number(r.numAffectedRows ?? 0n));
    const results = await Promise.all([
      sweep(1),
      ...requests.map((n, i) =>
        i % 2 ? receive(n) : new Promise<void>((ok) => setTimeout(ok, 2)).then(() => receive(n)),
      ),
      sweep(2),
    ]);
    const received = results.slice(1, -1);
    const states = await Promise.all(requests.map((n) => lapseState(t.database.db, n)));
    states.forEach((s, i) => {
      if (received[i] === 1)
        expect(s, requests[i]).toEqual({
          status: 'received',
          cancel_reason: null,
          cancelled: false,
          events: 0,
          mails: 0,
        });
      else
        expect(s, requests[i]).toEqual({
          status: 'cancelled',
          cancel_reason: 'lapsed',
          cancelled: true,
          events: 1,
          mails: 1,
        });
    });
    const lapsed = states.filter((s) => s.status === 'cancelled').length;
    expect(await stockOf(t.database.db, v!.other.sku)).toBe(12 + lapsed);
  }, 120_000);
});
