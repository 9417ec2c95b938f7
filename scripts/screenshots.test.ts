// `npm run screenshots` photographs every page type: a page type added to the route table without a page here
// fails this test, and each listed path must be one the storefront renders as that type.
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, pageTypeOfKind } from '../web/src/lib/route-table';
import { matchPage } from '../web/src/lib/paths';
import { NO_PAGE_OF_ITS_OWN, SCREENSHOT_PAGES, VISITORS } from './screenshot-pages.mjs';

/** A context as scripts/screenshots.mjs fills it from the running server. */
const context = (locale: string) => ({
  locale,
  category: 'women-shoes',
  product: `/${locale}/pr/escarpins-opyum-en-cuir-verni-6YSDTFS6100E.html`,
  query: 'escarpins',
  store: `/${locale}/stores/saint-laurent-avenue-montaigne-1042`,
  campaign: 'campaign-fw26',
  order: { number: 'YSL-FR-00010042', transactionUuid: '0b7e8a56-3c1d-4f5e-9a2b-7c6d5e4f3a21' },
  client: {
    addressId: 'addr-7c1e52',
    online: 'YSL-FR-00010001',
    offline: 'YSL-FR-00010003',
    returnable: 'YSL-FR-00010001',
  },
});

describe('screenshot pages', () => {
  it('cover every page type of the route table, once', () => {
    const listed = SCREENSHOT_PAGES.map((p) => p.type);
    expect(new Set(listed).size).toBe(listed.length);
    const missing = Object.keys(PAGE_ROUTES).filter((type) => !listed.includes(type) && !(type in NO_PAGE_OF_ITS_OWN));
    expect(missing, 'page types with no screenshot').toEqual([]);
    const unknown = [...listed, ...Object.keys(NO_PAGE_OF_ITS_OWN)].filter((type) => !(type in PAGE_ROUTES));
    expect(unknown, 'types the route table does not have').toEqual([]);
  });

  for (const locale of ['fr-fr', 'ja-jp']) {
    it(`in ${locale}, each path is a page of its type`, () => {
      const c = context(locale);
      for (const page of SCREENSHOT_PAGES) {
        const url = new URL(page.path(c), 'http://localhost');
        const match = matchPage(url.pathname);
        expect(match.locale, page.type).toBe(locale);
        expect(pageTypeOfKind(match.kind), `${page.type}: ${url.pathname}`).toBe(page.type);
      }
    });
  }

  it('visits in order: one visitor after another, signing out last', () => {
    const order = SCREENSHOT_PAGES.map((p) => VISITORS.indexOf(p.visitor));
    expect(order.every((v) => v >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(SCREENSHOT_PAGES.at(-1)?.type).toBe('logout');
  });
});
