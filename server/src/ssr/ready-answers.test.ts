import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { call as get, comparable, listen } from '../test/over-sockets.ts';
import { sellableVariant } from '../test/fixtures.ts';

// Cached public answers answered again before the Express stack (shared/ready-answers.ts): the real app on the
// production build, the page cache on, two servers over one app — the full path alone, and the ready answers
// before it (as serve.ts mounts them) — compared byte for byte over real sockets. `npm test` builds before its
// suites; run `npm run build` first when running this alone.
const TOKEN = 'ready-answers-bust-token-0123456789';
const METRICS = 'ready-answers-metrics-token-0123456789';
let t: TestApp | undefined;
let full: Server;
let fast: Server;
let pid: string;
let productPage: string;
beforeAll(async () => {
  t = await startTestApp(
    { CACHE_TTL_SECONDS: '30', VALIDATE_RESPONSES: 'false', CACHE_BUST_TOKEN: TOKEN, METRICS_TOKEN: METRICS },
    { pages: true },
  );
  const { app } = t;
  const readyAnswers = t.readyAnswers!;
  full = await listen(app);
  fast = await listen((req, res) => readyAnswers.answer(req, res) || void app(req, res));
  pid = (await sellableVariant(t.database.db)).pid;
  const data = await get(full, `/ssr/pr/${pid}?locale=fr-fr`, json);
  productPage = `/fr-fr${(JSON.parse(data.body.toString()) as { product: { url: string } }).product.url}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => full?.close(resolve));
  await new Promise((resolve) => fast?.close(resolve));
  await t?.close();
});

const json = { accept: 'application/json' };
const html = { accept: 'text/html' };
const answered = () => t!.readyAnswers!.answered;

/**
 * Asks both servers; the answers are the same but for the request id and the date (a problem answer, which names
 * its request id, is compared by its status).
 */
async function same(path: string, headers: Record<string, string>, method = 'GET') {
  const before = answered();
  const quick = await get(fast, path, headers, method);
  const byFastPath = answered() > before;
  const slow = await get(full, path, headers, method);
  expect({ path, headers, method, status: quick.status }).toEqual({ path, headers, method, status: slow.status });
  if (quick.headers['content-type']?.includes('problem')) return { quick, byFastPath };
  expect(comparable(quick)).toEqual(comparable(slow));
  expect(quick.body.equals(slow.body)).toBe(true);
  expect(quick.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(quick.headers['x-request-id']).not.toBe(slow.headers['x-request-id']);
  return { quick, byFastPath };
}

describe('ready answers', () => {
  it('answer as the full path does, byte for byte, for every negotiation', async () => {
    const urls = [
      [`/ssr/pr/${pid}?locale=fr-fr`, json],
      ['/ssr/home?locale=ja-jp', json],
      ['/fr-fr/', html],
      [productPage, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
    ] as const;
    for (const [url, accept] of urls) {
      // The full path answers first (and makes the compressed forms); then the URL is kept.
      for (const encoding of ['', 'gzip', 'br']) await get(full, url, { ...accept, 'accept-encoding': encoding });
      const etag = String((await get(full, url, accept)).headers.etag);
      const variants: [Record<string, string>, string, boolean | 'after one'][] = [
        [{}, 'GET', true],
        [{ 'accept-encoding': 'gzip' }, 'GET', true],
        [{ 'accept-encoding': 'gzip, deflate, br' }, 'GET', true],
        [{ 'accept-encoding': 'br;q=0, gzip;q=0' }, 'GET', true],
        [{ 'accept-encoding': 'identity;q=0' }, 'GET', true],
        [{ 'accept-encoding': '*' }, 'GET', true],
        [{ 'if-none-match': etag }, 'GET', true],
        [{ 'if-none-match': `W/"0-nothing", ${etag}`, 'accept-encoding': 'br' }, 'GET', true],
        [{ 'if-none-match': 'W/"0-nothing"' }, 'GET', true],
        [{ 'if-none-match': '*' }, 'GET', true],
        [{ 'if-none-match': etag, 'cache-control': 'no-cache' }, 'GET', true],
        // HEAD is kept from the full path's own HEAD answers (page data: 405, never kept).
        [{ 'accept-encoding': 'gzip' }, 'HEAD', url.startsWith('/ssr/') ? false : 'after one'],
        [{ 'if-none-match': etag }, 'HEAD', !url.startsWith('/ssr/')],
        [{ cookie: 'sid=someone; other=1', 'accept-encoding': 'br' }, 'GET', true],
        // The compression middleware's own deflate: the full path answers it.
        [{ 'accept-encoding': 'deflate' }, 'GET', false],
      ];
      for (const [headers, method, expected] of variants) {
        // 'after one': the first request of a method takes the full path, which keeps it.
        if (expected === 'after one')
          expect((await same(url, { ...accept, ...headers }, method)).byFastPath).toBe(false);
        const { byFastPath } = await same(url, { ...accept, ...headers }, method);
        expect({ url, headers, method, byFastPath }).toEqual({ url, headers, method, byFastPath: !!expected });
      }
    }
    // A page asked without HTML in Accept is not a page (the full path's problem answer); page data asked as HTML
    // is the same data.
    expect((await same('/fr-fr/', json)).byFastPath).toBe(false);
    expect((await same(`/ssr/pr/${pid}?locale=fr-fr`, html)).byFastPath).toBe(true);
    expect((await same(`/ssr/pr/${pid}?locale=fr-fr`, { accept: '*/*' })).byFastPath).toBe(true);
  });

  it('keep only what the full path answered 200 from the page cache: not errors, not other URLs', async () => {
    await get(full, `/ssr/pr/${pid}?locale=fr-fr`, json);
    const size = t!.readyAnswers!.size;
    for (const url of [
      `/ssr/pr/${pid}?locale=fr-fr&x=1`,
      `/ssr/pr/NOSUCHPRODUCT?locale=fr-fr`,
      '/ssr/home?locale=fr_fr',
      '/fr-fr/no-such-page-here',
    ]) {
      for (const accept of [json, html]) {
        await get(full, url, accept);
        const before = answered();
        const quick = await get(fast, url, accept);
        expect(answered()).toBe(before);
        expect(quick.status).not.toBe(200);
      }
    }
    expect(t!.readyAnswers!.size).toBe(size);
    // Another method takes the full path.
    const before = answered();
    await get(fast, `/ssr/pr/${pid}?locale=fr-fr`, json, 'OPTIONS');
    expect(answered()).toBe(before);
  });

  it('are counted by the metrics under the full path operation', async () => {
    const url = `/ssr/pr/${pid}?locale=fr-fr`;
    const count = async () => {
      const text = (await get(full, '/internal/metrics', { 'x-internal-token': METRICS })).body.toString();
      const line = text
        .split('\n')
        .find((l) =>
          l.startsWith('storefront_http_requests_total{operation="getProductPageData",method="GET",status="200"}'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    await get(full, url, json);
    const before = await count();
    const n = answered();
    await get(fast, url, json);
    await get(fast, url, json);
    expect(answered()).toBe(n + 2);
    expect(await count()).toBe(before + 2);
  });

  it('end with their page-cache entry: a bust empties them', async () => {
    const url = `/ssr/pr/${pid}?locale=fr-fr`;
    await get(full, url, json);
    expect((await same(url, json)).byFastPath).toBe(true);
    const body = JSON.stringify({ caches: ['page-data'] });
    const bust = (
      await get(
        full,
        '/internal/cache/bust',
        { 'content-type': 'application/json', 'x-internal-token': TOKEN, 'content-length': String(body.length) },
        'POST',
        body,
      )
    ).status;
    expect(bust).toBe(200);
    expect(t!.readyAnswers!.size).toBe(0);
    // The next request takes the full path (a new cache entry), which keeps it again.
    expect((await same(url, json)).byFastPath).toBe(false);
    expect((await same(url, json)).byFastPath).toBe(true);
  });
});
