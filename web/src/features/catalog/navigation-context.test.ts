import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../lib/storage';
import {
  applyNavigation,
  categoryUrlOf,
  EMPTY_CONTEXT,
  MAX_CONTEXT_PIDS,
  nextNavigationContext,
  readNavigationContext,
  readProductCategoryContext,
  saveProductCategoryContext,
  type PageRef,
} from './navigation-context';
import { MemoryStorage } from '../../lib/testing/memory-storage';

const bagsPath = [
  { id: 'women', name: 'Women', url: '/ca/women' },
  { id: 'women-bags', name: 'Bags', url: '/ca/women-bags' },
];
const shoesPath = [
  { id: 'women', name: 'Women', url: '/ca/women' },
  { id: 'women-shoes', name: 'Shoes', url: '/ca/women-shoes' },
];
const bags = (pids: string[], search = ''): PageRef => ({
  kind: 'category',
  url: '/ca/women-bags',
  search,
  path: bagsPath,
  pids,
});
const shoes: PageRef = { kind: 'category', url: '/ca/women-shoes', path: shoesPath, pids: ['S1'] };
const product = (pid: string): PageRef => ({ kind: 'product', pid });
const other: PageRef = { kind: 'other' };

describe('spec §4 navigation context rules', () => {
  it('stores the menu path and the product list on a category page', () => {
    const s = nextNavigationContext(EMPTY_CONTEXT, bags(['A', 'B'], '?sort=price_asc'));
    expect(s.menuPath).toEqual({ categoryUrl: '/ca/women-bags', path: bagsPath });
    expect(s.productList).toEqual({ listUrl: '/ca/women-bags?sort=price_asc', pids: ['A', 'B'] });
  });

  it('keeps both while moving between the category and its products', () => {
    let s = nextNavigationContext(EMPTY_CONTEXT, bags(['A', 'B']));
    const stored = s;
    s = nextNavigationContext(s, product('A'));
    s = nextNavigationContext(s, product('B'));
    expect(s).toBe(stored);
    s = nextNavigationContext(s, bags(['A', 'B']));
    expect(s.menuPath).toEqual(stored.menuPath);
    expect(s.productList).toEqual(stored.productList);
  });

  it('replaces the menu path on a different category URL, not on another sort or filter of the same one', () => {
    let s = nextNavigationContext(EMPTY_CONTEXT, bags(['A']));
    s = nextNavigationContext(s, bags(['C'], '?filters=color:black'));
    expect(s.menuPath?.categoryUrl).toBe('/ca/women-bags');
    s = nextNavigationContext(s, shoes);
    expect(s.menuPath).toEqual({ categoryUrl: '/ca/women-shoes', path: shoesPath });
  });

  it('clears the menu path and the product list on any other page', () => {
    let s = nextNavigationContext(EMPTY_CONTEXT, bags(['A']));
    s = nextNavigationContext(s, product('A'));
    s = nextNavigationContext(s, other);
    expect(s).toEqual(EMPTY_CONTEXT);
    // …and a product reached afterwards (e.g. from search) has no list to go back to.
    expect(nextNavigationContext(s, product('A'))).toEqual(EMPTY_CONTEXT);
  });

  it('grows the product list as more pages of the same listing load, and starts afresh for another listing', () => {
    let s = nextNavigationContext(EMPTY_CONTEXT, bags(['A', 'B']));
    s = nextNavigationContext(s, bags(['B', 'C']));
    expect(s.productList?.pids).toEqual(['A', 'B', 'C']);
    s = nextNavigationContext(s, bags(['Z'], '?sort=newest'));
    expect(s.productList).toEqual({ listUrl: '/ca/women-bags?sort=newest', pids: ['Z'] });
    const many = Array.from({ length: MAX_CONTEXT_PIDS + 10 }, (_, i) => `P${i}`);
    expect(nextNavigationContext(EMPTY_CONTEXT, bags(many)).productList?.pids).toHaveLength(MAX_CONTEXT_PIDS);
  });

  it('compares category URLs without their query or hash', () => {
    expect(categoryUrlOf('/ca/women-bags?sort=newest#top')).toBe('/ca/women-bags');
    expect(categoryUrlOf('/ca/women-bags')).toBe('/ca/women-bags');
  });
});

describe('stored navigation context', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('persists the rules through storage', () => {
    applyNavigation(bags(['A']));
    applyNavigation(product('A'));
    expect(readNavigationContext().menuPath?.categoryUrl).toBe('/ca/women-bags');
    applyNavigation(other);
    expect(readNavigationContext()).toEqual(EMPTY_CONTEXT);
    expect(sessionStorage.length).toBe(0);
  });

  it('saves a product category context only from a category page', () => {
    expect(saveProductCategoryContext('ys1', other)).toBe(false);
    expect(saveProductCategoryContext('YS1', product('YS2'))).toBe(false);
    expect(readProductCategoryContext('YS1')).toBeNull();
    expect(saveProductCategoryContext('ys1', bags(['YS1'], '?page=2'))).toBe(true);
    expect(readProductCategoryContext('YS1')).toEqual({ categoryUrl: '/ca/women-bags', path: bagsPath });
  });

  it('lets stored values expire after whole days', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    applyNavigation(bags(['A']), now);
    saveProductCategoryContext('A', bags(['A']), now);
    expect(readNavigationContext(now + DAY_MS - 1).menuPath).not.toBeNull();
    expect(readProductCategoryContext('A', now + DAY_MS - 1)).not.toBeNull();
    expect(readNavigationContext(now + DAY_MS)).toEqual(EMPTY_CONTEXT);
    expect(readProductCategoryContext('A', now + DAY_MS)).toBeNull();
  });
});
