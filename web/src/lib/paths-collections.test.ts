import { describe, expect, it } from 'vitest';
import { matchPage, pageDataUrl, pageTypeOf } from './paths';

// Spec §2: look detail, collections and a collection's items and looks pages.
describe('look and collection pages', () => {
  it('recognises each page with or without a locale prefix', () => {
    expect(matchPage('/looks/fw26-look-12')).toEqual({ kind: 'look', locale: null, slug: 'fw26-look-12' });
    expect(matchPage('/fr-fr/collections')).toEqual({ kind: 'collections', locale: 'fr-fr' });
    expect(matchPage('/collections/women-fall-winter-26')).toEqual({
      kind: 'collection',
      locale: null,
      slug: 'women-fall-winter-26',
    });
    expect(matchPage('/it-it/collections/women-fall-winter-26/items')).toEqual({
      kind: 'collection-items',
      locale: 'it-it',
      slug: 'women-fall-winter-26',
    });
    expect(matchPage('/collections/women-fall-winter-26/looks')).toEqual({
      kind: 'collection-looks',
      locale: null,
      slug: 'women-fall-winter-26',
    });
  });

  it('answers not-found for anything else under those prefixes', () => {
    for (const path of [
      '/looks/Bad_Slug',
      '/looks/a/b',
      '/collections/x/other',
      '/collections/Bad!/items',
      '/collections/x/items/y',
      '/fr-fr/collections/x/looks/1',
    ]) {
      expect(matchPage(path).kind, path).toBe('not-found');
    }
    expect(pageTypeOf('/collections/x/items')).toBe('collections');
  });

  it('loads each page from its /ssr data URL, keeping only valid sort and page values', () => {
    expect(pageDataUrl(matchPage('/looks/fw26-look-12'), '')).toBe('/ssr/looks/fw26-look-12?locale=en-us');
    expect(pageDataUrl(matchPage('/fr-fr/collections'), '')).toBe('/ssr/collections?locale=fr-fr');
    expect(pageDataUrl(matchPage('/fr-fr/collections/fw26'), '?page=2')).toBe('/ssr/collections/fw26?locale=fr-fr');
    expect(pageDataUrl(matchPage('/fr-fr/collections/fw26/items'), '?sort=price_asc&page=3&x=1')).toBe(
      '/ssr/collections/fw26/items?locale=fr-fr&sort=price_asc&page=3',
    );
    expect(pageDataUrl(matchPage('/collections/fw26/looks'), '?page=2&sort=price_asc')).toBe(
      '/ssr/collections/fw26/looks?locale=en-us&page=2',
    );
    expect(pageDataUrl(matchPage('/collections/fw26/looks'), '?page=0')).toBe(
      '/ssr/collections/fw26/looks?locale=en-us',
    );
  });
});
