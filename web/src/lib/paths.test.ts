import { describe, expect, it } from 'vitest';
import {
  isStoreUrl,
  localizePath,
  matchPage,
  pageDataUrl,
  pageTypeOf,
  parseFilterString,
  parseStoreSlug,
  serializeFilterString,
  toggleFilter,
  type PageMatch,
} from './paths';

const JA_SLUG = encodeURIComponent('メゾン');
const KO_NAME = encodeURIComponent('가방');

describe('matchPage', () => {
  it.each<[string, PageMatch]>([
    ['/', { kind: 'home', locale: null }],
    ['', { kind: 'home', locale: null }],
    ['/fr-fr/', { kind: 'home', locale: 'fr-fr' }],
    ['/fr-fr', { kind: 'home', locale: 'fr-fr' }],
    ['/ca/women-bags', { kind: 'category', locale: null, slug: 'women-bags' }],
    ['/ja-jp/ca/women', { kind: 'category', locale: 'ja-jp', slug: 'women' }],
    [
      '/pr/le-5-a-7-bag-7YS0AB1E2F40.html',
      { kind: 'product', locale: null, pid: '7YS0AB1E2F40', name: 'le-5-a-7-bag' },
    ],
    ['/de-de/pr/x-AB12.html', { kind: 'product', locale: 'de-de', pid: 'AB12', name: 'x' }],
    [`/ko-kr/pr/${KO_NAME}-AB12.html`, { kind: 'product', locale: 'ko-kr', pid: 'AB12', name: '가방' }],
    ['/cp/the-house', { kind: 'content', locale: null, slug: 'the-house' }],
    ['/it-it/cp/savoir-faire', { kind: 'content', locale: 'it-it', slug: 'savoir-faire' }],
    [`/ja-jp/cp/${JA_SLUG}`, { kind: 'content', locale: 'ja-jp', slug: 'メゾン' }],
    [`/zh-tw/cp/${encodeURIComponent('品牌-介紹')}`, { kind: 'content', locale: 'zh-tw', slug: '品牌-介紹' }],
    ['/legal/privacy-policy', { kind: 'legal', locale: null, slug: 'privacy-policy' }],
    ['/en-gb/legal/v1/privacy-policy', { kind: 'legal-legacy', locale: 'en-gb', slug: 'privacy-policy' }],
    ['/faq', { kind: 'faq', locale: null }],
    ['/fr-fr/faq/', { kind: 'faq', locale: 'fr-fr' }],
    ['/client-service', { kind: 'client-service', locale: null }],
    ['/es-es/marketing', { kind: 'marketing', locale: 'es-es' }],
    ['/rive-droite', { kind: 'rive-droite', locale: null }],
    ['/fr-fr/rive-droite/', { kind: 'rive-droite', locale: 'fr-fr' }],
    ['/rive-droite/cp/the-gallery', { kind: 'rive-droite-content', locale: null, slug: 'the-gallery' }],
    ['/rive-droite/ca/vinyls', { kind: 'rive-droite-category', locale: null, slug: 'vinyls' }],
    ['/fr-fr/rive-droite/calendar/exhibitions', { kind: 'rive-droite-calendar', locale: 'fr-fr', slug: 'exhibitions' }],
    ['/404', { kind: 'not-found', locale: null }],
    ['/fr-fr/404', { kind: 'not-found', locale: 'fr-fr' }],
    ['/spring-summer-2026', { kind: 'catch-all', locale: null, slug: 'spring-summer-2026' }],
    ['/fr-fr/unknown', { kind: 'catch-all', locale: 'fr-fr', slug: 'unknown' }],
    [`/ja-jp/${JA_SLUG}`, { kind: 'catch-all', locale: 'ja-jp', slug: 'メゾン' }],
    ['/stores', { kind: 'store-list', locale: null }],
    ['/fr-fr/stores/', { kind: 'store-list', locale: 'fr-fr' }],
    [
      '/fr-fr/stores/saint-laurent-avenue-montaigne-1042',
      { kind: 'store-detail', locale: 'fr-fr', slug: 'saint-laurent-avenue-montaigne-1042', id: '1042' },
    ],
    [
      `/ja-jp/stores/${encodeURIComponent('サンローラン 銀座')}-1701`,
      { kind: 'store-detail', locale: 'ja-jp', slug: 'サンローラン 銀座-1701', id: '1701' },
    ],
  ])('%s', (path, expected) => {
    expect(matchPage(path)).toEqual(expected);
  });

  it.each([
    // product: alphanumeric id before .html, a name, exactly one segment
    '/pr/bag-AB!2.html',
    '/pr/AB12.html',
    '/pr/bag-AB12',
    '/pr/bag-AB12.htm',
    '/pr/a/bag-AB12.html',
    // slugs
    '/ca/Women',
    '/ca/a/b',
    '/ca/women_bags',
    '/ca/-women',
    '/cp/the--house',
    `/cp/${'a'.repeat(121)}`,
    '/legal/Privacy',
    '/legal/v1/a/b',
    // uppercase or malformed locale prefix: the segment is not a locale, and two segments are unknown
    '/FR-FR/',
    '/fr-fr/fr-fr/ca/women',
    // non-ASCII only in ja/ko/zh locales
    `/cp/${JA_SLUG}`,
    `/fr-fr/cp/${JA_SLUG}`,
    `/de-de/${JA_SLUG}`,
    // malformed percent-encoding never throws
    '/ja-jp/cp/%E3%83',
    '/ja-jp/%',
    '/ko-kr/pr/%ZZ-AB12.html',
    '/ja-jp/cp/a%2Fb',
    // unknown two- and three-segment routes
    '/rive-droite/calendar',
    '/rive-droite/xx/yy',
    '/rive-droite/cp/a/b',
    '/faq/more',
    '/stores/paris',
    '/stores/paris-12/x',
    '/a/b/c/d',
  ])('%s is not found', (path) => {
    expect(matchPage(path).kind).toBe('not-found');
  });

  it('never throws on garbage', () => {
    for (const p of ['/%', '/%%%', '/ja-jp/%C0%AF', '//', '/./..', '/\u0000', '/ja-jp/pr/%-A1.html']) {
      expect(() => matchPage(p)).not.toThrow();
    }
  });
});

describe('pageDataUrl', () => {
  it.each([
    ['/', '', '/ssr/home?locale=en-us'],
    ['/fr-fr/ca/women', '?sort=price_asc&page=2&utm=x', '/ssr/ca/women?locale=fr-fr&sort=price_asc&page=2'],
    ['/fr-fr/ca/women', '?page=0', '/ssr/ca/women?locale=fr-fr'],
    ['/pr/x-AB12.html', '?sort=x', '/ssr/pr/AB12?locale=en-us'],
    ['/it-it/nope/nope', '', '/ssr/404?locale=it-it'],
    ['/404', '', '/ssr/404?locale=en-us'],
    ['/cp/the-house', '?x=1', '/ssr/cp/the-house?locale=en-us'],
    [`/ja-jp/cp/${JA_SLUG}`, '', `/ssr/cp/${JA_SLUG}?locale=ja-jp`],
    ['/fr-fr/legal/privacy-policy', '', '/ssr/legal/privacy-policy?locale=fr-fr'],
    ['/fr-fr/legal/v1/privacy-policy', '', '/ssr/legal/privacy-policy?locale=fr-fr'],
    ['/faq', '', '/ssr/faq?locale=en-us'],
    ['/de-de/client-service', '', '/ssr/client-service?locale=de-de'],
    [
      '/marketing',
      '?cid=fw26-launch&cat=women-bags&pid=AB12&utm_source=x',
      '/ssr/marketing?locale=en-us&cid=fw26-launch&cat=women-bags&pid=AB12',
    ],
    ['/marketing', '?cid=fw26&cat=Bad Cat&pid=A!', '/ssr/marketing?locale=en-us&cid=fw26'],
    ['/marketing', '?cat=women', '/ssr/404?locale=en-us'],
    ['/marketing', '?cid=a%20b', '/ssr/404?locale=en-us'],
    ['/fr-fr/rive-droite', '', '/ssr/rive-droite?locale=fr-fr'],
    ['/rive-droite/cp/the-gallery', '', '/ssr/rive-droite/cp/the-gallery?locale=en-us'],
    ['/rive-droite/ca/vinyls', '?sort=newest&page=3', '/ssr/rive-droite/ca/vinyls?locale=en-us&sort=newest&page=3'],
    ['/rive-droite/calendar/exhibitions', '', '/ssr/rive-droite/calendar/exhibitions?locale=en-us'],
    [
      '/fr-fr/rive-droite/calendar/exhibitions',
      '?filters=themes:talk|exhibition,locations:paris',
      '/ssr/rive-droite/calendar/exhibitions?locale=fr-fr&themes=talk%2Cexhibition&locations=paris',
    ],
    [
      '/rive-droite/calendar/events',
      '?filters=locations:Paris|london,bogus',
      '/ssr/rive-droite/calendar/events?locale=en-us&locations=london',
    ],
    ['/spring-summer', '', '/ssr/page/spring-summer?locale=en-us'],
    ['/fr-fr/stores', '?x=1', '/ssr/stores?locale=fr-fr'],
    ['/stores/saint-laurent-soho-1502', '', '/ssr/stores/saint-laurent-soho-1502?locale=en-us'],
    [
      `/ja-jp/stores/${encodeURIComponent('サンローラン 銀座')}-1701`,
      '',
      `/ssr/stores/${encodeURIComponent('サンローラン 銀座')}-1701?locale=ja-jp`,
    ],
  ])('%s%s → %s', (path, search, expected) => {
    expect(pageDataUrl(matchPage(path), search)).toBe(expected);
  });
});

describe('filter strings', () => {
  it('parses, drops malformed parts and serialises back', () => {
    expect(parseFilterString('themes:talk|exhibition,locations:paris')).toEqual({
      themes: ['talk', 'exhibition'],
      locations: ['paris'],
    });
    expect(parseFilterString('')).toEqual({});
    expect(parseFilterString(null)).toEqual({});
    expect(parseFilterString(':x,themes:,locations:Paris|rome|rome,a b:c')).toEqual({ locations: ['rome'] });
    expect(serializeFilterString({ themes: ['talk'], locations: [] })).toBe('themes:talk');
    expect(serializeFilterString({ themes: ['a', 'b'], locations: ['paris'] })).toBe('themes:a|b,locations:paris');
  });
  it('toggles a value', () => {
    expect(toggleFilter({ themes: ['a'] }, 'themes', 'b')).toEqual({ themes: ['a', 'b'] });
    expect(toggleFilter({ themes: ['a', 'b'] }, 'themes', 'a')).toEqual({ themes: ['b'] });
    expect(toggleFilter({}, 'locations', 'paris')).toEqual({ locations: ['paris'] });
  });
});

describe('store URLs', () => {
  it.each([
    ['/stores/paris-saint-honore-1204', true],
    ['/fr-fr/stores/paris-1', true],
    [`/ja-jp/stores/${encodeURIComponent('銀座')}-77`, true],
    ['/stores/paris', false],
    ['/stores/paris-12a', false],
    ['/stores/1204', false],
    ['/stores/paris-%E3', false],
    ['/stores', false],
    ['/stores/paris-1/x', false],
  ])('%s → %s', (path, valid) => {
    expect(isStoreUrl(path)).toBe(valid);
  });
  it('parses name and id', () => {
    expect(parseStoreSlug('new-york-madison-avenue-3')).toEqual({ name: 'new-york-madison-avenue', id: '3' });
    expect(parseStoreSlug('abc')).toBeNull();
  });
});

describe('pageTypeOf', () => {
  it.each([
    ['/', 'home'],
    ['/fr-fr/', 'home'],
    ['/ca/women', 'category'],
    ['/pr/bag-AB12.html', 'product'],
    ['/collections', 'collections'],
    ['/collections/fw26', 'collections'],
    ['/contact', 'contact'],
    ['/cp/the-house', 'content'],
    [`/ja-jp/cp/${JA_SLUG}`, 'content'],
    ['/legal/privacy-policy', 'legal'],
    ['/legal/v1/privacy-policy', 'legal'],
    ['/search', 'search'],
    ['/signin', 'sign-in'],
    ['/signup', 'sign-up'],
    ['/myaccount', 'my-account'],
    ['/fr-fr/myaccount/orders', 'my-account'],
    ['/myaccount/activate/x', 'my-account'],
    ['/track-order', 'track-order'],
    ['/stores', 'store-list'],
    ['/stores/paris-1204', 'store-detail'],
    ['/404', '404'],
    ['/rive-droite', 'rive-droite'],
    ['/fr-fr/rive-droite', 'rive-droite'],
    ['/rive-droite/cp/the-gallery', null],
    ['/rive-droite/calendar/exhibitions', null],
    ['/faq', null],
    ['/unknown', null],
    ['/toString', null],
    ['/stores/paris', null],
    ['/pr/bag.html', null],
  ])('%s → %s', (path, expected) => {
    expect(pageTypeOf(path)).toBe(expected);
  });
});

describe('localizePath', () => {
  it('omits the prefix for en-us only', () => {
    expect(localizePath('en-us', '/ca/women')).toBe('/ca/women');
    expect(localizePath('fr-fr', '/ca/women')).toBe('/fr-fr/ca/women');
    expect(localizePath('fr-fr', '/')).toBe('/fr-fr/');
  });
});
