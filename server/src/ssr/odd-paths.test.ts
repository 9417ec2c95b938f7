// Page URLs no page has: empty segments (`//`, which a URL parser reads as a host), backslashes, malformed
// percent-encoding, text no page can hold. Each answers the not-found page (404), never a 5xx, and none
// is redirected, so no URL of the site sends a visitor to another one. A page's query value the database
// cannot store is ignored like any malformed value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { isOddPagePath, sameSiteLocation } from './host.ts';

let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

const html = (path: string) => request(app).get(path).set('Accept', 'text/html').redirects(0);
const rootOf = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '';

describe('odd page paths answer the not-found page', () => {
  it.each([
    '///',
    '//%2F%2Fevil.example',
    '//a%5Cb',
    '//evil.example',
    '//evil.example/fr-fr/',
    '/fr-fr//faq',
    '/%E0%A4%A',
    '/fr-fr/ca/%E3%83',
    '/%ED%A0%80',
    '/%00',
    '/fr-fr/search/%00',
    '/a%5Cb',
  ])('%s → 404 page', async (path) => {
    const res = await html(path);
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<meta name="robots" content="noindex, follow">');
    expect(res.text).not.toContain('evil.example');
  });

  it('HEAD answers as GET', async () => {
    for (const path of ['///', '/%E0%A4%A', '/us//evil.example']) {
      const res = await request(app).head(path).set('Accept', 'text/html').redirects(0);
      expect(res.status, path).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('in the language of its locale prefix', async () => {
    expect(rootOf((await html('/ja-jp//faq').expect(404)).text)).toContain('lang="ja-JP"');
    expect(rootOf((await html('//faq').expect(404)).text)).toContain('lang="en-US"');
  });

  it.each(['/us//evil.example', '/de//evil.example', '/jp//evil.example/', '/us/\\evil.example'])(
    'a country prefix before an empty segment (%s) is not redirected',
    async (path) => {
      const res = await html(path);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
    },
  );

  it('an encoded slash stays a path on this site', async () => {
    for (const path of ['/us/%2F%2Fevil.example', '/de/%2F%2Fevil.example']) {
      const res = await html(path);
      if (res.status === 301) expect(res.headers.location).toMatch(/^\/(?![/\\])/);
      else expect(res.status).toBe(404);
    }
  });
});

describe('page query values the database cannot store are ignored', () => {
  it('a NUL in a search query: the search page without a query', async () => {
    const res = await html('/fr-fr/search?q=sac%00');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('\u0000');
  });

  it('a NUL in sort, filters or a page parameter: the page as without them', async () => {
    for (const path of [
      '/fr-fr/search?q=sac&sort=%00',
      '/fr-fr/search?q=sac&filters=color%3A%00',
      '/fr-fr/ca/women?sort=%00&page=%00',
      '/fr-fr/marketing?cid=%00',
    ]) {
      const res = await html(path);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('malformed percent-encoding in a page query is read as typed', async () => {
    expect((await html('/fr-fr/search?q=%ZZ')).status).toBe(200);
    expect((await html('/fr-fr/search?q=%ED%A0%80')).status).toBe(200);
  });
});

describe('helpers', () => {
  it('isOddPagePath', () => {
    for (const p of ['//', '/a//b', '/a\\b', '/%E0%A4%A', '/%00', '/%5C']) expect(isOddPagePath(p), p).toBe(true);
    for (const p of ['/', '/fr-fr/', '/fr-fr/ca/women', '/ja-jp/pr/%E3%83%90%E3%83%83%E3%82%B0-123.html', '/%2F'])
      expect(isOddPagePath(p), p).toBe(false);
  });

  it('sameSiteLocation keeps redirects on the site', () => {
    expect(sameSiteLocation('//evil.example')).toBe('/evil.example');
    expect(sameSiteLocation('/\\evil.example')).toBe('/evil.example');
    expect(sameSiteLocation('\\\\evil.example/x?y')).toBe('/evil.example/x?y');
    expect(sameSiteLocation('/fr-fr/faq')).toBe('/fr-fr/faq');
    expect(sameSiteLocation('https://www.example.cn/')).toBe('https://www.example.cn/');
  });
});
