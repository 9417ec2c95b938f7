import { Writable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The app with a log sink, to prove what refused calls log. */
async function appWithLogs(env: Record<string, string>) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const database: DatabaseHandle =
    testDatabaseKind() === 'postgres'
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 4 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: TEST_BRAND,
    VALIDATE_RESPONSES: 'true',
    CACHE_TTL_SECONDS: '0',
    LOG_LEVEL: 'info',
    ...env,
  });
  const { app, close } = await createApp({ config, database, logger: createLogger('info', sink), pages: false });
  return { app, lines, close: async () => (await close(), await database.close()) };
}

describe('GET /internal/metrics', () => {
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    t = await appWithLogs({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('answers the Prometheus exposition with the token, labelled by operation, never by raw path', async () => {
    await request(t.app).get('/api/data/category/women-bags?locale=fr-fr&page=1').expect(200);
    await request(t.app).get('/api/data/category/no-such-category-xyz?locale=fr-fr').expect(404);
    await request(t.app).get('/healthz').expect(200);
    const res = await request(t.app).get('/internal/metrics').set('X-Internal-Token', TOKEN).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.text;
    expect(text).toContain('# TYPE storefront_http_requests_total counter');
    expect(text).toContain('storefront_http_requests_total{operation="getCategory",method="GET",status="200"} 1');
    expect(text).toContain('storefront_http_requests_total{operation="getCategory",method="GET",status="404"} 1');
    expect(text).toContain('storefront_http_requests_total{operation="getHealth",method="GET",status="200"} 1');
    expect(text).toMatch(/storefront_http_request_duration_seconds_bucket\{operation="getCategory",le="\+Inf"\} 2/);
    expect(text).toMatch(/storefront_http_request_duration_seconds_count\{operation="getCategory"\} 2/);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^process_uptime_seconds [\d.]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).not.toContain('women-bags');
    expect(text).not.toContain('no-such-category');
    // Every sample line is `name{labels} value`; every metric has HELP and TYPE.
    for (const line of text.trim().split('\n'))
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? -?[\d.e+-]+)$/);
  });

  it('refuses a missing token (ERR_LIB_1007) and a wrong one (ERR_LIB_1008), logging neither value', async () => {
    const missing = await request(t.app).get('/internal/metrics').expect(401);
    expect(missing.body.code).toBe('ERR_LIB_1007');
    const wrongToken = 'wrong-token-value-42424242';
    const wrong = await request(t.app).get('/internal/metrics').set('X-Internal-Token', wrongToken).expect(403);
    expect(wrong.body.code).toBe('ERR_LIB_1008');
    const near = await request(t.app).get('/internal/metrics').set('X-Internal-Token', `${TOKEN}x`).expect(403);
    expect(near.body.code).toBe('ERR_LIB_1008');
    const logs = t.lines.join('');
    expect(logs).toContain('ERR_LIB_1008');
    expect(logs).not.toContain(wrongToken);
    expect(logs).not.toContain(TOKEN);
  });
});

describe('cache figures in the metrics', () => {
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    t = await appWithLogs({ METRICS_TOKEN: TOKEN, CACHE_TTL_SECONDS: '30' });
  });
  afterAll(() => t.close());

  const figures = async () => {
    const text = (await request(t.app).get('/internal/metrics').set('X-Internal-Token', TOKEN).expect(200)).text;
    const read = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
    return {
      text,
      hits: read(/^storefront_cache_requests_total\{cache="listings",result="hit"\} (\d+)$/m),
      misses: read(/^storefront_cache_requests_total\{cache="listings",result="miss"\} (\d+)$/m),
      entries: read(/^storefront_cache_entries\{cache="listings"\} (\d+)$/m),
    };
  };

  it('counts each cache read as a hit or a miss, by cache, with the entries held', async () => {
    const before = await figures();
    expect(before.text).toContain('# TYPE storefront_cache_requests_total counter');
    expect(before.text).toContain('# TYPE storefront_cache_entries gauge');
    for (const name of ['listings', 'page-data', 'content'])
      expect(before.text).toContain(`storefront_cache_requests_total{cache="${name}",result="hit"}`);
    const url = `/api/data/category/women-bags?locale=fr-fr&page=1&sort=price_desc`;
    await request(t.app).get(url).expect(200);
    const afterMiss = await figures();
    expect(afterMiss.misses - before.misses).toBe(1);
    expect(afterMiss.hits - before.hits).toBe(0);
    expect(afterMiss.entries).toBe(before.entries + 1);
    await request(t.app).get(url).expect(200);
    const afterHit = await figures();
    expect(afterHit.hits - afterMiss.hits).toBe(1);
    expect(afterHit.misses).toBe(afterMiss.misses);
  });
});

describe('metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are switched off (ERR_LIB_1009), whatever is presented', async () => {
    const res = await request(t.app).get('/internal/metrics').set('X-Internal-Token', TOKEN).expect(404);
    expect(res.body.code).toBe('ERR_LIB_1009');
    expect((await request(t.app).get('/internal/metrics').expect(404)).body.code).toBe('ERR_LIB_1009');
  });

  it('web vitals are refused outside development (ERR_API_1002)', async () => {
    const res = await agent(t.app).post('/internal/web-vitals').send(VITAL).expect(404);
    expect(res.body.code).toBe('ERR_API_1002');
  });
});

const VITAL = {
  name: 'LCP',
  value: 1840.5,
  rating: 'good',
  delta: 1840.5,
  id: 'v4-1732190400000-8147093255672',
  navigationType: 'navigate',
  path: '/fr-fr/pr/sac-de-jour-6YS913TAF6AD.html',
  pageType: 'product',
  locale: 'fr-fr',
};

describe('POST /internal/web-vitals on a development server', () => {
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    t = await appWithLogs({ NODE_ENV: 'development' });
  });
  afterAll(() => t.close());

  it('logs the measurement with page type and locale, and answers 204', async () => {
    await agent(t.app).post('/internal/web-vitals').send(VITAL).expect(204);
    const line = t.lines.find((l) => l.includes('"webVital"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line as string)).toMatchObject({
      level: 30,
      webVital: { name: 'LCP', value: 1840.5, pageType: 'product', locale: 'fr-fr' },
    });
  });

  it('refuses a body that is not a WebVitalsReport (ERR_API_1018)', async () => {
    for (const body of [
      { ...VITAL, name: 'FID' },
      { ...VITAL, value: -1 },
      { ...VITAL, extra: true },
      { ...VITAL, path: 'https://evil.example/' },
      {},
    ]) {
      const res = await agent(t.app).post('/internal/web-vitals').send(body).expect(400);
      expect(res.body.code).toBe('ERR_API_1018');
    }
  });

  it('refuses a cross-site call (ERR_API_1001)', async () => {
    const res = await request(t.app)
      .post('/internal/web-vitals')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(VITAL)
      .expect(403);
    expect(res.body.code).toBe('ERR_API_1001');
    const origin = await request(t.app)
      .post('/internal/web-vitals')
      .set('Origin', 'https://evil.example')
      .send(VITAL)
      .expect(403);
    expect(origin.body.code).toBe('ERR_API_1001');
  });
});
