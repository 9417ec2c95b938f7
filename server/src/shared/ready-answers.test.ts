import { createServer, request as httpRequest, type RequestListener } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { createLogger, requestLogging } from './logger.ts';
import { PreparedBody, sendPrepared } from './prepared-body.ts';
import { ReadyAnswers, type ReadyAnswersOptions } from './ready-answers.ts';
import { requestIdOf } from './request-checks.ts';
import { TtlCache } from './ttl-cache.ts';

// The ready answers' own rules on a small app of the same parts (the real app's equivalence:
// ssr/ready-answers.test.ts): what is kept, for how long, how many, and what is counted and logged.
const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(handler: RequestListener): Promise<Server> {
  const server = createServer(handler).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return server;
}

function get(server: Server, path: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A page cache and a route that sends its entries prepared and keeps them, as the pages and the page host do. */
async function storefront(options: Partial<ReadyAnswersOptions> & { level?: string } = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    options.level ?? 'warn',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const logging = requestLogging(logger, { genReqId: requestIdOf, ignore: () => false });
  const counted: string[] = [];
  let ready = true;
  const answers = new ReadyAnswers({
    enabled: true,
    ready: () => ready,
    logging,
    label: () => 'getPage',
    observe: (operation, method, status) => counted.push(`${operation} ${method} ${status}`),
    ...options,
  });
  const cache = new TtlCache<{ body: PreparedBody }>(30_000, 10);
  const app = express();
  answers.serveFor(app);
  app.use(logging);
  app.get('/page/:n', async (req, res) => {
    const page = await cache.get(req.params.n, async () => ({ body: PreparedBody.json({ page: req.params.n }) }));
    if (req.query.cookie) res.cookie('seen', '1');
    res.set('Cache-Control', 'public, max-age=60');
    await sendPrepared(req, res, page.body);
    answers.keep(req, res, page.body, cache.holdOn(page));
  });
  // An answer no cache holds, computed on each request, standing until `change()` (a search, decision 0198).
  let version = 0;
  app.get('/fresh/:n', async (req, res) => {
    const at = version;
    res.set('Cache-Control', 'public, max-age=60');
    const body = answers.sameBody(req, PreparedBody.json({ fresh: req.params.n, pad: 'x'.repeat(100) }));
    await sendPrepared(req, res, body);
    answers.keep(req, res, body, { retains: true, hit: () => version === at });
  });
  const server = await listen((req, res) => answers.answer(req, res) || void app(req, res));
  return {
    answers,
    cache,
    server,
    lines,
    counted,
    setReady: (value: boolean) => void (ready = value),
    change: () => void version++,
  };
}

describe('ready answers', () => {
  it('answer a kept URL again as the full path did, until its cache entry ends (TTL)', async () => {
    const s = await storefront();
    const first = await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(0);
    const again = await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    expect(s.cache.hits).toBe(1);
    // Past the entry's TTL the full path answers (a new entry), and keeps the new answer.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(1);
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(2);
  });

  it('end when the cache entry is busted, replaced or dropped', async () => {
    const s = await storefront();
    await get(s.server, '/page/1');
    s.cache.clear();
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(0);
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(1);
    // The cache holds 10 entries: the 11th drops the first, and its kept answer with it.
    for (let n = 2; n <= 11; n++) await get(s.server, `/page/${n}`);
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(1);
  });

  it('never keep an answer that set a cookie', async () => {
    const s = await storefront();
    const first = await get(s.server, '/page/1?cookie=1');
    expect(first.headers['set-cookie']).toBeDefined();
    await get(s.server, '/page/1?cookie=1');
    expect(s.answers.answered).toBe(0);
    expect(s.answers.size).toBe(0);
  });

  it('hold at most their bound, the oldest kept going first', async () => {
    const s = await storefront({ maxEntries: 3 });
    for (let n = 1; n <= 5; n++) await get(s.server, `/page/${n}?utm=${n}`);
    expect(s.answers.size).toBe(3);
    await get(s.server, '/page/1?utm=1');
    expect(s.answers.answered).toBe(0);
    await get(s.server, '/page/5?utm=5');
    expect(s.answers.answered).toBe(1);
  });

  it('retain the answers no cache holds while their hold hits, within their own bound of bytes', async () => {
    const s = await storefront({ maxRetainedBytes: 300 });
    await get(s.server, '/page/1');
    for (let n = 1; n <= 3; n++) await get(s.server, `/fresh/${n}`);
    // Three answers of about 130 bytes: the oldest retained one went, the cache's answer stayed.
    expect(s.answers.size).toBe(3);
    await get(s.server, '/fresh/1');
    expect(s.answers.answered).toBe(0);
    await get(s.server, '/page/1');
    await get(s.server, '/fresh/3');
    expect(s.answers.answered).toBe(2);
    s.change();
    await get(s.server, '/fresh/3');
    expect(s.answers.answered).toBe(2);
    await get(s.server, '/fresh/3');
    expect(s.answers.answered).toBe(3);
  });

  it('answer nothing while the app is not ready (starting, shutting down), nor when off', async () => {
    const s = await storefront();
    await get(s.server, '/page/1');
    s.setReady(false);
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(0);
    s.setReady(true);
    await get(s.server, '/page/1');
    expect(s.answers.answered).toBe(1);

    const off = await storefront({ enabled: false });
    await get(off.server, '/page/1');
    await get(off.server, '/page/1');
    expect(off.answers.size).toBe(0);
    expect(off.answers.answered).toBe(0);
    expect(loadConfig({ READY_ANSWERS: 'false' }).readyAnswers).toBe(false);
    expect(loadConfig({}).readyAnswers).toBe(true);
  });

  it('are counted by the full path label and logged at info as the full path logs', async () => {
    const s = await storefront({ level: 'info' });
    await get(s.server, '/page/1', { 'x-request-id': 'from-the-edge-1' });
    await get(s.server, '/page/1', { 'x-request-id': 'from-the-edge-2' });
    expect(s.answers.answered).toBe(1);
    expect(s.counted).toEqual(['getPage GET 200']);
    expect(s.lines).toHaveLength(2);
    const [byFull, byFast] = s.lines as [Record<string, unknown>, Record<string, unknown>];
    const shape = (line: Record<string, unknown>) => {
      const {
        req,
        res,
        responseTime: _t,
        time: _time,
        ...rest
      } = line as {
        req: Record<string, unknown>;
        res: { headers: Record<string, unknown> };
        responseTime: number;
        time: number;
      };
      const { id: _id, remotePort: _port, params: _params, headers, ...request } = req;
      const { 'x-request-id': _rid, ...responseHeaders } = res.headers;
      return { ...rest, request, requestHeaders: { ...(headers as object), 'x-request-id': '' }, responseHeaders };
    };
    expect(shape(byFast)).toEqual(shape(byFull));
    expect((byFast.req as { id: string }).id).toBe('from-the-edge-2');

    // Above info, nothing is logged, as on the full path.
    const quiet = await storefront({ level: 'warn' });
    await get(quiet.server, '/page/1');
    await get(quiet.server, '/page/1');
    expect(quiet.answers.answered).toBe(1);
    expect(quiet.lines).toHaveLength(0);
  });
});
