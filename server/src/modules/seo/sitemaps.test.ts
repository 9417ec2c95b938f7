import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sql } from 'kysely';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { contentTypeOf, escapeXml } from './index.ts';
import { productUrl } from '../catalog/index.ts';
import * as contentFixtures from '../../../../fixtures/content/index.ts';
import { seedContent } from '../content/seed.ts';
import { TEST_BRAND } from '../../test/settings.ts';

const ORIGIN = 'https://www.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_ORIGIN: ORIGIN });
});
afterAll(() => t.close());

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

interface UrlNode {
  loc: string;
  lastmod: string;
  'xhtml:link'?: { '@hreflang': string; '@href': string; '@rel': string }[];
}

/** The response parsed as XML after checking it is well-formed. */
function parse(text: string): {
  urlset?: { url?: UrlNode[] };
  sitemapindex?: { sitemap?: { loc: string; lastmod: string }[] };
} {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

async function urls(path: string): Promise<UrlNode[]> {
  const res = await agent(t.app).get(path).expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  return parse(res.text).urlset?.url ?? [];
}

describe('the sitemap index', () => {
  it('lists every type of every locale the site serves, absolute, with a lastmod', async () => {
    const res = await agent(t.app).get('/sitemap_index.xml').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const entries = parse(res.text).sitemapindex?.sitemap ?? [];
    const locs = entries.map((e) => e.loc);
    for (const type of [
      'products',
      'categories',
      'collections',
      'contents',
      'legal',
      'sites',
      'rd-contents',
      'rd-categories',
      'rd-events',
    ]) {
      expect(locs).toContain(`${ORIGIN}/sitemaps/fr-fr/sitemap-${type}.xml`);
    }
    expect(locs).toContain(`${ORIGIN}/sitemaps/en-us/sitemap-products.xml`);
    expect(locs).toContain(`${ORIGIN}/sitemaps/ja-jp/sitemap-products.xml`);
    // China has its own site: no sitemap here.
    expect(locs.some((l) => l.includes('/zh-cn/'))).toBe(false);
    for (const e of entries) expect(e.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    // Every listed file answers.
    const sample = locs.filter((l) => l.includes('/de-de/'));
    for (const loc of sample) await agent(t.app).get(loc.slice(ORIGIN.length)).expect(200);
  });

  it('takes no query parameter (ERR_API_1018)', async () => {
    const res = await agent(t.app).get('/sitemap_index.xml?page=2').expect(400);
    expect(res.body.code).toBe('ERR_API_1018');
  });

  it('is announced by robots.txt', async () => {
    const res = await agent(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain(`Sitemap: ${ORIGIN}/sitemap_index.xml`);
    expect(res.text).toContain('Disallow: /api/');
  });
});

describe('a products sitemap', () => {
  it('lists exactly the products the market sells, with hreflang alternates', async () => {
    const { db } = t.database;
    const { rows } = await sql<{ pid: string; slug: string }>`
      select p.pid, p.slug from products p
      where p.brand = 'ysl' and not p.is_employee_only and exists (select 1 from product_prices x where x.pid = p.pid and x.currency = 'EUR')
      order by p.pid`.execute(db);
    const list = await urls('/sitemaps/fr-fr/sitemap-products.xml');
    expect(list.map((u) => u.loc)).toEqual(
      rows.slice(0, 2000).map((r) => `${ORIGIN}/fr-fr${productUrl(r.slug, r.pid)}`),
    );
    const first = list[0] as UrlNode;
    const links = first['xhtml:link'] ?? [];
    expect(links[0]).toMatchObject({ '@rel': 'alternate', '@hreflang': 'fr-fr', '@href': first.loc });
    expect(links.at(-1)).toMatchObject({
      '@hreflang': 'x-default',
      '@href': `${ORIGIN}${productUrl(rows[0]!.slug, rows[0]!.pid)}`,
    });
    const hreflangs = links.map((l) => l['@hreflang']);
    expect(hreflangs).toEqual(expect.arrayContaining(['en-us', 'ja-jp', 'de-de']));
    expect(hreflangs).not.toContain('zh-cn');
    expect(new Set(hreflangs).size).toBe(hreflangs.length);
    // Japanese URLs keep the product's own name (spec §2).
    const ja = links.find((l) => l['@hreflang'] === 'ja-jp')!['@href'];
    expect(ja).toMatch(new RegExp(`^${ORIGIN}/ja-jp/pr/%[0-9A-F]{2}.*-${rows[0]!.pid}\\.html$`));
  });

  it('leaves out employee-only products and products not priced in the market', async () => {
    const { db } = t.database;
    const employee = await sql<{
      pid: string;
    }>`select pid from products where is_employee_only order by pid limit 1`.execute(db);
    const hidden = employee.rows[0]!.pid;
    // A product withdrawn from the Japanese market only.
    const withdrawn = (
      await sql<{ pid: string }>`select pid from products where not is_employee_only order by pid limit 1`.execute(db)
    ).rows[0]!.pid;
    await sql`delete from product_prices where pid = ${withdrawn} and currency = 'JPY'`.execute(db);
    try {
      const jp = (await urls('/sitemaps/ja-jp/sitemap-products.xml')).map((u) => u.loc);
      expect(jp.some((l) => l.endsWith(`-${withdrawn}.html`))).toBe(false);
      expect(jp.some((l) => l.endsWith(`-${hidden}.html`))).toBe(false);
      const fr = await urls('/sitemaps/fr-fr/sitemap-products.xml');
      const entry = fr.find((u) => u.loc.endsWith(`-${withdrawn}.html`));
      expect(entry).toBeDefined();
      const langs = (entry!['xhtml:link'] ?? []).map((l) => l['@hreflang']);
      expect(langs).not.toContain('ja-jp');
      expect(langs).toContain('en-us');
      expect(fr.some((u) => u.loc.endsWith(`-${hidden}.html`))).toBe(false);
    } finally {
      await sql`insert into product_prices (pid, currency, list_price, sale_price)
        select pid, 'JPY', list_price * 160, null from product_prices where pid = ${withdrawn} and currency = 'USD'`.execute(
        db,
      );
    }
  });

  it('has no prefix in the default locale, and a page past the end is 404', async () => {
    const list = await urls('/sitemaps/en-us/sitemap-products.xml');
    expect(list[0]!.loc).toMatch(new RegExp(`^${ORIGIN}/pr/`));
    const res = await agent(t.app).get('/sitemaps/en-us/sitemap-products.xml?page=2').expect(404);
    expect(res.body.code).toBe('ERR_API_1002');
    expect((await agent(t.app).get('/sitemaps/en-us/sitemap-products.xml?page=0').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
  });
});

describe('the other sitemaps', () => {
  it('categories: every category of the navigation', async () => {
    const { rows } = await sql<{ slug: string }>`select slug from categories where brand = 'ysl'`.execute(
      t.database.db,
    );
    const list = (await urls('/sitemaps/fr-fr/sitemap-categories.xml')).map((u) => u.loc);
    expect(list.sort()).toEqual(rows.map((r) => `${ORIGIN}/fr-fr/ca/${r.slug}`).sort());
  });

  it('content, legal, sites and rive-droite pages from the content service', async () => {
    const contents = (await urls('/sitemaps/fr-fr/sitemap-contents.xml')).map((u) => u.loc);
    expect(contents).toContain(`${ORIGIN}/fr-fr/cp/the-house`);
    expect(contents).toContain(`${ORIGIN}/fr-fr/gifts-for-her`);
    expect(contents.some((l) => l.includes('/marketing'))).toBe(false);
    const legal = (await urls('/sitemaps/fr-fr/sitemap-legal.xml')).map((u) => u.loc);
    expect(legal).toContain(`${ORIGIN}/fr-fr/legal/privacy-policy`);
    const sites = (await urls('/sitemaps/en-us/sitemap-sites.xml')).map((u) => u.loc);
    expect(sites).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/faq`,
        `${ORIGIN}/stores`,
        `${ORIGIN}/contact`,
        `${ORIGIN}/client-service`,
      ]),
    );
    expect(sites.some((l) => l.includes('/search'))).toBe(false);
    const rd = (await urls('/sitemaps/ja-jp/sitemap-rd-contents.xml')).map((u) => u.loc);
    expect(rd).toContain(`${ORIGIN}/ja-jp/rive-droite`);
    const events = await urls('/sitemaps/ja-jp/sitemap-rd-events.xml');
    expect(events.map((u) => u.loc)).toContain(`${ORIGIN}/ja-jp/rive-droite/calendar/exhibitions`);
    expect(events[0]!['xhtml:link']!.map((l) => l['@hreflang'])).toEqual(
      expect.arrayContaining(['ja-jp', 'en-us', 'fr-fr', 'x-default']),
    );
    const rdCategories = (await urls('/sitemaps/fr-fr/sitemap-rd-categories.xml')).map((u) => u.loc);
    expect(rdCategories.length).toBeGreaterThan(0);
    for (const l of rdCategories) expect(l).toMatch(new RegExp(`^${ORIGIN}/fr-fr/rive-droite/ca/[a-z0-9-]+$`));
    const collections = (await urls('/sitemaps/fr-fr/sitemap-collections.xml')).map((u) => u.loc);
    expect(collections[0]).toBe(`${ORIGIN}/fr-fr/collections`);
    expect(collections.some((l) => /\/collections\/[^/]+\/items$/.test(l))).toBe(true);
  });

  it('dates each content page by its last change: publishing the same content again moves no date', async () => {
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    const lastmods = async (path: string) => new Map((await urls(path)).map((u) => [u.loc, u.lastmod]));
    const indexOf = async () => {
      const entries =
        parse((await agent(t.app).get('/sitemap_index.xml').expect(200)).text).sitemapindex?.sitemap ?? [];
      return new Map(entries.map((e) => [e.loc, e.lastmod]));
    };
    const house = `${ORIGIN}/fr-fr/cp/the-house`;
    const gifts = `${ORIGIN}/fr-fr/gifts-for-her`;
    const calendar = `${ORIGIN}/ja-jp/rive-droite/calendar/exhibitions`;
    const rewritten = {
      ...contentFixtures,
      pages: contentFixtures.pages.map((p) =>
        p.pageUrl === '/cp/the-house'
          ? {
              ...p,
              title: Object.fromEntries(
                contentFixtures.CONTENT_LANGUAGES.map((l) => [l, `The house, rewritten (${l})`]),
              ) as typeof p.title,
            }
          : p,
      ),
    };
    const before = await lastmods('/sitemaps/fr-fr/sitemap-contents.xml');
    const beforeSites = await lastmods('/sitemaps/en-us/sitemap-sites.xml');
    expect(before.get(house)).toMatch(/^\d{4}-/);
    try {
      // One page changes (and the calendar's events move to the new day): their dates move, the others' do not;
      // pages without a content page of their own (the boutiques) take the publication's.
      await seedContent(db, TEST_BRAND, at('2030-03-02T10:00:00Z'), rewritten);
      let contents = await lastmods('/sitemaps/fr-fr/sitemap-contents.xml');
      expect(contents.get(house)).toBe('2030-03-02T10:00:00+00:00');
      expect(contents.get(gifts)).toBe(before.get(gifts));
      let sites = await lastmods('/sitemaps/en-us/sitemap-sites.xml');
      expect(sites.get(`${ORIGIN}/`)).toBe(beforeSites.get(`${ORIGIN}/`));
      expect(sites.get(`${ORIGIN}/stores`)).toBe('2030-03-02T10:00:00+00:00');
      expect((await lastmods('/sitemaps/ja-jp/sitemap-rd-events.xml')).get(calendar)).toBe('2030-03-02T10:00:00+00:00');
      const index = await indexOf();
      expect(index.get(`${ORIGIN}/sitemaps/fr-fr/sitemap-contents.xml`)).toBe('2030-03-02T10:00:00+00:00');
      expect(index.get(`${ORIGIN}/sitemaps/fr-fr/sitemap-legal.xml`)).not.toMatch(/^2030-/);

      // The same content published again, the same day: no date moves.
      await seedContent(db, TEST_BRAND, at('2030-03-02T11:00:00Z'), rewritten);
      contents = await lastmods('/sitemaps/fr-fr/sitemap-contents.xml');
      expect(contents.get(house)).toBe('2030-03-02T10:00:00+00:00');
      sites = await lastmods('/sitemaps/en-us/sitemap-sites.xml');
      expect(sites.get(`${ORIGIN}/stores`)).toBe('2030-03-02T10:00:00+00:00');
      expect((await lastmods('/sitemaps/ja-jp/sitemap-rd-events.xml')).get(calendar)).toBe('2030-03-02T10:00:00+00:00');

      // The next day, the calendar moves with its events; the page does not.
      await seedContent(db, TEST_BRAND, at('2030-03-03T09:00:00Z'), rewritten);
      expect((await lastmods('/sitemaps/ja-jp/sitemap-rd-events.xml')).get(calendar)).toBe('2030-03-03T09:00:00+00:00');
      expect((await lastmods('/sitemaps/fr-fr/sitemap-contents.xml')).get(house)).toBe('2030-03-02T10:00:00+00:00');
    } finally {
      // The content every other test reads (events around today).
      await seedContent(db, TEST_BRAND);
    }
  });

  it('classifies content URLs', () => {
    expect(contentTypeOf('/cp/the-house')).toBe('contents');
    expect(contentTypeOf('/the-icons')).toBe('contents');
    expect(contentTypeOf('/legal')).toBe('legal');
    expect(contentTypeOf('/marketing?cid=x')).toBeUndefined();
    expect(contentTypeOf('/marketing')).toBeUndefined();
    expect(contentTypeOf('/rive-droite/ca/women')).toBeUndefined();
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});

describe('sitemap errors', () => {
  it('a malformed locale is ERR_API_1021, an unknown type ERR_API_1018', async () => {
    expect((await agent(t.app).get('/sitemaps/FRANCE/sitemap-products.xml').expect(400)).body.code).toBe(
      'ERR_API_1021',
    );
    expect((await agent(t.app).get('/sitemaps/fr-fr/sitemap-shoes.xml').expect(400)).body.code).toBe('ERR_API_1018');
    expect((await agent(t.app).get('/sitemaps/fr-fr/sitemap-products.xml?extra=1').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
  });

  it('a well-formed locale the site does not serve is ERR_API_1002', async () => {
    expect((await agent(t.app).get('/sitemaps/xx-yy/sitemap-products.xml').expect(404)).body.code).toBe('ERR_API_1002');
    expect((await agent(t.app).get('/sitemaps/zh-cn/sitemap-products.xml').expect(404)).body.code).toBe('ERR_API_1002');
  });

  it('a database failure is ERR_SMP_1001', async () => {
    const { db } = t.database;
    await sql`alter table product_prices rename to product_prices_away`.execute(db);
    try {
      const res = await agent(t.app).get('/sitemaps/de-de/sitemap-products.xml').expect(500);
      expect(res.body.code).toBe('ERR_SMP_1001');
    } finally {
      await sql`alter table product_prices_away rename to product_prices`.execute(db);
    }
  });
});
