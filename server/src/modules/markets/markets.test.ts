import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { MarketService } from './service.ts';

let t: TestApp;
let markets: MarketService;
beforeAll(async () => {
  t = await startTestApp();
  markets = await MarketService.load(t.database.db);
});
afterAll(() => t.close());

describe('GET /api/data/locale-mdm/countries', () => {
  it('lists every market of the spec with its regions', async () => {
    const res = await request(t.app).get('/api/data/locale-mdm/countries').expect(200);
    expect(res.body.countries).toHaveLength(49);
    const fr = res.body.countries.find((c: { country: string }) => c.country === 'FR');
    expect(fr).toMatchObject({ currency: 'EUR', defaultLocale: 'fr-fr', businessRegion: 'EMEA' });
    expect(res.body.countries.find((c: { country: string }) => c.country === 'JP')).toMatchObject({
      currency: 'JPY',
      defaultLocale: 'ja-jp',
    });
    expect(res.body.countries.find((c: { country: string }) => c.country === 'ZH').urlOverride).toMatch(/^https:\/\//);
    expect(res.body.regions.map((r: { regionName: string }) => r.regionName)).toEqual(
      expect.arrayContaining(['Europe', 'Americas', 'Oceania', 'Asia', 'Middle East', 'International']),
    );
  });

  it('carries the currency table of every market currency (spec §9)', async () => {
    const res = await request(t.app).get('/api/data/locale-mdm/countries').expect(200);
    const used = new Set(res.body.countries.map((c: { currency: string | null }) => c.currency).filter(Boolean));
    for (const code of used) expect(res.body.currencies[code as string], String(code)).toBeDefined();
    expect(res.body.currencies.JPY).toMatchObject({ noZeroDecimals: true, minorUnits: 0 });
    expect(res.body.currencies.SAR.noZeroDecimals).toBe(true);
    expect(res.body.currencies.EUR).toMatchObject({ decimal: ',', noZeroDecimals: false });
  });

  it('refuses undocumented query parameters', async () => {
    const res = await request(t.app).get('/api/data/locale-mdm/countries?debug=1').expect(400);
    expect(res.body.code).toBe('ERR_API_1018');
  });
});

describe('market resolution', () => {
  it('resolves a locale to its country, currency and language', () => {
    expect(markets.resolve('fr-fr')).toMatchObject({ locale: 'fr-fr', country: 'FR', currency: 'EUR', language: 'fr' });
    expect(markets.resolve('de-ch')).toMatchObject({ country: 'CH', currency: 'CHF' });
    expect(markets.resolve('ja-jp')).toMatchObject({ currency: 'JPY', language: 'ja' });
  });
  it('falls back to US settings for an unknown country', () => {
    expect(markets.resolve('fr-zz')).toMatchObject({ locale: 'en-us', country: 'US', currency: 'USD' });
  });
  it("gives a country's default locale for a language it does not offer", () => {
    expect(markets.resolve('ko-fr')).toMatchObject({ locale: 'fr-fr', country: 'FR' });
  });
  it('has no currency on the international site', () => {
    expect(markets.resolve('en-en')).toMatchObject({ country: 'EN', currency: null });
  });
});
