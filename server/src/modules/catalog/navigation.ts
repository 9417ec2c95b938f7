// The catalogue's navigation: the category tree as the menus show it, the featured categories, and the links
// above a listing.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { shareJson } from '../../shared/shared-json.ts';
import type { Market } from '../markets/index.ts';
import type { CategoryRow } from './repository.ts';
import type { CatalogKit } from './catalog-kit.ts';

const VIEW_ALL: Record<Market['language'], string> = {
  en: 'View all',
  fr: 'Voir tout',
  it: 'Vedi tutto',
  es: 'Ver todo',
  de: 'Alle ansehen',
  pt: 'Ver tudo',
  ja: 'すべて見る',
  ko: '전체 보기',
  zh: '查看全部',
};

/**
 * The whole navigation in the market's language: made once per language and category tree (every page's data
 * carries it), shared and frozen, its JSON made once (`shareJson`): callers filter and map it, never change it.
 */
export function navigation(kit: CatalogKit, market: Market): Schemas['CategoryNavItem'][] {
  let items = kit.navigations.get(market.language);
  if (!items) {
    items = shareJson(kit.categories.map((c) => Object.freeze(kit.navItem(c, market))));
    kit.navigations.set(market.language, items);
  }
  return items;
}

export function featuredCategories(kit: CatalogKit, market: Market): Schemas['CategoryNavItem'][] {
  // The first macro's (women's) collections, in their navigation order.
  const macro = kit.categories.filter((c) => c.level === 1).sort((a, b) => a.position - b.position)[0];
  return kit.categories
    .filter((c) => c.parent_id === macro?.id)
    .sort((a, b) => a.position - b.position)
    .slice(0, 4)
    .map((c) => kit.navItem(c, market));
}

/**
 * `getPlpNavigation`: the links above a listing — the category's siblings (itself marked active) and
 * its children, flat, each child naming its parent's item; a leaf also links back to its parent
 * ("View all"). Rive droite (`isRd`): only categories holding rive-droite products, under /rive-droite.
 * Unknown id, or a category without rive-droite products asked with `isRd` → ERR_PAGE_1000.
 */
export function plpNavigation(
  kit: CatalogKit,
  pageEntryId: string,
  isRd: boolean,
  market: Market,
): Schemas['PlpNavigation'] {
  const current = kit.byId.get(pageEntryId);
  const holdsRd = (c: CategoryRow) => kit.descendantIds(c).some((id) => (kit.rdCounts.get(id) ?? 0) > 0);
  if (!current || (isRd && !holdsRd(current))) {
    throw new AppError(
      'ERR_PAGE_1000',
      `No listing navigation for "${pageEntryId}"${isRd ? ' in the rive droite boutique' : ''}.`,
    );
  }
  const shown = (c: CategoryRow) => !isRd || holdsRd(c);
  const url = (c: CategoryRow) => (isRd ? `/rive-droite/ca/${c.slug}` : `/ca/${c.slug}`);
  const byPosition = (a: CategoryRow, b: CategoryRow) => a.position - b.position;
  const childrenOf = (id: string | null) =>
    kit.categories.filter((c) => c.parent_id === id && shown(c)).sort(byPosition);
  const item = (
    c: CategoryRow,
    parentId: string | null,
    position: number,
    id = `nav-${c.id}`,
    label = kit.nameOf(c, market),
  ): Schemas['PlpNavigationItem'] => ({
    id,
    parentId,
    label,
    url: url(c),
    categoryId: c.id,
    position,
    isActive: c.id === current.id && id === `nav-${c.id}`,
    image: { src: `/media/categories/${c.id}.svg`, alt: kit.nameOf(c, market), width: 600, height: 750 },
  });
  const items: Schemas['PlpNavigationItem'][] = [];
  const parent = current.parent_id ? kit.byId.get(current.parent_id) : undefined;
  if (parent && current.level === 3)
    items.push(item(parent, null, 1, `nav-${parent.id}-all`, VIEW_ALL[market.language]));
  for (const sibling of childrenOf(current.parent_id)) items.push(item(sibling, null, items.length + 1));
  childrenOf(current.id).forEach((child, i) => items.push(item(child, `nav-${current.id}`, i + 1)));
  return {
    pageEntryId,
    isRd,
    title: kit.nameOf(current, market),
    items,
    // Large tiles: the house's pieces are shown like an editorial page; the shopper may switch to ViewBy6.
    defaultGridView: 'ViewBy3',
  };
}
