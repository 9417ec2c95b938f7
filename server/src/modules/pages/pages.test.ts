import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { sellableVariant } from '../../test/fixtures.ts';
import { pages as contentPages } from '../../../../fixtures/content/index.ts';
import { sql } from 'kysely';
import { TEST_BRAND } from '../../test/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('page data (/ssr)', () => {
  it('home: hero, categories, new arrivals, navigation and meta', async () => {
    const res = await request(t.app).get('/ssr/home?locale=fr-fr').expect(200);
    expect(res.body.pageType).toBe('home');
    const hero = res.body.content.components.find((c: { type: string }) => c.type === 'hero');
    expect(res.body.hero.title).toBe(hero.title);
    expect(res.body.hero.subtitle).toBe(hero.subtitle);
    expect(res.body.content.cmsPageId).toBe('home--fr');
    expect(res.body.layout.header.type).toBe('header');
    expect(res.body.theme).toBe('light');
    expect(res.body.layoutVariant).toBe('default');
    expect(res.body.featuredProducts.length).toBeGreaterThan(0);
    expect(res.body.navigation.length).toBeGreaterThan(3);
    expect(res.body.meta.canonical).toBe('http://localhost:3000/fr-fr/');
    expect(res.body.meta.alternates).toContainEqual({ hreflang: 'x-default', href: 'http://localhost:3000/' });
  });

  it("home: the new arrivals are the market's newest listed products, in the database's order", async () => {
    // What the listing index picks, against the statement the page used to send for them.
    for (const [locale, currency] of [
      ['fr-fr', 'EUR'],
      ['ja-jp', 'JPY'],
      ['en-gb', 'GBP'],
    ]) {
      const newest = await sql<{ pid: string }>`
        select p.pid from products p
        where p.brand = ${TEST_BRAND} and p.is_employee_only = false and p.is_rd = false
          and exists (select 1 from product_prices x where x.pid = p.pid and x.currency = ${currency})
        order by p.created_at desc, p.rank
        limit 8`.execute(t.database.db);
      const res = await request(t.app).get(`/ssr/home?locale=${locale}`).expect(200);
      expect(res.body.featuredProducts.map((p: { id: string }) => p.id)).toEqual(newest.rows.map((r) => r.pid));
      expect(res.body.featuredProducts[0].price.currencyCode).toBe(currency);
    }
  });

  it('product: details, sizes, price and JSON-LD with a two-decimal offer', async () => {
    const v = await sellableVariant(t.database.db);
    const res = await request(t.app).get(`/ssr/pr/${v.pid}?locale=fr-fr`).expect(200);
    const p = res.body.product;
    expect(p.id).toBe(v.pid);
    expect(p.url).toBe(`/pr/${v.slug}-${v.pid}.html`);
    expect(p.sizes.map((s: { id: string }) => s.id)).toContain(v.size);
    expect(p.price.currencyCode).toBe('EUR');
    const offer = res.body.meta.jsonLd.offers;
    expect(offer.priceCurrency).toBe('EUR');
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(res.body.meta.jsonLd.brand.name).toBe('Saint Laurent');
  });

  it('product: lowercase pid finds the product', async () => {
    const v = await sellableVariant(t.database.db);
    const res = await request(t.app).get(`/ssr/pr/${v.pid.toLowerCase()}?locale=en-us`).expect(200);
    expect(res.body.product.id).toBe(v.pid);
  });

  it('product: an unknown pid answers ERR_PDT_API_1001', async () => {
    const res = await request(t.app).get('/ssr/pr/ZZZZ0000NOPE?locale=en-us').expect(404);
    expect(res.body).toMatchObject({ code: 'ERR_PDT_API_1001', title: 'Product not found.' });
  });

  it.each(['ABC-123', 'ABC%20123', 'A'.repeat(33)])(
    'product: a malformed pid (%s) answers ERR_API_1009',
    async (pid) => {
      const res = await request(t.app).get(`/ssr/pr/${pid}?locale=en-us`).expect(400);
      expect(res.body.code).toBe('ERR_API_1009');
    },
  );

  it('product: employee-only products are not shown to the public', async () => {
    const emp = await t.database.db
      .selectFrom('products')
      .select('pid')
      .where('is_employee_only', '=', true)
      .executeTakeFirst();
    if (!emp) return;
    const res = await request(t.app).get(`/ssr/pr/${emp.pid}?locale=en-us`).expect(404);
    expect(res.body.code).toBe('ERR_PDT_API_1001');
  });

  it('category: listing and robots rules for sorted pages', async () => {
    const nav = await request(t.app).get('/api/data/category?locale=en-us');
    const slug = nav.body.categories[0].slug;
    const plain = await request(t.app).get(`/ssr/ca/${slug}?locale=en-us`).expect(200);
    expect(plain.body.meta.robots).toBe('index, follow');
    const sorted = await request(t.app).get(`/ssr/ca/${slug}?locale=en-us&sort=price_asc`).expect(200);
    expect(sorted.body.meta.robots).toBe('noindex, follow');
    await request(t.app).get('/ssr/ca/unknown-slug?locale=en-us').expect(404);
  });

  it('404 page data', async () => {
    const res = await request(t.app).get('/ssr/404?locale=de-de').expect(200);
    expect(res.body.pageType).toBe('not-found');
    expect(res.body.market).toMatchObject({ locale: 'de-de', currency: 'EUR' });
  });
});

// ---------------------------------------------------------------------------------------------
// Pages made of content (fixtures/content), in four markets each.

const LOCALES = ['en-us', 'fr-fr', 'ja-jp', 'zh-tw'] as const;
const LANGUAGE = { 'en-us': 'en', 'fr-fr': 'fr', 'ja-jp': 'ja', 'zh-tw': 'zh-hant' } as const;
const slugOf = (url: string) => url.split('/').pop()!;
const everywhere = (p: { countries?: string[] }) => !p.countries;
const first = (prefix: string) => contentPages.find((p) => p.pageUrl.startsWith(prefix) && everywhere(p));

function expectEnvelope(body: Record<string, any>, locale: string, pageType: string) {
  expect(body.pageType).toBe(pageType);
  expect(body.market.locale).toBe(locale);
  expect(body.layout.header.type).toBe('header');
  expect(body.layout.footer.type).toBe('footer');
  expect(['light', 'dark']).toContain(body.theme);
  expect(['default', 'rive-droite']).toContain(body.layoutVariant);
  expect(body.meta.canonical.startsWith(`http://localhost:3000${locale === 'en-us' ? '/' : `/${locale}/`}`)).toBe(true);
  expect(JSON.stringify(body)).not.toContain('{house}');
}

describe.each(LOCALES)('content page data in %s', (locale) => {
  const language = LANGUAGE[locale];

  it('content page /cp/{slug}', async () => {
    const cp = first('/cp/')!;
    const res = await request(t.app)
      .get(`/ssr/cp/${slugOf(cp.pageUrl)}`)
      .query({ locale })
      .expect(200);
    expectEnvelope(res.body, locale, 'content');
    expect(res.body.content.cmsPageId).toBe(`${cp.globalPageId}--${language}`);
    expect(res.body.content.title).toBe(cp.title[language].replaceAll('{house}', 'Saint Laurent'));
    expect(res.body.meta.alternates.length).toBeGreaterThan(40);
    expect(res.body.meta.alternates).toContainEqual({
      hreflang: 'x-default',
      href: `http://localhost:3000${cp.pageUrl}`,
    });
  });

  it('legal page /legal/{slug} with the other legal pages', async () => {
    const legal = contentPages.filter((p) => p.pageUrl.startsWith('/legal/') && everywhere(p));
    const res = await request(t.app)
      .get(`/ssr/legal/${slugOf(legal[0]!.pageUrl)}`)
      .query({ locale })
      .expect(200);
    expectEnvelope(res.body, locale, 'legal');
    expect(res.body.content.navigationLinks.map((l: { href: string }) => l.href)).toEqual(
      expect.arrayContaining(legal.map((p) => p.pageUrl)),
    );
  });

  it('FAQ with its subjects', async () => {
    const res = await request(t.app).get('/ssr/faq').query({ locale }).expect(200);
    expectEnvelope(res.body, locale, 'faq');
    expect(res.body.subjects.length).toBeGreaterThan(0);
    const accordions = res.body.content.components.filter((c: { type: string }) => c.type === 'accordion');
    for (const s of res.body.subjects) {
      const a = accordions.find((x: { tagSubjectId: string }) => x.tagSubjectId === s.id);
      expect(s.questionCount).toBe(a.items.length);
    }
  });

  it('client service with the contact channels of the market', async () => {
    const res = await request(t.app).get('/ssr/client-service').query({ locale }).expect(200);
    expectEnvelope(res.body, locale, 'client-service');
    const channels = res.body.contactChannels as {
      channel: string;
      link: { href: string | null };
      openingHours: string | null;
    }[];
    expect(channels[0]!.channel).toBe('phoneCall');
    expect(channels.map((c) => c.channel)).toContain('email');
    const prefix = { 'en-us': 'tel:+1', 'fr-fr': 'tel:+33', 'ja-jp': 'tel:+81', 'zh-tw': 'tel:+886' }[locale];
    expect(channels[0]!.link.href!.startsWith(prefix)).toBe(true);
    expect(channels[0]!.openingHours).toBeTruthy();
  });

  it('catch-all /{slug}', async () => {
    const page = contentPages.find(
      (p) => p.category === 'custom' && /^\/[a-z0-9-]+$/.test(p.pageUrl) && p.pageUrl !== '/marketing' && everywhere(p),
    );
    if (!page) return;
    const res = await request(t.app)
      .get(`/ssr/page/${slugOf(page.pageUrl)}`)
      .query({ locale })
      .expect(200);
    expectEnvelope(res.body, locale, 'content');
    expect(res.body.content.pageUrl).toBe(page.pageUrl);
  });

  it('marketing: campaign content, category and product; unknown ones are null', async () => {
    const campaign = (contentPages.find((p) => p.pageUrl.startsWith('/marketing') && everywhere(p)) ??
      contentPages.find((p) => p.category === 'custom' && p.globalPageId !== 'home' && everywhere(p)))!;
    const nav = await request(t.app).get('/api/data/category').query({ locale }).expect(200);
    const cat = nav.body.categories.find((c: { level: number }) => c.level === 2).slug;
    const listing = await request(t.app).get(`/api/data/category/${cat}`).query({ locale }).expect(200);
    const pid = listing.body.products[0].id;
    const res = await request(t.app)
      .get('/ssr/marketing')
      .query({ locale, cid: campaign.globalPageId, cat, pid })
      .expect(200);
    expectEnvelope(res.body, locale, 'marketing');
    expect(res.body.campaignId).toBe(campaign.globalPageId);
    expect(res.body.category.slug).toBe(cat);
    expect(res.body.product.id).toBe(pid);
    expect(res.body.products.map((p: { id: string }) => p.id)).not.toContain(pid);
    expect(res.body.meta.robots).toBe('noindex, follow');
    const unknown = await request(t.app)
      .get('/ssr/marketing')
      .query({ locale, cid: campaign.globalPageId, cat: 'no-such-category', pid: 'NOSUCHPID1' })
      .expect(200);
    expect(unknown.body).toMatchObject({ category: null, product: null, products: [] });
  });

  it('rive droite home: secondary layout, boutique categories and next events', async () => {
    const res = await request(t.app).get('/ssr/rive-droite').query({ locale }).expect(200);
    expectEnvelope(res.body, locale, 'rive-droite');
    expect(res.body.layoutVariant).toBe('rive-droite');
    expect(res.body.upcomingEvents.length).toBeLessThanOrEqual(6);
    for (const c of res.body.categories) expect(c.url).toBe(`/rive-droite/ca/${c.slug}`);
  });

  it('rive droite content page', async () => {
    const rd = first('/rive-droite/cp/');
    if (!rd) return;
    const res = await request(t.app)
      .get(`/ssr/rive-droite/cp/${slugOf(rd.pageUrl)}`)
      .query({ locale })
      .expect(200);
    expectEnvelope(res.body, locale, 'rive-droite-content');
    expect(res.body.layoutVariant).toBe('rive-droite');
    expect(res.body.theme).toBe(rd.tags.some((x) => x.id === 'theme-dark') ? 'dark' : 'light');
  });

  it('rive droite category: only "rive droite" products', async () => {
    const home = await request(t.app).get('/ssr/rive-droite').query({ locale }).expect(200);
    const category = home.body.categories[0];
    if (!category) return;
    const res = await request(t.app).get(`/ssr/rive-droite/ca/${category.slug}`).query({ locale }).expect(200);
    expectEnvelope(res.body, locale, 'rive-droite-category');
    expect(res.body.layoutVariant).toBe('rive-droite');
    expect(res.body.listing.totalNrOfProducts).toBeGreaterThan(0);
    const pids = res.body.listing.products.map((p: { id: string }) => p.id);
    const rows = await t.database.db.selectFrom('products').select(['pid', 'is_rd']).where('pid', 'in', pids).execute();
    expect(rows.every((r) => r.is_rd)).toBe(true);
    const sorted = await request(t.app)
      .get(`/ssr/rive-droite/ca/${category.slug}`)
      .query({ locale, sort: 'price_asc' })
      .expect(200);
    expect(sorted.body.meta.robots).toBe('noindex, follow');
  });

  it('rive droite calendar: cards, filters with counts, applied filters', async () => {
    const calendar = first('/rive-droite/calendar/');
    if (!calendar) return;
    const slug = slugOf(calendar.pageUrl);
    const res = await request(t.app).get(`/ssr/rive-droite/calendar/${slug}`).query({ locale }).expect(200);
    expectEnvelope(res.body, locale, 'rive-droite-calendar');
    expect(res.body.layoutVariant).toBe('rive-droite');
    expect(res.body.appliedFilters).toBe('');
    expect(res.body.totalCards).toBe(res.body.cards.length);
    expect(res.body.cards.map((c: { position: number }) => c.position)).toEqual(
      res.body.cards.map((_: unknown, i: number) => i + 1),
    );
    for (const c of res.body.cards) expect(c.eventType).toBe(res.body.eventType);
    // Running, then coming, then ended events (the demo calendars have each kind).
    const now = Date.now();
    const phase = (c: { isCurrent: boolean; endDate: string }) =>
      c.isCurrent ? 0 : Date.parse(c.endDate) > now ? 1 : 2;
    const phases = res.body.cards.map(phase);
    expect(phases).toEqual([...phases].sort());
    expect(phases).toContain(0);
    expect(phases).toContain(2);
    const themes = res.body.filters.find((f: { urlName: string }) => f.urlName === 'themes').values;
    if (themes.length === 0) return;
    const locations = res.body.filters.find((f: { urlName: string }) => f.urlName === 'locations').values;
    const filtered = await request(t.app)
      .get(`/ssr/rive-droite/calendar/${slug}`)
      .query({ locale, themes: themes.map((v: { value: string }) => v.value).join(','), locations: locations[0].value })
      .expect(200);
    expect(filtered.body.appliedFilters).toBe(
      `themes:${themes.map((v: { value: string }) => v.value).join('|')},locations:${locations[0].value}`,
    );
    expect(filtered.body.totalCards).toBe(locations[0].count);
    expect(filtered.body.meta.robots).toBe('noindex, follow');
  });
});

describe('content page data: errors', () => {
  it.each([
    ['/ssr/cp/no-such-page', 404, 'ERR_PAGE_1000'],
    ['/ssr/cp/Bad_Slug', 400, 'ERR_API_1021'],
    ['/ssr/cp/the-house?locale=xx', 400, 'ERR_API_1005'],
    ['/ssr/cp/the-house?locale=en-us&x=1', 400, 'ERR_API_1018'],
    ['/ssr/legal/no-such-page', 404, 'ERR_PAGE_1000'],
    ['/ssr/legal/Bad_Slug', 400, 'ERR_API_1021'],
    ['/ssr/page/no-such-page', 404, 'ERR_PAGE_1000'],
    ['/ssr/page/Bad_Slug', 400, 'ERR_API_1021'],
    ['/ssr/faq?locale=en-us&x=1', 400, 'ERR_API_1018'],
    ['/ssr/client-service?locale=zz', 400, 'ERR_API_1005'],
    ['/ssr/marketing?locale=en-us&cid=no-such-campaign', 404, 'ERR_PAGE_1000'],
    ['/ssr/marketing?locale=en-us&cid=x&pid=ABC-1', 400, 'ERR_API_1009'],
    ['/ssr/marketing?locale=en-us', 400, 'ERR_API_1018'],
    ['/ssr/rive-droite?locale=en-us&x=1', 400, 'ERR_API_1018'],
    ['/ssr/rive-droite/cp/no-such-page', 404, 'ERR_PAGE_1000'],
    ['/ssr/rive-droite/cp/Bad_Slug', 400, 'ERR_API_1021'],
    ['/ssr/rive-droite/ca/no-such-category', 404, 'ERR_CATALOG_1001'],
    ['/ssr/rive-droite/calendar/no-such-calendar', 404, 'ERR_PAGE_1000'],
    ['/ssr/rive-droite/calendar/Bad_Slug', 400, 'ERR_API_1021'],
    ['/ssr/rive-droite/calendar/exhibitions?locations=Paris', 400, 'ERR_API_1008'],
    ['/ssr/rive-droite/calendar/exhibitions?themes=Talk', 400, 'ERR_API_1018'],
  ])('%s answers %i %s', async (path, status, code) => {
    const withLocale = path.includes('locale=') ? path : `${path}${path.includes('?') ? '&' : '?'}locale=en-us`;
    const res = await request(t.app).get(withLocale).expect(status);
    expect(res.body.code).toBe(code);
  });

  it('a category without "rive droite" products is not a boutique category', async () => {
    const rd = await t.database.db.selectFrom('products').select('category_id').where('is_rd', '=', true).execute();
    const nav = await request(t.app).get('/api/data/category').query({ locale: 'en-us' }).expect(200);
    const without = nav.body.categories.find(
      (c: { id: string; level: number }) => c.level === 3 && !rd.some((r) => r.category_id === c.id),
    );
    if (!without) return;
    const res = await request(t.app).get(`/ssr/rive-droite/ca/${without.slug}`).query({ locale: 'en-us' }).expect(404);
    expect(res.body.code).toBe('ERR_CATALOG_1001');
  });

  it('a page published in some countries only: found there, alternates there only', async () => {
    // A French-and-Belgian page, as the content service would publish it.
    const rows = ['en', 'fr'].map((language, i) => ({
      cms_page_id: `test-fr-be-only--${language}`,
      brand: 'ysl',
      language,
      global_page_id: 'test-fr-be-only',
      page_url: '/cp/test-fr-be-only',
      parent_page_id: null,
      navigation_links_prefix: null,
      category: 'content',
      title: 'Only in France and Belgium',
      meta_title: null,
      meta_description: 'Test page',
      navigation_label: 'Only here',
      tags: JSON.stringify([]),
      background_color: JSON.stringify({ desktop: '#ffffff', tablet: '#ffffff', mobile: '#ffffff' }),
      is_rd: false,
      countries: ['FR', 'BE'],
      position: 900 + i,
    }));
    await t.database.db
      .insertInto('content_pages')
      .values(rows as never)
      .execute();
    try {
      const res = await request(t.app).get('/ssr/cp/test-fr-be-only').query({ locale: 'fr-fr' }).expect(200);
      const hreflangs = res.body.meta.alternates.map((a: { hreflang: string }) => a.hreflang).sort();
      const countries = (await request(t.app).get('/api/data/locale-mdm/countries').expect(200)).body.countries as {
        country: string;
        locales: string[];
      }[];
      const expected = countries
        .filter((c) => c.country === 'FR' || c.country === 'BE')
        .flatMap((c) => c.locales)
        .sort();
      expect(hreflangs).toEqual(expected);
      expect(hreflangs).not.toContain('x-default');
      for (const locale of ['en-us', 'ja-jp', 'de-de']) {
        expect((await request(t.app).get('/ssr/cp/test-fr-be-only').query({ locale }).expect(404)).body.code).toBe(
          'ERR_PAGE_1000',
        );
        expect(
          (
            await request(t.app)
              .get('/api/data/page')
              .query({ locale, pageId: 'test-fr-be-only', currentContextTags: 'guest' })
              .expect(404)
          ).body.code,
        ).toBe('ERR_PAGE_1000');
      }
      await request(t.app)
        .get('/api/data/page')
        .query({ locale: 'en-be', pageId: 'test-fr-be-only', currentContextTags: 'guest' })
        .expect(200);
    } finally {
      await t.database.db.deleteFrom('content_pages').where('global_page_id', '=', 'test-fr-be-only').execute();
    }
  });
});

describe('product pages: theme and shell (spec §4)', () => {
  it('a "rive droite" product is shown in the boutique\'s dark shell, another product in the default one', async () => {
    const rd = await t.database.db
      .selectFrom('products')
      .select('pid')
      .where('is_rd', '=', true)
      .where('is_employee_only', '=', false)
      .where('is_sellable_online', '=', true)
      .orderBy('pid')
      .executeTakeFirstOrThrow();
    const res = await request(t.app).get(`/ssr/pr/${rd.pid}`).query({ locale: 'fr-fr' }).expect(200);
    expect(res.body.product.isRd).toBe(true);
    expect(res.body.theme).toBe('dark');
    expect(res.body.layoutVariant).toBe('rive-droite');
    const v = await sellableVariant(t.database.db);
    const other = await request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale: 'fr-fr' }).expect(200);
    expect(other.body.product.isRd).toBe(false);
    expect(other.body.theme).toBe('light');
    expect(other.body.layoutVariant).toBe('default');
  });
});

describe('product pages: hreflang alternates (spec §2)', () => {
  it("point at each language's own product URL: the encoded name in Japanese, Korean and Chinese, the slug elsewhere", async () => {
    const v = await sellableVariant(t.database.db);
    const names = new Map(
      (
        await t.database.db
          .selectFrom('product_translations')
          .select(['language', 'name'])
          .where('pid', '=', v.pid)
          .execute()
      ).map((r) => [r.language, r.name]),
    );
    for (const locale of ['fr-fr', 'ja-jp']) {
      const res = await request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale }).expect(200);
      const href = (hreflang: string) =>
        res.body.meta.alternates.find((a: { hreflang: string }) => a.hreflang === hreflang)?.href as string;
      expect(href('fr-fr')).toBe(`http://localhost:3000/fr-fr/pr/${v.slug}-${v.pid}.html`);
      expect(href('x-default')).toBe(`http://localhost:3000/pr/${v.slug}-${v.pid}.html`);
      expect(decodeURIComponent(href('ja-jp'))).toContain(
        `/ja-jp/pr/${names
          .get('ja')!
          .trim()
          .split(/[\s/\\?#%.]+/u)
          .filter(Boolean)
          .join('-')}-${v.pid}.html`,
      );
      expect(decodeURIComponent(href('ko-kr'))).toContain(`/ko-kr/pr/`);
      expect(href('ko-kr')).not.toContain(v.slug);
      // The canonical URL is the market's own.
      expect(res.body.meta.canonical).toBe(locale === 'fr-fr' ? href('fr-fr') : href('ja-jp'));
    }
  });

  it('are made once for a product while its rows stand, and follow a change of its names', async () => {
    const v = await sellableVariant(t.database.db);
    const jaHref = async () =>
      decodeURIComponent(
        (await request(t.app).get(`/ssr/pr/${v.pid}`).query({ locale: 'fr-fr' }).expect(200)).body.meta.alternates.find(
          (a: { hreflang: string }) => a.hreflang === 'ja-jp',
        ).href as string,
      );
    const before = await jaHref();
    expect(await jaHref()).toBe(before);
    const old = await t.database.db
      .selectFrom('product_translations')
      .select('name')
      .where('pid', '=', v.pid)
      .where('language', '=', 'ja')
      .executeTakeFirstOrThrow();
    const set = (name: string) =>
      t.database.db
        .updateTable('product_translations')
        .set({ name })
        .where('pid', '=', v.pid)
        .where('language', '=', 'ja')
        .execute();
    await set('新しい名前');
    try {
      // The catalogue's change is heard (the write watch): the next page has the new path in its alternates.
      await expect.poll(jaHref, { timeout: 5_000 }).toContain(`/ja-jp/pr/新しい名前-${v.pid}.html`);
    } finally {
      await set(old.name);
    }
  });
});
