#!/usr/bin/env node
// `npm run bench`: throughput of the production storefront, as a ratio of a bare Express 5 hello-world
// measured in the same run on the same machine (an Express hello-world is the ceiling any Express app can reach here).
//
//   node scripts/bench.mjs [--duration 10] [--connections 100] [--pipelining 10] [--warmup 3]
//                          [--timeout 10] [--products N] [--cache-ttl S] [--skip-build]
// --cache-ttl 0 measures every request against the database (the default server caches public page
// data for 30 s); BENCH_DATABASE_URL runs the storefront on that PostgreSQL instead of a fresh PGlite
// (its catalogue is kept when present).
//
// Builds, starts scripts/bench-hello.mjs and the production server (fresh PGlite dir under the OS temp
// dir) as children on free loopback ports, warms up and measures each target with autocannon one at a
// time, prints a Markdown table (stdout; progress goes to stderr) and writes .reports/bench.json.
// Exits 1 if any target returned errors (timeouts included) or non-2xx responses, or no response at all;
// children are always stopped. BENCH_DEBUG=1 logs the backlog-drain probes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import {
  HOST, children, cleanup, log, measure, mib, root, rssKiB, setTempDir, startChild, startReaper, stopCurrentRun, waitForLine, waitUntilAnswers, freePort,
} from './bench-lib.mjs';

// ---------------------------------------------------------------- options
const USAGE = `usage: node scripts/bench.mjs [--duration S] [--connections N] [--pipelining N] [--warmup S] [--timeout S] [--products N] [--cache-ttl S] [--skip-build]`;
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
  const opts = { duration: 10, connections: 100, pipelining: 10, warmup: 3, timeout: 10, products: undefined, skipBuild: false };
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
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--') || !(name in limits)) throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    value ??= argv[++i];
    const n = Number(value);
    const [min, max] = limits[name];
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer in [${min}, ${max}], got ${value}`);
    opts[name] = n;
  }
  return opts;
}

// ---------------------------------------------------------------- main
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  // Bounded: whatever happens, the whole run ends (build + start + 5 targets with warm-up and drains).
  const budgetMs = 15 * 60_000 + 5 * (opts.duration + opts.warmup + 2 * 60 + 15) * 1000 + (opts.products ?? 0) * 60;
  setTimeout(async () => {
    log(`run exceeded its ${Math.round(budgetMs / 1000)} s budget; aborting`);
    stopCurrentRun();
    await cleanup();
    process.exit(2);
  }, budgetMs).unref();

  if (!opts.skipBuild) {
    log('building (node scripts/build.mjs)');
    await new Promise((resolve, reject) => {
      const b = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
      children.push({ name: 'build', proc: b, exited: new Promise((r) => b.once('exit', r)), alive: () => b.exitCode === null && b.signalCode === null });
      const timer = setTimeout(() => b.kill('SIGTERM'), 10 * 60_000);
      b.once('exit', (code, signal) => {
        clearTimeout(timer);
        code === 0 ? resolve() : reject(new Error(`build failed (code ${code}, signal ${signal})`));
      });
    });
  }

  const [helloPort, storePort] = await Promise.all([freePort(), freePort()]);
  const tempDir = mkdtempSync(join(os.tmpdir(), 'storefront-bench-'));
  setTempDir(tempDir);
  const pgliteDir = join(tempDir, 'pglite');

  const hello = startChild('hello-world', [join(root, 'scripts/bench-hello.mjs')], { ...process.env, NODE_ENV: 'production', PORT: String(helloPort) });

  const storeEnv = { ...process.env, NODE_ENV: 'production', HOST, PORT: String(storePort), PGLITE_DIR: pgliteDir, SHUTDOWN_GRACE_MS: '2000' };
  delete storeEnv.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) storeEnv.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  delete storeEnv.VITE_DEV; // always the production build
  if (opts.products) storeEnv.CATALOG_PRODUCTS = String(opts.products);
  if (opts['cache-ttl'] !== undefined) storeEnv.CACHE_TTL_SECONDS = String(opts['cache-ttl']);
  const store = startChild('storefront', ['--import', 'tsx', join(root, 'server/src/main.ts')], storeEnv);
  startReaper();

  log(`starting hello-world on ${HOST}:${helloPort} and storefront on ${HOST}:${storePort} (PGLITE_DIR ${pgliteDir}${opts.products ? `, ${opts.products} products` : ''})`);
  const startTimeout = 180_000 + (opts.products ?? 0) * 50;
  const started = Date.now();
  await Promise.all([
    waitForLine(hello, /listening on/, 30_000).then(() => waitUntilAnswers(`http://${HOST}:${helloPort}/`, 10_000)),
    waitForLine(store, /Storefront ready at/, startTimeout).then(() => waitUntilAnswers(`http://${HOST}:${storePort}/healthz`, 10_000)),
  ]);
  const startupSeconds = (Date.now() - started) / 1000;
  log(`both answer (storefront ready after ${startupSeconds.toFixed(1)} s)`);
  const rssAtStart = rssKiB(store.proc.pid);

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
    { name: 'Express 5 hello-world', url: `http://${HOST}:${helloPort}/`, pipelining: P, headers: json, baseline: true },
    { name: 'storefront /healthz (middleware only)', url: `${s}/healthz`, pipelining: P, headers: json },
    { name: 'product page data (/ssr/pr)', url: `${s}/ssr/pr/${encodeURIComponent(pid)}?locale=fr-fr`, pipelining: P, headers: json },
    { name: 'category API (/api/data/category)', url: catUrl, pipelining: P, headers: json },
    { name: 'product page HTML (SSR, -p 1)', url: `${s}${pagePath}`, pipelining: 1, headers: { accept: 'text/html' } },
  ];

  const rows = [];
  for (const t of targets) rows.push({ ...(await measure(t, opts)), baseline: !!t.baseline });
  const base = rows.find((r) => r.baseline).reqPerSec;
  for (const r of rows) r.ratioToHello = base > 0 ? r.reqPerSec / base : null;

  const rssAfter = rssKiB(store.proc.pid);
  const helloRss = rssKiB(hello.proc.pid);
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
  const memory = {
    storefrontRssMiBAtStart: mib(rssAtStart.rss),
    storefrontRssMiBAfterRuns: mib(rssAfter.rss),
    storefrontPeakRssMiB: mib(rssAfter.peak),
    helloRssMiBAfterRuns: mib(helloRss.rss),
  };

  // ---- report
  const fmt = (n, d = 0) => (n == null || Number.isNaN(n) ? '–' : n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
  const lines = [
    `| target | req/s (mean) | p50 latency ms | p99 latency ms | errors/non-2xx | ratio to hello-world |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p99)} | ${r.errors}${r.timeouts ? ` (${r.timeouts} timeouts)` : ''}/${r.non2xx}${r.totalRequests === 0 ? ' (no answer)' : ''} | ${r.ratioToHello == null ? '–' : r.ratioToHello.toFixed(3)} |`,
    ),
  ];
  const summary = [
    `## Storefront throughput (${new Date().toISOString()})`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}; autocannon ${machine.autocannon} in the same process as the orchestrator, loopback only.`,
    `Load: -c ${opts.connections} -p ${opts.pipelining} (SSR HTML row -p 1), ${opts.duration} s per target after a ${opts.warmup} s warm-up, one target at a time; request timeout ${opts.timeout} s (counted as errors).`,
    `Catalogue: ${opts.products ?? storeEnv.CATALOG_PRODUCTS ?? 'default (400)'} products, ${storeEnv.DATABASE_URL ? 'PostgreSQL' : 'fresh PGlite'}, page cache ${storeEnv.CACHE_TTL_SECONDS ?? '30'} s; product ${pid}; page ${pagePath}.`,
    '',
    ...lines,
    '',
    `Storefront RSS: ${memory.storefrontRssMiBAtStart} MiB after start, ${memory.storefrontRssMiBAfterRuns} MiB after the runs (peak ${memory.storefrontPeakRssMiB} MiB); hello-world ${memory.helloRssMiBAfterRuns} MiB.`,
  ].join('\n');
  console.log(summary);

  // Errors include timeouts (no answer within --timeout s); a run with no answer at all fails too.
  const failed = rows.filter((r) => r.errors > 0 || r.non2xx > 0 || r.totalRequests === 0);
  const report = {
    date: new Date().toISOString(),
    durationSeconds: (Date.now() - t0) / 1000,
    machine,
    options: { ...opts, storefrontEnv: { NODE_ENV: 'production', CATALOG_PRODUCTS: storeEnv.CATALOG_PRODUCTS ?? null, VALIDATE_RESPONSES: storeEnv.VALIDATE_RESPONSES ?? null, CACHE_TTL_SECONDS: storeEnv.CACHE_TTL_SECONDS ?? null, database: storeEnv.DATABASE_URL ? 'postgres' : 'pglite', LOG_LEVEL: storeEnv.LOG_LEVEL ?? null } },
    startupSeconds,
    product: { pid, pagePath },
    rows,
    memory,
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

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err) => {
    log(`error: ${err?.stack ?? err}`);
    stopCurrentRun();
    await cleanup();
    process.exit(1);
  },
);
