// The search prefix index against PostgreSQL's full text, which stays the reference: the same autocomplete
// hits, counts and orders and the same results pages for many prefixes in nine languages (CJK included), on
// the seeded catalogue; how it follows the database (a product renamed, unpriced, added, deleted — by another
// writer; on PostgreSQL a transaction that commits after the index read past it); and PostgreSQL answering
// when the index is not ready, over its bound, or failing. On PostgreSQL the file works on a database of its
// own: it writes to the catalogue, which the other files read.
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ownDatabase } from '../../test/own-database.ts';
import { TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { CatalogService, type Matches } from '../catalog/index.ts';
import { MarketService, type Market } from '../markets/index.ts';
import { planQuery } from './query.ts';
import { prefixTerms } from './repository.ts';
import { PrefixIndex, type IndexQuery } from './prefix-index.ts';
import type { DocRow } from './search-documents.ts';
import { SearchService, type SearchInput } from './service.ts';

/** A match set as `number:relevance` entries, whichever form the index answered in (free slots dropped). */
function numbered(m: Matches): string[] {
  if ('nums' in m) return [...m.nums].map((num, j) => `${num}:${m.relevance[j]}`);
  expect(m.version).toBe(m.layout.layoutVersion);
  const lead = new Map([...m.leads].map((s, j) => [s, m.leadRelevance[j]]));
  const out: string[] = [];
  for (let s = 0; s < m.bits.length * 32; s++) {
    const num = ((m.bits[s >>> 5] as number) >>> (s & 31)) & 1 ? m.layout.numAt(s) : -1;
    if (num >= 0) out.push(`${num}:${lead.get(s) ?? 0}`);
  }
  return out;
}

const postgres = testDatabaseKind() === 'postgres';
let t: TestApp;
let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
let markets: MarketService;
let catalog: CatalogService;
let indexed: SearchService;
let reference: SearchService;

const LOCALES = ['fr-fr', 'en-us', 'de-de', 'it-it', 'es-es', 'pt-br', 'ja-jp', 'ko-kr', 'zh-tw'];

beforeAll(async () => {
  if (!postgres) t = await startTestApp();
  else {
    own = await ownDatabase(`prefix_index_${process.pid}`);
    const database = await openDatabase({ databaseUrl: own.url, poolSize: 10 });
    await migrateToLatest(database.db);
    await seed(database.db, { brand: TEST_BRAND, products: 240 });
    const config = loadConfig({
      NODE_ENV: 'test',
      BRAND: TEST_BRAND,
      VALIDATE_RESPONSES: 'true',
      CACHE_TTL_SECONDS: '0',
    });
    const { app, close } = await createApp({ config, database, logger: createLogger(config.logLevel), pages: false });
    t = {
      app,
      database,
      close: async () => {
        await close();
        await database.close();
      },
    };
  }
  const db = t.database.db;
  markets = await MarketService.load(db);
  catalog = new CatalogService(db, TEST_BRAND);
  await catalog.refresh();
  indexed = new SearchService(db, TEST_BRAND, catalog, { minChars: 1 });
  reference = new SearchService(db, TEST_BRAND, catalog, { minChars: 1, prefixIndex: { enabled: false } });
  for (const locale of LOCALES) expect(await indexed.currentIndex(markets.resolve(locale).language)).not.toBeNull();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await own?.drop();
});

/** Queries a shopper of `language` types: prefixes of names, models, colours, materials and categories, two-word prefixes, stop words, CJK substrings. */
async function queriesOf(language: string, n: number): Promise<string[]> {
  const { rows } = await sql<{ name: string; text: string }>`
    select d.name_lc as name, d.text_lc as text from search_documents d
    where d.language = ${language} and d.brand = ${TEST_BRAND} and d.listed
    order by md5(d.pid) limit ${n}`.execute(t.database.db);
  const out = new Set<string>();
  const cjk = ['ja', 'ko', 'zh'].includes(language);
  for (const [i, r] of rows.entries()) {
    const words = r.text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const first = words[0] ?? '';
    for (let k = 1; k <= Math.min(4, [...first].length); k++) out.add([...first].slice(0, k).join(''));
    out.add(r.name);
    const pick = words[(i * 7) % Math.max(1, words.length)] ?? '';
    out.add([...pick].slice(0, 3).join(''));
    if (words.length > 1) out.add(`${words[0]} ${[...(words[1] as string)].slice(0, 2).join('')}`);
    if (words.length > 2)
      out.add(`${[...(words[2] as string)].slice(0, 3).join('')} ${[...first].slice(0, 2).join('')}`);
    if (cjk) {
      const chars = [...r.name.replace(/\s+/g, '')];
      out.add(chars.slice(1, 3).join(''));
      out.add(chars.slice(2, 3).join(''));
    } else out.add(`${first}s`);
  }
  for (const q of ['de', 'the', 'la', 'und', 'sac de', 'a', 'e', 'zzzz', 'cuir', 'leather', '12', 'x y']) out.add(q);
  return [...out].filter((q) => q.trim().length > 0);
}

const input = (market: Market, q: string, extra: Partial<SearchInput> = {}): SearchInput => ({ market, q, ...extra });

describe('prefix index: the same answers as PostgreSQL', () => {
  it('answers autocomplete like the SQL: hits, order, count, exactness, suggestions, two pages, nine languages', async () => {
    let compared = 0;
    const before = { ...indexed.answered };
    for (const locale of LOCALES) {
      const market = markets.resolve(locale);
      for (const q of await queriesOf(market.language, 14)) {
        for (const page of [1, 2]) {
          const o = { facets: false, pageSize: 6, page };
          const [a, b] = await Promise.all([
            indexed.search(input(market, q, o)),
            reference.search(input(market, q, o)),
          ]);
          expect(a, `${locale} "${q}" page ${page}`).toEqual(b);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    // The index answered nearly all of them (typos — nothing found as typed — go to PostgreSQL's trigrams).
    const byIndex = indexed.answered.index - before.index;
    expect(byIndex).toBeGreaterThan(compared * 0.9);
  }, 300_000);

  it('finds the same matches for results pages: facets, totals and pages, with filters and sorts', async () => {
    for (const locale of ['fr-fr', 'en-us', 'ja-jp', 'zh-tw']) {
      const market = markets.resolve(locale);
      const queries = (await queriesOf(market.language, 8)).slice(0, 25);
      for (const [i, q] of queries.entries()) {
        const o: Partial<SearchInput> = [
          {},
          { sort: 'price_asc', page: 2, pageSize: 5 },
          { filters: 'instock:true' },
          { sort: 'newest', filters: 'color:black|brown' },
        ][i % 4] as Partial<SearchInput>;
        const [a, b] = await Promise.all([indexed.search(input(market, q, o)), reference.search(input(market, q, o))]);
        expect(a, `${locale} "${q}" ${JSON.stringify(o)}`).toEqual(b);
      }
    }
  }, 120_000);

  it('reads PostgreSQL text-search answers as prefixes, refusing what it does not evaluate', () => {
    expect(prefixTerms("'sac':*")).toEqual(['sac']);
    expect(prefixTerms("'sac':* & 'jour':*")).toEqual(['sac', 'jour']);
    expect(prefixTerms('')).toEqual([]);
    expect(prefixTerms("'it''s':*")).toEqual(["it's"]);
    expect(prefixTerms("'a':* <-> 'b':*")).toBeNull();
    expect(prefixTerms("'a':* | 'b':*")).toBeNull();
    expect(prefixTerms("'a'")).toBeNull();
  });
});

describe('prefix index: kept current from the database', () => {
  const ac = async (q: string, locale = 'fr-fr') => {
    const res = await request(t.app)
      .get('/api/data/search')
      .query({ brand: TEST_BRAND, locale, q, pageSize: 48, facets: 'false' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { totalNrOfProducts: number; products: { id: string; name: string }[] };
  };

  /** A listed product sold in euros, by merchandising order. */
  async function product(offset: number): Promise<string> {
    const r = await sql<{ pid: string }>`
      select p.pid from products p where p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_rd
        and exists (select 1 from product_prices x where x.pid = p.pid and x.currency = 'EUR')
      order by p.rank offset ${offset} limit 1`.execute(t.database.db);
    return (r.rows[0] as { pid: string }).pid;
  }

  it('shows a product renamed, unpriced, priced again, added and deleted by another writer on the next autocomplete', async () => {
    const db = t.database.db;
    await ac('sac'); // the app's index is loaded and current
    const pid = await product(3);
    await sql`update product_translations set name = 'Zéphyrine Quokka' where pid = ${pid} and language = 'fr'`.execute(
      db,
    );
    expect((await ac('zéphyrine quo')).products.map((p) => p.id)).toEqual([pid]);
    expect((await ac('quokk')).products.map((p) => p.id)).toEqual([pid]);

    const prices = await sql<{
      list_price: string;
      sale_price: string | null;
    }>`select list_price, sale_price from product_prices where pid = ${pid} and currency = 'EUR'`.execute(db);
    await sql`delete from product_prices where pid = ${pid} and currency = 'EUR'`.execute(db);
    expect((await ac('zéphyrine')).totalNrOfProducts).toBe(0);
    expect((await ac('zéphyrine', 'en-us')).totalNrOfProducts).toBe(0); // the English name is unchanged
    const p = prices.rows[0] as { list_price: string; sale_price: string | null };
    await sql`insert into product_prices (pid, currency, list_price, sale_price) values (${pid}, 'EUR', ${p.list_price}, ${p.sale_price})`.execute(
      db,
    );
    expect((await ac('zéphyrine')).products.map((x) => x.id)).toEqual([pid]);

    // A copy of another product under a new pid and a new name: found at once.
    const source = await product(5);
    const copy = `${source}QX`;
    const columns = async (table: string, not: string[]) => {
      const r = await sql<{ name: string }>`
        select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and not (column_name = any(${sql.val(not)}::text[])) order by ordinal_position`.execute(
        db,
      );
      return sql.raw(r.rows.map((c) => `"${c.name}"`).join(', '));
    };
    const [pCols, prCols, tCols] = await Promise.all([
      columns('products', ['pid', 'num']),
      columns('product_prices', ['pid']),
      columns('product_translations', ['pid', 'name']),
    ]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into products (pid, ${pCols}) select ${copy}, ${pCols} from products where pid = ${source}`.execute(
        trx,
      );
      await sql`insert into product_prices (pid, ${prCols}) select ${copy}, ${prCols} from product_prices where pid = ${source}`.execute(
        trx,
      );
      await sql`insert into product_translations (pid, name, ${tCols}) select ${copy}, 'Wombatine ' || name, ${tCols} from product_translations where pid = ${source}`.execute(
        trx,
      );
    });
    expect((await ac('wombatine')).products.map((x) => x.id)).toEqual([copy]);

    await sql`delete from products where pid = ${copy}`.execute(db);
    expect((await ac('wombatine')).totalNrOfProducts).toBe(0);
    // Every answer above came from the index: it equals PostgreSQL's for the words in play.
    for (const q of ['zéphyrine', 'quokka', 'wombatine', 'sac']) {
      const market = markets.resolve('fr-fr');
      const o = { facets: false, pageSize: 6 };
      expect(await indexed.search(input(market, q, o))).toEqual(await reference.search(input(market, q, o)));
    }
  });

  it.runIf(postgres)(
    'sees a change whose transaction began before a catch-up and committed after a later one',
    async () => {
      const pid = await product(7);
      const client = await t.database.db.connection().execute(async (conn) => {
        // One connection holds a transaction open across the other requests.
        await sql`begin`.execute(conn);
        await sql`update product_translations set name = 'Ornithorynque Lent' where pid = ${pid} and language = 'fr'`.execute(
          conn,
        );
        // Another transaction commits and is caught up on while this one is open.
        const other = await product(8);
        await sql`update product_translations set name = 'Capybara Vif' where pid = ${other} and language = 'fr'`.execute(
          t.database.db,
        );
        expect((await ac('capybara')).products.map((x) => x.id)).toEqual([other]);
        expect((await ac('ornithorynque')).totalNrOfProducts).toBe(0);
        await sql`commit`.execute(conn);
        return pid;
      });
      expect((await ac('ornithorynque')).products.map((x) => x.id)).toEqual([client]);
    },
  );
});

describe('prefix index: PostgreSQL answers when it cannot', () => {
  it('answers through PostgreSQL while the index loads, and from the index once it is ready', async () => {
    const db = t.database.db;
    const fresh = new SearchService(db, TEST_BRAND, catalog, { minChars: 1 });
    const market = markets.resolve('fr-fr');
    const o = { facets: false, pageSize: 6 };
    const expected = await reference.search(input(market, 'sac', o));
    expect(await fresh.search(input(market, 'sac', o))).toEqual(expected);
    expect(fresh.answered).toEqual({ index: 0, database: 1 });
    await fresh.currentIndex('fr');
    expect(await fresh.search(input(market, 'sac', o))).toEqual(expected);
    expect(fresh.answered).toEqual({ index: 1, database: 1 });
  });

  it('leaves a language over the size bound to PostgreSQL', async () => {
    const bounded = new SearchService(t.database.db, TEST_BRAND, catalog, {
      minChars: 1,
      prefixIndex: { maxDocuments: 10 },
    });
    const market = markets.resolve('en-us');
    expect(await bounded.currentIndex('en')).toBeNull();
    const o = { facets: false, pageSize: 6 };
    expect(await bounded.search(input(market, 'bag', o))).toEqual(await reference.search(input(market, 'bag', o)));
    expect(bounded.answered).toEqual({ index: 0, database: 1 });
    expect(await bounded.prefixIndexStats()).toEqual([]);
  });

  it('answers autocomplete through PostgreSQL when the catch-up fails, and from the index again after', async () => {
    const db = t.database.db;
    const errors: string[] = [];
    const s = new SearchService(db, TEST_BRAND, catalog, {
      minChars: 1,
      prefixIndex: { onError: (_e, m) => errors.push(m) },
    });
    await s.currentIndex('de');
    const market = markets.resolve('de-de');
    const o = { facets: false, pageSize: 6 };
    const expected = await reference.search(input(market, 'ta', o));
    // The catch-up reads the removals' horizon; without it the read fails (the full-text statements do not need it).
    await sql`alter table listing_facts_pruned rename to listing_facts_pruned_away`.execute(db);
    try {
      expect(await s.search(input(market, 'ta', o))).toEqual(expected);
      expect(s.answered).toEqual({ index: 0, database: 1 });
      expect(errors.some((m) => m.includes('catch-up failed'))).toBe(true);
    } finally {
      await sql`alter table listing_facts_pruned_away rename to listing_facts_pruned`.execute(db);
    }
    expect(await s.search(input(market, 'ta', o))).toEqual(expected);
    expect(s.answered).toEqual({ index: 1, database: 1 });
  });

  it('reports its size per language', async () => {
    const stats = await indexed.prefixIndexStats();
    expect(stats.map((x) => x.language).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh']);
    for (const x of stats) {
      expect(x.documents).toBeGreaterThan(100);
      expect(x.lexemes).toBeGreaterThan(50);
      expect(x.bytes).toBeGreaterThan(x.documents * 50);
    }
    expect(planQuery('Sac  DE jour').text).toBe('sac de jour');
  });
});

describe('prefix index: against a plain evaluation, through changes', () => {
  it('answers like a scan of every document after loads, bulk and single changes, removals and slot reuse', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)] as T;
    const syllables = ['sa', 'sac', 'lo', 'lou', 'bo', 'ca', 'é', 'ab', 'zu', 'x'];
    const word = () => Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(syllables)).join('');
    const cjk = ['ショ', 'ル', 'ダー', '包', '单', '숄더'];
    let n = 0;
    const doc = (pid: string, brand = 'ysl'): DocRow => {
      const name = `${word()} ${word()}`;
      const lexemes = [...name.split(' '), word(), word()];
      const text = `${name} ${pick(cjk)}${pick(cjk)}`;
      const grams = new Set<string>();
      const chars = [...text.replace(/\s/g, '')];
      for (let i = 0; i < chars.length; i++) {
        grams.add(chars[i] as string);
        if (i + 1 < chars.length) grams.add((chars[i] as string) + (chars[i + 1] as string));
      }
      return {
        pid,
        num: n,
        brand,
        listed: rnd() > 0.1,
        rank: Math.floor(rnd() * 1e6) * 10_000 + n++,
        name_lc: name,
        text_lc: text,
        lexemes,
        grams: [...grams],
      };
    };
    const truth = new Map<string, DocRow>();
    const initial = Array.from({ length: 400 }, (_, i) => doc(`p${i}`));
    for (const d of initial) if (d.listed) truth.set(d.pid, d);
    const index = new PrefixIndex(
      'ysl',
      'ja',
      's0',
      initial.filter((d) => d.listed),
    );
    const sold = (num: number) => num % 5 !== 0;
    const matches = (d: DocRow, q: IndexQuery) => {
      if (d.name_lc.startsWith(q.text)) return true;
      const all = (terms: string[]) => terms.length > 0 && terms.every((t) => d.lexemes.some((l) => l.startsWith(t)));
      if (q.words && (all(q.stemmed) || all(q.typed))) return true;
      return (
        q.substrings.length > 0 &&
        q.grams.every((g) => d.grams.includes(g)) &&
        q.substrings.every((x) => (d.text_lc ?? '').includes(x))
      );
    };
    const check = () => {
      for (let i = 0; i < 40; i++) {
        const w = word().slice(0, 1 + Math.floor(rnd() * 3));
        const sub = pick(cjk);
        const subGrams =
          [...sub].length === 1 ? [sub] : [...sub].slice(0, -1).map((c, j) => c + ([...sub][j + 1] as string));
        const q: IndexQuery = {
          text: w,
          words: rnd() > 0.2,
          stemmed: rnd() > 0.5 ? [w] : [w, word().slice(0, 2)],
          typed: rnd() > 0.3 ? [w] : [],
          substrings: rnd() > 0.5 ? [sub] : [],
          grams: [],
        };
        if (q.substrings.length) q.grams = subGrams;
        const docs = [...truth.values()].filter((d) => matches(d, q));
        const tier = (d: DocRow) => (d.name_lc === q.text ? 0 : d.name_lc.startsWith(q.text) ? 1 : 2);
        const ordered = docs.filter((d) => sold(d.num)).sort((a, b) => tier(a) - tier(b) || a.rank - b.rank);
        const offset = pick([0, 6]);
        expect(index.autocomplete(q, 6, offset, 100, sold), JSON.stringify(q)).toEqual({
          pids: ordered.slice(offset, offset + 6).map((d) => d.pid),
          total: Math.min(ordered.length, 100),
          exact: ordered.length <= 100,
        });
        const got = numbered(index.matches(q)).sort();
        expect(got).toEqual(
          docs.map((d) => `${d.num}:${(d.name_lc === q.text ? 2 : 0) + (d.name_lc.startsWith(q.text) ? 1 : 0)}`).sort(),
        );
        expect(index.anyMatch(q, sold)).toBe(ordered.length > 0);
      }
    };
    check();
    for (let round = 0; round < 30; round++) {
      // Renames, delistings, another house's rows, new products, removals: a few at a time, or a bulk.
      const rows: DocRow[] = [];
      const removed: string[] = [];
      const count = round % 5 === 0 ? 300 : 1 + Math.floor(rnd() * 6);
      for (let i = 0; i < count; i++) {
        const r = rnd();
        const pid = r < 0.5 ? `p${Math.floor(rnd() * 400)}` : `n${round}-${i}`;
        if (r < 0.1) removed.push(pid);
        else rows.push(doc(pid, rnd() > 0.95 ? 'other' : 'ysl'));
      }
      index.apply(`s${round + 1}`, rows, removed);
      for (const pid of removed) truth.delete(pid);
      for (const d of rows) {
        if (d.listed && d.brand === 'ysl') truth.set(d.pid, d);
        else truth.delete(d.pid);
      }
      expect(index.count).toBe(truth.size);
      check();
    }
  });
});
