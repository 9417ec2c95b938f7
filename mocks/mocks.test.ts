// The mocks of the bundled contract (npm run mock): per-locale examples with `Prefer: example=<locale>`,
// errors with `Prefer: code=...`, and request validation (the server's answers: front.test.ts).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { BUNDLED_CONTRACT, startMocks } from './serve.mjs';

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 120_000;
const EXAMPLE_LOCALES = ['en-us', 'fr-fr', 'ja-jp'];

let mocks: { storefrontUrl: string; close(): Promise<void> } | undefined;
let base = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    headers: { Accept: 'application/json, application/problem+json', ...headers },
    signal: AbortSignal.timeout(10_000),
  });
}

beforeAll(async () => {
  mocks = await startMocks({ port: await freePort(), host: HOST, stdio: ['ignore', 'ignore', 'ignore'] });
  base = mocks!.storefrontUrl;
}, START_TIMEOUT_MS + 5_000);

afterAll(() => mocks?.close(), 15_000);

describe('mock of the storefront contract', () => {
  it('serves the French home page example with Prefer: example=fr-fr', async () => {
    const res = await get('/ssr/home?locale=fr-fr', { Prefer: 'example=fr-fr' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pageType).toBe('home');
    expect(body.market.locale).toBe('fr-fr');
    expect(body.hero.title).toBe('La collection d’hiver');
  });

  it('serves the en-us example by default', async () => {
    const res = await get('/api/data/category/women-bags?locale=en-us');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.market.locale).toBe('en-us');
    expect(body.category.slug).toBe('women-bags');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(8);
  });

  it.each(EXAMPLE_LOCALES)('has a %s example of every page-data call', async (locale) => {
    for (const path of [
      '/ssr/home',
      '/ssr/ca/women-bags',
      '/ssr/pr/5YSSDTX7G4J0',
      '/ssr/404',
      '/api/data/category',
      '/api/data/basket/get-basket',
    ]) {
      const res = await get(`${path}?locale=${locale}`, { Prefer: `example=${locale}` });
      expect(res.status, path).toBe(200);
      expect((await res.json()).market.locale, path).toBe(locale);
    }
  });

  it('answers a malformed locale with the server’s 400 problem (its own code, the offending field)', async () => {
    const res = await get('/ssr/home?locale=FR-FR');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body).toMatchObject({ status: 400, code: 'ERR_API_1005', errors: [{ path: 'query/locale' }] });
    expect(body.type).toMatch(/^https:\/\//);
    expect(typeof body.title).toBe('string');
  });

  it('answers an error on request with Prefer: code=404', async () => {
    const res = await get('/ssr/pr/7YS0ZZZZZZZZ?locale=fr-fr', { Prefer: 'code=404' });
    expect(res.status).toBe(404);
    const body = await res.json();
    // Each status has its own problem response, so a bare code=404 gets a 404 problem.
    expect(body).toMatchObject({ status: 404, code: 'ERR_PDT_API_1001' });

    const named = await get('/ssr/pr/7YS0ZZZZZZZZ?locale=fr-fr', { Prefer: 'code=404, example=ERR_PDT_API_1001' });
    expect(named.status).toBe(404);
    expect((await named.json()).code).toBe('ERR_PDT_API_1001');
  });
});

describe('examples in the bundled contract', () => {
  const contract = YAML.parse(readFileSync(BUNDLED_CONTRACT, 'utf8'));
  const resolve = (node: { $ref?: string } | undefined): Record<string, unknown> | undefined => {
    let current: unknown = node;
    for (let i = 0; i < 10 && current && typeof current === 'object' && '$ref' in current; i++) {
      const ref = (current as { $ref: string }).$ref;
      current = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (n, k) => (n as Record<string, unknown>)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')],
          contract,
        );
    }
    return current as Record<string, unknown> | undefined;
  };
  const operations = Object.entries(contract.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
    ([path, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

  // Prism answers an invalid request with the first 400 example: it must be a validation problem — the
  // generic ERR_API_1018, or the operation's own validation code when it has one.
  it('puts a validation problem first in every 400 response', () => {
    for (const { name, op } of operations) {
      const response = resolve((op.responses as Record<string, { $ref?: string }>)['400']);
      if (!response) continue;
      const media = (response.content as Record<string, { examples?: Record<string, { $ref?: string }> }>)[
        'application/problem+json'
      ];
      const first = Object.values(media?.examples ?? {})[0];
      const value = resolve(first)?.value as { status?: number; code?: string } | undefined;
      expect(value?.status, name).toBe(400);
      expect(value?.code, name).toMatch(/^ERR_[A-Z_]+_?\d{4}$/);
    }
  });

  it('lists en-us first wherever a 200 response has locale examples', () => {
    let checked = 0;
    for (const { name, op } of operations) {
      const ok = resolve((op.responses as Record<string, { $ref?: string }>)['200']);
      const examples = (ok?.content as Record<string, { examples?: Record<string, unknown> }> | undefined)?.[
        'application/json'
      ]?.examples;
      if (!examples) continue;
      expect(Object.keys(examples), name).toEqual(EXAMPLE_LOCALES);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(11);
  });
});
