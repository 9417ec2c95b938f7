// Contract fuzzing: every operation of both APIs gets FUZZ_RUNS (default 200) requests generated from the
// contract — valid ones, then boundaries, wrong types, missing fields, hostile strings (NUL, the replacement
// patterns of String.prototype.replace, 10 KB strings, lone surrogates, bidirectional marks, combining marks,
// emoji, zero-width characters) and broken transports — anonymous, with a session holding a basket, and signed
// in, each from a client address of its own. It fails on any 5xx that is not an upstream failure the
// operation documents, on any error answered outside the problem format of the catalogue, and on a
// transport refusal answered with another status than the catalogue's (413 ERR_API_1029, 415 ERR_API_1030).
//
// Reproduce: the run prints its seed; `FUZZ_SEED=<seed> npx vitest run --project api
// server/src/contract-fuzz.test.ts -t <operationId>` sends that operation the same requests again
// (each operation draws from its own seed, derived from the run's seed and its id).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './test/harness.ts';
import { TEST_BRAND } from './test/settings.ts';
import { BUNDLED_CONTRACT_PATH, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from './shared/contract.ts';
import { hashToken } from './modules/sessions/service.ts';
import { DEMO_CLIENT, seedDemoClient } from './modules/orders/index.ts';
import { RECAPTCHA } from './modules/accounts/test-support.ts';
import {
  generateRequests,
  judge,
  operationsOf,
  showRequest,
  type Answer,
  type FuzzRequest,
  type Identity,
  type KnownValues,
  type Operation,
} from './test/contract-fuzz.ts';

/** Fixed by default, so that every run (CI included) sends the same requests; FUZZ_SEED explores others. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261128;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 200;
/** Requests in flight at once (the app is in this process; more only queues on the database). */
const CONCURRENCY = 8;
if (!Number.isSafeInteger(SEED) || SEED < 0)
  throw new Error(`FUZZ_SEED must be a non-negative integer, got ${process.env.FUZZ_SEED}`);
if (!Number.isSafeInteger(RUNS) || RUNS < 1)
  throw new Error(`FUZZ_RUNS must be a positive integer, got ${process.env.FUZZ_RUNS}`);

const TOKENS = {
  internalToken: `fuzz-internal-${'t'.repeat(20)}`,
  serviceToken: `fuzz-service-${'s'.repeat(40)}`,
};

const OPERATIONS: Operation[] = [
  ...operationsOf('storefront', loadContract(BUNDLED_CONTRACT_PATH)),
  ...operationsOf('customer-service', loadContract(CUSTOMER_SERVICE_CONTRACT_PATH)),
];

let t: TestApp;
let server: Server;
let known: KnownValues;
let demo: { customerId: string; email: string; addressId: string };
/** The address id `seedDemoClient` gives the demo client's address. */
const DEMO_ADDRESS = 'addr-demo-home';
const started = Date.now();
let clientNo = 0;

interface Counts {
  requests: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '429': number;
  '5xx upstream': number;
  failures: number;
  ms: number;
}
const counts = new Map<string, Counts>();
const allFailures: string[] = [];
/** Answers that pass but deserve a look: the documented upstream failures (a few per operation). */
const observed: string[] = [];

beforeAll(async () => {
  console.log(`contract fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (${OPERATIONS.length} operations)`);
  t = await startTestApp({
    CACHE_BUST_TOKEN: TOKENS.internalToken,
    METRICS_TOKEN: TOKENS.internalToken,
    CUSTOMER_SERVICE_TOKEN: TOKENS.serviceToken,
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    // Caches on, as in production: a sitemap index (seconds on PGlite) is built once, not for each valid request.
    CACHE_TTL_SECONDS: '300',
  });
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { db } = t.database;
  const store = await db
    .selectFrom('stores')
    .select('id')
    .where('brand', '=', TEST_BRAND)
    .orderBy('id')
    .executeTakeFirst();
  // The demo client (address book, order history). On PostgreSQL the files of a worker share a database and
  // the orders suite seeds the demo client itself, whose e-mail, address id and in-boutique order numbers are
  // fixed: one seeded here moves out of the way (its own e-mail, address id and numbers); one already there
  // belongs to a file that has finished, and serves as it is.
  const tag = randomBytes(6).toString('hex');
  let customer = await db
    .selectFrom('customers')
    .select(['id', 'user_id', 'email'])
    .where('email', '=', DEMO_CLIENT.email)
    .executeTakeFirst();
  let addressId = DEMO_ADDRESS;
  if (!customer) {
    await seedDemoClient(db, TEST_BRAND, store?.id);
    customer = await db
      .updateTable('customers')
      .set({ email: `fuzz.client.${tag}@example.com` })
      .where('email', '=', DEMO_CLIENT.email)
      .returning(['id', 'user_id', 'email'])
      .executeTakeFirstOrThrow();
    addressId = `fuzz-${tag}`;
    await db.updateTable('customer_addresses').set({ id: addressId }).where('id', '=', DEMO_ADDRESS).execute();
    await db
      .updateTable('orders')
      .set({ order_number: sql<string>`'F' || order_number` })
      .where('customer_id', '=', customer.id)
      .where('channel', '=', 'offline')
      .execute();
  }
  demo = { customerId: customer.id, email: customer.email, addressId };
  known = await knownValues(customer.id, customer.user_id);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  printSummary();
});

/** The app's own values, by the names the contracts give them: real products, slugs, boutiques, orders. */
async function knownValues(customerId: string, userId: string): Promise<KnownValues> {
  const { db } = t.database;
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.pid', 'v.pid')
    .select(['p.pid', 'v.size', 'v.sku'])
    .where('v.stock', '>', 0)
    .orderBy('p.pid')
    .orderBy('v.sku')
    .limit(12)
    .execute();
  const rows = async (q: Promise<{ v: string }[]>) => (await q).map((r) => r.v);
  const categorySlugs = await rows(
    db
      .selectFrom('categories')
      .select('slug as v')
      .where('brand', '=', TEST_BRAND)
      .orderBy('position')
      .limit(8)
      .execute(),
  );
  const collectionSlugs = await rows(
    db
      .selectFrom('collections')
      .select('slug as v')
      .where('brand', '=', TEST_BRAND)
      .orderBy('position')
      .limit(4)
      .execute(),
  );
  const lookSlugs = await rows(
    db.selectFrom('looks').select('slug as v').where('brand', '=', TEST_BRAND).orderBy('position').limit(4).execute(),
  );
  const eventSlugs = await rows(
    db.selectFrom('events').select('slug as v').where('brand', '=', TEST_BRAND).orderBy('slug').limit(3).execute(),
  );
  const stores = await rows(
    db.selectFrom('stores').select('id as v').where('brand', '=', TEST_BRAND).orderBy('id').limit(4).execute(),
  );
  const orders = await db
    .selectFrom('orders')
    .select(['order_number', 'transaction_uuid'])
    .where('customer_id', '=', customerId)
    .orderBy('order_number')
    .execute();
  const pids = [...new Set(variants.map((v) => v.pid))];
  return {
    locale: ['fr-fr', 'en-us', 'ja-jp', 'en-gb', 'de-de', 'zh-cn', 'ko-kr', 'it-it', 'xx-yy'],
    pid: [...pids, 'ZZ999999'],
    pids: [pids.join(','), pids.slice(0, 2).join(',')],
    size: [...new Set(variants.map((v) => v.size))],
    sku: variants.map((v) => v.sku),
    slug: [...categorySlugs, ...collectionSlugs, ...lookSlugs, ...eventSlugs],
    // Per kind of page, for `slugFor()`.
    categorySlug: categorySlugs,
    collectionSlug: collectionSlugs,
    lookSlug: lookSlugs,
    eventSlug: eventSlugs,
    storeId: stores,
    storeSlug: stores.map((id) => `boutique-${id}`),
    orderNumber: orders.map((o) => o.order_number),
    transactionUuid: orders.map((o) => o.transaction_uuid).filter((v): v is string => Boolean(v)),
    userId: [userId],
    socialId: [userId],
    addressId: [demo.addressId],
    email: [demo.email, `fuzz.new.${SEED}@example.com`],
    emailAddress: [demo.email, `fuzz.new.${SEED}@example.com`],
    password: [DEMO_CLIENT.password],
    currentPassword: [DEMO_CLIENT.password],
    recaptchaToken: [RECAPTCHA],
    country: ['FR', 'US', 'JP', 'GB'],
    currency: ['EUR', 'USD', 'JPY'],
  };
}

/** The slugs of the operation's kind of page (a look's page gets look slugs), so that valid requests find a page. */
function knownFor(op: Operation): KnownValues {
  const kind = /\/looks\//.test(op.path)
    ? 'lookSlug'
    : /\/collections\//.test(op.path)
      ? 'collectionSlug'
      : /\/calendar\//.test(op.path)
        ? 'eventSlug'
        : /\/ca\/|\/category\//.test(op.path)
          ? 'categorySlug'
          : undefined;
  return kind && known[kind]?.length ? { ...known, slug: known[kind]! } : known;
}

/** A session of its own, with a basket holding an item; signed in as the demo client when asked. */
async function newSession(signedIn: boolean): Promise<{ cookie: string; itemId: string }> {
  const { db } = t.database;
  const token = randomBytes(16).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      expires_at: new Date(Date.now() + 86_400_000),
      customer_id: signedIn ? demo.customerId : null,
      authenticated_at: signedIn ? now : null,
      auth_seen_at: signedIn ? now : null,
    })
    .execute();
  const basket = await db
    .insertInto('baskets')
    .values({ session_id: hashToken(token), customer_id: signedIn ? demo.customerId : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variant = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.pid', 'v.pid')
    .select(['v.pid', 'v.sku'])
    .where('v.stock', '>', 2)
    .where('p.is_employee_only', '=', false)
    .orderBy('v.sku')
    .limit(1)
    .executeTakeFirstOrThrow();
  const item = await db
    .insertInto('basket_items')
    .values({ basket_id: basket.id, pid: variant.pid, sku: variant.sku, quantity: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { cookie: `sid=${token}; cs_sid=${token}`, itemId: item.id };
}

/** A distinct client address for each request (rate limits count per address; the app trusts loopback proxies). */
function nextClient(): string {
  const n = ++clientNo;
  return `10.${(SEED >>> 8) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`.replace(/\.0$/, '.1');
}

async function send(r: FuzzRequest, cookies: Record<Identity, string | undefined>): Promise<Answer> {
  const headers = { ...r.headers };
  headers['X-Forwarded-For'] ??= nextClient();
  const cookie = cookies[r.identity];
  if (cookie && headers.Cookie === undefined) headers.Cookie = cookie;
  let req = request(server)[r.method](r.url).timeout(30_000);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  // Raw bodies go as they are (superagent would JSON-serialize a Buffer sent as application/json).
  if (r.body !== undefined) req = req.serialize((data: unknown) => data as string).send(r.body as string);
  const res = await req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (c: Buffer) => chunks.push(c));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const raw = res.body as Buffer;
  return {
    status: res.status,
    contentType: String(res.headers['content-type'] ?? ''),
    text: Buffer.isBuffer(raw) ? raw.toString('utf8') : String(res.text ?? ''),
  };
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe(`contract fuzz (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it.each(OPERATIONS.map((op) => [`${op.id} (${op.method.toUpperCase()} ${op.path})`, op] as const))(
    '%s',
    async (_name, op) => {
      const begin = Date.now();
      const basket = await newSession(false);
      const signedIn = await newSession(true);
      const cookies: Record<Identity, string | undefined> = {
        anonymous: undefined,
        basket: basket.cookie,
        'signed-in': signedIn.cookie,
      };
      const requests = generateRequests(op, {
        seed: SEED,
        runs: RUNS,
        known: { ...knownFor(op), itemId: [basket.itemId, signedIn.itemId, '00000000-0000-0000-0000-000000000000'] },
        tokens: TOKENS,
      });
      const c: Counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '429': 0, '5xx upstream': 0, failures: 0, ms: 0 };
      const failures: string[] = [];
      await inPool(requests, CONCURRENCY, async (r) => {
        let answer: Answer;
        try {
          answer = await send(r, cookies);
        } catch (err) {
          c.requests++;
          c.failures++;
          failures.push(`#${r.n} ${r.note}: no answer (${(err as Error).message})\n    ${showRequest(r)}`);
          return;
        }
        c.requests++;
        if (answer.status === 429) c['429']++;
        else if (answer.status < 300) c['2xx']++;
        else if (answer.status < 400) c['3xx']++;
        else if (answer.status < 500) c['4xx']++;
        const verdict = judge(op, r, answer);
        if (verdict.ok) {
          if (verdict.upstream && ++c['5xx upstream'] <= 3)
            observed.push(
              `${op.id} #${r.n} ${r.note}: upstream ${verdict.upstream}\n    ${showRequest(r)}\n    → ${answer.text.slice(0, 300)}`,
            );
          return;
        }
        c.failures++;
        failures.push(
          `#${r.n} ${r.note}: ${verdict.problem}\n    ${showRequest(r)}\n    → ${answer.status} ${answer.contentType} ${answer.text.slice(0, 300)}`,
        );
      });
      c.ms = Date.now() - begin;
      counts.set(op.id, c);
      failures.sort((a, b) => Number(/^#(\d+)/.exec(a)?.[1]) - Number(/^#(\d+)/.exec(b)?.[1]));
      allFailures.push(...failures.map((f) => `${op.id} ${f}`));
      const reproduce = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project api server/src/contract-fuzz.test.ts -t '${op.id} '`;
      // The count only: the message carries the requests (a diff of the list would print each twice).
      expect(
        failures.length,
        `${failures.length} of ${RUNS} requests to ${op.id} failed (reproduce: ${reproduce}):\n${failures.slice(0, 8).join('\n')}${failures.length > 8 ? `\n… and ${failures.length - 8} more (.reports/contract-fuzz-*.json)` : ''}\n`,
      ).toBe(0);
    },
  );
});

function printSummary(): void {
  if (!counts.size) return;
  const columns = ['requests', '2xx', '3xx', '4xx', '429', '5xx upstream', 'failures', 'ms'] as const;
  const width = Math.max(...[...counts.keys()].map((k) => k.length));
  const lines = [
    `${'operation'.padEnd(width)}  ${columns.map((c) => c.padStart(c.length < 6 ? 6 : c.length)).join(' ')}`,
  ];
  const total = Object.fromEntries(columns.map((c) => [c, 0])) as Record<(typeof columns)[number], number>;
  for (const [id, c] of counts) {
    lines.push(
      `${id.padEnd(width)}  ${columns.map((k) => String(c[k]).padStart(k.length < 6 ? 6 : k.length)).join(' ')}`,
    );
    for (const k of columns) total[k] += c[k];
  }
  lines.push(
    `${'total'.padEnd(width)}  ${columns.map((k) => String(total[k]).padStart(k.length < 6 ? 6 : k.length)).join(' ')}`,
  );
  console.log(
    `contract fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}, ${counts.size} operations in ${Math.round((Date.now() - started) / 1000)} s\n${lines.join('\n')}`,
  );
  const reports = join(import.meta.dirname, '../../.reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(
    join(reports, `contract-fuzz-${process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'}.json`),
    JSON.stringify(
      { seed: SEED, runs: RUNS, operations: Object.fromEntries(counts), failures: allFailures, observed },
      null,
      2,
    ),
  );
}
