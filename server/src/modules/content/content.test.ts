import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { events, genericContents, layout, pages } from '../../../../fixtures/content/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseKind } from '../../test/settings.ts';
import { eventStart, seedContent } from './seed.ts';
import { TEST_BRAND } from '../../test/settings.ts';

const TOKEN = 'test-cache-bust-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CACHE_BUST_TOKEN: TOKEN });
});
afterAll(() => t.close());

const page = (query: Record<string, string>) =>
  request(t.app)
    .get('/api/data/page')
    .query({ currentContextTags: 'guest', ...query });
const component = (query: Record<string, string>) =>
  request(t.app)
    .get('/api/data/component')
    .query({ currentContextTags: 'guest', ...query });

/** A FAQ subject answered by some accordion of the fixtures. */
function faqSubject(): string {
  for (const p of pages)
    for (const c of p.components as { type: string; tagSubjectId?: string | null }[])
      if (c.type === 'accordion' && c.tagSubjectId) return c.tagSubjectId;
  throw new Error('the fixtures have no FAQ accordion');
}

describe('getContentPage (GET /api/data/page)', () => {
  it('answers the home page in the content language of each market', async () => {
    for (const [locale, language] of [
      ['en-us', 'en'],
      ['fr-fr', 'fr'],
      ['ja-jp', 'ja'],
      ['zh-tw', 'zh-hant'],
      ['zh-sg', 'zh'],
    ]) {
      const res = await page({ locale: locale!, pageId: 'home' }).expect(200);
      expect(res.body.cmsPageId).toBe(`home--${language}`);
      expect(res.body.globalPageId).toBe('home');
      expect(res.body.pageUrl).toBe('/');
      expect(res.body.components.length).toBeGreaterThan(0);
    }
  });

  it('replaces {house} with the name of the house', async () => {
    const res = await page({ locale: 'en-us', pageId: 'home' }).expect(200);
    expect(JSON.stringify(res.body)).not.toContain('{house}');
    expect(JSON.stringify(res.body)).toContain('Saint Laurent');
  });

  it('finds a page by its URL slug, its global id or its content id', async () => {
    const cp = pages.find((p) => p.pageUrl.startsWith('/cp/') && !p.countries)!;
    const slug = cp.pageUrl.split('/').pop()!;
    const bySlug = await page({ locale: 'fr-fr', pageId: slug }).expect(200);
    expect(bySlug.body.globalPageId).toBe(cp.globalPageId);
    expect(bySlug.body.cmsPageId).toBe(`${cp.globalPageId}--fr`);
    await page({ locale: 'fr-fr', pageId: `${cp.globalPageId}--fr` }).expect(200);
    // globalPageId selects the market's variant whatever pageId says.
    const variant = await page({
      locale: 'ja-jp',
      pageId: `${cp.globalPageId}--fr`,
      globalPageId: cp.globalPageId,
    }).expect(200);
    expect(variant.body.cmsPageId).toBe(`${cp.globalPageId}--ja`);
  });

  it('breadcrumbs follow the parent pages; parentPageId must match', async () => {
    const child = pages.find((p) => p.parentPageId && !p.countries)!;
    const res = await page({ locale: 'en-us', pageId: child.globalPageId, parentPageId: child.parentPageId! }).expect(
      200,
    );
    expect(res.body.breadcrumbs.at(-1).url).toBe(child.pageUrl);
    expect(res.body.breadcrumbs.length).toBeGreaterThan(1);
    const wrong = await page({ locale: 'en-us', pageId: child.globalPageId, parentPageId: 'not-its-parent' }).expect(
      404,
    );
    expect(wrong.body.code).toBe('ERR_PAGE_1000');
  });

  it('lists the pages under pageNavigationLinksPrefix', async () => {
    const legal = pages.filter((p) => p.pageUrl.startsWith('/legal/') && !p.countries);
    const res = await page({
      locale: 'en-us',
      pageId: legal[0]!.globalPageId,
      pageNavigationLinksPrefix: '/legal',
    }).expect(200);
    expect(res.body.navigationLinks.map((l: { href: string }) => l.href)).toEqual(
      expect.arrayContaining(legal.map((p) => p.pageUrl)),
    );
    for (const link of res.body.navigationLinks) expect(link.kind).toBe('internal');
  });

  it('sanitises rich text when seeding', async () => {
    const res = await t.database.db
      .selectFrom('content_components')
      .select(['data'])
      .where('type', 'in', ['rich-text', 'accordion'])
      .execute();
    expect(res.length).toBeGreaterThan(0);
    const text = JSON.stringify(res);
    expect(text).not.toMatch(/<script|javascript:|onerror=|onclick=/i);
  });

  it.each([
    [{ locale: 'en-us', pageId: 'no-such-page' }, 404, 'ERR_PAGE_1000'],
    [{ locale: 'en-us' }, 400, 'ERR_PAG_API_1001'],
    [{ locale: 'en-us', pageId: 'has space' }, 400, 'ERR_PAG_API_1001'],
    [{ locale: 'en-us', pageId: 'x'.repeat(121) }, 400, 'ERR_PAG_API_1001'],
    [{ locale: 'en-us', pageId: 'home', currentContextTags: 'Not A Tag' }, 400, 'ERR_PAG_API_1000'],
    [{ locale: 'en_us', pageId: 'home' }, 400, 'ERR_API_1005'],
    [{ locale: 'en-us', pageId: 'home', globalPageId: 'a/b' }, 400, 'ERR_API_1018'],
    [{ locale: 'en-us', pageId: 'home', pageNavigationLinksPrefix: 'no-slash' }, 400, 'ERR_API_1018'],
    [{ locale: 'en-us', pageId: 'home', extra: '1' }, 400, 'ERR_API_1018'],
  ])('%o answers %i %s', async (query, status, code) => {
    const res = await page(query as Record<string, string>).expect(status);
    expect(res.body.code).toBe(code);
  });

  it('without context tags, page content is not fetched: ERR_PAG_API_1000', async () => {
    const res = await request(t.app).get('/api/data/page').query({ locale: 'en-us', pageId: 'home' }).expect(400);
    expect(res.body.code).toBe('ERR_PAG_API_1000');
  });

  // Found by the contract fuzz suite: the bracket form made the validator's list parsing throw (a 500).
  it.each([
    ['/api/data/page?locale=ja-jp&pageId=client-service&currentContextTags%5Ba%5D=1', 'the page'],
    [
      '/api/data/page?locale=en-us&pageId=home&currentContextTags%5Ba%5D=guest&currentContextTags%5Bb%5D=x',
      'the page, two keys',
    ],
    ['/api/data/component?locale=en-us&componentId=layout-footer&currentContextTags%5Ba%5D=guest', 'a component'],
  ])('context tags written as an object (%s) are a malformed list: ERR_PAG_API_1000 (%s)', async (url) => {
    const res = await request(t.app).get(url).expect(400);
    expect(res.body.code).toBe('ERR_PAG_API_1000');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('context tags as repeated parameters still read as the list', async () => {
    const res = await request(t.app).get(
      '/api/data/page?locale=en-us&pageId=home&currentContextTags=guest&currentContextTags=fr-fr',
    );
    expect(res.status).not.toBe(500);
  });
});

describe('context tags', () => {
  const id = 'test-employee-only-banner';
  beforeAll(async () => {
    // A component restricted to employee-sale sessions, with a child, on the English home page.
    await t.database.db
      .insertInto('content_components')
      .values([
        {
          brand: TEST_BRAND,
          language: 'en',
          owner_id: 'home--en',
          id,
          parent_id: null,
          position: 99,
          type: 'grid',
          data: JSON.stringify({ title: 'Staff only', columns: { desktop: 2, tablet: 2, mobile: 1 }, gap: 'small' }),
          context_tags: ['employee-sale'],
          owner_order: 1,
        },
        {
          brand: TEST_BRAND,
          language: 'en',
          owner_id: 'home--en',
          id: `${id}-tile`,
          parent_id: id,
          position: 1,
          type: 'quote',
          data: JSON.stringify({ quote: 'Q', attribution: null }),
          context_tags: [],
          owner_order: 1,
        },
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await t.database.db
      .deleteFrom('content_components')
      .where('id', 'in', [id, `${id}-tile`])
      .execute();
  });

  it('a restricted component and its children are left out for other sessions', async () => {
    const guest = await page({ locale: 'en-us', pageId: 'home', currentContextTags: 'guest,en-us' }).expect(200);
    const ids = guest.body.components.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(id);
    expect(ids).not.toContain(`${id}-tile`);
  });

  it('is sent when the session has one of its tags, with its children after it', async () => {
    const staff = await page({ locale: 'en-us', pageId: 'home', currentContextTags: 'guest,employee-sale' }).expect(
      200,
    );
    const ids = staff.body.components.map((c: { id: string }) => c.id);
    expect(ids.indexOf(`${id}-tile`)).toBe(ids.indexOf(id) + 1);
    expect(staff.body.components.find((c: { id: string }) => c.id === id).contextTags).toEqual(['employee-sale']);
  });

  it('getCmsComponent: the restricted component is not found without the tag', async () => {
    const res = await component({ locale: 'en-us', componentId: id }).expect(404);
    expect(res.body.code).toBe('ERR_CTT_API_1005');
    const ok = await component({ locale: 'en-us', componentId: id, currentContextTags: 'employee-sale' }).expect(200);
    expect(ok.body.components.map((c: { id: string }) => c.id)).toEqual([id, `${id}-tile`]);
  });
});

describe('getCmsComponent (GET /api/data/component)', () => {
  it('answers the footer of the layout in each language', async () => {
    const footerId = (layout?.footer as { id: string } | undefined)?.id ?? 'layout-footer';
    for (const locale of ['en-us', 'fr-fr', 'ja-jp', 'zh-tw']) {
      const res = await component({ locale, componentId: footerId }).expect(200);
      expect(res.body.componentId).toBe(footerId);
      expect(res.body.components[0]).toMatchObject({ id: footerId, type: 'footer' });
    }
  });

  it('a container comes with everything nested in it', async () => {
    const home = pages.find((p) => p.globalPageId === 'home')!;
    const container = (home.components as { id: string; parentId: string | null }[]).find((c) =>
      home.components.some((d) => (d as { parentId: string | null }).parentId === c.id),
    );
    if (!container) return;
    const res = await component({ locale: 'en-us', componentId: container.id }).expect(200);
    expect(res.body.components[0].id).toBe(container.id);
    expect(res.body.components.slice(1).every((c: { parentId: string | null }) => c.parentId !== null)).toBe(true);
  });

  it('product islands are priced for the market; unsold products are left out', async () => {
    const withIsland = pages.find((p) => p.components.some((c) => c.type === 'product-island') && !p.countries);
    if (!withIsland) return;
    const island = withIsland.components.find((c) => c.type === 'product-island') as { id: string };
    const us = await component({ locale: 'en-us', componentId: island.id }).expect(200);
    const fr = await component({ locale: 'fr-fr', componentId: island.id }).expect(200);
    const usIsland = us.body.components[0];
    expect(usIsland.pids.length).toBeGreaterThan(0);
    expect(usIsland.products.length).toBeGreaterThan(0);
    for (const p of usIsland.products) expect(usIsland.pids).toContain(p.id);
    expect(usIsland.products[0].price.currencyCode).toBe('USD');
    expect(fr.body.components[0].products[0].price.currencyCode).toBe('EUR');
  });

  it.each([
    [{ locale: 'en-us' }, 400, 'ERR_CPN_API_1000'],
    [{ locale: 'en-us', componentId: 'bad id!' }, 400, 'ERR_CPN_API_1000'],
    [{ locale: 'en-us', componentId: 'layout-footer', currentContextTags: '' }, 400, 'ERR_PAG_API_1000'],
    [{ locale: 'xx', componentId: 'layout-footer' }, 400, 'ERR_API_1005'],
    [{ locale: 'en-us', componentId: 'layout-footer', nope: '1' }, 400, 'ERR_API_1018'],
    [{ locale: 'en-us', componentId: 'no-such-component' }, 404, 'ERR_CTT_API_1005'],
  ])('%o answers %i %s', async (query, status, code) => {
    const res = await component(query as Record<string, string>).expect(status);
    expect(res.body.code).toBe(code);
  });
});

describe('getGenericContent (GET /api/data/content/generic-content)', () => {
  it('answers the content in the market language', async () => {
    const g = genericContents[0];
    if (!g) return;
    const en = await request(t.app)
      .get('/api/data/content/generic-content')
      .query({ locale: 'en-us', contentId: g.contentId })
      .expect(200);
    const ja = await request(t.app)
      .get('/api/data/content/generic-content')
      .query({ locale: 'ja-jp', contentId: g.contentId })
      .expect(200);
    expect(en.body.contentId).toBe(g.contentId);
    expect(en.body.title).toBe(g.title.en.replaceAll('{house}', 'Saint Laurent'));
    expect(ja.body.title).toBe(g.title.ja.replaceAll('{house}', 'Saint Laurent'));
    expect(en.body.html).not.toMatch(/<script/i);
  });

  it.each([
    [{ locale: 'en-us' }, 400, 'ERR_CTT_API_1003'],
    [{ locale: 'en-us', contentId: 'bad id' }, 400, 'ERR_CTT_API_1003'],
    [{ locale: 'e-us', contentId: 'x' }, 400, 'ERR_API_1005'],
    [{ locale: 'en-us', contentId: 'x', other: 'y' }, 400, 'ERR_API_1018'],
    [{ locale: 'en-us', contentId: 'no-such-content' }, 404, 'ERR_CTT_API_1005'],
  ])('%o answers %i %s', async (query, status, code) => {
    const res = await request(t.app).get('/api/data/content/generic-content').query(query).expect(status);
    expect(res.body.code).toBe(code);
  });
});

describe('getAccordionsByTagSubjectId (GET /api/data/content/accordions-with-tag-subject-id)', () => {
  const path = '/api/data/content/accordions-with-tag-subject-id';
  it('answers the accordions of a FAQ subject', async () => {
    const subject = faqSubject();
    for (const locale of ['en-us', 'fr-fr', 'ja-jp', 'zh-tw']) {
      const res = await request(t.app).get(path).query({ locale, tagSubjectId: subject }).expect(200);
      expect(res.body.tagSubjectId).toBe(subject);
      expect(res.body.accordions.length).toBeGreaterThan(0);
      for (const a of res.body.accordions) {
        expect(a).toMatchObject({ type: 'accordion', tagSubjectId: subject });
        expect(a.items.length).toBeGreaterThan(0);
      }
    }
  });

  it.each([
    [{ locale: 'en-us' }, 400, 'ERR_CTT_API_1000'],
    [{ locale: 'en-us', tagSubjectId: 'Orders_Delivery' }, 400, 'ERR_CTT_API_1000'],
    [{ locale: 'en', tagSubjectId: 'returns' }, 400, 'ERR_API_1005'],
    [{ locale: 'en-us', tagSubjectId: 'returns', x: '1' }, 400, 'ERR_API_1018'],
    [{ locale: 'en-us', tagSubjectId: 'no-such-subject' }, 404, 'ERR_CTT_API_1002'],
  ])('%o answers %i %s', async (query, status, code) => {
    const res = await request(t.app).get(path).query(query).expect(status);
    expect(res.body.code).toBe(code);
  });
});

describe('getEvents (GET /api/data/events)', () => {
  const get = (query: Record<string, string>) => request(t.app).get('/api/data/events').query(query);

  it('lists running events first, then the next ones, without past events', async () => {
    const res = await get({ locale: 'en-us' }).expect(200);
    const list = res.body.events as { isCurrent: boolean; startDate: string; endDate: string }[];
    const now = Date.now();
    expect(list.length).toBeGreaterThan(0);
    expect(res.body.total).toBe(list.length);
    for (const e of list) expect(Date.parse(e.endDate)).toBeGreaterThan(now);
    const firstUpcoming = list.findIndex((e) => !e.isCurrent);
    if (firstUpcoming >= 0) expect(list.slice(firstUpcoming).every((e) => !e.isCurrent)).toBe(true);
    expect(res.body.hasCurrentEvents).toBe(list.some((e) => e.isCurrent));
    expect(res.body.eventType).toBeNull();
    expect(res.body.filters.map((f: { urlName: string }) => f.urlName)).toEqual(['themes', 'locations']);
  });

  it('filters by theme and location; each value counts what it would leave', async () => {
    const all = await get({ locale: 'fr-fr' }).expect(200);
    const themes = all.body.filters[0].values as { value: string; count: number }[];
    const theme = themes[0]!;
    const byTheme = await get({ locale: 'fr-fr', themes: theme.value }).expect(200);
    expect(byTheme.body.total).toBe(theme.count);
    expect(byTheme.body.events.every((e: { theme: { id: string } }) => e.theme.id === theme.value)).toBe(true);
    expect(byTheme.body.filters[0].values.find((v: { value: string }) => v.value === theme.value).selected).toBe(true);
    // The location counts now apply the theme filter.
    const locCounts = byTheme.body.filters[1].values.reduce((s: number, v: { count: number }) => s + v.count, 0);
    expect(locCounts).toBe(byTheme.body.total);
    const loc = all.body.filters[1].values[0];
    const both = await get({ locale: 'fr-fr', themes: theme.value, locations: loc.value }).expect(200);
    expect(
      both.body.events.every(
        (e: { theme: { id: string }; location: { id: string } }) =>
          e.theme.id === theme.value && e.location.id === loc.value,
      ),
    ).toBe(true);
  });

  it('filters by calendar (eventType)', async () => {
    const type = events[0]?.eventType;
    if (!type) return;
    const res = await get({ locale: 'ja-jp', eventType: type }).expect(200);
    expect(res.body.eventType).toBe(type);
    expect(res.body.events.every((e: { eventType: string }) => e.eventType === type)).toBe(true);
  });

  it.each([
    [{ locale: 'en-us', locations: 'Paris' }, 'ERR_API_1008'],
    [{ locale: 'en-us', locations: 'paris,,london' }, 'ERR_API_1008'],
    [{ locale: 'en-us', themes: 'Talk' }, 'ERR_API_1018'],
    [{ locale: 'en-us', eventType: 'Bad Type' }, 'ERR_API_1018'],
    [{ locale: 'en-us', other: '1' }, 'ERR_API_1018'],
    [{ locale: 'fr', themes: 'talk' }, 'ERR_API_1005'],
  ])('%o answers 400 %s', async (query, code) => {
    const res = await get(query).expect(400);
    expect(res.body.code).toBe(code);
  });
});

describe('bustCache (POST /internal/cache/bust)', () => {
  const bust = (body: unknown, token?: string) => {
    const r = request(t.app)
      .post('/internal/cache/bust')
      .send(body as object);
    return token === undefined ? r : r.set('X-Internal-Token', token);
  };

  it('refuses a missing or wrong token: ERR_LIB_1002', async () => {
    expect((await bust({ caches: ['all'] }).expect(401)).body.code).toBe('ERR_LIB_1002');
    expect((await bust({ caches: ['all'] }, 'wrong-token-wrong-token-wrong').expect(401)).body.code).toBe(
      'ERR_LIB_1002',
    );
    expect((await bust({ caches: ['all'] }, TOKEN.slice(0, -1)).expect(401)).body.code).toBe('ERR_LIB_1002');
  });

  it('empties the caches with the token', async () => {
    const res = await bust({ caches: ['all'] }, TOKEN).expect(200);
    expect(res.body.caches.map((c: { cache: string }) => c.cache)).toEqual([
      'page-data',
      'catalog',
      'navigation',
      'content',
      'markets',
      'sitemaps',
    ]);
    expect(Date.parse(res.body.bustedAt)).not.toBeNaN();
  });

  it.each([
    [{}, 'no caches'],
    [{ caches: ['everything'] }, 'unknown cache'],
    [{ caches: ['content'], extra: true }, 'unknown property'],
    [{ caches: ['content', 'page-data'], keys: ['home|fr-fr'] }, 'keys with several caches'],
  ])('refuses %o (%s): ERR_API_1018', async (body, _why) => {
    expect((await bust(body, TOKEN).expect(400)).body.code).toBe('ERR_API_1018');
  });

  it('refuses a cross-site browser call: ERR_API_1001', async () => {
    const res = await bust({ caches: ['all'] }, TOKEN)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(res.body.code).toBe('ERR_API_1001');
  });
});

describe('cache (CACHE_TTL_SECONDS) and busting', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await startTestApp({ CACHE_BUST_TOKEN: TOKEN, CACHE_TTL_SECONDS: '300' });
  });
  afterAll(() => cached.close());

  it('serves cached content until the content cache of the locale is busted', async () => {
    const get = (locale: string) =>
      request(cached.app)
        .get('/api/data/page')
        .query({ locale, pageId: 'home', currentContextTags: 'guest' })
        .expect(200);
    const before = (await get('de-de')).body.title;
    await get('it-it');
    await cached.database.db
      .updateTable('content_pages')
      .set({ title: 'Changed title' })
      .where('cms_page_id', 'in', ['home--de', 'home--it'])
      .execute();
    try {
      expect((await get('de-de')).body.title).toBe(before);
      const res = await request(cached.app)
        .post('/internal/cache/bust')
        .set('X-Internal-Token', TOKEN)
        .send({ caches: ['content'], locales: ['de-de'] })
        .expect(200);
      expect(res.body.caches[0].entriesRemoved).toBeGreaterThan(0);
      // The page list of the language is cached too: bust it by key.
      await request(cached.app)
        .post('/internal/cache/bust')
        .set('X-Internal-Token', TOKEN)
        .send({ caches: ['content'], keys: ['pages|de'] })
        .expect(200);
      expect((await get('de-de')).body.title).toBe('Changed title');
      expect((await get('it-it')).body.title).toBe(before);
      // Everything.
      await request(cached.app)
        .post('/internal/cache/bust')
        .set('X-Internal-Token', TOKEN)
        .send({ caches: ['all'] })
        .expect(200);
      expect((await get('it-it')).body.title).toBe('Changed title');
    } finally {
      await cached.database.db
        .updateTable('content_pages')
        .set({ title: before })
        .where('cms_page_id', 'in', ['home--de', 'home--it'])
        .execute();
    }
  });

  it('page data is cached and busted by locale', async () => {
    const home = () => request(cached.app).get('/ssr/home').query({ locale: 'es-es' }).expect(200);
    await home();
    const res = await request(cached.app)
      .post('/internal/cache/bust')
      .set('X-Internal-Token', TOKEN)
      .send({ caches: ['page-data'], locales: ['es-es'] })
      .expect(200);
    expect(res.body.caches).toEqual([{ cache: 'page-data', entriesRemoved: 1 }]);
  });
});

describe('seeding', () => {
  it('places events at their Paris hour, across daylight saving', () => {
    // 2026-03-28 is the Saturday before the change to summer time in Paris (29 March).
    const seeded = new Date('2026-03-28T15:00:00Z');
    expect(eventStart(seeded, 0, 10).toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(eventStart(seeded, 2, 10).toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(eventStart(seeded, -30, 18).toISOString()).toBe('2026-02-26T17:00:00.000Z');
  });

  it('is idempotent: seeding again replaces the content with the same rows', async () => {
    // On PostgreSQL too: each test worker has a database of its own, and its files run one after another.
    const count = async () =>
      (
        await sql<{
          n: number;
        }>`select (select count(*) from content_pages) + (select count(*) from content_components) + (select count(*) from events) as n`.execute(
          t.database.db,
        )
      ).rows[0]!.n;
    const before = await count();
    await seedContent(t.database.db, TEST_BRAND);
    await seedContent(t.database.db, TEST_BRAND);
    expect(await count()).toBe(before);
  });
});

describe('a failing content source', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp();
    if (testDatabaseKind() === 'postgres') return;
    // This test's own in-memory database loses its content tables: every read fails.
    for (const table of ['content_components', 'content_generic', 'events'])
      await sql.raw(`alter table ${table} rename to ${table}_gone`).execute(broken.database.db);
  });
  afterAll(() => broken.close());

  it.each([
    ['/api/data/page', { pageId: 'home', currentContextTags: 'guest' }, 'ERR_PAG_API_1002'],
    ['/api/data/component', { componentId: 'layout-footer', currentContextTags: 'guest' }, 'ERR_CPN_API_1001'],
    ['/api/data/content/generic-content', { contentId: 'delivery-and-returns' }, 'ERR_CTT_API_1004'],
    ['/api/data/content/accordions-with-tag-subject-id', { tagSubjectId: 'orders-and-delivery' }, 'ERR_CTT_API_1001'],
    ['/api/data/events', {}, 'ERR_API_1027'],
    ['/ssr/faq', {}, 'ERR_DATA_1000'],
  ])('%s answers 502 %s', async (path, query, code) => {
    if (testDatabaseKind() === 'postgres') return;
    const res = await request(broken.app)
      .get(path)
      .query({ locale: 'en-us', ...query })
      .expect(502);
    expect(res.body.code).toBe(code);
  });
});
