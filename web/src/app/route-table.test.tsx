// The route table (web/src/lib/route-table.ts) is the one list of pages: every page type of the contract has a
// route, every route's module renders its page from the contract's own example data, and the namespaces a
// route declares are those its render reads (a client navigation loads them before the page shows).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { render } from '../entry-server';
import { PAGE_ROUTES, pageRouteOf, pageTypeOfKind, isPersonalKind, type PageType } from '../lib/route-table';
import { SHELL_NAMESPACES } from '../lib/i18n';
import { matchPage } from '../lib/paths';
import type { PageData } from './storefront';

const contractDir = join(import.meta.dirname, '../../../openapi/storefront');
const examplesDir = join(contractDir, 'components/examples');
const pageExamples = readdirSync(examplesDir).filter((f) => /^get-.*-page-data-en-us\.yaml$/.test(f));
const example = (file: string) =>
  (YAML.parse(readFileSync(join(examplesDir, file), 'utf8')) as { value: PageData }).value;
const pageTypes = (
  YAML.parse(readFileSync(join(contractDir, 'components/schemas/PageType.yaml'), 'utf8')) as { enum: string[] }
).enum;
const contractText = readdirSync(join(contractDir, 'paths'), { recursive: true })
  .filter((f) => String(f).endsWith('.yaml'))
  .map((f) => readFileSync(join(contractDir, 'paths', String(f)), 'utf8'))
  .join('\n');
const routeModules = import.meta.glob<Record<string, unknown>>('./routes/*-route{,s}.tsx', { eager: true });

describe('the route table', () => {
  it('has a route for every page type of the contract, and no other', () => {
    expect(Object.keys(PAGE_ROUTES).sort()).toEqual([...pageTypes].sort());
  });

  it.each(Object.entries(PAGE_ROUTES))(
    '%s: its module exports its component, its operation is in the contract',
    (_type, route) => {
      expect(typeof routeModules[`./routes/${route.module}.tsx`]?.[route.component]).toBe('function');
      expect(contractText).toContain(`operationId: ${route.operation}\n`);
    },
  );

  it('names a route for every page kind matchPage finds', () => {
    const paths = [
      '/',
      '/ca/women',
      '/pr/bag-ABC123.html',
      '/cp/about',
      '/legal/terms',
      '/faq',
      '/client-service',
      '/contact',
      '/marketing',
      '/rive-droite',
      '/rive-droite/cp/x',
      '/rive-droite/ca/x',
      '/rive-droite/calendar/x',
      '/looks/x',
      '/collections',
      '/collections/x',
      '/collections/x/items',
      '/collections/x/looks',
      '/search',
      '/stores',
      '/stores/paris-12',
      '/newsletter/confirm',
      '/signin',
      '/myaccount',
      '/myaccount/orders',
      '/basket',
      '/checkout',
      '/track-order',
      '/guest/order-online',
      '/return-order',
      '/some-page',
      '/a/b/c/d',
    ];
    for (const path of paths) {
      const kind = matchPage(path).kind;
      const type = pageTypeOfKind(kind);
      expect(pageTypes, `${path} → ${kind}`).toContain(type);
      if (kind !== 'catch-all' && kind !== 'not-found') expect(type, path).toBe(kind);
    }
    expect(pageTypeOfKind('catch-all')).toBe('content');
  });

  it('marks the account area, the bag, checkout and order pages personal, the catalogue and content not', () => {
    for (const kind of [
      'sign-in',
      'my-account',
      'my-account-orders',
      'basket',
      'checkout',
      'checkout-confirmation',
      'track-order',
      'guest-order-online',
      'return-order',
    ])
      expect(isPersonalKind(kind), kind).toBe(true);
    for (const kind of ['home', 'category', 'product', 'search', 'content', 'catch-all', 'store-list', 'not-found'])
      expect(isPersonalKind(kind), kind).toBe(false);
    expect(pageRouteOf('no-such-type').module).toBe('not-found-route');
  });
});

describe('every page renders from its contract example, reading only the namespaces its route declares', () => {
  it.each(pageExamples)('%s', async (file) => {
    const data = example(file);
    const route = PAGE_ROUTES[data.pageType as PageType];
    const url = new URL(data.meta.canonical).pathname;
    const { appHtml, bootstrap, modules } = await render({ url, data, brandName: 'Saint Laurent' });
    expect(appHtml).toContain('<main id="main"');
    expect(modules).toEqual([`src/app/routes/${route.module}.tsx`]);
    const read = Object.keys(bootstrap.resources[bootstrap.language] ?? {});
    const declared = new Set<string>([...SHELL_NAMESPACES, ...route.namespaces]);
    expect(
      read.filter((ns) => !declared.has(ns)),
      `${data.pageType} reads namespaces its route does not declare`,
    ).toEqual([]);
  });
});
