import { describe, expect, it } from 'vitest';
import { localizePath, matchPage, pageDataUrl } from './paths';

describe('matchPage', () => {
  it.each([
    ['/', { kind: 'home', locale: null }],
    ['/fr-fr/', { kind: 'home', locale: 'fr-fr' }],
    ['/fr-fr', { kind: 'home', locale: 'fr-fr' }],
    ['/ca/women-bags', { kind: 'category', locale: null, slug: 'women-bags' }],
    ['/ja-jp/ca/women', { kind: 'category', locale: 'ja-jp', slug: 'women' }],
    ['/pr/le-5-a-7-bag-7YS0AB1E2F40.html', { kind: 'product', locale: null, pid: '7YS0AB1E2F40', name: 'le-5-a-7-bag' }],
    ['/de-de/pr/x-AB12.html', { kind: 'product', locale: 'de-de', pid: 'AB12', name: 'x' }],
  ])('%s', (path, expected) => {
    expect(matchPage(path)).toEqual(expected);
  });

  it.each(['/pr/bag-AB!2.html', '/pr/AB12.html', '/pr/bag-AB12', '/ca/Women', '/ca/a/b', '/FR-FR/', '/fr-fr/unknown', '/404'])(
    '%s is not found',
    (path) => {
      expect(matchPage(path).kind).toBe('not-found');
    },
  );
});

describe('pageDataUrl', () => {
  it('carries the locale, and sort and page for categories only', () => {
    expect(pageDataUrl(matchPage('/'), '')).toBe('/ssr/home?locale=en-us');
    expect(pageDataUrl(matchPage('/fr-fr/ca/women'), '?sort=price_asc&page=2&utm=x')).toBe('/ssr/ca/women?locale=fr-fr&sort=price_asc&page=2');
    expect(pageDataUrl(matchPage('/fr-fr/ca/women'), '?page=0')).toBe('/ssr/ca/women?locale=fr-fr');
    expect(pageDataUrl(matchPage('/pr/x-AB12.html'), '?sort=x')).toBe('/ssr/pr/AB12?locale=en-us');
    expect(pageDataUrl(matchPage('/it-it/nope'), '')).toBe('/ssr/404?locale=it-it');
  });
});

describe('localizePath', () => {
  it('omits the prefix for en-us only', () => {
    expect(localizePath('en-us', '/ca/women')).toBe('/ca/women');
    expect(localizePath('fr-fr', '/ca/women')).toBe('/fr-fr/ca/women');
    expect(localizePath('fr-fr', '/')).toBe('/fr-fr/');
  });
});
