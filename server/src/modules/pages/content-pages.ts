// The content pages: `/cp/…`, legal pages, the catch-all, the FAQ, client service and campaign landings.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { DEFAULT_PAGE_SIZE } from '../catalog/index.ts';
import type { Market } from '../markets/index.ts';
import { contactChannels } from './contact-channels.ts';
import { shellOf, type NavItem, type PageKit } from './page-kit.ts';

/** `/cp/{slug}`. */
export function contentPage(kit: PageKit, market: Market, slug: string): Promise<Schemas['ContentPageData']> {
  return kit.cached(`cp|${market.locale}|${slug}`, async () => {
    const { page, row } = await kit.contentAt(market, `/cp/${slug}`);
    return {
      ...(await kit.envelope('content', market, kit.contentMeta(market, page, row), shellOf(page.tags, page.isRd))),
      content: page,
    };
  });
}

/** `/legal/{slug}`, with the other legal pages as side navigation. */
export function legalPage(kit: PageKit, market: Market, slug: string): Promise<Schemas['ContentPageData']> {
  return kit.cached(`legal|${market.locale}|${slug}`, async () => {
    const row = await kit.content.findPage(market, { url: `/legal/${slug}` });
    const { page } = await kit.contentAt(market, `/legal/${slug}`, row?.navigation_links_prefix ?? '/legal');
    return {
      ...(await kit.envelope('legal', market, kit.contentMeta(market, page, row ?? null), shellOf(page.tags))),
      content: page,
    };
  });
}

/** `/{slug}` (catch-all). */
export function catchAllPage(kit: PageKit, market: Market, slug: string): Promise<Schemas['ContentPageData']> {
  return kit.cached(`page|${market.locale}|${slug}`, async () => {
    const { page, row } = await kit.contentAt(market, `/${slug}`);
    return {
      ...(await kit.envelope('content', market, kit.contentMeta(market, page, row), shellOf(page.tags, page.isRd))),
      content: page,
    };
  });
}

export function faqPage(kit: PageKit, market: Market): Promise<Schemas['FaqPageData']> {
  return kit.cached(`faq|${market.locale}`, async () => {
    const { page, row } = await kit.requiredContentAt(market, '/faq');
    const subjects = page.components
      .filter((c): c is Schemas['CmsAccordionComponent'] => c.type === 'accordion' && !!c.tagSubjectId)
      .map((a) => ({ id: a.tagSubjectId as string, label: a.title, questionCount: a.items.length }));
    return {
      ...(await kit.envelope('faq', market, kit.contentMeta(market, page, row), shellOf(page.tags))),
      content: page,
      subjects,
    };
  });
}

export function clientServicePage(kit: PageKit, market: Market): Promise<Schemas['ClientServicePageData']> {
  return kit.cached(`client-service|${market.locale}`, async () => {
    const { page, row } = await kit.requiredContentAt(market, '/client-service');
    return {
      ...(await kit.envelope('client-service', market, kit.contentMeta(market, page, row), shellOf(page.tags))),
      content: page,
      contactChannels: contactChannels(market.country, kit.content.languageOf(market), market.locale),
    };
  });
}

/** `/marketing?cid=&cat=&pid=`: unknown `cat` or `pid` are null, not errors (campaign links outlive products). */
export function marketingPage(
  kit: PageKit,
  market: Market,
  cid: string,
  cat: string | undefined,
  pid: string | undefined,
): Promise<Schemas['MarketingPageData']> {
  return kit.cached(`marketing|${market.locale}|${cid}|${cat ?? ''}|${pid?.toUpperCase() ?? ''}`, async () => {
    const row = await kit.content.findPage(market, { pageId: cid });
    const content = row ? await kit.content.pageAt(market, row.page_url) : null;
    if (!row || !content) throw new AppError('ERR_PAGE_1000', `No campaign ${cid} in ${market.locale}.`);
    let category: NavItem | null = null;
    let products: Schemas['ProductTile'][] = [];
    if (cat) {
      try {
        category = kit.catalog.navItem(kit.catalog.categoryBySlug(cat), market);
        products = (await kit.catalog.listing({ slug: cat, market, pageSize: DEFAULT_PAGE_SIZE + 1 })).products;
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'ERR_CATALOG_1001')) throw err;
      }
    }
    const product = pid ? ((await kit.content.tiles(market, [pid.toUpperCase()]))[0] ?? null) : null;
    products = products.filter((p) => p.id !== product?.id).slice(0, DEFAULT_PAGE_SIZE);
    const query = new URLSearchParams({ cid, ...(cat ? { cat } : {}), ...(pid ? { pid } : {}) });
    // Campaign landings are not indexed: their audience arrives from the campaign.
    const meta = kit.contentMeta(market, content, row, 'noindex, follow', `/marketing?${query}`);
    return {
      ...(await kit.envelope('marketing', market, meta, shellOf(content.tags, content.isRd))),
      campaignId: cid,
      content,
      category,
      product,
      products,
    };
  });
}
