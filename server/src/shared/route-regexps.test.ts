import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { candidatesByFirstSegment, rememberRouteRegexps } from './route-regexps.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

type Compile = (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: { name: string }[] };
const library = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))(
  'path-to-regexp',
) as {
  pathToRegexp: Compile;
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("the validator's route expressions", () => {
  it('are compiled once per path and flags, and match as before', () => {
    rememberRouteRegexps();
    const first = library.pathToRegexp('/ssr/pr/:pid', { sensitive: false, strict: false });
    expect(library.pathToRegexp('/ssr/pr/:pid', { sensitive: false, strict: false })).toBe(first);
    expect(library.pathToRegexp('/ssr/pr/:pid', { sensitive: true, strict: false })).not.toBe(first);
    expect(first.keys.map((k) => k.name)).toEqual(['pid']);
    expect(first.regexp.exec('/ssr/pr/ABC123')?.[1]).toBe('ABC123');
    expect(first.regexp.exec('/SSR/PR/abc')?.[1]).toBe('abc');
    expect(first.regexp.exec('/ssr/pr/a/b')).toBeNull();
    // Other options compile every time, as the library does.
    expect(library.pathToRegexp('/ssr/pr/:pid', { end: false })).not.toBe(
      library.pathToRegexp('/ssr/pr/:pid', { end: false }),
    );
  });

  it('still find each operation and its path parameters', async () => {
    for (let i = 0; i < 2; i++) {
      await request(t.app).get('/ssr/pr/ZZZZ0000NOPE?locale=en-us').expect(404);
      const bad = await request(t.app).get('/ssr/pr/ABC-123?locale=en-us').expect(400);
      expect(bad.body.code).toBe('ERR_API_1009');
      const unknown = await request(t.app).get('/api/nothing-here').expect(404);
      expect(unknown.body.code).toBe('ERR_API_1002');
    }
  });

  it("are looked up by the storefront's own lookup, which answers as the library's did", async () => {
    const metadata = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))(
      './middlewares/openapi.metadata',
    ) as { applyOpenApiMetadata: { name: string } };
    // The library's function is named; the replacement is an arrow function assigned in its place.
    expect(metadata.applyOpenApiMetadata.name).not.toBe('applyOpenApiMetadata');
    // A documented path with another method: 405, a problem with its catalogue code.
    const wrongMethod = await request(t.app).delete('/api/data/category/women-bags?locale=en-us').expect(405);
    expect(wrongMethod.body.code).toBe('ERR_LIB_1000');
    // A malformed escape in a path parameter: 400, never a crash.
    const malformed = await request(t.app).get('/ssr/pr/%E0%A4%A?locale=en-us');
    expect(malformed.status).toBe(400);
    // The path parameters reach the handler decoded, and the query is not part of the path.
    const found = await request(t.app).get('/api/data/category/women-bags?locale=en-us').expect(200);
    expect(found.body.category.slug).toBe('women-bags');
  });
});

describe('the routes a path can match (candidatesByFirstSegment)', () => {
  const routes = [
    { expressRoute: '/ssr/pr/:pid' },
    { expressRoute: '/:slug' },
    { expressRoute: '/api/data/category/:cgid' },
    { expressRoute: '/ssr/ca/:cgid' },
    { expressRoute: '/(foo|bar)/x' },
    { expressRoute: '/' },
  ];
  const candidates = candidatesByFirstSegment(routes);
  const names = (path: string) => candidates(path).map((r) => r.expressRoute);

  it('are the routes of that first segment and the open ones, in the contract’s order', () => {
    expect(names('/ssr/pr/ABC')).toEqual(['/ssr/pr/:pid', '/:slug', '/ssr/ca/:cgid', '/(foo|bar)/x']);
    expect(names('/SSR/pr/ABC')).toEqual(names('/ssr/pr/ABC'));
    expect(names('/api/data/category/x')).toEqual(['/:slug', '/api/data/category/:cgid', '/(foo|bar)/x']);
    expect(names('/')).toEqual(['/:slug', '/(foo|bar)/x', '/']);
    // A segment no plain route has: only the open ones.
    expect(names('/foo/x')).toEqual(['/:slug', '/(foo|bar)/x']);
  });

  it('find the same first match as trying every route, for every path of the contract', async () => {
    const { pathToRegexp } = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))(
      'path-to-regexp',
    ) as { pathToRegexp: (p: string, o: object) => { regexp: RegExp } };
    const contract = Object.keys(
      (await request(t.app).get('/docs/storefront.json').expect(200)).body.paths as Record<string, unknown>,
    ).map((p) => ({ expressRoute: p.replace(/\{([^}]+)\}/g, ':$1') }));
    expect(contract.length).toBeGreaterThan(50);
    const lookup = candidatesByFirstSegment(contract);
    const first = (list: readonly { expressRoute: string }[], path: string) =>
      list.find((r) => pathToRegexp(r.expressRoute, { sensitive: false, strict: false }).regexp.test(path));
    const paths = [
      ...contract.map((r) => r.expressRoute.replace(/:[A-Za-z0-9_]+/g, 'x1')),
      '/',
      '/nothing/here',
      '/ssr/pr/ABC',
      '/API/data/category/x',
    ];
    for (const path of paths) expect(first(lookup(path), path), path).toBe(first(contract, path));
  });
});
