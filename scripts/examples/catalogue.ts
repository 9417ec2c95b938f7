// The catalogue's examples of scripts/generate-examples.ts: countries, navigation, a category, the home, category,
// product, search and not-found pages, hit tiles, recommendations, and the health checks.
import type { Express } from 'express';
import request from 'supertest';
import {
  BRAND,
  CATEGORY_SLUG,
  LOCALE_LABEL,
  MAX_PRODUCTS,
  SEARCH_QUERY,
  label,
  map,
  ok,
  per,
  type ExampleSpec,
  type Json,
} from './settings.ts';
import { trimContentPage, trimNavigation, trimPage } from './trim.ts';

/** The catalogue's answers (and the health checks'); the story's product and the category every page shows. */
export async function collectCatalogue(
  app: Express,
): Promise<{ specs: ExampleSpec[]; pid: string; categoryId: string }> {
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

  const specs: ExampleSpec[] = [
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
  return { specs, pid, categoryId };
}
