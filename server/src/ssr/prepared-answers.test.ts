import { request as httpRequest } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

// Cached public pages and page data are sent from bytes prepared once per cache entry (shared/prepared-body.ts):
// the production build, the page cache on, answers checked byte for byte over a real socket (no client that
// decompresses on its own). `npm test` builds before its suites; run `npm run build` first when running this alone.
let t: TestApp | undefined;
let server: Server;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ CACHE_TTL_SECONDS: '30', VALIDATE_RESPONSES: 'false' }, { pages: true });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const html = { accept: 'text/html' };
const json = { accept: 'application/json' };

describe('a cached page', () => {
  it('is sent with its ETag and length, the same bytes each time, and 304 when the ETag is named', async () => {
    const first = await get('/fr-fr/', html);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-language']).toBe('fr-FR');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    expect(first.body.toString()).toContain('<html lang="fr-FR"');

    const again = await get('/fr-fr/', html);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body.equals(first.body)).toBe(true);

    const notModified = await get('/fr-fr/', { ...html, 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // Another page's ETag does not match.
    const other = await get('/en-gb/', { ...html, 'if-none-match': String(first.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('is sent compressed as the client accepts (brotli before gzip), decoding to the same bytes', async () => {
    const plain = await get('/ja-jp/', html);
    const gz = await get('/ja-jp/', { ...html, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.headers.etag).toBe(plain.headers.etag);

    const br = await get('/ja-jp/', { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);

    const refused = await get('/ja-jp/', { ...html, 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const plain = await get('/fr-fr/', html);
    const head = await get('/fr-fr/', { ...html, 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it('a not-found page keeps its 404 status from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/fr-fr/no-such-page-here', { ...html, 'accept-encoding': 'gzip' });
      expect(res.status).toBe(404);
      expect(gunzipSync(res.body).toString()).toContain('<html lang="fr-FR"');
    }
  });

  it('the build folder still serves its own files', async () => {
    const res = await get('/index.html', html);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<!--app-html-->');
  });
});

describe('cached page data', () => {
  it('is the same JSON, ETag and compressed bytes on every request of a cache entry, 304 when named', async () => {
    const first = await get('/ssr/home?locale=fr-fr', json);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const data = JSON.parse(first.body.toString()) as { pageType: string; market: { locale: string } };
    expect(data.pageType).toBe('home');
    expect(data.market.locale).toBe('fr-fr');

    const again = await get('/ssr/home?locale=fr-fr', json);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body.equals(first.body)).toBe(true);

    const gz = await get('/ssr/home?locale=fr-fr', { ...json, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(first.body)).toBe(true);

    expect((await get('/ssr/home?locale=fr-fr', { ...json, 'if-none-match': String(first.headers.etag) })).status).toBe(
      304,
    );
    // Another market's data is another entry.
    const ja = await get('/ssr/home?locale=ja-jp', json);
    expect(ja.headers.etag).not.toBe(first.headers.etag);
  });

  it('a refused value is still a catalogue problem, not cached data', async () => {
    const res = await get('/ssr/home?locale=fr_fr', json);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString()).code).toBe('ERR_API_1005');
  });
});
