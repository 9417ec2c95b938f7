// Collections and looks: the collections landing, a collection, its items and looks, a look.
import type { Schemas } from '../../shared/http.ts';
import { normalizeSort } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import type { ContentPage, PageKit } from './page-kit.ts';

/** The editorial content of a collections page, when the content service publishes one. */
async function optionalContent(
  kit: PageKit,
  market: Market,
  url: string,
): Promise<{ content: ContentPage | null; countries: string[] | null }> {
  const content = await kit.content.pageAt(market, url);
  const row = content ? await kit.content.findPage(market, { url }) : undefined;
  return { content, countries: row?.countries ?? null };
}

function collectionCrumbs(
  kit: PageKit,
  market: Market,
  collection?: { name: string; url: string },
): Schemas['Breadcrumb'][] {
  const root = { name: collectionsTitle(kit, market), url: '/collections' };
  return collection ? [root, { name: collection.name, url: collection.url }] : [root];
}

function collectionsTitle(kit: PageKit, market: Market): string {
  const titles: Record<string, string> = {
    fr: 'Collections',
    it: 'Collezioni',
    es: 'Colecciones',
    de: 'Kollektionen',
    pt: 'Coleções',
    ja: 'コレクション',
    ko: '컬렉션',
    zh: '系列',
  };
  return titles[market.language] ?? 'Collections';
}

export function collectionsLandingPage(kit: PageKit, market: Market): Promise<Schemas['CollectionsPageData']> {
  return kit.cached(`collections|${market.locale}`, async () => {
    const [collections, { content, countries }] = await Promise.all([
      kit.collections.all(market),
      optionalContent(kit, market, '/collections'),
    ]);
    const title = content?.metaTitle ?? `${collectionsTitle(kit, market)} | ${kit.brandName}`;
    const description = content?.metaDescription ?? collections.map((c) => c.name).join(' · ');
    return {
      ...(await kit.envelope(
        'collections',
        market,
        kit.meta(market, '/collections', title, description, 'index, follow', countries),
      )),
      content,
      collections,
    };
  });
}

export function collectionPage(kit: PageKit, market: Market, slug: string): Promise<Schemas['CollectionPageData']> {
  return kit.cached(`collection|${market.locale}|${slug}`, async () => {
    const collection = await kit.collections.detail(slug, market);
    const { content, countries } = await optionalContent(kit, market, collection.url);
    const meta = kit.meta(
      market,
      collection.url,
      content?.metaTitle ?? `${collection.name} | ${kit.brandName}`,
      content?.metaDescription ?? collection.description ?? '',
      'index, follow',
      countries,
    );
    return {
      ...(await kit.envelope('collection', market, meta)),
      collection,
      breadcrumbs: collectionCrumbs(kit, market, collection),
      content,
    };
  });
}

export function collectionItemsPage(
  kit: PageKit,
  market: Market,
  slug: string,
  sortInput: unknown,
  page: number | undefined,
): Promise<Schemas['CollectionItemsPageData']> {
  return kit.cached(`collection-items|${market.locale}|${slug}|${normalizeSort(sortInput)}|${page ?? 1}`, async () => {
    const data = await kit.collections.items(slug, market, sortInput, page ?? 1);
    const path = `${data.collection.url}/items`;
    // Sorted or paginated variants are not indexed separately.
    const robots = data.page > 1 || data.sort !== 'recommended' ? 'noindex, follow' : 'index, follow';
    const meta = kit.meta(
      market,
      path,
      `${data.collection.name} | ${kit.brandName}`,
      data.collection.description ?? '',
      robots,
    );
    return {
      ...(await kit.envelope('collection-items', market, meta)),
      ...data,
      breadcrumbs: collectionCrumbs(kit, market, data.collection),
    };
  });
}

export function collectionLooksPage(
  kit: PageKit,
  market: Market,
  slug: string,
  page: number | undefined,
): Promise<Schemas['CollectionLooksPageData']> {
  return kit.cached(`collection-looks|${market.locale}|${slug}|${page ?? 1}`, async () => {
    const data = await kit.collections.looksPage(slug, market, page ?? 1);
    const path = `${data.collection.url}/looks`;
    const robots = data.page > 1 ? 'noindex, follow' : 'index, follow';
    const meta = kit.meta(
      market,
      path,
      `${data.collection.name} | ${kit.brandName}`,
      data.collection.description ?? '',
      robots,
    );
    return {
      ...(await kit.envelope('collection-looks', market, meta)),
      ...data,
      breadcrumbs: collectionCrumbs(kit, market, data.collection),
    };
  });
}

export function lookPage(kit: PageKit, market: Market, slug: string): Promise<Schemas['LookPageData']> {
  return kit.cached(`look|${market.locale}|${slug}`, async () => {
    const data = await kit.collections.look(slug, market);
    const crumbs = collectionCrumbs(kit, market, data.collection ?? undefined);
    crumbs.push({ name: data.look.name, url: data.look.url });
    const title = data.collection
      ? `${data.look.name} — ${data.collection.name} | ${kit.brandName}`
      : `${data.look.name} | ${kit.brandName}`;
    const description = data.look.description ?? data.look.products.map((p) => p.name).join(', ');
    return {
      ...(await kit.envelope('look', market, kit.meta(market, data.look.url, title, description.slice(0, 160)))),
      ...data,
      breadcrumbs: crumbs,
    };
  });
}
