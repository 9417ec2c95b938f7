// Pages and components: a content page with its components visible with the visitor's tags, a component with
// everything nested in it, the market's layout (header, footer, banner), generic content and FAQ accordions.
import { AppError } from '../../shared/errors.ts';
import { shareJson } from '../../shared/shared-json.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import { accordionsOfSubject, findComponentOwner, findGeneric, type ComponentRow, type PageRow } from './repository.ts';
import type { ContentKit } from './content-kit.ts';

type CmsComponent = Schemas['CmsComponent'];
type ContentPage = Schemas['ContentPage'];

/** Context tags of a visitor the server knows nothing about (public page data, server rendering). */
export const PUBLIC_CONTEXT_TAGS: readonly string[] = ['guest'];

export interface PageQuery {
  pageId: string;
  tags: readonly string[];
  globalPageId?: string | undefined;
  parentPageId?: string | undefined;
  navigationLinksPrefix?: string | undefined;
}

/** A component is visible when it is not restricted, or the visitor has one of its context tags. */
export function visibleWith(tags: readonly string[], restrictedTo: readonly string[]): boolean {
  return restrictedTo.length === 0 || restrictedTo.some((t) => tags.includes(t));
}

/** `getContentPage`: the page with its components visible with `tags`; ERR_PAGE_1000 when missing. */
export function page(kit: ContentKit, market: Market, q: PageQuery): Promise<ContentPage> {
  const key = [
    'page',
    market.locale,
    q.pageId,
    q.globalPageId ?? '',
    q.parentPageId ?? '',
    q.navigationLinksPrefix ?? '',
    [...q.tags].sort().join(','),
  ].join('|');
  return kit.cached(key, async () => {
    const row = await kit.findPage(market, q);
    if (!row || (q.parentPageId !== undefined && row.parent_page_id !== q.parentPageId)) {
      throw new AppError('ERR_PAGE_1000', `No page ${q.globalPageId ?? q.pageId} in ${market.locale}.`);
    }
    return buildPage(kit, market, row, q.tags, q.navigationLinksPrefix);
  });
}

/** The page at a site URL (`/cp/the-house`), public view; null when there is none in the market. */
export function pageAt(
  kit: ContentKit,
  market: Market,
  url: string,
  navigationLinksPrefix?: string | null,
): Promise<ContentPage | null> {
  return kit.cached(`url|${market.locale}|${url}|${navigationLinksPrefix ?? ''}`, async () => {
    const row = await kit.findPage(market, { url });
    return row ? buildPage(kit, market, row, PUBLIC_CONTEXT_TAGS, navigationLinksPrefix ?? undefined) : null;
  });
}

async function buildPage(
  kit: ContentKit,
  market: Market,
  row: PageRow,
  tags: readonly string[],
  navigationLinksPrefix?: string,
): Promise<ContentPage> {
  const pages = await kit.pages(kit.languageOf(market));
  const byGlobal = new Map(pages.map((p) => [p.global_page_id, p]));
  const chain: PageRow[] = [];
  for (
    let cur: PageRow | undefined = row;
    cur && chain.length < 10 && !chain.includes(cur);
    cur = cur.parent_page_id ? byGlobal.get(cur.parent_page_id) : undefined
  ) {
    chain.unshift(cur);
  }
  const page: ContentPage = {
    cmsPageId: row.cms_page_id,
    globalPageId: row.global_page_id,
    parentPageId: row.parent_page_id,
    pageNavigationLinksPrefix: row.navigation_links_prefix,
    pageUrl: row.page_url,
    category: row.category as ContentPage['category'],
    title: row.title,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    breadcrumbs: chain.map((p) => ({ name: p.navigation_label, url: p.page_url })),
    tags: row.tags,
    backgroundColor: row.background_color,
    isRd: row.is_rd,
    components: await visibleComponents(kit, market, await kit.componentRows(row.cms_page_id), tags),
  };
  if (navigationLinksPrefix) {
    page.navigationLinks = pages
      .filter(
        (p) =>
          kit.isPublishedIn(p, market.country) &&
          (p.page_url === navigationLinksPrefix || p.page_url.startsWith(`${navigationLinksPrefix}/`)),
      )
      .map((p) => ({ kind: 'internal' as const, label: p.navigation_label, href: p.page_url }));
  }
  return page;
}

// ---------------------------------------------------------------------------------------------
// Components

/**
 * Rows → contract components, depth first (a container before its children), leaving out the ones
 * restricted to other context tags together with everything nested in them; product islands priced
 * for the market.
 */
async function visibleComponents(
  kit: ContentKit,
  market: Market,
  rows: ComponentRow[],
  tags: readonly string[],
  rootId?: string,
): Promise<CmsComponent[]> {
  const children = new Map<string | null, ComponentRow[]>();
  for (const r of rows) {
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  const ordered: ComponentRow[] = [];
  const visit = (r: ComponentRow, depth: number) => {
    if (depth > 20 || !visibleWith(tags, r.context_tags)) return;
    ordered.push(r);
    for (const c of (children.get(r.id) ?? []).sort((a, b) => a.position - b.position)) visit(c, depth + 1);
  };
  const roots = rootId
    ? rows.filter((r) => r.id === rootId)
    : (children.get(null) ?? []).sort((a, b) => a.position - b.position);
  for (const r of roots) visit(r, 0);
  return Promise.all(ordered.map((r) => toComponent(kit, market, r)));
}

async function toComponent(kit: ContentKit, market: Market, r: ComponentRow): Promise<CmsComponent> {
  const c = { id: r.id, type: r.type, parentId: r.parent_id, position: r.position, ...r.data } as Record<
    string,
    unknown
  >;
  if (r.context_tags.length) c.contextTags = r.context_tags;
  if (r.type === 'product-island') c.products = await kit.tiles(market, (c.pids as string[] | undefined) ?? []);
  return c as CmsComponent;
}

/** `getCmsComponent`: a component and everything nested in it; ERR_CTT_API_1005 when missing or not visible. */
export function component(
  kit: ContentKit,
  market: Market,
  componentId: string,
  tags: readonly string[],
): Promise<Schemas['CmsComponentList']> {
  return kit.cached(`cpn|${market.locale}|${componentId}|${[...tags].sort().join(',')}`, async () => {
    const language = kit.languageOf(market);
    const owner = await findComponentOwner(kit.db, kit.brand, language, componentId);
    const page =
      owner && !owner.startsWith('layout--') && !owner.startsWith('generic--')
        ? (await kit.pages(language)).find((p) => p.cms_page_id === owner)
        : undefined;
    if (!owner || (page && !kit.isPublishedIn(page, market.country))) {
      throw new AppError('ERR_CTT_API_1005', `No component ${componentId} in ${market.locale}.`);
    }
    const components = await visibleComponents(kit, market, await kit.componentRows(owner), tags, componentId);
    if (components.length === 0)
      throw new AppError('ERR_CTT_API_1005', `Component ${componentId} is not shown with these context tags.`);
    return { componentId, components };
  });
}

/**
 * The layouts made from each kept list of layout rows, by market locale: the same rows make the same layout, so a
 * page's data without its cache entry does not make it again (about 3 KB of a product page's data), and it is
 * shared JSON (`shareJson`), serialised once. Kept as long as the rows are (decision 0201), unless it shows
 * product tiles (a product island: prices and stock of their own).
 */
const madeLayouts = new WeakMap<ComponentRow[], Map<string, Schemas['PageLayout'] | undefined>>();

/** Header, footer and info banner of the market (public view); undefined when the content has no layout. */
export function layout(kit: ContentKit, market: Market): Promise<Schemas['PageLayout'] | undefined> {
  return kit.cached(`layout|${market.locale}`, async () => {
    const rows = await kit.layoutRows(kit.languageOf(market));
    const made = madeLayouts.get(rows);
    if (made?.has(market.locale)) return made.get(market.locale);
    const all = await visibleComponents(kit, market, rows, PUBLIC_CONTEXT_TAGS);
    const header = all.find((c) => c.type === 'header') as Schemas['CmsHeaderComponent'] | undefined;
    const footer = all.find((c) => c.type === 'footer') as Schemas['CmsFooterComponent'] | undefined;
    const infoBanner =
      (all.find((c) => c.type === 'info-banner') as Schemas['CmsInfoBannerComponent'] | undefined) ?? null;
    const out = header && footer ? shareJson({ header, footer, infoBanner }) : undefined;
    if (!all.some((c) => c.type === 'product-island')) {
      if (made) made.set(market.locale, out);
      else madeLayouts.set(rows, new Map([[market.locale, out]]));
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Generic content and FAQ

export function generic(kit: ContentKit, market: Market, contentId: string): Promise<Schemas['GenericContent']> {
  return kit.cached(`gen|${market.locale}|${contentId}`, async () => {
    const language = kit.languageOf(market);
    const row = await findGeneric(kit.db, kit.brand, language, contentId);
    if (!row) throw new AppError('ERR_CTT_API_1005', `No content ${contentId} in ${market.locale}.`);
    const rows = await kit.componentRows(`generic--${contentId}--${language}`);
    return {
      contentId,
      title: row.title,
      html: row.html,
      components: await visibleComponents(kit, market, rows, PUBLIC_CONTEXT_TAGS),
    };
  });
}

export function accordions(
  kit: ContentKit,
  market: Market,
  tagSubjectId: string,
): Promise<Schemas['CmsAccordionList']> {
  return kit.cached(`acc|${market.locale}|${tagSubjectId}`, async () => {
    const language = kit.languageOf(market);
    const pages = await kit.pages(language);
    const rows = (await accordionsOfSubject(kit.db, kit.brand, language, tagSubjectId)).filter((r) => {
      const page = pages.find((p) => p.cms_page_id === r.owner_id);
      return visibleWith(PUBLIC_CONTEXT_TAGS, r.context_tags) && (!page || kit.isPublishedIn(page, market.country));
    });
    // The same subject may be answered on several pages (FAQ, client service): each accordion once.
    const seen = new Set<string>();
    const unique = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
    if (unique.length === 0) throw new AppError('ERR_CTT_API_1002', `No FAQ for ${tagSubjectId} in ${market.locale}.`);
    const accordions = (await Promise.all(
      unique.map((r) => toComponent(kit, market, r)),
    )) as Schemas['CmsAccordionComponent'][];
    return { tagSubjectId, accordions };
  });
}
