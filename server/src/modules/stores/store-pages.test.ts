// One boutique (backend-only getStore), the boutique pages' data (/ssr/stores, /ssr/stores/{name}-{id}) and
// their server rendering, on the run's database; StoreService's surface for the checkout.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { stores as fixtures } from '../../../../reference/stores/stores.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND } from '../../test/settings.ts';
import { MarketService } from '../markets/index.ts';
import { StoreService, storeIdOfSlug } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  // Pages too (through Vite's dev server): the same app answers the API, the page data and the HTML.
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
}, 120_000);
afterAll(() => t?.close());

type Store = {
  id: string;
  name: string;
  url: string;
  services: string[];
  distanceKm?: number;
  address: { city: string; country: string };
};
const ours = fixtures.filter((s) => s.brand === TEST_BRAND);
const MONTAIGNE_FR = '/fr-fr/stores/saint-laurent-avenue-montaigne-1042';
const GINZA_JA = `/ja-jp/stores/${encodeURIComponent('サンローラン 銀座')}-1701`;

describe('GET /api/data/stores/{storeId} (backend-only)', () => {
  const get = (id: string, query: Record<string, string> = { locale: 'fr-fr' }) =>
    request(t.app).get(`/api/data/stores/${id}`).query(query);

  it('answers one boutique of the house, in any market, never cached', async () => {
    const res = await get('1042').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      id: '1042',
      name: 'Saint Laurent Avenue Montaigne',
      url: MONTAIGNE_FR,
      type: 'flagship',
      timeZone: 'Europe/Paris',
      phone: '+33153837000',
    });
    expect(res.body.openingHours).toHaveLength(7);
    expect((await get('1701', { locale: 'ja-jp' }).expect(200)).body.url).toBe(GINZA_JA);
    // en-us has no locale prefix (spec §2).
    expect((await get('1501', { locale: 'en-us' }).expect(200)).body.url).toBe(
      '/stores/saint-laurent-madison-avenue-1501',
    );
  });

  it.each<[string, Record<string, string>, number, string]>([
    ['9999', { locale: 'fr-fr' }, 404, 'ERR_GLS_1006'],
    ['2001', { locale: 'fr-fr' }, 404, 'ERR_GLS_1006'], // another house's flagship
    ['10a', { locale: 'fr-fr' }, 400, 'ERR_STS_API_1000'],
    ['12345678901', { locale: 'fr-fr' }, 400, 'ERR_STS_API_1000'],
    ['1042', { locale: 'france' }, 400, 'ERR_API_1005'],
    ['1042', { locale: 'fr-fr', brand: 'ysl' }, 400, 'ERR_API_1018'],
  ])('answers %s %j with %s', async (id, query, status, code) => {
    const res = await get(id, query).expect(status);
    expect(res.body.code).toBe(code);
    if (code === 'ERR_GLS_1006') expect(res.body.title).toBe('Store not found.');
  });

  it('refuses browsers (Fetch Metadata or Origin): ERR_API_1001', async () => {
    expect((await get('1042').set('Sec-Fetch-Site', 'same-origin').expect(403)).body.code).toBe('ERR_API_1001');
    expect((await get('1042').set('Origin', 'http://localhost:3000').expect(403)).body.code).toBe('ERR_API_1001');
  });

  it('answers ERR_STS_API_1001 when the store master data fails', async () => {
    const spy = vi.spyOn(StoreService.prototype, 'get').mockRejectedValueOnce(new Error('connection reset'));
    expect((await get('1042').expect(502)).body.code).toBe('ERR_STS_API_1001');
    spy.mockRestore();
  });
});

describe('GET /ssr/stores', () => {
  it("answers the market's boutiques by city and the countries that have boutiques", async () => {
    const res = await request(t.app).get('/ssr/stores?locale=fr-fr').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body.pageType).toBe('store-list');
    expect(res.body.meta).toMatchObject({
      title: 'Boutiques | Saint Laurent',
      canonical: 'http://localhost:3000/fr-fr/stores',
      robots: 'index, follow',
    });
    expect(res.body.meta.alternates).toContainEqual({ hreflang: 'x-default', href: 'http://localhost:3000/stores' });
    expect(res.body.meta.alternates).toContainEqual({ hreflang: 'ja-jp', href: 'http://localhost:3000/ja-jp/stores' });
    expect(res.body.storeList.country).toBe('FR');
    expect((res.body.storeList.stores as Store[]).map((s) => s.address.city)).toEqual([
      'Cannes',
      'Paris',
      'Paris',
      'Paris',
      'Paris',
    ]);
    const countries = res.body.countries as { country: string; name: string; storeCount: number }[];
    expect(countries.find((c) => c.country === 'JP')).toEqual({
      country: 'JP',
      name: 'Japon',
      storeCount: ours.filter((s) => s.address.country === 'JP').length,
    });
    expect(countries.map((c) => c.name)).toEqual(
      [...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    expect(countries.reduce((n, c) => n + c.storeCount, 0)).toBe(ours.length);
    expect(res.body.layout).toBeDefined();
  });

  it('answers an empty list where the house has no boutique, and refuses a malformed locale', async () => {
    expect((await request(t.app).get('/ssr/stores?locale=fr-lu').expect(200)).body.storeList).toEqual({
      country: 'LU',
      stores: [],
    });
    expect((await request(t.app).get('/ssr/stores?locale=xx').expect(400)).body.code).toBe('ERR_API_1005');
    expect((await request(t.app).get('/ssr/stores?locale=fr-fr&country=IT').expect(400)).body.code).toBe(
      'ERR_API_1018',
    );
  });

  it('answers ERR_DATA_1000 when the boutiques cannot be read', async () => {
    const spy = vi.spyOn(StoreService.prototype, 'list').mockRejectedValueOnce(new Error('connection reset'));
    const res = await request(t.app).get('/ssr/stores?locale=de-de').expect(502);
    expect(res.body.code).toBe('ERR_DATA_1000');
    spy.mockRestore();
  });
});

describe('GET /ssr/stores/{name}-{id}', () => {
  it('answers the boutique, its breadcrumb, structured data and its three nearest neighbours', async () => {
    const res = await request(t.app).get('/ssr/stores/saint-laurent-avenue-montaigne-1042?locale=fr-fr').expect(200);
    expect(res.body.pageType).toBe('store-detail');
    expect(res.body.store.url).toBe(MONTAIGNE_FR);
    expect(res.body.meta.canonical).toBe(`http://localhost:3000${MONTAIGNE_FR}`);
    expect(res.body.meta.title).toBe('Saint Laurent Avenue Montaigne – Paris');
    expect(res.body.meta.alternates).toContainEqual({
      hreflang: 'ja-jp',
      href: 'http://localhost:3000/ja-jp/stores/saint-laurent-avenue-montaigne-1042',
    });
    expect(res.body.meta.alternates).toContainEqual({
      hreflang: 'x-default',
      href: 'http://localhost:3000/stores/saint-laurent-avenue-montaigne-1042',
    });
    expect(res.body.meta.jsonLd).toMatchObject({
      '@type': 'ClothingStore',
      name: 'Saint Laurent Avenue Montaigne',
      address: { postalCode: '75008', addressCountry: 'FR' },
      telephone: '+33153837000',
    });
    expect(res.body.meta.jsonLd.openingHoursSpecification).toHaveLength(7);
    expect(res.body.breadcrumbs).toEqual([
      { name: 'Boutiques', url: '/stores' },
      { name: 'Saint Laurent Avenue Montaigne', url: '/stores/saint-laurent-avenue-montaigne-1042' },
    ]);
    const nearby = res.body.nearbyStores as Store[];
    expect(nearby).toHaveLength(3);
    expect(nearby.map((s) => s.id)).not.toContain('1042');
    const d = nearby.map((s) => s.distanceKm as number);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it('selects by the trailing id only (the canonical URL carries the current name), and keeps CJK names', async () => {
    const res = await request(t.app).get('/ssr/stores/old-name-1042?locale=fr-fr').expect(200);
    expect(res.body.meta.canonical).toBe(`http://localhost:3000${MONTAIGNE_FR}`);
    const ja = await request(t.app)
      .get(`/ssr/stores/${encodeURIComponent('サンローラン 銀座')}-1701?locale=ja-jp`)
      .expect(200);
    expect(ja.body.store.name).toBe('サンローラン 銀座');
    expect(ja.body.meta.canonical).toBe(`http://localhost:3000${GINZA_JA}`);
  });

  it.each<[string, number, string]>([
    ['/ssr/stores/nowhere-9999?locale=fr-fr', 404, 'ERR_GLS_1006'],
    ['/ssr/stores/balenciaga-2001?locale=fr-fr', 404, 'ERR_GLS_1006'],
    ['/ssr/stores/paris?locale=fr-fr', 400, 'ERR_API_1021'],
    ['/ssr/stores/paris-12a?locale=fr-fr', 400, 'ERR_API_1021'],
    ['/ssr/stores/saint-laurent-avenue-montaigne-1042?locale=fr', 400, 'ERR_API_1005'],
  ])('%s answers %s %s', async (url, status, code) => {
    expect((await request(t.app).get(url).expect(status)).body.code).toBe(code);
  });
});

describe('server-rendered boutique pages', () => {
  const html = (path: string) => request(t.app).get(path).set('Accept', 'text/html');

  it('renders the list with its boutiques, canonical and hreflang', async () => {
    const res = await html('/fr-fr/stores').expect(200);
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/fr-fr/stores">');
    expect(res.text).toContain('Saint Laurent Avenue Montaigne');
    expect(res.text).toContain(`href="${MONTAIGNE_FR}"`);
  });

  it('renders a boutique with its hours and JSON-LD; an outdated name redirects; an unknown boutique is a 404 page', async () => {
    const res = await html(MONTAIGNE_FR).expect(200);
    expect(res.text).toContain('<h1 class="store-detail__name">Saint Laurent Avenue Montaigne</h1>');
    expect(res.text).toContain('ClothingStore');
    expect(res.text).toMatch(/lundi/);
    const moved = await html('/fr-fr/stores/montaigne-1042').expect(301);
    expect(moved.headers.location).toBe(MONTAIGNE_FR);
    expect((await html('/en-us/stores/saint-laurent-madison-avenue-1501').expect(301)).headers.location).toBe(
      '/stores/saint-laurent-madison-avenue-1501',
    );
    await html(GINZA_JA).expect(200);
    await html('/fr-fr/stores/nowhere-9999').expect(404);
    await html('/fr-fr/stores/nowhere').expect(404);
  });
});

describe('StoreService (for the checkout)', () => {
  it('gets one boutique or throws ERR_GLS_1006, and lists the pickup boutiques of a country', async () => {
    const markets = await MarketService.load(t.database.db);
    const service = new StoreService(t.database.db, TEST_BRAND);
    expect((await service.get('1042', markets.resolve('en-gb'))).url).toBe(
      '/en-gb/stores/saint-laurent-avenue-montaigne-1042',
    );
    await expect(service.get('9999', markets.resolve('fr-fr'))).rejects.toMatchObject({ code: 'ERR_GLS_1006' });
    const pickup = await service.pickupStores('FR', markets.resolve('fr-fr'));
    expect(pickup.map((s) => s.id)).toEqual(['1044', '1042', '1043']);
    expect(pickup.every((s) => s.services.includes('clickAndCollect'))).toBe(true);
    expect(await service.pickupStores('LU', markets.resolve('fr-lu'))).toEqual([]);
  });

  it('reads the id of a store segment', () => {
    expect(storeIdOfSlug('saint-laurent-avenue-montaigne-1042')).toBe('1042');
    expect(storeIdOfSlug('サンローラン 銀座-1701')).toBe('1701');
    expect(storeIdOfSlug('paris')).toBeNull();
  });
});
