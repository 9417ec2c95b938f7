import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND } from '../../test/settings.ts';
import { stores as fixtures } from '../../../../reference/stores/stores.ts';
import { countries } from '../../../../reference/markets/index.ts';
import { MarketService } from '../markets/index.ts';
import { StoreService, haversineKm } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Store = {
  id: string;
  name: string;
  url: string;
  brand: string;
  address: { city: string; country: string; formatted: string[] };
  distanceKm?: number;
  specialHours: { date: string; label?: string }[];
  openingHours: unknown[];
};
const get = (query: Record<string, string | number>) => request(t.app).get('/api/data/locale-mdm/stores').query(query);
const ours = fixtures.filter((s) => s.brand === TEST_BRAND);

describe('store master data (fixtures)', () => {
  it('has about 40 boutiques of the house across the markets, with unique numeric ids', () => {
    expect(ours.length).toBeGreaterThanOrEqual(40);
    expect(new Set(fixtures.map((s) => s.id)).size).toBe(fixtures.length);
    for (const s of fixtures) {
      expect(s.id).toMatch(/^[0-9]{1,10}$/);
      expect(s.phone).toMatch(/^\+[1-9][0-9]{7,14}$/);
      expect(s.openingHours).toHaveLength(7);
      expect(
        countries.some((c) => c.country === s.address.country),
        s.id,
      ).toBe(true);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: s.timeZone })).not.toThrow();
    }
    expect(new Set(ours.map((s) => s.address.country)).size).toBeGreaterThanOrEqual(25);
  });
});

describe('GET /api/data/locale-mdm/stores', () => {
  it("lists the house's boutiques of the locale's country, by city then name", async () => {
    const res = await get({ locale: 'fr-fr' }).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.body.country).toBe('FR');
    const list = res.body.stores as Store[];
    expect(list.map((s) => s.id).sort()).toEqual(
      ours
        .filter((s) => s.address.country === 'FR')
        .map((s) => s.id)
        .sort(),
    );
    expect(list.every((s) => s.brand === TEST_BRAND && s.distanceKm === undefined)).toBe(true);
    expect(list[0]?.address.city).toBe('Cannes');
    const montaigne = list.find((s) => s.id === '1042');
    expect(montaigne?.url).toBe('/fr-fr/stores/saint-laurent-avenue-montaigne-1042');
    expect(montaigne?.address.formatted).toEqual(['53 avenue Montaigne', '75008 Paris', 'France']);
  });

  it.each(countries.map((c) => [c.country] as const))('answers for the country %s', async (country) => {
    const res = await get({ locale: 'en-gb', country }).expect(200);
    expect(res.body.country).toBe(country);
    const expected = ours.filter((s) => s.address.country === country).length;
    expect(res.body.stores).toHaveLength(expected);
    for (const s of res.body.stores as Store[]) expect(s.url).toMatch(new RegExp(`^/en-gb/stores/[a-z0-9-]+-${s.id}$`));
  });

  it('localises names and addresses, and keeps CJK names URL-encoded', async () => {
    const ja = (await get({ locale: 'ja-jp' }).expect(200)).body.stores as Store[];
    const ginza = ja.find((s) => s.id === '1701');
    expect(ginza?.name).toBe('サンローラン 銀座');
    expect(ginza?.url).toBe(`/ja-jp/stores/${encodeURIComponent('サンローラン 銀座')}-1701`);
    expect(ginza?.address.formatted).toEqual(['〒104-0061', '東京都 中央区', '銀座6-10-1', 'GINZA SIX 1F', '日本']);
    const en = (await get({ locale: 'en-jp' }).expect(200)).body.stores as Store[];
    expect(en.find((s) => s.id === '1701')?.url).toBe('/en-jp/stores/saint-laurent-ginza-1701');
  });

  it('sorts nearest first with distanceKm when a position is given', async () => {
    // Place de la Concorde.
    const res = await get({ locale: 'fr-fr', latitude: 48.8656, longitude: 2.3212 }).expect(200);
    const list = res.body.stores as Store[];
    const d = list.map((s) => s.distanceKm as number);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(list[0]?.id).toBe('1057');
    expect(d[0]).toBeLessThan(1);
    expect(list.at(-1)?.address.city).toBe('Cannes');
    expect(d.at(-1)).toBeGreaterThan(650);
  });

  it('uses the US market for an unknown country and lists nothing for the International site', async () => {
    expect((await get({ locale: 'en-zz' }).expect(200)).body.country).toBe('US');
    expect((await get({ locale: 'en-en' }).expect(200)).body).toEqual({ country: 'EN', stores: [] });
    expect((await get({ locale: 'en-us', country: 'AR' }).expect(200)).body).toEqual({ country: 'AR', stores: [] });
  });

  it.each([
    [{ locale: 'fr' }, 'ERR_API_1005'],
    [{}, 'ERR_API_1005'],
    [{ locale: 'fr-fr', country: 'fr' }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', latitude: 48.8 }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', longitude: 2.3 }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', latitude: 91, longitude: 2 }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', latitude: 'north', longitude: 2 }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', brand: 'ysl' }, 'ERR_API_1018'],
  ])('refuses %j with %s', async (query, code) => {
    const res = await get(query).expect(400);
    expect(res.body.code).toBe(code);
  });

  it('answers ERR_STS_API_1001 when the store master data fails', async () => {
    const spy = vi.spyOn(StoreService.prototype, 'list').mockRejectedValueOnce(new Error('connection reset'));
    const res = await get({ locale: 'fr-fr' }).expect(502);
    expect(res.body.code).toBe('ERR_STS_API_1001');
    spy.mockRestore();
  });
});

describe('StoreService', () => {
  it('lists the special hours of the coming 60 days, localised', async () => {
    const markets = await MarketService.load(t.database.db);
    const service = new StoreService(t.database.db, TEST_BRAND, () => new Date('2026-12-01T10:00:00Z'));
    const fr = await service.list('FR', markets.resolve('fr-fr'));
    const montaigne = fr.stores.find((s) => s.id === '1042');
    expect(montaigne?.specialHours?.map((h) => [h.date, h.label])).toEqual([
      ['2026-12-24', 'Veille de Noël'],
      ['2026-12-25', 'Noël'],
      ['2026-12-31', 'Saint-Sylvestre'],
      ['2027-01-01', 'Jour de l’An'],
    ]);
    const summer = new StoreService(t.database.db, TEST_BRAND, () => new Date('2026-06-01T10:00:00Z'));
    expect((await summer.list('FR', markets.resolve('en-fr'))).stores.every((s) => s.specialHours?.length === 0)).toBe(
      true,
    );
  });

  it('measures great-circle distances', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(haversineKm(paris, london)).toBeGreaterThan(340);
    expect(haversineKm(paris, london)).toBeLessThan(345);
    expect(haversineKm(paris, paris)).toBe(0);
  });
});
