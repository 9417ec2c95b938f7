import { describe, expect, it } from 'vitest';
import { matchPage, pageDataUrl } from '../../lib/paths';
import {
  countSelected,
  listingSearch,
  parsePriceRange,
  readListingState,
  setValues,
  toggleValue,
  withFilters,
  withPage,
  withSort,
} from './listing-url';

describe('listing URL state', () => {
  it('reads filters, sort and page from the URL and ignores what is not valid', () => {
    expect(readListingState('?filters=color:black|beige,size:38&sort=price_asc&page=3')).toEqual({
      filters: { color: ['black', 'beige'], size: ['38'] },
      sort: 'price_asc',
      page: 3,
    });
    expect(readListingState('?filters=colour:red,color:Black|<x>&sort=cheapest&page=0')).toEqual({
      filters: {},
      sort: 'recommended',
      page: 1,
    });
    expect(readListingState('?filters=instock:yes,price:900-100,price:100-900')).toEqual({
      filters: { price: ['100-900'] },
      sort: 'recommended',
      page: 1,
    });
  });

  it('writes one canonical URL per state, keys in their fixed order and defaults left out', () => {
    const state = readListingState('?filters=size:38,color:black&sort=recommended&page=1');
    expect(listingSearch(state)).toBe('?filters=color:black,size:38');
    expect(listingSearch({ filters: {}, sort: 'recommended', page: 1 })).toBe('');
    expect(listingSearch({ filters: { instock: ['true'] }, sort: 'newest', page: 2 })).toBe(
      '?filters=instock:true&sort=newest&page=2',
    );
  });

  it('keeps the other parameters (the search query) and encodes them', () => {
    const keep = new URLSearchParams('q=sac de jour&page=4');
    expect(listingSearch({ filters: { color: ['black'] }, sort: 'recommended', page: 1 }, keep)).toBe(
      '?q=sac+de+jour&filters=color:black',
    );
    expect(listingSearch({ filters: {}, sort: 'recommended', page: 1 }, new URLSearchParams('q=バッグ'))).toBe(
      '?q=%E3%83%90%E3%83%83%E3%82%B0',
    );
  });

  it('goes back to the first page when the filters or the sort change', () => {
    const state = { filters: {}, sort: 'recommended' as const, page: 5 };
    expect(withFilters(state, { color: ['black'] }).page).toBe(1);
    expect(withSort(state, 'price_desc')).toEqual({ filters: {}, sort: 'price_desc', page: 1 });
    expect(withPage(state, 6).page).toBe(6);
  });

  it('toggles and replaces values, dropping empty filters', () => {
    let f = toggleValue({}, 'color', 'black');
    f = toggleValue(f, 'color', 'beige');
    expect(f).toEqual({ color: ['black', 'beige'] });
    expect(countSelected(f)).toBe(2);
    expect(toggleValue({ color: ['black'] }, 'color', 'black')).toEqual({});
    expect(setValues({ price: ['1-2'] }, 'price', [])).toEqual({});
    expect(setValues({}, 'instock', ['true'])).toEqual({ instock: ['true'] });
  });

  it('parses price ranges', () => {
    expect(parsePriceRange('500-1500')).toEqual([500, 1500]);
    expect(parsePriceRange('1500-500')).toBeNull();
    expect(parsePriceRange('abc')).toBeNull();
  });

  it('sends the state to the page data: a filter string for categories, a deepObject for search', () => {
    const category = pageDataUrl(
      matchPage('/fr-fr/ca/women-shoes'),
      '?filters=size:38,color:black|beige,bogus:1&sort=price_asc&page=2',
    );
    expect(decodeURIComponent(category)).toBe(
      '/ssr/ca/women-shoes?locale=fr-fr&filters=color:black|beige,size:38&sort=price_asc&page=2',
    );
    const search = pageDataUrl(
      matchPage('/ja-jp/search'),
      '?q=%20バッグ%20&filters=color:black,instock:true&sort=newest',
    );
    expect(decodeURIComponent(search)).toBe(
      '/ssr/search?locale=ja-jp&q=バッグ&filters[color]=black&filters[instock]=true&sort=newest',
    );
    expect(pageDataUrl(matchPage('/search'), '')).toBe('/ssr/search?locale=en-us');
    // Spaces travel as %20 (a `+` is refused by the contract's validator); a typed `+` stays itself.
    expect(pageDataUrl(matchPage('/fr-fr/search'), '?q=sac+de+jour')).toBe(
      '/ssr/search?locale=fr-fr&q=sac%20de%20jour',
    );
    expect(pageDataUrl(matchPage('/fr-fr/search'), '?q=a%2Bb')).toBe('/ssr/search?locale=fr-fr&q=a%2Bb');
  });
});
