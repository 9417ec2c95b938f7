import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { loadContract } from '../../shared/contract.ts';
import {
  ADDRESS_COUNTRIES,
  NO_POSTAL_CODE_COUNTRIES,
  validatePostalCode,
} from '../../../../reference/markets/addresses.ts';
import { activeLocales } from '../../../../reference/markets/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Format = {
  country: string;
  name: string;
  postalCode: { required: boolean; pattern: string; example: string | null };
  states?: { code: string; name: string }[];
  formLines: string[][];
};
const get = (query: Record<string, string>) => request(t.app).get('/api/data/country-addresses').query(query);

describe('GET /api/data/country-addresses', () => {
  it('lists every country of spec §5 with the default rule and the no-postal-code list', async () => {
    const res = await get({ locale: 'en-us' }).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body.countries.map((c: Format) => c.country).sort()).toEqual([...ADDRESS_COUNTRIES].sort());
    expect(res.body.noPostalCodeCountries).toEqual([...NO_POSTAL_CODE_COUNTRIES]);
    expect(res.body.defaultPostalCode).toMatchObject({ required: true, example: '10022' });
    const us = res.body.countries.find((c: Format) => c.country === 'US');
    expect(us).toMatchObject({ name: 'United States', stateRequired: true });
    expect(us.states).toContainEqual({ code: 'NY', name: 'New York' });
  });

  it('names and sorts the countries in the language of the locale', async () => {
    const fr = (await get({ locale: 'fr-fr' }).expect(200)).body.countries as Format[];
    expect(fr.find((c) => c.country === 'DE')?.name).toBe('Allemagne');
    const names = fr.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr-FR').compare));
    expect(names[0]).toBe('Afrique du Sud');
    const ja = (await get({ locale: 'ja-jp', country: 'JP' }).expect(200)).body.countries as Format[];
    expect(ja).toHaveLength(1);
    expect(ja[0]?.name).toBe('日本');
    expect(ja[0]?.states).toHaveLength(47);
    expect(ja[0]?.states?.[0]).toEqual({ code: '01', name: '北海道' });
    expect(ja[0]?.formLines.slice(0, 3)).toEqual([
      ['lastName', 'firstName'],
      ['lastNameKana', 'firstNameKana'],
      ['postalCode'],
    ]);
    const en = (await get({ locale: 'en-jp', country: 'JP' }).expect(200)).body.countries as Format[];
    expect(en[0]?.name).toBe('Japan');
    expect(en[0]?.states?.[12]).toEqual({ code: '13', name: 'Tokyo' });
  });

  it.each(activeLocales())('answers for %s', async (locale) => {
    const res = await get({ locale, country: 'FR' }).expect(200);
    expect(res.body.countries).toHaveLength(1);
    expect(res.body.countries[0].name.length).toBeGreaterThan(1);
  });

  it('answers the rules the server validates with (example valid, empty code per rule)', async () => {
    const res = await get({ locale: 'en-gb' }).expect(200);
    for (const f of res.body.countries as Format[]) {
      if (f.postalCode.example !== null)
        expect(new RegExp(f.postalCode.pattern, 'u').test(f.postalCode.example), f.country).toBe(true);
      expect(validatePostalCode(f.country, '').valid, f.country).toBe(!f.postalCode.required);
    }
    const hk = (res.body.countries as Format[]).find((c) => c.country === 'HK');
    expect(hk?.postalCode).toMatchObject({ required: false, example: null });
    expect(hk?.formLines.flat()).not.toContain('postalCode');
  });

  it('gives an empty list for a country without an entry (the default rule applies)', async () => {
    const res = await get({ locale: 'en-us', country: 'AR' }).expect(200);
    expect(res.body.countries).toEqual([]);
  });

  it.each([
    [{ locale: 'fr' }, 'ERR_API_1005'],
    [{ locale: 'FR-FR' }, 'ERR_API_1005'],
    [{}, 'ERR_API_1005'],
    [{ locale: 'fr-fr', country: 'fr' }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', country: 'FRA' }, 'ERR_API_1018'],
    [{ locale: 'fr-fr', debug: '1' }, 'ERR_API_1018'],
  ])('refuses %j with %s', async (query, code) => {
    const res = await get(query as Record<string, string>).expect(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body.code).toBe(code);
  });
});

// Spec §5: brand one of amq, ysl, bv, bal. Every operation taking `brand` answers ERR_API_1004 otherwise.
describe('brand validation', () => {
  type Param = {
    name: string;
    in: string;
    required?: boolean;
    schema?: { example?: unknown; enum?: unknown[]; pattern?: string; type?: string };
    example?: unknown;
    $ref?: string;
  };
  const contract = loadContract() as { paths: unknown; components: { parameters: Record<string, Param> } };
  const resolve = (p: Param): Param =>
    p.$ref ? (contract.components.parameters[p.$ref.split('/').pop() as string] as Param) : p;
  const sample = (p: Param): string => {
    if (p.name === 'locale') return 'en-us';
    const v = p.example ?? p.schema?.example ?? p.schema?.enum?.[0];
    if (v !== undefined) return String(v);
    return p.schema?.type === 'integer' || p.schema?.type === 'number' ? '1' : 'x';
  };
  const withBrand: { id: string; method: string; path: string; params: Param[] }[] = [];
  for (const [path, item] of Object.entries(
    contract.paths as Record<string, Record<string, { operationId: string; parameters?: Param[] }>>,
  )) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []).map(resolve);
      if (params.some((p) => p.name === 'brand' && p.in === 'query'))
        withBrand.push({ id: op.operationId, method, path, params });
    }
  }

  it('applies to at least one operation', () => {
    expect(withBrand.length).toBeGreaterThan(0);
  });

  it.each(withBrand.map((o) => [o.id, o] as const))(
    '%s answers ERR_API_1004 for an unknown or missing brand',
    async (_id, op) => {
      const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        sample(op.params.find((p) => p.name === name && p.in === 'path') as Param),
      );
      const query = Object.fromEntries(
        op.params.filter((p) => p.in === 'query' && p.required && p.name !== 'brand').map((p) => [p.name, sample(p)]),
      );
      const call = (q: Record<string, string>) =>
        (request(t.app) as unknown as Record<string, (u: string) => request.Test>)[op.method]!(url)
          .query(q)
          .set('Sec-Fetch-Site', 'same-origin');
      for (const brand of ['gucci', 'YSL', '', 'ysl,bal']) {
        const res = await call({ ...query, brand });
        expect(res.status, brand).toBe(400);
        expect(res.body.code, brand).toBe('ERR_API_1004');
      }
      const missing = await call(query);
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('ERR_API_1004');
      const valid = await call({ ...query, brand: 'ysl' });
      expect(valid.body.code).not.toBe('ERR_API_1004');
    },
  );
});
