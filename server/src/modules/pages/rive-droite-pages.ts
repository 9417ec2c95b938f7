// The "rive droite" boutique: its home, content pages, category listings and event calendars.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { normalizeSort, DEFAULT_PAGE_SIZE } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import { shellOf, type NavItem, type PageKit } from './page-kit.ts';

/** Categories of the boutique: those holding "rive droite" products (directly or below), linked under /rive-droite/ca/. */
async function rdCategories(
  kit: PageKit,
  market: Market,
): Promise<{ items: NavItem[]; idsUnder: (id: string) => string[] }> {
  const counts = await kit.content.rdCounts();
  const all = kit.catalog.navigation(market);
  const idsUnder = (id: string) => {
    const ids = [id];
    for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
    return ids;
  };
  const items = all
    .filter((c) => idsUnder(c.id).some((id) => (counts.get(id) ?? 0) > 0))
    .map((c) => ({ ...c, url: `/rive-droite/ca/${c.slug}` }));
  return { items, idsUnder };
}

export function riveDroitePage(kit: PageKit, market: Market): Promise<Schemas['RiveDroitePageData']> {
  return kit.cached(`rd|${market.locale}`, async () => {
    const { page, row } = await kit.requiredContentAt(market, '/rive-droite');
    const [{ items }, upcoming] = await Promise.all([rdCategories(kit, market), kit.content.upcoming(market, 6)]);
    return {
      ...(await kit.envelope('rive-droite', market, kit.contentMeta(market, page, row), shellOf(page.tags, true))),
      content: page,
      categories: items.filter((c) => c.level <= 2),
      upcomingEvents: upcoming.cards,
      hasCurrentEvents: upcoming.hasCurrentEvents,
    };
  });
}

export function riveDroiteContentPage(kit: PageKit, market: Market, slug: string): Promise<Schemas['ContentPageData']> {
  return kit.cached(`rd-cp|${market.locale}|${slug}`, async () => {
    const { page, row } = await kit.contentAt(market, `/rive-droite/cp/${slug}`);
    return {
      ...(await kit.envelope(
        'rive-droite-content',
        market,
        kit.contentMeta(market, page, row),
        shellOf(page.tags, true),
      )),
      content: page,
    };
  });
}

export function riveDroiteCategoryPage(
  kit: PageKit,
  market: Market,
  slug: string,
  sortInput: unknown,
  pageInput: number | undefined,
): Promise<Schemas['RiveDroiteCategoryPageData']> {
  const sort = normalizeSort(sortInput);
  const pageNo = pageInput ?? 1;
  return kit.cached(`rd-ca|${market.locale}|${slug}|${sort}|${pageNo}`, async () => {
    const { items, idsUnder } = await rdCategories(kit, market);
    const category = items.find((c) => c.slug === slug);
    if (!category) throw new AppError('ERR_CATALOG_1001', `No category "${slug}" in the rive droite boutique.`);
    const pageSize = DEFAULT_PAGE_SIZE;
    const { total, tiles } = await kit.content.rdTiles(market, {
      categoryIds: idsUnder(category.id),
      sort,
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    });
    const crumbs = kit.catalog
      .breadcrumbs(kit.catalog.categoryBySlug(slug), market)
      .map((b) => ({ ...b, url: b.url.replace(/^\/ca\//, '/rive-droite/ca/') }));
    const listing: Schemas['CategoryListing'] = {
      market: toMarketDto(market),
      category,
      breadcrumbs: crumbs,
      subCategories: items.filter((c) => c.parentId === category.id),
      products: tiles,
      totalNrOfProducts: total,
      page: pageNo,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
      sort,
    };
    const content = await kit.content.pageAt(market, `/rive-droite/ca/${slug}`);
    const row = content ? await kit.content.findPage(market, { url: `/rive-droite/ca/${slug}` }) : undefined;
    const robots = pageNo > 1 || sort !== 'recommended' ? 'noindex, follow' : 'index, follow';
    const title = `${crumbs.map((b) => b.name).join(' ')} | ${kit.brandName} Rive Droite`;
    const meta = kit.meta(
      market,
      `/rive-droite/ca/${slug}`,
      content?.metaTitle ?? title,
      content?.metaDescription ?? `${category.name} — ${kit.brandName} Rive Droite.`,
      robots,
      row?.countries ?? null,
    );
    return {
      ...(await kit.envelope('rive-droite-category', market, meta, shellOf(content?.tags, true))),
      listing,
      content,
    };
  });
}

export function riveDroiteCalendarPage(
  kit: PageKit,
  market: Market,
  slug: string,
  themes: string[] | undefined,
  locations: string[] | undefined,
): Promise<Schemas['RiveDroiteCalendarPageData']> {
  const key = `rd-cal|${market.locale}|${slug}|${themes?.join(',') ?? ''}|${locations?.join(',') ?? ''}`;
  return kit.cached(key, async () => {
    const eventType = await kit.content.calendarType(market, slug);
    if (!eventType) throw new AppError('ERR_PAGE_1000', `No calendar ${slug} in ${market.locale}.`);
    const url = `/rive-droite/calendar/${slug}`;
    const content = await kit.content.pageAt(market, url);
    const row = content ? await kit.content.findPage(market, { url }) : undefined;
    const calendar = await kit.content.calendar(market, { eventType, themes, locations, includePast: true });
    const filtered = (themes?.length ?? 0) + (locations?.length ?? 0) > 0;
    const title = content?.metaTitle ?? `${content?.title ?? slug} | ${kit.brandName} Rive Droite`;
    const meta = kit.meta(
      market,
      url,
      title,
      content?.metaDescription ?? '',
      filtered ? 'noindex, follow' : 'index, follow',
      row?.countries ?? null,
    );
    return {
      ...(await kit.envelope('rive-droite-calendar', market, meta, shellOf(content?.tags, true))),
      content,
      cards: calendar.cards,
      totalCards: calendar.cards.length,
      hasCurrentEvents: calendar.hasCurrentEvents,
      eventType,
      filters: calendar.filters,
      appliedFilters: calendar.appliedFilters,
    };
  });
}
