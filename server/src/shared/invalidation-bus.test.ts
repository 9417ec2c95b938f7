// The invalidation bus: in process (PGlite), over PostgreSQL LISTEN/NOTIFY (no Redis), over Redis pub/sub
// (TEST_REDIS_URL). Two buses stand for two instances: what one invalidates, the other empties; a lost
// listening connection empties every cache (a gap) and the bus listens again by itself. Last, two apps on one
// PostgreSQL without Redis: a bust through one empties the other's page data.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { NOTIFY_PAYLOAD_LIMIT, PostgresTransport } from '../db/notifications.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { TEST_BRAND, testDatabaseKind } from '../test/settings.ts';
import {
  InvalidationBus,
  LocalTransport,
  RedisTransport,
  type BusTransport,
  type CacheFilter,
} from './invalidation-bus.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const onPostgres = testDatabaseKind() === 'postgres';
const redisUrl = process.env.TEST_REDIS_URL;
if (!onPostgres)
  console.log('invalidation-bus.test.ts: the LISTEN/NOTIFY cases run on PostgreSQL only (TEST_DB=postgres).');
if (!redisUrl)
  console.log('invalidation-bus.test.ts: the Redis cases need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/10).');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** A bus with two recording caches, as an instance would have. */
function instance(transport: BusTransport) {
  const bus = new InvalidationBus(transport, quiet);
  const calls: { cache: string; filter: CacheFilter }[] = [];
  for (const cache of ['page-data', 'content']) {
    bus.register(cache, (filter) => {
      calls.push({ cache, filter });
      return 3;
    });
  }
  return { bus, calls };
}

describe('in process (PGlite: one process)', () => {
  it('empties the named caches here and answers what each removed', async () => {
    const { bus, calls } = instance(new LocalTransport());
    await bus.start();
    expect(bus.names()).toEqual(['page-data', 'content']);
    const removed = await bus.invalidate({ caches: ['page-data', 'unknown'], locales: ['fr-fr'], reason: 'test' });
    expect(removed).toEqual([
      { cache: 'page-data', entriesRemoved: 3 },
      { cache: 'unknown', entriesRemoved: 0 },
    ]);
    // Applied once: its own message coming back is not applied again.
    expect(calls).toEqual([{ cache: 'page-data', filter: { keys: undefined, locales: ['fr-fr'] } }]);
    await bus.close();
  });
});

/** The cases every transport between instances must pass. */
function betweenInstances(make: () => { a: BusTransport; b: BusTransport }, cut: () => Promise<void>) {
  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;
  beforeAll(async () => {
    const t = make();
    a = instance(t.a);
    b = instance(t.b);
    await Promise.all([a.bus.start(), b.bus.start()]);
  });
  afterAll(async () => {
    await a?.bus.close();
    await b?.bus.close();
  });

  it('what one instance invalidates, the other empties, with the same filter; by the time invalidate() resolves', async () => {
    const keys = ['pr|fr-fr|AAA111'];
    await a.bus.invalidate({ caches: ['page-data'], keys, reason: 'test' });
    // No wait: invalidate() resolved after its own message came back through the transport.
    await until(() => b.calls.length === 1, 1_000);
    expect(b.calls).toEqual([{ cache: 'page-data', filter: { keys, locales: undefined } }]);
    expect(a.calls).toEqual([{ cache: 'page-data', filter: { keys, locales: undefined } }]);
    expect(b.bus.stats().received).toBe(1);
    expect(a.bus.stats().received).toBe(0);
    a.calls.length = 0;
    b.calls.length = 0;
  });

  it('a message too long for the transport still empties the caches (whole ones)', async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `pr|fr-fr|${String(i).padStart(3, '0')}${'x'.repeat(150)}`);
    expect(JSON.stringify(keys).length).toBeGreaterThan(NOTIFY_PAYLOAD_LIMIT);
    await a.bus.invalidate({ caches: ['content'], keys, reason: 'test' });
    await until(() => b.calls.length === 1, 1_000);
    expect(b.calls[0]?.cache).toBe('content');
    // The keys survive on Redis; over NOTIFY the message goes without them (the whole cache is emptied).
    expect([undefined, 100]).toContain(b.calls[0]?.filter.keys?.length);
    a.calls.length = 0;
    b.calls.length = 0;
  });

  it('a lost listening connection empties every cache (gap), and the instance hears the others again once it listens anew', async () => {
    const gaps = b.bus.stats().gaps;
    await cut();
    // At the loss, and once listening again: every cache, twice.
    await until(() => b.bus.stats().gaps >= gaps + 2, 15_000);
    expect(b.calls.filter((c) => c.cache === 'page-data').length).toBeGreaterThanOrEqual(2);
    expect(b.calls.filter((c) => c.cache === 'content').length).toBeGreaterThanOrEqual(2);
    b.calls.length = 0;
    await a.bus.invalidate({ caches: ['content'], locales: ['ja-jp'], reason: 'test' });
    await until(() => b.calls.length === 1, 2_000);
    expect(b.calls).toEqual([{ cache: 'content', filter: { keys: undefined, locales: ['ja-jp'] } }]);
  }, 30_000);
}

describe.skipIf(!onPostgres)('over PostgreSQL LISTEN/NOTIFY (no Redis)', () => {
  let database: DatabaseHandle;
  let sender: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 2 });
    sender = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await sender?.close();
  });
  // A brand of its own: another file's app on this database listens on the test brand's channel.
  const brand = `bus${randomBytes(3).toString('hex')}`;
  betweenInstances(
    () => ({
      a: new PostgresTransport({ url: process.env.TEST_DATABASE_URL!, db: sender.db, brand, heartbeatMs: 1_000 }),
      b: new PostgresTransport({ url: process.env.TEST_DATABASE_URL!, db: database.db, brand, heartbeatMs: 1_000 }),
    }),
    async () => {
      // What a failover or a restart does to the listening connection (each listener's backend, ended by the server).
      const ended = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database() and query = ${`listen "storefront_invalidation_${brand}"`}`.execute(
        database.db,
      );
      expect(ended.rows[0]?.n).toBeGreaterThanOrEqual(1);
    },
  );
});

describe.skipIf(!redisUrl)('over Redis pub/sub', () => {
  const tag = randomBytes(3).toString('hex');
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await admin?.quit();
  });
  betweenInstances(
    () => ({
      a: new RedisTransport({ url: redisUrl!, brand: `bus${tag}`, connectionName: `bus-test-a-${tag}` }),
      b: new RedisTransport({ url: redisUrl!, brand: `bus${tag}`, connectionName: `bus-test-b-${tag}` }),
    }),
    async () => {
      // Only our own subscriber: other people's clients share this Redis server.
      const list = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
      let killed = 0;
      for (const line of list.split('\n')) {
        const m = /^id=(\d+) .* name=([^ ]*)/.exec(line);
        if (m?.[2] === `bus-test-b-${tag}`) {
          await admin.call('CLIENT', 'KILL', 'ID', m[1]!);
          killed++;
        }
      }
      expect(killed).toBe(1);
    },
  );
});

describe.skipIf(!onPostgres)('two apps on one PostgreSQL, no Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let pid = '';
  let name = '';
  const env = { CACHE_TTL_SECONDS: '60', CACHE_BUST_TOKEN: 'bus-test-token-0123456789' };
  beforeAll(async () => {
    [one, two] = await Promise.all([startTestApp(env), startTestApp(env)]);
    // A product of the house the apps serve, sold in the US (files sharing this database add others).
    const row = await one.database.db
      .selectFrom('product_translations as t')
      .innerJoin('products as p', 'p.pid', 't.pid')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'USD'))
      .select(['t.pid', 't.name'])
      .where('p.brand', '=', TEST_BRAND)
      .where('t.language', '=', 'en')
      .where('p.is_employee_only', '=', false)
      .orderBy('t.pid')
      .offset(7)
      .limit(1)
      .executeTakeFirstOrThrow();
    pid = row.pid;
    name = row.name;
  });
  afterAll(async () => {
    if (pid)
      await one.database.db
        .updateTable('product_translations')
        .set({ name })
        .where('pid', '=', pid)
        .where('language', '=', 'en')
        .execute();
    await one?.close();
    await two?.close();
  });

  it("a bust through one app empties the other's page data: its next answer is fresh", async () => {
    const page = () => request(two.app).get(`/ssr/pr/${pid}?locale=en-us`).set('Accept', 'application/json');
    const before = await page();
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).toContain(name);
    const renamed = `${name} (renamed ${randomBytes(2).toString('hex')})`;
    await one.database.db
      .updateTable('product_translations')
      .set({ name: renamed })
      .where('pid', '=', pid)
      .where('language', '=', 'en')
      .execute();
    // Cached in the second app.
    expect(JSON.stringify((await page()).body)).not.toContain(renamed);
    const bust = await request(one.app)
      .post('/internal/cache/bust')
      .set('X-Internal-Token', env.CACHE_BUST_TOKEN)
      .send({ caches: ['page-data'] });
    expect(bust.status).toBe(200);
    expect(JSON.stringify((await page()).body)).toContain(renamed);
  });
});
