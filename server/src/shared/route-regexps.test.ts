import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { rememberRouteRegexps } from './route-regexps.ts';
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
