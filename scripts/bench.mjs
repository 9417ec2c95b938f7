#!/usr/bin/env node
// `npm run bench`: throughput of the production storefront, as a ratio of a bare Express 5 hello-world
// measured in the same run on the same machine (an Express hello-world is the ceiling any Express app can reach here).
//
//   node scripts/bench.mjs [--duration 10] [--connections 100] [--pipelining 10] [--warmup 3]
//                          [--timeout 10] [--products N] [--cache-ttl S] [--concurrency 1,2] [--skip-build]
// --cache-ttl 0 measures every request against the database (the default server caches public page
// data for 30 s); BENCH_DATABASE_URL runs the storefront on that PostgreSQL instead of a fresh PGlite
// (its catalogue is kept when present).
// --concurrency lists the WEB_CONCURRENCY values measured, one storefront after the other (default 1,2).
// More than one process needs PostgreSQL (PGlite is one process's database): without BENCH_DATABASE_URL
// those runs are skipped, and the report says so.
//
// Builds, starts scripts/bench-hello.mjs and the production server (fresh PGlite dir under the OS temp
// dir) as children on free loopback ports, warms up and measures each target with autocannon one at a
// time, prints a Markdown table per run and a comparison of the runs (stdout; progress goes to stderr)
// and writes .reports/bench.json. The hello-world is measured before the first run and after each run; a
// run's ratios are to the mean of the two measures around it (a shared host's speed moves by a third within
// minutes, and the table shows both).
// Exits 1 if any target returned errors (timeouts included) or non-2xx responses, or no response at all;
// children are always stopped. BENCH_DEBUG=1 logs the backlog-drain probes.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import {
  HOST,
  cleanup,
  log,
  runBuild,
  measure,
  mib,
  root,
  rssKiB,
  setTempDir,
  treeRssKiB,
  startChild,
  startReaper,
  stopChild,
  stopCurrentRun,
  waitForLine,
  waitUntilAnswers,
  freePort,
  storefrontArgs,
} from './bench-lib.mjs';

// ---------------------------------------------------------------- options
const USAGE = `usage: node scripts/bench.mjs [--duration S] [--connections N] [--pipelining N] [--warmup S] [--timeout S] [--products N] [--cache-ttl S] [--concurrency 1,2] [--skip-build]`;
function parseArgs(argv) {
  const limits = {
    duration: [1, 600],
    connections: [1, 5000],
    pipelining: [1, 100],
    warmup: [0, 120],
    timeout: [1, 120],
    products: [1, 200000],
    'cache-ttl': [0, 3600],
  };
  const opts = {
    duration: 10,
    connections: 100,
    pipelining: 10,
    warmup: 3,
    timeout: 10,
    products: undefined,
    skipBuild: false,
    concurrency: [1, 2],
  };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--skip-build') {
      opts.skipBuild = true;
      continue;
    }
    let value;
    const eq = arg.indexOf('=');
    if (eq > 0) [arg, value] = [arg.slice(0, eq), arg.slice(eq + 1)];
    if (arg === '--concurrency') {
      value ??= argv[++i];
      const list = String(value).split(',').map(Number);
      if (!list.length || list.some((n) => !Number.isInteger(n) || n < 1 || n > 64))
        throw new Error(`--concurrency takes a list of integers in [1, 64], got ${value}`);
      opts.concurrency = [...new Set(list)];
      continue;
    }
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--') || !(name in limits)) throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    value ??= argv[++i];
    const n = Number(value);
    const [min, max] = limits[name];
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be an integer in [${min}, ${max}], got ${value}`);
    opts[name] = n;
  }
  return opts;
}

// ---------------------------------------------------------------- main
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  // Bounded: whatever happens, the whole run ends (build + each start + 1 + 4 per run targets with warm-up and drains).
  const budgetMs =
    15 * 60_000 +
    (1 + 5 * opts.concurrency.length) * (opts.duration + opts.warmup + 2 * 60 + 15) * 1000 +
    opts.concurrency.length * (opts.products ?? 0) * 60;
  setTimeout(async () => {
    log(`run exceeded its ${Math.round(budgetMs / 1000)} s budget; aborting`);
    stopCurrentRun();
    await cleanup();
    process.exit(2);
  }, budgetMs).unref();

  if (!opts.skipBuild) await runBuild();

  const helloPort = await freePort();
  const tempDir = mkdtempSync(join(os.tmpdir(), 'storefront-bench-'));
  setTempDir(tempDir);
  const hello = startChild('hello-world', [join(root, 'scripts/bench-hello.mjs')], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(helloPort),
  });
  startReaper();
  await waitForLine(hello, /listening on/, 30_000).then(() => waitUntilAnswers(`http://${HOST}:${helloPort}/`, 10_000));

  const P = opts.pipelining;
  const json = { accept: 'application/json' };
  // The ceiling, measured before the first run of the storefront and again after each run: a run's ratios are to
  // the mean of the measures around it, so that the machine's drift over a run (seen at ±30 % within minutes on
  // shared hosts) moves the baseline with the storefront's figures rather than only theirs.
  const measureHello = () =>
    measure({ name: 'Express 5 hello-world', url: `http://${HOST}:${helloPort}/`, pipelining: P, headers: json }, opts);
  const helloRow = { ...(await measureHello()), baseline: true, ratioToHello: 1 };
  const helloRss = rssKiB(hello.proc.pid);

  const onPostgres = Boolean(process.env.BENCH_DATABASE_URL);
  const runs = [];
  const skipped = [];
  for (const [index, workers] of opts.concurrency.entries()) {
    if (workers > 1 && !onPostgres) {
      skipped.push(workers);
      log(`WEB_CONCURRENCY=${workers} skipped: several processes need PostgreSQL (set BENCH_DATABASE_URL)`);
      continue;
    }
    const before = runs.at(-1)?.helloAfter ?? helloRow;
    const run = await measureStorefront({ opts, workers, index, tempDir });
    const after = await measureHello();
    const mean = (before.reqPerSec + after.reqPerSec) / 2;
    run.helloAfter = after;
    run.hello = {
      ...before,
      name: `Express 5 hello-world (mean of ${fmtRps(before.reqPerSec)} before and ${fmtRps(after.reqPerSec)} after)`,
      reqPerSec: mean,
      before: before.reqPerSec,
      after: after.reqPerSec,
      errors: before.errors + after.errors,
      timeouts: (before.timeouts ?? 0) + (after.timeouts ?? 0),
      non2xx: before.non2xx + after.non2xx,
      baseline: true,
      ratioToHello: 1,
    };
    for (const r of run.rows) r.ratioToHello = mean > 0 ? r.reqPerSec / mean : null;
    runs.push(run);
  }
  await cleanup();

  const cpus = os.cpus();
  const machine = {
    cores: cpus.length,
    cpuModel: cpus[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemMiB: Math.round(os.totalmem() / 2 ** 20),
    autocannon: JSON.parse(readFileSync(join(root, 'node_modules/autocannon/package.json'), 'utf8')).version,
  };

  // ---- report
  const fmt = (n, d = 0) =>
    n == null || Number.isNaN(n)
      ? '–'
      : n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  const table = (rows) => [
    `| target | req/s (mean) | p50 latency ms | p99 latency ms | errors/non-2xx | ratio to hello-world |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p99)} | ${r.errors}${r.timeouts ? ` (${r.timeouts} timeouts)` : ''}/${r.non2xx}${r.totalRequests === 0 ? ' (no answer)' : ''} | ${r.ratioToHello == null ? '–' : r.ratioToHello.toFixed(3)} |`,
    ),
  ];
  const label = (run) =>
    `WEB_CONCURRENCY=${run.workers}${run.workers > 1 ? ` (${run.workers} worker processes)` : ' (one process)'}`;
  const first = runs[0];
  const summary = [
    `## Storefront throughput (${new Date().toISOString()})`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}; autocannon ${machine.autocannon} in the same process as the orchestrator, loopback only.`,
    `Load: -c ${opts.connections} -p ${opts.pipelining} (SSR HTML row -p 1), ${opts.duration} s per target after a ${opts.warmup} s warm-up, one target at a time; request timeout ${opts.timeout} s (counted as errors).`,
    `Catalogue: ${opts.products ?? first?.storeEnv.CATALOG_PRODUCTS ?? 'default (2000)'} products, ${onPostgres ? 'PostgreSQL' : 'fresh PGlite'}, page cache ${first?.storeEnv.CACHE_TTL_SECONDS ?? '30'} s; product ${first?.product.pid}; page ${first?.product.pagePath}.`,
    ...runs.flatMap((run) => [
      '',
      `### ${label(run)}`,
      '',
      ...table([run.hello, ...run.rows]),
      '',
      `Storefront RSS (${run.workers > 1 ? 'primary and workers' : 'the process'}): ${run.memory.storefrontRssMiBAtStart} MiB after start, ${run.memory.storefrontRssMiBAfterRuns} MiB after the runs${run.memory.storefrontPeakRssMiB && run.workers === 1 ? ` (peak ${run.memory.storefrontPeakRssMiB} MiB)` : ''}; ready ${run.startupSeconds.toFixed(1)} s after its start.`,
    ]),
    ...(runs.length > 1
      ? [
          '',
          `### Runs compared (req/s)`,
          '',
          `| target | ${runs.map(label).join(' | ')} | ${runs
            .slice(1)
            .map((r) => `×${r.workers} / ×${first.workers}`)
            .join(' | ')} |`,
          `|---|${runs.map(() => '---:').join('|')}|${runs
            .slice(1)
            .map(() => '---:')
            .join('|')}|`,
          ...first.rows.map(
            (row, i) =>
              `| ${row.name} | ${runs.map((r) => fmt(r.rows[i]?.reqPerSec)).join(' | ')} | ${runs
                .slice(1)
                .map((r) => (row.reqPerSec > 0 ? (r.rows[i].reqPerSec / row.reqPerSec).toFixed(2) : '–'))
                .join(' | ')} |`,
          ),
        ]
      : []),
    ...(skipped.length
      ? [
          '',
          `Not measured: WEB_CONCURRENCY=${skipped.join(', ')} (several processes need PostgreSQL; set BENCH_DATABASE_URL).`,
        ]
      : []),
    '',
    `Hello-world RSS: ${mib(helloRss.rss)} MiB.`,
  ].join('\n');
  console.log(summary);

  // Errors include timeouts (no answer within --timeout s); a run with no answer at all fails too.
  const failed = [
    helloRow,
    ...runs.map((r) => r.helloAfter),
    ...runs.flatMap((r) => r.rows.map((row) => ({ ...row, name: `${row.name} [${label(r)}]` }))),
  ].filter((r) => r.errors > 0 || r.non2xx > 0 || r.totalRequests === 0);
  const report = {
    date: new Date().toISOString(),
    durationSeconds: (Date.now() - t0) / 1000,
    machine,
    options: {
      ...opts,
      storefrontEnv: {
        NODE_ENV: 'production',
        CATALOG_PRODUCTS: first?.storeEnv.CATALOG_PRODUCTS ?? null,
        VALIDATE_RESPONSES: first?.storeEnv.VALIDATE_RESPONSES ?? null,
        CACHE_TTL_SECONDS: first?.storeEnv.CACHE_TTL_SECONDS ?? null,
        database: onPostgres ? 'postgres' : 'pglite',
        LOG_LEVEL: first?.storeEnv.LOG_LEVEL ?? null,
      },
    },
    hello: helloRow,
    runs: runs.map(({ storeEnv: _env, ...run }) => run),
    skippedConcurrency: skipped,
    // The first run's figures, where earlier reports had them.
    startupSeconds: first?.startupSeconds,
    product: first?.product,
    rows: first ? [first.hello, ...first.rows] : [helloRow],
    memory: { ...first?.memory, helloRssMiBAfterRuns: mib(helloRss.rss) },
    ok: failed.length === 0,
    markdown: summary,
  };
  const out = join(root, '.reports/bench.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  log(`wrote ${out}`);
  if (failed.length) {
    log(`FAILED: errors or non-2xx responses from ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

/** Requests per second as the tables write them. */
function fmtRps(n) {
  return Math.round(n).toLocaleString('en-US');
}

/** Starts the storefront with `workers` processes, measures its targets, stops it (their ratios are set after). */
async function measureStorefront({ opts, workers, index, tempDir }) {
  const storePort = await freePort();
  const storeEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(storePort),
    PGLITE_DIR: join(tempDir, `pglite-${index}`),
    SHUTDOWN_GRACE_MS: '2000',
    WEB_CONCURRENCY: String(workers),
  };
  delete storeEnv.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) storeEnv.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  delete storeEnv.VITE_DEV; // always the production build
  if (opts.products) storeEnv.CATALOG_PRODUCTS = String(opts.products);
  if (opts['cache-ttl'] !== undefined) storeEnv.CACHE_TTL_SECONDS = String(opts['cache-ttl']);
  const store = startChild(`storefront (WEB_CONCURRENCY=${workers})`, storefrontArgs(), storeEnv);
  startReaper();

  log(
    `starting the storefront on ${HOST}:${storePort} with WEB_CONCURRENCY=${workers} (${storeEnv.DATABASE_URL ? 'PostgreSQL' : `PGLITE_DIR ${storeEnv.PGLITE_DIR}`}${opts.products ? `, ${opts.products} products` : ''})`,
  );
  const startTimeout = 180_000 + (opts.products ?? 0) * 50;
  const started = Date.now();
  await waitForLine(store, /Storefront ready at/, startTimeout).then(() =>
    waitUntilAnswers(`http://${HOST}:${storePort}/healthz`, 10_000),
  );
  const startupSeconds = (Date.now() - started) / 1000;
  log(`storefront ready after ${startupSeconds.toFixed(1)} s`);
  const rssAtStart = treeRssKiB(store.proc.pid);

  // A real product: the first one of a category, and its canonical page URL.
  const s = `http://${HOST}:${storePort}`;
  const catUrl = `${s}/api/data/category/women-bags?locale=fr-fr`;
  const cat = await (await fetch(catUrl)).json();
  const pid = cat?.products?.[0]?.id;
  if (!pid) throw new Error(`no product in ${catUrl}`);
  const pdpData = await (await fetch(`${s}/ssr/pr/${encodeURIComponent(pid)}?locale=fr-fr`)).json();
  const pagePath = new URL(pdpData.meta.canonical).pathname;

  const P = opts.pipelining;
  const json = { accept: 'application/json' };
  const targets = [
    { name: 'storefront /healthz (middleware only)', url: `${s}/healthz`, pipelining: P, headers: json },
    {
      name: 'product page data (/ssr/pr)',
      url: `${s}/ssr/pr/${encodeURIComponent(pid)}?locale=fr-fr`,
      pipelining: P,
      headers: json,
    },
    { name: 'category API (/api/data/category)', url: catUrl, pipelining: P, headers: json },
    { name: 'product page HTML (SSR, -p 1)', url: `${s}${pagePath}`, pipelining: 1, headers: { accept: 'text/html' } },
  ];
  const rows = [];
  for (const t of targets) rows.push(await measure(t, opts));
  const rssAfter = treeRssKiB(store.proc.pid);
  await stopChild(store);
  return {
    workers,
    storeEnv,
    startupSeconds,
    product: { pid, pagePath },
    rows,
    // The peak is one process's (the primary's, with workers): kept for a single process only.
    memory: {
      storefrontRssMiBAtStart: mib(rssAtStart.rss),
      storefrontRssMiBAfterRuns: mib(rssAfter.rss),
      storefrontPeakRssMiB: workers === 1 ? mib(rssAfter.peak) : null,
    },
  };
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err) => {
    log(`error: ${err?.stack ?? err}`);
    stopCurrentRun();
    await cleanup();
    process.exit(1);
  },
);
