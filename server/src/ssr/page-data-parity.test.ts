// A page's first HTML carries the same data as its `/ssr/...` operation answers over HTTP: the host loads it
// in-process through that operation's own handler (`OperationRegistry.answerOf`), with the values the web app's
// `pageDataRequest` builds from the page URL, the same the client asks for on a navigation. One implementation per
// page's data, so a page loaded in full and a page reached by a click cannot differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { agent, startTestApp, type TestApp } from '../test/harness.ts';
import { matchPage, pageDataUrl } from '../../../web/src/lib/paths.ts';

let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

type PageData = { pageType: string } & Record<string, unknown>;

/** The page data a page's bootstrap seeds (TanStack's dehydrated state: the query holding a `pageType`). */
function embeddedData(html: string): PageData {
  const m = /<script type="application\/json" id="sf-bootstrap">(.*?)<\/script>/s.exec(html);
  expect(m, 'bootstrap script').toBeTruthy();
  const bootstrap = JSON.parse(m?.[1] ?? 'null') as { state: { queries: { state: { data?: unknown } }[] } };
  const found = bootstrap.state.queries
    .map((q) => q.state.data)
    .filter((d): d is PageData => !!d && typeof d === 'object' && 'pageType' in d);
  expect(found, 'one page data in the bootstrap').toHaveLength(1);
  return found[0]!;
}

/** The page's HTML (status, data) and its `/ssr/...` answer, asked by one visitor (the same cookies). */
async function both(visitor: ReturnType<typeof agent>, url: string) {
  const page = await visitor.get(url).set('Accept', 'text/html');
  const { pathname, search } = new URL(url, 'http://localhost');
  const dataUrl = pageDataUrl(matchPage(pathname), search);
  const answer = await visitor.get(dataUrl).set('Accept', 'application/json');
  return { page, dataUrl, answer };
}

describe('a page’s first HTML and its /ssr answer', () => {
  it('carry the same data on public pages, whatever the query values (kept, normalised or left out)', async () => {
    const visitor = agent(app);
    const listing = await visitor.get('/fr-fr/ca/women-bags').set('Accept', 'text/html').expect(200);
    const product = /href="(\/fr-fr\/pr\/[^"?#]+\.html)"/.exec(listing.text)?.[1];
    expect(product, 'a product link on the listing').toBeTruthy();
    const urls = [
      '/fr-fr/',
      '/ja-jp/',
      '/fr-fr/ca/women-bags',
      '/fr-fr/ca/women-bags?sort=price-low-to-high&page=2&utm_source=mail',
      '/fr-fr/ca/women-bags?filters=color%3Ablack',
      '/fr-fr/ca/women-bags?sort=bogus',
      product!,
      '/fr-fr/search?q=sac',
      '/fr-fr/search?q=%20sac%20&page=1',
      '/fr-fr/faq',
      '/fr-fr/client-service',
      '/fr-fr/contact',
      '/fr-fr/stores',
      '/fr-fr/collections',
      '/fr-fr/rive-droite',
      '/fr-fr/return-order',
      '/fr-fr/track-order',
      '/fr-fr/signin?returnUrl=%2Ffr-fr%2Fbasket',
      '/fr-fr/signin?returnUrl=%2F%2Fevil.example',
      '/fr-fr/signup',
    ];
    for (const url of urls) {
      const { page, dataUrl, answer } = await both(visitor, url);
      expect(page.status, url).toBe(200);
      expect(answer.status, dataUrl).toBe(200);
      expect(embeddedData(page.text), url).toEqual(answer.body);
    }
  });

  // Over HTTP the contract's validator refuses such a value (400); only a typed URL carries one, and a typed URL is
  // a full page load.
  it('a value the database cannot store is left out: the page carries the data of its URL without it', async () => {
    const visitor = agent(app);
    for (const [url, without] of [
      ['/fr-fr/ca/women-bags?sort=%00', '/fr-fr/ca/women-bags'],
      ['/fr-fr/search?q=sac%00', '/fr-fr/search'],
    ] as const) {
      const page = await visitor.get(url).set('Accept', 'text/html');
      const { answer } = await both(visitor, without);
      expect(page.status, url).toBe(200);
      expect(embeddedData(page.text), url).toEqual(answer.body);
    }
  });

  it('carry the same data on the visitor’s own pages (the bag, the checkout)', async () => {
    const visitor = agent(app);
    for (const url of ['/fr-fr/basket', '/fr-fr/checkout', '/en-us/basket']) {
      const { page, dataUrl, answer } = await both(visitor, url);
      expect(page.status, url).toBe(200);
      expect(answer.status, dataUrl).toBe(200);
      expect(page.headers['cache-control'], url).toBe('private, no-store');
      expect(embeddedData(page.text), url).toEqual(answer.body);
    }
  });

  it('a page URL without the values its data needs is the not-found page, as its data is', async () => {
    const visitor = agent(app);
    for (const url of [
      '/fr-fr/marketing',
      '/fr-fr/marketing?cid=%00',
      '/fr-fr/checkout/confirmation',
      '/fr-fr/guest/order-online?transactionUuid=123',
      '/fr-fr/guest/return-exchange?flow=Exchange',
      '/fr-fr/myaccount/order-online?orderNumber=ABC',
    ]) {
      const { page, dataUrl, answer } = await both(visitor, url);
      expect(dataUrl, url).toBe('/ssr/404?locale=fr-fr');
      expect(page.status, url).toBe(404);
      expect(embeddedData(page.text), url).toEqual(answer.body);
      expect(answer.body.pageType, url).toBe('not-found');
    }
  });

  it('a value the data does not know (an unknown product) is the not-found page, as over HTTP', async () => {
    const visitor = agent(app);
    const { page, answer } = await both(visitor, '/fr-fr/pr/nothing-here-ZZZZZZZZZZZZ.html');
    expect(page.status).toBe(404);
    expect(answer.status).toBe(404);
    expect(embeddedData(page.text).pageType).toBe('not-found');
  });
});
