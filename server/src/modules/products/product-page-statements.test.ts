// The statements one product page data request sends to the database, counted through the real database handle
// (the page cache off, as in the test app): the catalogue's product with its sizes, the product data's row with
// its names and its style's other colours, the layout. A read added to the page shows here first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { PGlite } from '@electric-sql/pglite';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { sellableVariant } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every statement sent while `work` runs (PGlite: the dialect sends each one through `query`). */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const pglite = t.database.pglite as PGlite;
  const query = pglite.query;
  const seen: string[] = [];
  pglite.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    seen.push(args[0]);
    return query.apply(this, args);
  } as PGlite['query'];
  try {
    await work();
  } finally {
    pglite.query = query;
  }
  return seen;
}

const tablesOf = (sql: string) => [...sql.matchAll(/from "(\w+)"/g)].map((m) => m[1]).join(',');

describe.skipIf(process.env.TEST_DB === 'postgres')('product page data: statements per request', () => {
  it('reads the product twice, side by side (catalogue, product data), and the layout: three statements', async () => {
    const v = await sellableVariant(t.database.db);
    for (const locale of ['fr-fr', 'ja-jp']) {
      const sent = await statementsOf(() => request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale }).expect(200));
      expect(sent.map(tablesOf)).toEqual(['products', 'products,products', 'content_components']);
    }
  });

  it('the same page again while nothing changed: the product from memory, the layout only (decision 0200); after a stock write, read again', async () => {
    const v = await sellableVariant(t.database.db);
    const get = () => statementsOf(() => request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale: 'de-de' }).expect(200));
    expect((await get()).map(tablesOf)).toEqual(['products', 'products,products', 'content_components']);
    expect((await get()).map(tablesOf)).toEqual(['content_components']);
    await t.database.db.updateTable('product_variants').set({ stock: 7 }).where('sku', '=', v.sku).execute();
    const after = await get();
    expect(after.map(tablesOf)).toEqual(['products', 'products,products', 'content_components']);
  });

  it('an unknown product costs no more', async () => {
    const sent = await statementsOf(() => request(t.app).get('/ssr/pr/ZZZZ0000NOPE?locale=fr-fr').expect(404));
    expect(sent.length).toBeLessThanOrEqual(2);
  });
});
