#!/usr/bin/env node
// Generates the per-locale response examples of the storefront contract from the REAL server:
// starts the app in-process on an in-memory PGlite seeded with a small catalogue, calls the
// endpoints through supertest, trims the answers to example size and writes
//   openapi/storefront/components/examples/<operation>-<locale>.yaml   (summary + value)
// then makes sure every path's 200 `application/json` response lists them as `examples:`, the
// `en-us` example first (Prism's default when no `Prefer: example=...` is sent).
//
// Run: node --import tsx scripts/generate-examples.ts   (then: node scripts/codegen.mjs && npx redocly lint)
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import YAML from 'yaml';
import { createApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seed } from '../server/src/db/seed.ts';
import { loadConfig } from '../server/src/shared/config.ts';
import { createLogger } from '../server/src/shared/logger.ts';
import { MarketService } from '../server/src/modules/markets/index.ts';
import { StoreService } from '../server/src/modules/stores/index.ts';
import { genericContents, pages as contentPages } from '../fixtures/content/index.ts';
import { insertCustomer } from '../server/src/modules/accounts/test-support.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The contracts whose examples are generated: the storefront's and the customer service's. */
type Api = 'storefront' | 'customer-service';
const contractDirOf = (api: Api) => join(root, 'openapi', api);
const examplesDirOf = (api: Api) => join(contractDirOf(api), 'components/examples');
const CS = '/customer-service/v1';

/** The example locales, `en-us` first: it is the default example of every operation. */
export const EXAMPLE_LOCALES = ['en-us', 'fr-fr', 'ja-jp'] as const;
type Locale = (typeof EXAMPLE_LOCALES)[number];
const LOCALE_LABEL: Record<Locale, string> = {
  'en-us': 'United States, English (en-us)',
  'fr-fr': 'France, French (fr-fr)',
  'ja-jp': 'Japan, Japanese (ja-jp)',
};

const BRAND = 'ysl';
/** Small, deterministic catalogue (the generator is seeded by brand): women-bags gets a few pages. */
const CATALOG_PRODUCTS = 120;
/** The category every category example shows. */
const CATEGORY_SLUG = 'women-bags';
const MAX_PRODUCTS = 8;
const MAX_ALTERNATES = 6;
const MAX_NAVIGATION = 20;
/** hreflang alternates kept in examples (in the server's order). */
const KEPT_ALTERNATES = new Set(['en-us', 'fr-fr', 'ja-jp', 'en-gb', 'de-de', 'x-default']);
/** Server-generated random ids are replaced so that regenerating gives the same files. */
const BASKET_ID = '0b5a3c1e-9d7f-4e2a-8c61-5f0e2d9a7b13';
const ITEM_ID = '7e4f9a20-3b6c-4d81-a5e7-1c9b0f2d6e48';
/** Markets: the session usid is random, the stores' special hours depend on the day. */
const USID = '3f6b2a9e-8c41-4d7a-9e25-b1c0d4e7f862';
const STORES_DATE = '2026-12-01T10:00:00Z';
const MAX_STORES = 3;
const LOCALE_COUNTRY: Record<Locale, string> = { 'en-us': 'US', 'fr-fr': 'FR', 'ja-jp': 'JP' };
/**
 * The product and size of the basket → checkout → order story the examples tell (the checkout options, the
 * placed order and its confirmation page name it too): the basket examples are generated with it, and
 * `npm run check:generated` (mocks/freshness.ts) checks that every example of the story names the same products.
 */
const STORY_PID = '5YSDEFG1RUDN';
const STORY_SIZE = '38';
/** The day the story's order is placed, and its transaction id (the server draws one at random). */
const STORY_DAY = '2026-11-25';
const STORY_TRANSACTION = '2f1c7f4e-8a57-4b0e-9d0c-5d6f3a1b9e20';

/** Moves every ISO date (`YYYY-MM-DD`, with or without a time) in a value by the days from `from` to `to`. */
function dayShift(from: string, to: string): (value: Json) => Json {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const move = (text: string) =>
    text.replace(/^(\d{4}-\d{2}-\d{2})/, (d) => new Date(Date.parse(d) + days * 86_400_000).toISOString().slice(0, 10));
  const walk = (v: Json): Json =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(v)
      ? move(v)
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk;
}
/** The search examples' query: the story product's style (`Cassandra pumps in patent leather`). */
const SEARCH_QUERY = 'cassandra';

/** Token of the cache-bust example call (the examples' server only). */
const BUST_TOKEN = 'example-cache-bust-token-not-a-secret';
const BUSTED_AT = '2026-11-22T08:00:00.000Z';
const MAX_COMPONENTS_PRODUCTS = 4;

const HEADER = [
  '# Generated by scripts/generate-examples.ts from the real server (in-memory database, small catalogue).',
  '# Do not edit: run `node --import tsx scripts/generate-examples.ts`, then `npm run codegen`.',
].join('\n');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- examples are arbitrary JSON, read and rewritten by key at any depth
type Json = any;

interface ExampleSpec {
  /** The contract (default: the storefront's). */
  api?: Api;
  /** Path file under openapi/<api>/paths/ and the method of the operation. */
  pathFile: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  operationId: string;
  /** The success status whose examples these are (default 200). */
  status?: '200' | '201';
  /** The examples' file name before `-<locale>.yaml` (default: the operation id in kebab case). */
  exampleName?: string;
  /** One value per locale; a locale-independent operation has a single `en-us` value. */
  values: Partial<Record<Locale, Json>>;
  summary: (locale: Locale | null) => string;
}

// ---------------------------------------------------------------------------------------------
// Trimming: examples stay small but valid against the schemas.

function trimNavigation(items: Json[], keepChildrenOf: string | null): Json[] {
  const kept = items.filter((c) => c.level <= 2 || (keepChildrenOf !== null && c.parentId === keepChildrenOf));
  return kept.length <= MAX_NAVIGATION ? kept : kept.filter((c) => c.level <= 2).slice(0, MAX_NAVIGATION);
}

function trimMeta(meta: Json): Json {
  const preferred = meta.alternates.filter((a: Json) => KEPT_ALTERNATES.has(a.hreflang));
  const rest = meta.alternates.filter((a: Json) => !KEPT_ALTERNATES.has(a.hreflang));
  const alternates = [...preferred, ...rest].slice(0, MAX_ALTERNATES);
  const order = new Map(meta.alternates.map((a: Json, i: number) => [a, i]));
  alternates.sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
  return { ...meta, alternates };
}

function trimPage(body: Json, categoryId: string | null): Json {
  return { ...body, meta: trimMeta(body.meta), navigation: trimNavigation(body.navigation, categoryId) };
}

/** Product islands keep a few products; page alternates and navigation as for every page. */
function trimComponents(components: Json[]): Json[] {
  return components.map((c) =>
    c.type === 'product-island' ? { ...c, products: c.products.slice(0, MAX_COMPONENTS_PRODUCTS) } : c,
  );
}
function trimContent(content: Json): Json {
  return content ? { ...content, components: trimComponents(content.components) } : content;
}
function trimContentPage(body: Json, categoryId: string | null): Json {
  return { ...trimPage(body, categoryId), ...('content' in body ? { content: trimContent(body.content) } : {}) };
}

function fixBasketIds(basket: Json): Json {
  return {
    ...basket,
    id: basket.id === null ? null : BASKET_ID,
    items: basket.items.map((item: Json) => ({ ...item, itemId: ITEM_ID })),
  };
}

// ---------------------------------------------------------------------------------------------
// The real server.

async function ok(label: string, pending: Promise<request.Response> | request.Test, status = 200): Promise<Json> {
  const res = await pending;
  if (res.status !== status) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The story's order requests, as collect() sent them (written with the examples). */
let collectedOrderRequests: Record<Locale, Json> = {} as Record<Locale, Json>;

async function collect(app: Express): Promise<ExampleSpec[]> {
  const per = <T>(fn: (locale: Locale) => Promise<T>) =>
    Promise.all(EXAMPLE_LOCALES.map(async (l) => [l, await fn(l)] as const)).then(
      (e) => Object.fromEntries(e) as Record<Locale, T>,
    );
  const label = (what: string) => (l: Locale | null) =>
    l ? `${what} — ${LOCALE_LABEL[l]}` : `${what} (the same for every locale)`;

  const countries = await ok('countries', request(app).get('/api/data/locale-mdm/countries'));
  const health = await ok('healthz', request(app).get('/healthz'));
  const readiness = await ok('readyz', request(app).get('/readyz'));

  const navigation = await per((l) => ok(`nav ${l}`, request(app).get('/api/data/category').query({ locale: l })));
  const listing = await per((l) =>
    ok(
      `category ${l}`,
      request(app).get(`/api/data/category/${CATEGORY_SLUG}`).query({ locale: l, pageSize: MAX_PRODUCTS }),
    ),
  );
  const categoryId: string = listing['en-us'].category.id;
  const home = await per((l) => ok(`home ${l}`, request(app).get('/ssr/home').query({ locale: l })));
  const categoryPage = await per((l) =>
    ok(`category page ${l}`, request(app).get(`/ssr/ca/${CATEGORY_SLUG}`).query({ locale: l })),
  );
  const notFound = await per((l) => ok(`404 ${l}`, request(app).get('/ssr/404').query({ locale: l })));

  // The product of every product example: the first product of the category listing that is in
  // stock, so that it can be added to a basket in every market.
  const pid: string = listing['en-us'].products.find((p: Json) => p.availability.inStock)?.id;
  if (!pid) throw new Error(`no product in stock in ${CATEGORY_SLUG}`);
  const product = await per((l) => ok(`product ${l}`, request(app).get(`/ssr/pr/${pid}`).query({ locale: l })));

  // Search, hit tiles and recommendations: products of the catalogue, found by the story product's style name.
  const searchWord = SEARCH_QUERY;
  const search = await per((l) =>
    ok(
      `search ${l}`,
      request(app).get('/api/data/search').query({ locale: l, brand: BRAND, q: searchWord, pageSize: MAX_PRODUCTS }),
    ),
  );
  const searchPage = await per((l) =>
    ok(
      `search page ${l}`,
      request(app)
        .get('/ssr/search')
        .query(l === 'fr-fr' ? { locale: l } : { locale: l, q: searchWord }),
    ),
  );
  const tilePids: string[] = listing['en-us'].products.slice(0, 3).map((p: Json) => p.id);
  const hitTiles = await per((l) =>
    ok(
      `hit tiles ${l}`,
      request(app)
        .get('/api/data/products/hit-tile')
        .query({ locale: l, pids: tilePids.join(',') }),
    ),
  );
  const recommendations = await per((l) =>
    ok(
      `recommendations ${l}`,
      request(app)
        .get('/api/data/recommendations/algolia')
        .query({ locale: l, model: 'related-products', pid, maxRecommendations: 3 }),
    ),
  );

  // Baskets: one fresh session per locale (a browser-like agent keeps the `sid` cookie); the add
  // answer and the following read show the same one-item basket.
  const added: Partial<Record<Locale, Json>> = {};
  const basket: Partial<Record<Locale, Json>> = {};
  const updated: Partial<Record<Locale, Json>> = {};
  const removed: Partial<Record<Locale, Json>> = {};
  for (const l of EXAMPLE_LOCALES) {
    const agent = request.agent(app);
    added[l] = await ok(
      `add ${l}`,
      agent
        .post('/api/data/basket/add-item')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ pid: STORY_PID, size: STORY_SIZE }),
    );
    basket[l] = await ok(`basket ${l}`, agent.get('/api/data/basket/get-basket').query({ locale: l }));
    if (basket[l].items.length !== 1) throw new Error(`basket ${l}: expected one item`);
    const itemId = basket[l].items[0].itemId;
    updated[l] = await ok(
      `update ${l}`,
      agent
        .patch('/api/data/basket/update-item')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ itemId, quantity: 2 }),
    );
    removed[l] = await ok(
      `remove ${l}`,
      agent.delete('/api/data/basket/remove-item').query({ locale: l, itemId }).set('Sec-Fetch-Site', 'same-origin'),
    );
  }

  // The basket → checkout → order story: one more session per locale adds the story's product, reads the
  // checkout's options, places the order its request example describes (the expected total taken from those
  // options) and reads the order's confirmation page.
  const checkoutOptions: Partial<Record<Locale, Json>> = {};
  const orderRequests: Partial<Record<Locale, Json>> = {};
  const orders: Partial<Record<Locale, Json>> = {};
  const confirmations: Partial<Record<Locale, Json>> = {};
  for (const l of EXAMPLE_LOCALES) {
    const agent = request.agent(app);
    await ok(
      `story add ${l}`,
      agent
        .post('/api/data/basket/add-item')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ pid: STORY_PID, size: STORY_SIZE }),
    );
    const options = await ok(`checkout options ${l}`, agent.get('/api/checkout/options').query({ locale: l }));
    const template = YAML.parse(
      readFileSync(join(examplesDirOf('storefront'), `place-order-request-${l}.yaml`), 'utf8'),
    ) as { summary: string; value: Json };
    const option = options.deliveryOptions.find((o: Json) => o.id === template.value.delivery.optionId);
    if (!option) throw new Error(`checkout options ${l}: no delivery option ${template.value.delivery.optionId}`);
    orderRequests[l] = { summary: template.summary, value: { ...template.value, expectedTotal: option.total.total } };
    const order = await ok(
      `place order ${l}`,
      agent
        .post('/api/checkout/place-order')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .set('Idempotency-Key', `example-order-${l}-0001`)
        .send(orderRequests[l].value),
      201,
    );
    const confirmation = await ok(
      `confirmation ${l}`,
      agent.get('/ssr/checkout/confirmation').query({ locale: l, orderNumber: order.orderNumber }),
    );
    // The server's clock dates the order and its deliveries: moved to the story's day, so that a rerun changes nothing.
    const shift = dayShift(String(order.placedAt).slice(0, 10), STORY_DAY);
    const fixOrder = (o: Json) => ({
      ...shift(o),
      placedAt: `${STORY_DAY}T10:00:00Z`,
      transactionUuid: STORY_TRANSACTION,
    });
    checkoutOptions[l] = shift({ ...options, basket: fixBasketIds(options.basket) });
    orders[l] = fixOrder(order);
    confirmations[l] = { ...trimPage(confirmation, null), order: fixOrder(confirmation.order) };
  }

  // Content: the pages of the fixtures (fixtures/content), picked by kind.
  const everywhere = (p: { countries?: string[] }) => !p.countries;
  const pageAt = (prefix: string) => contentPages.find((p) => p.pageUrl.startsWith(prefix) && everywhere(p));
  const slugOf = (url: string) => url.split('/').pop() as string;
  const contentPage = pageAt('/cp/');
  const legalPage = pageAt('/legal/');
  const catchAllPage = contentPages.find(
    (p) => p.category === 'custom' && /^\/[a-z0-9-]+$/.test(p.pageUrl) && p.pageUrl !== '/marketing' && everywhere(p),
  );
  const campaign =
    contentPages.find((p) => p.pageUrl.startsWith('/marketing') && everywhere(p)) ??
    contentPages.find((p) => p.category === 'custom' && p.globalPageId !== 'home' && everywhere(p));
  const rdContent = pageAt('/rive-droite/cp/');
  const calendar = pageAt('/rive-droite/calendar/');
  const subject = contentPages
    .flatMap((p) => p.components as Json[])
    .find((c) => c.type === 'accordion' && c.tagSubjectId)?.tagSubjectId as string | undefined;
  const footerId = 'layout-footer';
  const tags = 'guest';
  const q = (l: Locale, extra: Record<string, string> = {}) => ({ locale: l, ...extra });
  const cms = {
    page: await per((l) =>
      ok(
        `page ${l}`,
        request(app)
          .get('/api/data/page')
          .query(
            q(l, {
              pageId: contentPage?.globalPageId ?? 'home',
              currentContextTags: tags,
              pageNavigationLinksPrefix: '/cp',
            }),
          ),
      ),
    ),
    component: await per((l) =>
      ok(
        `component ${l}`,
        request(app)
          .get('/api/data/component')
          .query(q(l, { componentId: footerId, currentContextTags: tags })),
      ),
    ),
    generic: genericContents[0]
      ? await per((l) =>
          ok(
            `generic ${l}`,
            request(app)
              .get('/api/data/content/generic-content')
              .query(q(l, { contentId: genericContents[0]!.contentId })),
          ),
        )
      : undefined,
    accordions: subject
      ? await per((l) =>
          ok(
            `accordions ${l}`,
            request(app)
              .get('/api/data/content/accordions-with-tag-subject-id')
              .query(q(l, { tagSubjectId: subject })),
          ),
        )
      : undefined,
    events: await per((l) => ok(`events ${l}`, request(app).get('/api/data/events').query(q(l)))),
    bust: await ok(
      'bust',
      request(app)
        .post('/internal/cache/bust')
        .set('X-Internal-Token', BUST_TOKEN)
        .send({ caches: ['page-data'] }),
    ),
  };
  const pageOf = async (what: string, path: string | undefined, extra: Record<string, string> = {}) =>
    path ? per((l) => ok(`${what} ${l}`, request(app).get(path).query(q(l, extra)))) : undefined;
  const rdHome = await pageOf('rive droite', '/ssr/rive-droite');
  const rdCategorySlug: string | undefined =
    rdHome?.['en-us'].categories.find((c: Json) => c.level === 2)?.slug ?? rdHome?.['en-us'].categories[0]?.slug;
  const pageData = {
    content: await pageOf('content page', contentPage && `/ssr/cp/${slugOf(contentPage.pageUrl)}`),
    legal: await pageOf('legal page', legalPage && `/ssr/legal/${slugOf(legalPage.pageUrl)}`),
    faq: await pageOf('faq', '/ssr/faq'),
    clientService: await pageOf('client service', '/ssr/client-service'),
    marketing: await pageOf('marketing', campaign && '/ssr/marketing', {
      cid: campaign?.globalPageId ?? '',
      cat: CATEGORY_SLUG,
      pid,
    }),
    catchAll: await pageOf('catch-all', catchAllPage && `/ssr/page/${slugOf(catchAllPage.pageUrl)}`),
    rdHome,
    rdContent: await pageOf('rive droite content', rdContent && `/ssr/rive-droite/cp/${slugOf(rdContent.pageUrl)}`),
    rdCategory: await pageOf('rive droite category', rdCategorySlug && `/ssr/rive-droite/ca/${rdCategorySlug}`),
    rdCalendar: await pageOf(
      'rive droite calendar',
      calendar && `/ssr/rive-droite/calendar/${slugOf(calendar.pageUrl)}`,
    ),
  };

  // Markets: address format and boutiques of the locale's country; an anonymous session opened there.
  const addressFormats = await per((l) =>
    ok(
      `country-addresses ${l}`,
      request(app).get('/api/data/country-addresses').query({ locale: l, country: LOCALE_COUNTRY[l] }),
    ),
  );
  const fixedClockStores = new StoreService(database.db, BRAND, () => new Date(STORES_DATE));
  const marketService = await MarketService.load(database.db);
  const storeLists = await per(async (l) => {
    const body = await ok(`stores ${l}`, request(app).get('/api/data/locale-mdm/stores').query({ locale: l }));
    // The special hours of a fixed day, so that regenerating gives the same files.
    const fixed = await fixedClockStores.list(body.country, marketService.resolve(l));
    const stores = body.stores
      .slice(0, MAX_STORES)
      .map((s: Json) => ({ ...s, specialHours: fixed.stores.find((f) => f.id === s.id)?.specialHours ?? [] }));
    return { ...body, stores };
  });
  const customerSessions = await per(async (l) => {
    const body = await ok(
      `session ${l}`,
      request(app)
        .post('/api/data/session')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .set('CF-IPCountry', LOCALE_COUNTRY[l]),
    );
    return { ...body, usid: USID };
  });

  const customerService = await collectCustomerService(app, per, label);
  collectedOrderRequests = orderRequests as Record<Locale, Json>;

  const map = <T>(values: Record<Locale, T>, fn: (v: T) => Json) =>
    Object.fromEntries(Object.entries(values).map(([l, v]) => [l, fn(v as T)])) as Record<Locale, Json>;

  function contentSpecs(): ExampleSpec[] {
    const specs: ExampleSpec[] = [];
    const add = (
      pathFile: string,
      operationId: string,
      values: Record<Locale, Json> | undefined,
      what: string,
      fn: (v: Json) => Json = (v) => v,
      method: ExampleSpec['method'] = 'get',
    ) => {
      if (!values) return console.warn(`no example for ${operationId}: the content fixtures have nothing for it yet`);
      specs.push({ pathFile, method, operationId, values: map(values, fn), summary: label(what) });
    };
    const onlyProducts = (list: Json) => ({ ...list, components: trimComponents(list.components) });
    add(
      'api@data@page.yaml',
      'getContentPage',
      cms.page,
      `Content page ${contentPage?.globalPageId ?? 'home'} with the navigation of /cp`,
      trimContent,
    );
    add('api@data@component.yaml', 'getCmsComponent', cms.component, `Component ${footerId}`, onlyProducts);
    add(
      'api@data@content@generic-content.yaml',
      'getGenericContent',
      cms.generic,
      `Generic content ${genericContents[0]?.contentId}`,
      onlyProducts,
    );
    add(
      'api@data@content@accordions-with-tag-subject-id.yaml',
      'getAccordionsByTagSubjectId',
      cms.accordions,
      `FAQ subject ${subject}`,
    );
    add('api@data@events.yaml', 'getEvents', cms.events, 'Rive droite events, every calendar');
    add(
      'internal@cache@bust.yaml',
      'bustCache',
      { 'en-us': { ...cms.bust, bustedAt: BUSTED_AT } } as Record<Locale, Json>,
      'Page data emptied',
      (v) => v,
      'post',
    );
    const page = (v: Json) => trimContentPage(v, categoryId);
    add('ssr@cp@{slug}.yaml', 'getContentPageData', pageData.content, `Content page ${contentPage?.pageUrl}`, page);
    add('ssr@legal@{slug}.yaml', 'getLegalPageData', pageData.legal, `Legal page ${legalPage?.pageUrl}`, page);
    add('ssr@faq.yaml', 'getFaqPageData', pageData.faq, 'FAQ page', page);
    add('ssr@client-service.yaml', 'getClientServicePageData', pageData.clientService, 'Client service page', page);
    add(
      'ssr@marketing.yaml',
      'getMarketingPageData',
      pageData.marketing,
      `Campaign ${campaign?.globalPageId} on ${CATEGORY_SLUG} and ${pid}`,
      (v) => ({ ...page(v), products: v.products.slice(0, MAX_PRODUCTS) }),
    );
    add('ssr@page@{slug}.yaml', 'getCatchAllPageData', pageData.catchAll, `Page ${catchAllPage?.pageUrl}`, page);
    add('ssr@rive-droite.yaml', 'getRiveDroitePageData', pageData.rdHome, 'Rive droite home page', page);
    add(
      'ssr@rive-droite@cp@{slug}.yaml',
      'getRiveDroiteContentPageData',
      pageData.rdContent,
      `Rive droite page ${rdContent?.pageUrl}`,
      page,
    );
    add(
      'ssr@rive-droite@ca@{slug}.yaml',
      'getRiveDroiteCategoryPageData',
      pageData.rdCategory,
      `Rive droite category ${rdCategorySlug}`,
      (v) => ({
        ...page(v),
        listing: { ...v.listing, products: v.listing.products.slice(0, MAX_PRODUCTS) },
      }),
    );
    add(
      'ssr@rive-droite@calendar@{slug}.yaml',
      'getRiveDroiteCalendarPageData',
      pageData.rdCalendar,
      `Rive droite calendar ${calendar?.pageUrl}`,
      page,
    );
    return specs;
  }

  return [
    {
      pathFile: 'api@data@locale-mdm@countries.yaml',
      method: 'get',
      operationId: 'getCountries',
      values: { 'en-us': countries },
      summary: label('Every country and region'),
    },
    {
      pathFile: 'api@data@category.yaml',
      method: 'get',
      operationId: 'getCategoryNavigation',
      values: map(navigation, (n) => ({ ...n, categories: trimNavigation(n.categories, categoryId) })),
      summary: label('Category navigation (macro and micro categories)'),
    },
    {
      pathFile: 'api@data@category@{slug}.yaml',
      method: 'get',
      operationId: 'getCategory',
      values: map(listing, (c) => ({ ...c, products: c.products.slice(0, MAX_PRODUCTS) })),
      summary: label(`First page (${MAX_PRODUCTS} products) of ${CATEGORY_SLUG}`),
    },
    {
      pathFile: 'api@data@basket@get-basket.yaml',
      method: 'get',
      operationId: 'getBasket',
      values: map(basket as Record<Locale, Json>, fixBasketIds),
      summary: label('A basket with one item'),
    },
    {
      pathFile: 'api@data@basket@add-item.yaml',
      method: 'post',
      operationId: 'addBasketItem',
      values: map(added as Record<Locale, Json>, fixBasketIds),
      summary: label('The basket after adding one item'),
    },
    {
      pathFile: 'api@data@basket@update-item.yaml',
      method: 'patch',
      operationId: 'updateBasketItem',
      values: map(updated as Record<Locale, Json>, fixBasketIds),
      summary: label('The basket after setting the quantity to 2'),
    },
    {
      pathFile: 'api@data@basket@remove-item.yaml',
      method: 'delete',
      operationId: 'removeBasketItem',
      values: map(removed as Record<Locale, Json>, fixBasketIds),
      summary: label('The basket after removing its only item'),
    },
    {
      pathFile: 'ssr@home.yaml',
      method: 'get',
      operationId: 'getHomePageData',
      values: map(home, (h) => ({
        ...trimContentPage(h, categoryId),
        featuredProducts: h.featuredProducts.slice(0, MAX_PRODUCTS),
      })),
      summary: label('Home page'),
    },
    {
      pathFile: 'ssr@ca@{slug}.yaml',
      method: 'get',
      operationId: 'getCategoryPageData',
      values: map(categoryPage, (p) => ({
        ...trimPage(p, categoryId),
        listing: { ...p.listing, products: p.listing.products.slice(0, MAX_PRODUCTS) },
      })),
      summary: label(`Category page ${CATEGORY_SLUG}`),
    },
    {
      pathFile: 'ssr@pr@{pid}.yaml',
      method: 'get',
      operationId: 'getProductPageData',
      values: map(product, (p) => trimPage(p, categoryId)),
      summary: label(`Product page ${pid}`),
    },
    {
      pathFile: 'api@checkout@options.yaml',
      method: 'get',
      operationId: 'getCheckoutOptions',
      values: checkoutOptions as Record<Locale, Json>,
      summary: label('A basket of one pair of pumps'),
    },
    {
      pathFile: 'api@checkout@place-order.yaml',
      method: 'post',
      operationId: 'placeOrder',
      status: '201',
      values: orders as Record<Locale, Json>,
      summary: label('The paid order'),
    },
    {
      pathFile: 'ssr@checkout@confirmation.yaml',
      method: 'get',
      operationId: 'getOrderConfirmationPageData',
      values: confirmations as Record<Locale, Json>,
      summary: label('The order just placed'),
    },
    {
      pathFile: 'api@data@search.yaml',
      method: 'get',
      operationId: 'searchProducts',
      values: map(search, (v) => ({ ...v, products: v.products.slice(0, MAX_PRODUCTS) })),
      summary: label(`Search "${searchWord}"`),
    },
    {
      pathFile: 'ssr@search.yaml',
      method: 'get',
      operationId: 'getSearchPageData',
      values: map(searchPage, (v) => ({
        ...trimPage(v, categoryId),
        ...(v.search ? { search: { ...v.search, products: v.search.products.slice(0, MAX_PRODUCTS) } } : {}),
      })),
      summary: (l) =>
        l === 'fr-fr'
          ? `Search without a query (trending searches) — ${LOCALE_LABEL[l]}`
          : label(`Search "${searchWord}"`)(l),
    },
    {
      pathFile: 'api@data@products@hit-tile.yaml',
      method: 'get',
      operationId: 'getHitTiles',
      values: hitTiles,
      summary: label(`Hit tiles of three products`),
    },
    {
      pathFile: 'api@data@recommendations@algolia.yaml',
      method: 'get',
      operationId: 'getAlgoliaRecommendations',
      values: recommendations,
      summary: label(`Related products of ${pid}`),
    },
    {
      pathFile: 'ssr@404.yaml',
      method: 'get',
      operationId: 'getNotFoundPageData',
      values: map(notFound, (p) => trimPage(p, categoryId)),
      summary: label('Not-found page'),
    },
    ...contentSpecs(),
    {
      pathFile: 'api@data@country-addresses.yaml',
      method: 'get',
      operationId: 'getCountryAddressFormats',
      values: addressFormats,
      summary: (l) => `Address format of ${l ? LOCALE_COUNTRY[l] : 'US'} — ${l ? LOCALE_LABEL[l] : ''}`,
    },
    {
      pathFile: 'api@data@locale-mdm@stores.yaml',
      method: 'get',
      operationId: 'getStores',
      values: storeLists,
      summary: label(`Boutiques of the market (first ${MAX_STORES})`),
    },
    {
      pathFile: 'api@data@session.yaml',
      method: 'post',
      operationId: 'getCustomerSession',
      values: customerSessions,
      summary: label('Anonymous visitor'),
    },
    ...customerService,
    {
      pathFile: 'healthz.yaml',
      method: 'get',
      operationId: 'getHealth',
      values: { 'en-us': health },
      summary: label('Alive'),
    },
    {
      pathFile: 'readyz.yaml',
      method: 'get',
      operationId: 'getReadiness',
      values: { 'en-us': readiness },
      summary: label('Ready'),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The customer service API (openapi/customer-service), on the same app under its base path.

/**
 * The example customers of each locale (openapi/customer-service/components/examples/README.md). Their
 * accounts are written straight into the examples' database; the ids the server draws at random (client
 * number, customer UUID, session id) are replaced by these, so that regenerating gives the same files.
 */
const CUSTOMERS: Record<
  Locale,
  {
    email: string;
    firstName: string;
    lastName: string;
    country: string;
    profile: { civility: string; phone: string; birth_date: string; first_name_kana?: string; last_name_kana?: string };
    clientId: string;
    customerUUID: string;
    usid: string;
    guestUsid: string;
  }
> = {
  'en-us': {
    email: 'emily.carter@example.com',
    firstName: 'Emily',
    lastName: 'Carter',
    country: 'US',
    profile: { civility: 'MRS', phone: '+12125550143', birth_date: '1988-06-21' },
    clientId: '1004821937',
    customerUUID: 'f0d51a70-b207-49d7-b36f-a59c737c8df9',
    usid: '4aea9ec3-8aa7-4090-92bb-432b61f6f0a5',
    guestUsid: '8b4eb969-f535-4597-adcf-8164f87b88d1',
  },
  'fr-fr': {
    email: 'camille.lefevre@example.fr',
    firstName: 'Camille',
    lastName: 'Lefèvre',
    country: 'FR',
    profile: { civility: 'MS', phone: '+33612345678', birth_date: '1992-11-03' },
    clientId: '2004718265',
    customerUUID: 'eb849aa7-2038-4048-ae15-464cf096b6d6',
    usid: '0bddf76c-8de1-4116-b8b5-74f322957a73',
    guestUsid: 'd0faf0b1-29ab-4619-a173-c33fdd6ccbbd',
  },
  'ja-jp': {
    email: 'hanako.yamada@example.jp',
    firstName: '花子',
    lastName: '山田',
    country: 'JP',
    profile: {
      civility: 'MS',
      phone: '+819012345678',
      birth_date: '1990-04-12',
      first_name_kana: 'ハナコ',
      last_name_kana: 'ヤマダ',
    },
    clientId: '3009152648',
    customerUUID: '17b3dc2d-f011-4190-9990-97ecb88ccddb',
    usid: 'f8bc2717-1485-49c7-9be7-b457f0a90bff',
    guestUsid: '865066d8-09f3-44b6-9a16-474724545336',
  },
};
const CUSTOMER_PASSWORD = 'Example-Password-2026';
/** The test reCAPTCHA verifier's token (server/src/shared/recaptcha.ts, test mode). */
const RECAPTCHA_TOKEN = 'test-recaptcha-token';

async function collectCustomerService(
  app: Express,
  per: <T>(fn: (locale: Locale) => Promise<T>) => Promise<Record<Locale, T>>,
  label: (what: string) => (l: Locale | null) => string,
): Promise<ExampleSpec[]> {
  const get = (what: string, path: string) =>
    per((l) => ok(`${what} ${l}`, request(app).get(`${CS}${path}`).query({ locale: l })));
  const guestSessions = await per(async (l) => {
    const body = await ok(
      `cs session ${l}`,
      request(app).get(`${CS}/session`).query({ locale: l }).set('CF-IPCountry', LOCALE_COUNTRY[l]),
    );
    return { ...body, usid: CUSTOMERS[l].guestUsid };
  });
  const fields = await get('cs fields', '/fields');
  const form = await get('cs fields-and-consent', '/fields-and-consent');
  const consent = await get('cs consent', '/consent');

  // Signed in: the customer's account, then the customer service's own sign-in (authn, then login with its code).
  const signedIn = await per(async (l) => {
    const c = CUSTOMERS[l];
    const account = await insertCustomer(database.db, {
      email: c.email,
      password: CUSTOMER_PASSWORD,
      firstName: c.firstName,
      lastName: c.lastName,
      locale: l,
      country: c.country,
    });
    // The rest of the profile (civility, phone, birth date, kana) as the account pages would have saved it.
    await database.db.updateTable('customers').set(c.profile).where('id', '=', account.id).execute();
    const browser = request.agent(app).set('Sec-Fetch-Site', 'same-origin').set('CF-IPCountry', LOCALE_COUNTRY[l]);
    const authn = await ok(
      `cs authn ${l}`,
      browser
        .post(`${CS}/authn`)
        .query({ locale: l })
        .send({ email: c.email, password: CUSTOMER_PASSWORD, recaptchaToken: RECAPTCHA_TOKEN }),
    );
    const session = await ok(`cs login ${l}`, browser.post(`${CS}/login`).query({ locale: l, code: authn.code }));
    const customer = await ok(`cs customer ${l}`, browser.get(`${CS}/customer`).query({ locale: l }));
    const ids = (v: Json) => ({
      ...v,
      ...('usid' in v ? { usid: c.usid } : {}),
      ...('keringClientId' in v ? { keringClientId: c.clientId } : {}),
      ...('clientId' in v ? { clientId: c.clientId } : {}),
      ...('customerUUID' in v ? { customerUUID: c.customerUUID } : {}),
    });
    return { session: ids(session), customer: ids(customer) };
  });
  const cs = (
    pathFile: string,
    operationId: string,
    values: Record<Locale, Json>,
    what: string,
    method: ExampleSpec['method'] = 'get',
  ): ExampleSpec => ({
    api: 'customer-service',
    // The customer service's example files are named without its `cs` prefix (get-session-fr-fr.yaml).
    exampleName: kebab(operationId.replace(/^cs([A-Z])/, (_, c: string) => c.toLowerCase()))
      .replace(/^get-registration-fields$/, 'get-fields')
      .replace(/^get-registration-form$/, 'get-fields-and-consent')
      .replace(/^get-consent-texts$/, 'get-consent'),
    pathFile,
    method,
    operationId,
    values,
    summary: label(what),
  });
  const fieldOf = <K extends 'session' | 'customer'>(k: K) =>
    Object.fromEntries(EXAMPLE_LOCALES.map((l) => [l, signedIn[l][k]])) as Record<Locale, Json>;
  return [
    cs('session.yaml', 'csGetSession', guestSessions, 'Anonymous visitor'),
    cs('fields.yaml', 'csGetRegistrationFields', fields, 'Registration form fields'),
    cs('fields-and-consent.yaml', 'csGetRegistrationForm', form, 'Registration form fields and consent texts'),
    cs('consent.yaml', 'csGetConsentTexts', consent, 'Consent texts'),
    cs('login.yaml', 'csLogin', fieldOf('session'), 'Signed in', 'post'),
    cs('customer.yaml', 'csGetCustomer', fieldOf('customer'), "The signed-in customer's profile"),
  ];
}

// ---------------------------------------------------------------------------------------------
// Output.

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${path.slice(root.length + 1)}`);
}

/** Writes the example files; answers locale → file name (a single-locale example serves every locale). */
function writeExamples(spec: ExampleSpec): Record<Locale, string> {
  const files = {} as Record<Locale, string>;
  const single = Object.keys(spec.values).length === 1;
  for (const locale of EXAMPLE_LOCALES) {
    const value = spec.values[locale];
    if (value === undefined) continue;
    const file = `${spec.exampleName ?? kebab(spec.operationId)}-${locale}.yaml`;
    const doc = { summary: spec.summary(single ? null : locale), value };
    writeIfChanged(
      join(examplesDirOf(spec.api ?? 'storefront'), file),
      `${HEADER}\n${YAML.stringify(doc, { lineWidth: 0 })}`,
    );
    files[locale] = file;
  }
  for (const locale of EXAMPLE_LOCALES) files[locale] ??= files['en-us'];
  return files;
}

/** Sets `examples:` of the success (200, or the spec's status) application/json response of the path file, `en-us` first. */
function wireExamples(spec: ExampleSpec, files: Record<Locale, string>): void {
  const path = join(contractDirOf(spec.api ?? 'storefront'), 'paths', spec.pathFile);
  const source = readFileSync(path, 'utf8');
  const doc = YAML.parseDocument(source);
  const status = spec.status ?? '200';
  const media = doc.getIn([spec.method, 'responses', status, 'content', 'application/json'], true);
  if (!YAML.isMap(media)) throw new Error(`${spec.pathFile}: no ${status} application/json response`);
  if (doc.getIn([spec.method, 'operationId']) !== spec.operationId)
    throw new Error(`${spec.pathFile}: not ${spec.operationId}`);
  const examples = doc.createNode(
    Object.fromEntries(EXAMPLE_LOCALES.map((l) => [l, { $ref: `../components/examples/${files[l]}` }])),
  );
  media.set('examples', examples);
  writeIfChanged(path, doc.toString({ lineWidth: 0, flowCollectionPadding: false }));
}

const t0 = Date.now();
const database = await openDatabase({ pgliteDir: 'memory://' });
try {
  await migrateToLatest(database.db);
  await seed(database.db, { brand: BRAND, products: CATALOG_PRODUCTS });
  // Response validation on: every answer used here is checked against the contract by the server.
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: BRAND,
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: 'silent',
    CACHE_BUST_TOKEN: BUST_TOKEN,
  });
  const { app } = await createApp({ config, database, logger: createLogger(config.logLevel), pages: false });
  const specs = await collect(app);
  const storyRequests = collectedOrderRequests;
  // `--only opA,opB` rewrites the examples of those operations only (the others are still collected).
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : undefined;
  for (const spec of specs) if (!only || only.has(spec.operationId)) wireExamples(spec, writeExamples(spec));
  // The order requests of the story (request bodies: written, not wired): their expected totals are the server's.
  for (const [l, doc] of Object.entries(storyRequests))
    writeIfChanged(
      join(examplesDirOf('storefront'), `place-order-request-${l}.yaml`),
      `${HEADER}\n${YAML.stringify(doc, { lineWidth: 0 })}`,
    );
  console.log(
    `${specs.length} operations, examples in ${examplesDirOf('storefront').slice(root.length + 1)} and ${examplesDirOf('customer-service').slice(root.length + 1)} (${Date.now() - t0} ms)`,
  );
} finally {
  await database.close();
}
