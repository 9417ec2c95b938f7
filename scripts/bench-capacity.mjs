#!/usr/bin/env node
// `npm run bench:capacity`: the CPU one request of each kind costs — in the storefront process and in the PostgreSQL
// backends that served it — and the Redis commands it sends, for the capacity model (docs/capacity.md). Then one
// saturated run per chosen kind checks the model's arithmetic against a measured throughput.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/storefront_capacity node scripts/bench-capacity.mjs
//     [--duration 8] [--concurrency 4] [--saturate 32] [--redis redis://127.0.0.1:6379/12] [--skip-build]
//
// One storefront process (WEB_CONCURRENCY=1) on PostgreSQL — the database is created when missing and its catalogue
// (2,000 products) kept —, with Redis when --redis is given. Two starts: the page cache on (30 s) for the cached
// kinds, then off (CACHE_TTL_SECONDS=0) for the kinds that reach the database. Each kind runs `--concurrency` closed
// loops for `--duration` seconds; CPU is read from /proc before and after: the storefront's utime + stime, and that of
// every PostgreSQL backend connected to the bench's database (sampled every 200 ms, so that a connection closed
// meanwhile still counts). Redis: the server's total_commands_processed over the run, less the same server's rate
// while the bench sends nothing (Redis is shared; a database number does not separate commands).
// Needs Linux (/proc) and PostgreSQL on this machine. Writes .reports/bench-capacity.json, prints Markdown on stdout.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  HOST,
  cleanup,
  freePort,
  log,
  root,
  runBuild,
  startChild,
  startReaper,
  stopChild,
  waitForLine,
  waitUntilAnswers,
} from './bench-lib.mjs';

const USAGE =
  'usage: BENCH_DATABASE_URL=postgres://… node scripts/bench-capacity.mjs [--duration S] [--concurrency N] [--saturate N] [--redis URL] [--skip-build]';
function parseArgs(argv) {
  const opts = { duration: 8, concurrency: 4, saturate: 32, redis: undefined, skipBuild: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--skip-build') opts.skipBuild = true;
    else if (arg === '--redis') opts.redis = argv[++i];
    else if (['--duration', '--concurrency', '--saturate'].includes(arg)) {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 600) throw new Error(`${arg} takes an integer from 1 to 600\n${USAGE}`);
      opts[arg.slice(2)] = n;
    } else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  if (!process.env.BENCH_DATABASE_URL)
    throw new Error(`BENCH_DATABASE_URL is required (a PostgreSQL on this machine)\n${USAGE}`);
  return opts;
}

// ---------------------------------------------------------------- CPU and Redis counters
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, in ms (undefined once it is gone). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Total and idle CPU of the machine (all cores), in ms. */
function machineMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0) * TICK_MS;
  return { total, idle: (cpu[3] + cpu[4]) * TICK_MS };
}

/** Follows the CPU of the PostgreSQL backends of one database while a run lasts. */
function backendWatch(admin, database) {
  const first = new Map();
  const last = new Map();
  let stopped = false;
  const sample = async () => {
    const { rows } = await admin.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await sleep(200);
    }
  })();
  return {
    ready: sample(),
    async stop() {
      stopped = true;
      await loop;
      await sample();
      let ms = 0;
      for (const [pid, end] of last) ms += end - (first.get(pid) ?? end);
      return { ms, backends: last.size };
    },
  };
}

async function redisCommands(redis) {
  if (!redis) return undefined;
  const info = await redis.call('INFO', 'stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1]);
}

// ---------------------------------------------------------------- load
/**
 * `concurrency` closed loops for `seconds`: each calls `step(i)`, which sends one or more requests and returns how
 * many it sent and whether each answered as expected.
 */
async function loops(concurrency, seconds, step) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let requests = 0;
  let failed = 0;
  let firstFailure;
  let i = 0;
  const latencies = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          requests += await step(i++);
          done++;
          latencies.push(performance.now() - t);
        } catch (err) {
          failed++;
          firstFailure ??= err.message;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    done,
    requests,
    failed,
    firstFailure,
    p50: latencies[Math.floor(latencies.length / 2)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

async function expectOk(res, what) {
  const body = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

// ---------------------------------------------------------------- the kinds
function kinds(base, sample) {
  const json = { accept: 'application/json' };
  const html = { accept: 'text/html' };
  const post = { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' };
  const get =
    (path, headers = json) =>
    async () => (await expectOk(await fetch(base + path, { headers }), path), 1);
  const rotate =
    (paths, headers = json) =>
    async (i) => (await expectOk(await fetch(base + paths[i % paths.length], { headers }), paths[i % paths.length]), 1);
  const enc = encodeURIComponent;
  const listings = [
    `/api/data/category/women-bags?locale=fr-fr&filters=${enc('color:black')}&sort=price_asc`,
    `/api/data/category/women?locale=fr-fr&filters=${enc('instock:true,size:38')}`,
    `/api/data/category/men-shoes?locale=fr-fr&filters=${enc('color:black|brown,instock:true')}&sort=newest&page=2`,
    `/api/data/category/women-ready-to-wear?locale=fr-fr&filters=${enc('material:wool|cashmere,price:500-3000')}`,
  ];
  const prefixes = ['s', 'sa', 'sac', 'l', 'lo', 'lou', 'b', 'bo', 'bot', 'e', 'es', 'esc', 'c', 'ca', 'cab'];
  const addItem = async (v) => {
    const res = await fetch(`${base}/api/data/basket/add-item?locale=fr-fr`, {
      method: 'POST',
      headers: post,
      body: JSON.stringify({ pid: v.pid, size: v.size, quantity: 1 }),
    });
    await expectOk(res, 'add-item');
    return /^(?:__Host-)?sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  };
  return {
    cached: [
      {
        id: 'html-cached',
        name: 'product page HTML, from the page cache (gzip, as browsers ask)',
        step: get(sample.pagePath, html),
      },
      {
        id: 'html-cached-identity',
        name: 'product page HTML, from the page cache, not compressed',
        step: get(sample.pagePath, { ...html, 'accept-encoding': 'identity' }),
      },
      {
        id: 'page-data-cached',
        name: 'product page data (/ssr/pr), from the cache',
        step: get(`/ssr/pr/${enc(sample.pid)}?locale=fr-fr`),
      },
      { id: 'listing-cached', name: 'category listing with filters, from the cache', step: rotate(listings) },
    ],
    uncached: [
      {
        id: 'html-uncached',
        name: 'product page HTML, rendered (data from the database; gzip)',
        step: rotate(sample.pagePaths, html),
      },
      {
        id: 'page-data',
        name: 'product page data (/ssr/pr) from the database',
        step: rotate(sample.pids.map((p) => `/ssr/pr/${enc(p)}?locale=fr-fr`)),
      },
      { id: 'listing', name: 'category listing with filters (API)', step: rotate(listings) },
      {
        id: 'autocomplete',
        name: 'autocomplete (1–3 letters)',
        step: rotate(
          prefixes.map((q) => `/api/data/search?brand=ysl&locale=fr-fr&q=${enc(q)}&pageSize=6&facets=false`),
        ),
      },
      {
        id: 'add-to-basket',
        name: 'add to basket (a new shopper: session and basket created)',
        step: async (i) => (await addItem(sample.variants[i % sample.variants.length]), 1),
      },
      {
        id: 'order',
        name: 'an order: add to basket, checkout options, place order (card)',
        step: async (i) => {
          const v = sample.variants[i % sample.variants.length];
          const cookie = await addItem(v);
          const options = JSON.parse(
            await expectOk(
              await fetch(`${base}/api/checkout/options?locale=fr-fr`, { headers: { ...json, cookie } }),
              'checkout options',
            ),
          );
          const option = options.deliveryOptions.find((o) => o.id.endsWith('-STD'));
          const body = {
            email: 'camille.martin@example.fr',
            civility: 'MS',
            firstName: 'Camille',
            lastName: 'Martin',
            phone: '+33 6 12 34 56 78',
            delivery: {
              optionId: option.id,
              address: {
                firstName: 'Camille',
                lastName: 'Martin',
                addressLine1: '12 rue de Sèvres',
                city: 'Paris',
                postalCode: '75006',
                country: 'FR',
              },
            },
            payment: {
              method: 'card',
              card: {
                number: '4242424242424242',
                expiryMonth: 12,
                expiryYear: new Date().getUTCFullYear() + 3,
                cvc: '123',
                holderName: 'Camille Martin',
              },
            },
            expectedTotal: options.basket.subtotal + option.cost,
            acceptTerms: true,
          };
          await expectOk(
            await fetch(`${base}/api/checkout/place-order?locale=fr-fr`, {
              method: 'POST',
              headers: { ...post, cookie, 'idempotency-key': crypto.randomUUID() },
              body: JSON.stringify(body),
            }),
            'place-order',
          );
          return 3;
        },
      },
    ],
  };
}

/** Products, pages and sizes of the bench's catalogue that the French site sells, their stock raised for the orders. */
async function sampleOf(base, db) {
  const cat = await (
    await fetch(`${base}/api/data/category/women-bags?locale=fr-fr`, { headers: { accept: 'application/json' } })
  ).json();
  const pids = cat.products.slice(0, 12).map((p) => p.id);
  const pagePaths = [];
  for (const pid of pids) {
    const data = await (
      await fetch(`${base}/ssr/pr/${encodeURIComponent(pid)}?locale=fr-fr`, { headers: { accept: 'application/json' } })
    ).json();
    pagePaths.push(new URL(data.meta.canonical).pathname);
  }
  const { rows: variants } = await db.query(
    `select p.pid, v.size, v.sku from product_variants v join products p on p.pid = v.pid join product_prices pr on pr.pid = p.pid and pr.currency = 'EUR'
     where not p.is_employee_only and p.is_sellable_online and p.is_ecom_assortment and v.stock > 0 order by p.pid, v.sku limit 200`,
  );
  await db.query('update product_variants set stock = 100000 where sku = any($1)', [variants.map((v) => v.sku)]);
  return { pid: pids[0], pids, pagePath: pagePaths[0], pagePaths, variants };
}

// ---------------------------------------------------------------- the capacity model (arithmetic)
/**
 * The launch peak of docs/capacity.md: requests per second of each measured kind, from the stated mix. Arithmetic,
 * not a simulation: cores = Σ rate × CPU per request, at a target utilisation that leaves room for bursts.
 */
const PEAK = {
  pageViewsPerSecond: 2000,
  ordersPerSecond: 100,
  /** Share of page views that load a whole page (HTML rendered on the server); the rest navigate in the app (page data). */
  fullLoads: 0.25,
  /** Of the navigations: listing pages; the rest product, home and content pages. */
  listingShare: 0.35,
  /** Cache hits: rendered pages and page data (a launch's few hot pages, 30 s per instance), listings with filters. */
  pageHitRate: 0.9,
  listingHitRate: 0.5,
  /** Autocomplete requests per page view (one page view in ten has a search of three keystrokes). */
  autocompletePerPageView: 0.3,
  /** Adds to basket besides those of the orders (three adds for each order placed). */
  addsPerOrder: 3,
  /** Busy share a part is sized for. */
  targetUtilisation: 0.6,
};

function model(rows, peak = PEAK) {
  const pv = peak.pageViewsPerSecond;
  const nav = pv * (1 - peak.fullLoads);
  const rates = {
    'html-cached': pv * peak.fullLoads * peak.pageHitRate,
    'html-uncached': pv * peak.fullLoads * (1 - peak.pageHitRate),
    'page-data-cached': nav * (1 - peak.listingShare) * peak.pageHitRate,
    'page-data': nav * (1 - peak.listingShare) * (1 - peak.pageHitRate),
    'listing-cached': nav * peak.listingShare * peak.listingHitRate,
    listing: nav * peak.listingShare * (1 - peak.listingHitRate),
    autocomplete: pv * peak.autocompletePerPageView,
    'add-to-basket': peak.ordersPerSecond * peak.addsPerOrder,
    order: peak.ordersPerSecond,
  };
  const lines = Object.entries(rates).map(([id, rate]) => {
    const row = rows.find((r) => r.id === id);
    return {
      id,
      name: row.name,
      rate,
      nodeMsPerSecond: rate * row.nodeCpuMs,
      databaseMsPerSecond: rate * row.databaseCpuMs,
      redisPerSecond: rate * (row.redisCommands ?? 0),
    };
  });
  const sum = (k) => lines.reduce((a, l) => a + l[k], 0);
  const nodeCores = sum('nodeMsPerSecond') / 1000;
  const databaseCores = sum('databaseMsPerSecond') / 1000;
  return {
    peak,
    lines,
    nodeCores,
    databaseCores,
    redisPerSecond: sum('redisPerSecond'),
    nodeCoresAtTarget: Math.ceil(nodeCores / peak.targetUtilisation),
    databaseCoresAtTarget: Math.ceil(databaseCores / peak.targetUtilisation),
    databaseWriteShare:
      lines.filter((l) => l.id === 'add-to-basket' || l.id === 'order').reduce((a, l) => a + l.databaseMsPerSecond, 0) /
      sum('databaseMsPerSecond'),
  };
}

// ---------------------------------------------------------------- a run
async function measureKind({ kind, concurrency, duration, server, watchDb, redis, redisIdlePerSec }) {
  // A short warm-up (JIT, pool connections), then the measured run.
  await loops(Math.min(concurrency, 2), 1, kind.step);
  const watch = backendWatch(watchDb.admin, watchDb.name);
  await watch.ready;
  const node0 = cpuMs(server.proc.pid);
  const self0 = process.cpuUsage();
  const machine0 = machineMs();
  const redis0 = await redisCommands(redis);
  const t0 = performance.now();
  const r = await loops(concurrency, duration, kind.step);
  const seconds = (performance.now() - t0) / 1000;
  const node = cpuMs(server.proc.pid) - node0;
  const self = process.cpuUsage(self0);
  const machine1 = machineMs();
  const redisCmds = redis ? (await redisCommands(redis)) - redis0 - 1 : undefined;
  const database = await watch.stop();
  if (r.failed) log(`${kind.id}: ${r.failed} failed (${r.firstFailure})`);
  const per = (ms) => Math.round((ms / r.done) * 1000) / 1000;
  const machineBusy = machine1.total - machine0.total - (machine1.idle - machine0.idle);
  return {
    id: kind.id,
    name: kind.name,
    concurrency,
    seconds: Math.round(seconds * 10) / 10,
    done: r.done,
    requests: r.requests,
    failed: r.failed,
    perSecond: Math.round(r.done / seconds),
    p50Ms: Math.round(r.p50 * 10) / 10,
    p99Ms: Math.round(r.p99 * 10) / 10,
    nodeCpuMs: per(node),
    databaseCpuMs: per(database.ms),
    databaseBackends: database.backends,
    clientCpuMs: per((self.user + self.system) / 1000),
    nodeCoreShare: Math.round((node / (seconds * 1000)) * 100) / 100,
    machineBusyCores: Math.round((machineBusy / (seconds * 1000)) * 100) / 100,
    redisCommands:
      redisCmds === undefined ? null : Math.round(((redisCmds - redisIdlePerSec * seconds) / r.done) * 100) / 100,
  };
}

async function startStorefront(name, env) {
  const port = await freePort();
  const child = startChild(name, ['--import', 'tsx', join(root, 'server/src/main.ts')], { ...env, PORT: String(port) });
  startReaper();
  await waitForLine(child, /Storefront ready at/, 240_000);
  await waitUntilAnswers(`http://${HOST}:${port}/readyz`, 20_000);
  return { proc: child.proc, child, base: `http://${HOST}:${port}` };
}

async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  return { admin: client, name };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const budget = setTimeout(async () => {
    log('run exceeded its 20 min budget; aborting');
    await cleanup();
    process.exit(2);
  }, 20 * 60_000);
  budget.unref();
  if (!opts.skipBuild) await runBuild();
  const url = process.env.BENCH_DATABASE_URL;
  const watchDb = await ensureDatabase(url);
  const redis = opts.redis ? new (await import('ioredis')).Redis(opts.redis, { lazyConnect: true }) : undefined;
  await redis?.connect();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST,
    DATABASE_URL: url,
    REDIS_URL: opts.redis ?? '',
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '2000',
    RECAPTCHA_VERIFIER: 'test',
  };
  const started = new Date();
  const load0 = os.loadavg();

  // Redis' rate while the bench sends nothing: other users of the same server.
  let redisIdlePerSec = 0;
  if (redis) {
    const a = await redisCommands(redis);
    await sleep(3000);
    redisIdlePerSec = Math.max(0, ((await redisCommands(redis)) - a - 1) / 3);
  }

  const rows = [];
  const saturated = [];
  for (const cache of ['30', '0']) {
    log(`starting the storefront (CACHE_TTL_SECONDS=${cache})`);
    const server = await startStorefront(`storefront (cache ${cache} s)`, { ...env, CACHE_TTL_SECONDS: cache });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const sample = await sampleOf(server.base, db);
    await db.end();
    const set = kinds(server.base, sample)[cache === '0' ? 'uncached' : 'cached'];
    for (const kind of set) {
      log(`measuring ${kind.id} (${opts.duration} s, ${opts.concurrency} loops)`);
      rows.push(
        await measureKind({
          kind,
          concurrency: opts.concurrency,
          duration: opts.duration,
          server,
          watchDb,
          redis,
          redisIdlePerSec,
        }),
      );
    }
    // The check of the model: each kind whose limit is the one Node process, saturated.
    for (const id of cache === '0' ? ['page-data'] : ['html-cached']) {
      const kind = set.find((k) => k.id === id);
      log(`saturating ${id} (${opts.duration} s, ${opts.saturate} loops)`);
      saturated.push(
        await measureKind({
          kind,
          concurrency: opts.saturate,
          duration: opts.duration,
          server,
          watchDb,
          redis,
          redisIdlePerSec,
        }),
      );
    }
    await stopChild(server.child);
  }
  await watchDb.admin.end();
  redis?.disconnect();
  await cleanup();
  clearTimeout(budget);

  const cpus = os.cpus();
  const machine = {
    cores: cpus.length,
    cpuModel: cpus[0]?.model,
    node: process.version,
    loadAverageAtStart: load0.map((l) => Math.round(l * 100) / 100),
    loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  const f = (n, d = 2) => (n == null ? '–' : Number(n).toFixed(d));
  const table = (list) => [
    '| kind | loops | done/s | p50 ms | Node CPU ms | PostgreSQL CPU ms | bench client CPU ms | Redis commands | Node share of a core | machine busy cores | failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...list.map(
      (r) =>
        `| ${r.name} | ${r.concurrency} | ${r.perSecond} | ${f(r.p50Ms, 1)} | ${f(r.nodeCpuMs)} | ${f(r.databaseCpuMs)} | ${f(r.clientCpuMs)} | ${r.redisCommands ?? '–'} | ${f(r.nodeCoreShare)} | ${f(r.machineBusyCores)} | ${r.failed} |`,
    ),
  ];
  const checks = saturated.map((s) => {
    const light = rows.find((r) => r.id === s.id);
    // Arithmetic: one process does at most one core's worth of work per second; on a shared machine, what it got.
    const predictedFullCore = 1000 / light.nodeCpuMs;
    const predictedAtShare = (s.nodeCoreShare * 1000) / light.nodeCpuMs;
    return {
      id: s.id,
      name: s.name,
      nodeCpuMsLight: light.nodeCpuMs,
      nodeCpuMsSaturated: s.nodeCpuMs,
      predictedPerSecondOneCore: Math.round(predictedFullCore),
      nodeCoreShare: s.nodeCoreShare,
      predictedPerSecondAtShare: Math.round(predictedAtShare),
      measuredPerSecond: s.perSecond,
      ratio: Math.round((s.perSecond / predictedAtShare) * 100) / 100,
    };
  });
  const m = model(rows);
  const markdown = [
    `## CPU per request (${started.toISOString()})`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}; load average ${machine.loadAverageAtStart.join(' / ')} at the start, ${machine.loadAverageAtEnd.join(' / ')} at the end (the machine is shared). One storefront process, PostgreSQL on this machine${opts.redis ? ', Redis' : ''}; the bench client in the same machine. ${opts.duration} s per kind.`,
    '',
    ...table(rows),
    '',
    '### Saturated: the model checked',
    '',
    ...table(saturated),
    '',
    '| kind | Node CPU ms (light) | (saturated) | predicted/s with one whole core | Node share of a core measured | predicted/s at that share | measured/s | measured / predicted |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...checks.map(
      (c) =>
        `| ${c.name} | ${f(c.nodeCpuMsLight)} | ${f(c.nodeCpuMsSaturated)} | ${c.predictedPerSecondOneCore} | ${f(c.nodeCoreShare)} | ${c.predictedPerSecondAtShare} | ${c.measuredPerSecond} | ${f(c.ratio)} |`,
    ),
    '',
    `### The launch peak (arithmetic: ${PEAK.pageViewsPerSecond} page views/s, ${PEAK.ordersPerSecond} orders/s; mix in docs/capacity.md)`,
    '',
    '| kind | per second | storefront CPU ms/s | PostgreSQL CPU ms/s |',
    '|---|---:|---:|---:|',
    ...m.lines.map(
      (l) => `| ${l.name} | ${f(l.rate, 0)} | ${f(l.nodeMsPerSecond, 0)} | ${f(l.databaseMsPerSecond, 0)} |`,
    ),
    `| **total** | | **${f(m.nodeCores * 1000, 0)}** (${f(m.nodeCores, 1)} cores) | **${f(m.databaseCores * 1000, 0)}** (${f(m.databaseCores, 1)} cores) |`,
    '',
    `At ${PEAK.targetUtilisation * 100} % utilisation: ${m.nodeCoresAtTarget} storefront cores, ${m.databaseCoresAtTarget} PostgreSQL cores (${f(m.databaseWriteShare * 100, 0)} % of the database CPU is writes: baskets and orders, on the primary); Redis ${f(m.redisPerSecond, 0)} commands/s from these kinds.`,
  ].join('\n');
  console.log(markdown);
  const out = join(root, '.reports/bench-capacity.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: started.toISOString(),
        machine,
        options: opts,
        redisIdleCommandsPerSecond: redisIdlePerSec,
        rows,
        saturated,
        checks,
        model: m,
        markdown,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${out}`);
  if (rows.some((r) => r.failed > r.done * 0.01)) {
    log('FAILED: more than 1 % of the iterations of a kind failed');
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err) => {
    log(`error: ${err?.stack ?? err}`);
    await cleanup();
    process.exit(1);
  },
);
