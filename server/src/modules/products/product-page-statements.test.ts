// The statements one product page data request sends to the database, counted through the real database handle
// (the page cache off, as in the test app): the catalogue's product with its sizes, the product data's row with
// its names and its style's other colours, the layout. A read added to the page shows here first. The product's
// rows are kept while the catalogue stands (decision 0200), the layout's while the content does (decision 0201).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { PGlite } from '@electric-sql/pglite';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { sellableVariant } from '../../test/fixtures.ts';

const TOKEN = 'test-cache-bust-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CACHE_BUST_TOKEN: TOKEN });
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

  it('the same page again while nothing changed: no statement (decisions 0200, 0201); after a stock write the product is read again, the layout not', async () => {
    const v = await sellableVariant(t.database.db);
    const get = () => statementsOf(() => request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale: 'de-de' }).expect(200));
    expect((await get()).map(tablesOf)).toEqual(['products', 'products,products', 'content_components']);
    expect((await get()).map(tablesOf)).toEqual([]);
    await t.database.db.updateTable('product_variants').set({ stock: 7 }).where('sku', '=', v.sku).execute();
    expect((await get()).map(tablesOf)).toEqual(['products', 'products,products']);
  });

  it('a content write, a content bust and a second read the layout again; the product stays in memory', async () => {
    const v = await sellableVariant(t.database.db);
    const get = () => statementsOf(() => request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale: 'es-es' }).expect(200));
    await get();
    expect((await get()).map(tablesOf)).toEqual([]);
    // A write of this process to a content table (a publication by SQL) moves the content's epoch.
    await t.database.db
      .updateTable('content_components')
      .set({ position: 0 })
      .where('id', '=', 'no-such-component')
      .execute();
    expect((await get()).map(tablesOf)).toEqual(['content_components']);
    expect((await get()).map(tablesOf)).toEqual([]);
    // A bust of the content cache (what a publication elsewhere sends).
    await request(t.app)
      .post('/internal/cache/bust')
      .set('X-Internal-Token', TOKEN)
      .send({ caches: ['content'] })
      .expect(200);
    expect((await get()).map(tablesOf)).toEqual(['content_components']);
    // The age bound: a row read more than a second ago is read again.
    await new Promise((r) => setTimeout(r, 1_050));
    expect((await get()).map(tablesOf)).toEqual(['products', 'products,products', 'content_components']);
  });

  it('an unknown product costs no more', async () => {
    const sent = await statementsOf(() => request(t.app).get('/ssr/pr/ZZZZ0000NOPE?locale=fr-fr').expect(404));
    expect(sent.length).toBeLessThanOrEqual(2);
  });
});
