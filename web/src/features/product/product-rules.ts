// The product page's display rules (spec §3, §4, §5), as pure functions so that each one is tested on
// its own and the components only render what they answer.
import type { Schemas } from '../../lib/api-client';

export type DisplayStatus = Schemas['ProductAvailabilityDisplayStatus'];
export type VariantColor = Schemas['VariantColor'];

/**
 * The product fields the product page reads beyond the first release's `Product` (spec §3). They are
 * optional here so that page data recorded before they existed (or a mock without them) still renders:
 * each feature that needs one simply does not show.
 */
export interface ProductExtras {
  smcId?: string;
  shortName?: string | null;
  genderAssociation?: string | null;
  colorVariants?: VariantColor[];
  totalColors?: number;
}
export type ProductSizeLike = Schemas['ProductSize'] & { displayStatus?: DisplayStatus };
export type PageProduct = Omit<Schemas['Product'], 'sizes'> & ProductExtras & { sizes: ProductSizeLike[] };

// ---- colour swatches (spec §5) ------------------------------------------------------------------

/**
 * The categories whose products show colour swatches, as macro categories per gender line. `null`
 * means no allowlist is configured: then only the number of colours decides.
 */
export type SwatchAllowlist = { men: readonly string[]; women: readonly string[]; unisex: readonly string[] } | null;

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * Spec §5: swatches show only when the product has at least 2 colours and, if a category allowlist
 * exists, its macro, micro or super-micro category is in the allowlist of macro categories across men,
 * women and unisex. Categories are compared without case, by id (`categoryIds`) or by name.
 */
export function showColorSwatches(
  product: {
    totalColors?: number;
    colorVariants?: readonly unknown[];
    categories: Schemas['Product']['categories'];
    categoryIds?: { macro: string; micro: string; superMicro: string };
  },
  allowlist: SwatchAllowlist,
): boolean {
  const colors = product.totalColors ?? 1 + (product.colorVariants?.length ?? 0);
  if (colors < 2 || (product.colorVariants?.length ?? 0) === 0) return false;
  if (allowlist === null) return true;
  const allowed = new Set([...allowlist.men, ...allowlist.women, ...allowlist.unisex].map(norm).filter(Boolean));
  const { macroCategory, microCategory, superMicroCategory } = product.categories;
  const ids = product.categoryIds;
  const own = [macroCategory, microCategory, superMicroCategory, ids?.macro, ids?.micro, ids?.superMicro];
  return own.some((c) => norm(c) !== '' && allowed.has(norm(c)));
}

// ---- gender switch and short name (spec §5) -----------------------------------------------------

/** Spec §5: the gender switch is enabled only if both genderCode and genderAssociation exist. */
export function genderSwitchTarget(product: {
  genderCode: Schemas['Product']['genderCode'];
  genderAssociation?: string | null;
}): { pid: string; gender: Schemas['GenderCode'] } | null {
  const pid = product.genderAssociation?.trim();
  if (!product.genderCode || !pid || !/^[A-Za-z0-9]{1,32}$/.test(pid)) return null;
  return { pid, gender: product.genderCode === 'D' ? 'U' : 'D' };
}

/** The URL of another pid of the same product family: the current name slug, the other pid (the server redirects to its canonical name). */
export function siblingProductUrl(currentUrl: string, pid: string): string {
  const m = /^(.*\/pr\/.+)-[A-Za-z0-9]{1,32}\.html$/.exec(currentUrl);
  return m ? `${m[1]}-${pid}.html` : `/pr/product-${pid}.html`;
}

/** Spec §5: short-name features only if shortName is non-empty. */
export function shortNameOf(product: { shortName?: string | null }): string | null {
  const name = product.shortName?.trim();
  return name ? name : null;
}

// ---- sizes and the call to action (spec §3 display statuses) ------------------------------------

export type SizeState = 'available' | 'last-one' | 'pre-order' | 'notify-me' | 'coming-soon' | 'sold-out' | 'in-store';

export interface SizeChoice {
  id: string;
  label: string;
  state: SizeState;
  /** Whether this size can be added to the bag. */
  purchasable: boolean;
}

/** The size dropdown's status of one size: the live availability's when loaded, else the page data's. */
export function sizeStateOf(size: ProductSizeLike, live: Schemas['VariantAvailability'] | undefined): SizeState {
  const status = live?.displayStatus ?? size.displayStatus;
  const inStock = live?.inStock ?? size.inStock;
  const lowStock = live?.lowStock ?? size.lowStock;
  switch (status) {
    case 'available':
      return lowStock ? 'last-one' : 'available';
    case 'pre-order':
      return 'pre-order';
    case 'notify me':
      return 'notify-me';
    case 'coming soon':
      return 'coming-soon';
    case 'find in store':
    case 'call to buy':
    case 'contact us':
      return 'in-store';
    case 'out of stock':
      return 'sold-out';
    default:
      // No display status (page data of the first release): stock alone decides.
      if (!inStock) return 'sold-out';
      return lowStock ? 'last-one' : 'available';
  }
}

export function sizeChoicesOf(
  sizes: readonly ProductSizeLike[],
  variants: readonly Schemas['VariantAvailability'][] | undefined,
): SizeChoice[] {
  const bySize = new Map((variants ?? []).map((v) => [v.size, v]));
  return sizes.map((size) => {
    const live = bySize.get(size.id);
    const state = sizeStateOf(size, live);
    return {
      id: size.id,
      label: live?.displayValue ?? size.displayValue,
      state,
      purchasable: state === 'available' || state === 'last-one' || state === 'pre-order',
    };
  });
}

/** Whether a product is one size only (its single size is `TU`): no size selector then. */
export const isOneSize = (sizes: readonly { id: string }[]) => sizes.length === 1 && sizes[0]?.id === 'TU';

export type CallToAction =
  | 'add-to-bag'
  | 'pre-order'
  | 'notify-me'
  | 'coming-soon'
  | 'find-in-store'
  | 'call-to-buy'
  | 'contact-us'
  | 'sold-out'
  | 'not-sold-here';

/**
 * What the purchase area offers: the product page's display status (live availability), refined by
 * the chosen size's status. Without live availability the page data's stock decides.
 */
export function callToActionOf(input: {
  sellable: boolean;
  productStatus: DisplayStatus | undefined;
  inStock: boolean;
  chosen: SizeChoice | undefined;
}): CallToAction {
  if (!input.sellable) return 'not-sold-here';
  const byStatus: Record<DisplayStatus, CallToAction> = {
    available: 'add-to-bag',
    'pre-order': 'pre-order',
    'notify me': 'notify-me',
    'coming soon': 'coming-soon',
    'find in store': 'find-in-store',
    'call to buy': 'call-to-buy',
    'contact us': 'contact-us',
    'out of stock': 'sold-out',
  };
  const product: CallToAction = input.productStatus
    ? byStatus[input.productStatus]
    : input.inStock
      ? 'add-to-bag'
      : 'sold-out';
  // Statuses that concern the whole product win over a size.
  if (product === 'coming-soon' || product === 'find-in-store' || product === 'call-to-buy' || product === 'contact-us')
    return product;
  const chosen = input.chosen;
  if (!chosen) return product;
  switch (chosen.state) {
    case 'available':
    case 'last-one':
      return 'add-to-bag';
    case 'pre-order':
      return 'pre-order';
    case 'notify-me':
      return 'notify-me';
    case 'coming-soon':
      return 'coming-soon';
    case 'in-store':
      return 'find-in-store';
    case 'sold-out':
      return 'sold-out';
  }
}

// ---- recently viewed (spec §7 GET /api/data/recently-viewed) -------------------------------------

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
export const RECENTLY_VIEWED_MAX = 12;
const PID = /^[A-Za-z0-9]{1,32}$/;

/**
 * The pids kept in local storage (a JSON array, most recent first). Anything else is garbage: the list
 * starts afresh and the catalogue's client code `ERR_CLT_1013` names the failure.
 */
export function parseRecentlyViewed(raw: string | null): { pids: string[]; error: 'ERR_CLT_1013' | null } {
  if (raw === null || raw === '') return { pids: [], error: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { pids: [], error: 'ERR_CLT_1013' };
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && PID.test(v)))
    return { pids: [], error: 'ERR_CLT_1013' };
  return { pids: [...new Set(value.map((v: string) => v.toUpperCase()))].slice(0, RECENTLY_VIEWED_MAX), error: null };
}

/** The list after viewing `pid`: it moves to the front, the oldest fall off past the maximum. */
export function pushRecentlyViewed(pids: readonly string[], pid: string): string[] {
  const id = pid.toUpperCase();
  return [id, ...pids.filter((p) => p !== id)].slice(0, RECENTLY_VIEWED_MAX);
}

// ---- size guide (spec §3 size-guide groups) ------------------------------------------------------

export interface SizeGuideCategories {
  macro: string;
  micro: string;
  'super-micro'?: string;
}

const GROUP_CATEGORIES: Record<NonNullable<Schemas['Product']['sizeGroup']>, [line: string, micro: string]> = {
  women_clothing: ['w', 'rtw'],
  women_shoes: ['w', 'shoes'],
  men_clothing: ['m', 'rtw'],
  men_shoes: ['m', 'shoes'],
};
const CATEGORY_ID = /^[a-z0-9-]{1,64}$/;

/**
 * The category ids the size guide is asked for: the product's own ids when the page data carries them
 * (`categoryIds`), else the house's macro and micro category of its size group (`ysl-w`, `ysl-w-shoes`).
 * Null when the product has no size guide (one size, bags, jewellery).
 */
export function sizeGuideCategoriesOf(
  product: {
    sizeGroup: Schemas['Product']['sizeGroup'];
    categoryIds?: { macro?: string; micro?: string; superMicro?: string };
  },
  house: string,
): SizeGuideCategories | null {
  if (product.sizeGroup === null) return null;
  const ids = product.categoryIds;
  if (ids?.macro && ids.micro && CATEGORY_ID.test(ids.macro) && CATEGORY_ID.test(ids.micro)) {
    return {
      macro: ids.macro,
      micro: ids.micro,
      ...(ids.superMicro && CATEGORY_ID.test(ids.superMicro) ? { 'super-micro': ids.superMicro } : {}),
    };
  }
  if (!/^[a-z]{2,4}$/.test(house)) return null;
  const [line, micro] = GROUP_CATEGORIES[product.sizeGroup];
  return { macro: `${house}-${line}`, micro: `${house}-${line}-${micro}` };
}
