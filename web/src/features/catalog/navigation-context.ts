// Spec §4: what the storefront remembers while a shopper moves between listings and products.
//   - The category menu path persists while moving between category and product pages; it is cleared
//     on any other page and replaced on a different category URL.
//   - The product-list context (which listing the shopper came from, and its products) is cleared on
//     leaving category and product pages.
//   - The per-product category context (the category a product was opened from) is saved only on a
//     category page.
//   - Stored values expire in whole days.
// The rules are pure functions over a small state; `applyNavigation` reads and writes it through the
// storage helpers (per tab: sessionStorage), so every rule is tested without a browser.
import type { Schemas } from '../../lib/api-client';
import { getStored, removeStored, setStored, type StorageKind } from '../../lib/storage';

export interface MenuPathEntry {
  id: string;
  name: string;
  url: string;
}

/** The category menu path: the breadcrumbs of the category last shown, under its URL (no query). */
export interface StoredMenuPath {
  categoryUrl: string;
  path: MenuPathEntry[];
}

/** The listing a product was reached from: its full URL (filters, sort) and the products it showed. */
export interface ProductListContext {
  listUrl: string;
  pids: string[];
}

export interface ProductCategoryContext {
  categoryUrl: string;
  path: MenuPathEntry[];
}

/** The page being shown, as far as these rules care. `url` is the site-relative path without query. */
export type PageRef =
  | { kind: 'category'; url: string; search?: string; path: MenuPathEntry[]; pids: string[] }
  | { kind: 'product'; pid: string }
  | { kind: 'other' };

/** The page reference of a category listing for the navigation-context rules (spec §4). */
export function categoryPageRef(listing: Schemas['CategoryListing'], search = ''): PageRef {
  return {
    kind: 'category',
    url: listing.category.url,
    search,
    path: listing.breadcrumbs.filter((b) => b.url).map((b, i) => ({ id: String(i), name: b.name, url: b.url ?? '' })),
    pids: listing.products.map((p) => p.id),
  };
}

export interface NavigationContext {
  menuPath: StoredMenuPath | null;
  productList: ProductListContext | null;
}

export const EMPTY_CONTEXT: NavigationContext = Object.freeze({ menuPath: null, productList: null });

/** Whole days the stored values live (spec §4/§9 expiry in days). */
export const CONTEXT_EXPIRY_DAYS = 1;
/** A listing holds at most this many products in the context (about ten pages of 24). */
export const MAX_CONTEXT_PIDS = 240;

/** The URL without its query or hash, so a sort or filter change is still the same category. */
export function categoryUrlOf(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** The context after showing `to`, from the context before it. */
export function nextNavigationContext(state: NavigationContext, to: PageRef): NavigationContext {
  switch (to.kind) {
    case 'category': {
      const categoryUrl = categoryUrlOf(to.url);
      const listUrl = `${categoryUrl}${to.search ?? ''}`;
      const sameCategory = state.menuPath?.categoryUrl === categoryUrl;
      // A different category URL clears the stored path; this page's own path is then the one stored.
      const menuPath =
        sameCategory && state.menuPath
          ? { categoryUrl, path: to.path.length ? to.path : state.menuPath.path }
          : { categoryUrl, path: to.path };
      // The same listing growing (next pages) keeps its earlier products; another listing starts afresh.
      const previous = state.productList?.listUrl === listUrl ? state.productList.pids : [];
      const pids = [...new Set([...previous, ...to.pids])].slice(0, MAX_CONTEXT_PIDS);
      return { menuPath, productList: { listUrl, pids } };
    }
    case 'product':
      return state;
    default:
      return EMPTY_CONTEXT;
  }
}

/**
 * The category context to save for a product opened from `from`, or null: only a category page saves
 * one (a product opened from search, a look or the home page keeps whatever it had).
 */
export function productCategoryContextFrom(from: PageRef): ProductCategoryContext | null {
  if (from.kind !== 'category') return null;
  return { categoryUrl: categoryUrlOf(from.url), path: from.path };
}

// ---------------------------------------------------------------------------------------------
// Storage

const AREA: StorageKind = 'session';
const MENU_PATH_KEY = 'sf.catalog.menuPath';
const PRODUCT_LIST_KEY = 'sf.catalog.productList';
const productKey = (pid: string) => `sf.catalog.productCategory.${pid.toUpperCase()}`;

export function readNavigationContext(now: number = Date.now()): NavigationContext {
  return {
    menuPath: getStored<StoredMenuPath>(AREA, MENU_PATH_KEY, now) ?? null,
    productList: getStored<ProductListContext>(AREA, PRODUCT_LIST_KEY, now) ?? null,
  };
}

function write<T>(key: string, value: T | null, now: number) {
  if (value === null) removeStored(AREA, key);
  else setStored(AREA, key, value, { expiresInDays: CONTEXT_EXPIRY_DAYS, now });
}

/** Applies the rules for a page being shown and stores the result. */
export function applyNavigation(to: PageRef, now: number = Date.now()): NavigationContext {
  const before = readNavigationContext(now);
  const after = nextNavigationContext(before, to);
  if (after.menuPath !== before.menuPath) write(MENU_PATH_KEY, after.menuPath, now);
  if (after.productList !== before.productList) write(PRODUCT_LIST_KEY, after.productList, now);
  return after;
}

/** Saves the category a product is opened from; does nothing unless `from` is a category page. */
export function saveProductCategoryContext(pid: string, from: PageRef, now: number = Date.now()): boolean {
  const context = productCategoryContextFrom(from);
  if (!context) return false;
  return setStored(AREA, productKey(pid), context, { expiresInDays: CONTEXT_EXPIRY_DAYS, now });
}

/** The category a product was opened from (for its breadcrumbs or a way back), if still stored. */
export function readProductCategoryContext(pid: string, now: number = Date.now()): ProductCategoryContext | null {
  return getStored<ProductCategoryContext>(AREA, productKey(pid), now) ?? null;
}
