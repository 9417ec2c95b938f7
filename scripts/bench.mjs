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
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const log = (...a) => console.error('[bench]', ...a);

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

// ---------------------------------------------------------------- children and cleanup
const children = []; // { name, proc, exited: Promise }
let tempDir;
let cleaningUp;

function startChild(name, args, env) {
  // IPC channel: the children notice when the bench goes away (even if killed with SIGKILL).
  const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const tail = [];
  const lineListeners = new Set();
  const onData = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      for (const l of lineListeners) l(line);
    }
  };
  // Always drain the pipes, or a chatty child blocks on a full pipe.
  proc.stdout.on('data', onData);
  proc.stderr.on('data', onData);
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  proc.on('error', (err) => log(`${name}: ${err.message}`));
  const child = { name, proc, tail, lineListeners, exited, alive: () => proc.exitCode === null && proc.signalCode === null };
  children.push(child);
  return child;
}

async function stopChild(child) {
  if (!child.alive()) return;
  child.proc.kill('SIGTERM');
  const timedOut = await Promise.race([child.exited.then(() => false), sleep(5000).then(() => true)]);
  if (timedOut && child.alive()) {
    log(`${child.name} did not stop within 5 s; SIGKILL`);
    child.proc.kill('SIGKILL');
    await Promise.race([child.exited, sleep(2000)]);
  }
}

function cleanup() {
  cleaningUp ??= (async () => {
    await Promise.all(children.map(stopChild));
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    stopReaper();
  })();
  return cleaningUp;
}

// If the bench itself dies without cleaning up (SIGKILL, crash), a small detached process stops the
// children and removes the temp dir. It must live outside the server: with its stdout pipe broken, the
// server's synchronous logger retries the write forever and never reaches its own SIGTERM handler.
let reaper;
const REAPER = `
let job = { pids: [], dir: null };
process.on('message', (m) => { if (m === 'done') process.exit(0); job = m; });
process.on('disconnect', async () => {
  const kill = (sig) => job.pids.forEach((pid) => { try { process.kill(pid, sig); } catch {} });
  kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 5000));
  kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  if (job.dir) require('node:fs').rmSync(job.dir, { recursive: true, force: true });
  process.exit(0);
});`;
function startReaper() {
  reaper = spawn(process.execPath, ['-e', REAPER], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], detached: true });
  reaper.on('error', (err) => log(`reaper: ${err.message}`));
  reaper.send({ pids: children.filter((c) => c.name !== 'build').map((c) => c.proc.pid), dir: tempDir });
}
function stopReaper() {
  if (reaper?.connected) reaper.send('done');
}

// Last resort when the process exits without going through cleanup() (synchronous only).
process.on('exit', () => {
  for (const c of children) if (c.alive()) c.proc.kill('SIGKILL');
  if (tempDir && existsSync(tempDir)) {
    try {
      rmSync(tempDir, { recursive: true, force: true });
    } catch {}
  }
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, async () => {
    log(`${sig}: stopping`);
    currentRun?.stop();
    // A second signal during cleanup exits at once (the 'exit' hook still SIGKILLs the children).
    process.on(sig, () => process.exit(130));
    await cleanup();
    process.exit(130);
  });
}

function waitForLine(child, pattern, timeoutMs) {
  return new Promise((resolve, reject) => {
    const done = (fn, v) => {
      clearTimeout(timer);
      child.lineListeners.delete(onLine);
      fn(v);
    };
    const onLine = (line) => pattern.test(line) && done(resolve, line);
    const timer = setTimeout(() => done(reject, new Error(`${child.name} not ready within ${timeoutMs / 1000} s\n${child.tail.join('\n')}`)), timeoutMs);
    child.lineListeners.add(onLine);
    child.exited.then(({ code, signal }) => done(reject, new Error(`${child.name} exited early (code ${code}, signal ${signal})\n${child.tail.join('\n')}`)));
  });
}

async function waitUntilAnswers(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs / 1000} s (${last})`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function rssKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1]);
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    try {
      return { rss: Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()), peak: undefined };
    } catch {
      return { rss: undefined, peak: undefined };
    }
  }
}
const mib = (kib) => (Number.isFinite(kib) ? Math.round(kib / 1024) : null);

// ---------------------------------------------------------------- measuring
let currentRun;
function cannon(opts) {
  return new Promise((resolve, reject) => {
    currentRun = autocannon(opts, (err, result) => {
      currentRun = undefined;
      if (err) reject(err);
      else resolve(result);
    });
  });
}

async function expect2xx(url, headers) {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(10000) });
  const body = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${url} answered ${res.status} before the run: ${body.slice(0, 300)}`);
  return { status: res.status, bytes: Buffer.byteLength(body), contentType: res.headers.get('content-type') };
}

// After a run the server may still be working through requests the closed connections left behind
// (with -p 10 that is up to connections × 10 of them): wait until the target answers a single request
// about as fast as it did when idle, so that one run's backlog never leaks into the next measurement.
async function settle(target, idleMs) {
  const started = Date.now();
  const limit = Math.max(250, 5 * idleMs);
  while (Date.now() - started < 60_000) {
    const t = performance.now();
    try {
      const res = await fetch(target.url, { headers: target.headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      const ms = performance.now() - t;
      if (process.env.BENCH_DEBUG) log(`settle probe ${res.status} ${ms.toFixed(1)} ms (limit ${limit.toFixed(0)})`);
      if (ms <= limit) return (Date.now() - started) / 1000;
    } catch (err) {
      if (process.env.BENCH_DEBUG) log(`settle probe failed: ${err.message}`);
    }
    await sleep(250);
  }
  // The machine may simply be busy with something else: say so and go on.
  log(`warning: ${target.name} still answers slower than ${limit.toFixed(0)} ms 60 s after the load stopped`);
  return null;
}

async function measure(target, opts) {
  const base = {
    url: target.url,
    connections: opts.connections,
    pipelining: target.pipelining,
    headers: target.headers,
    timeout: opts.timeout,
  };
  // Check the answer, and time it idle (best of 3) for settle().
  let probe;
  let idleMs = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    probe = await expect2xx(target.url, target.headers);
    idleMs = Math.min(idleMs, performance.now() - t);
  }
  if (opts.warmup > 0) {
    log(`warm-up   ${target.name} (${opts.warmup} s)`);
    await cannon({ ...base, duration: opts.warmup });
    const s = await settle(target, idleMs);
    if (s == null || s > 1) log(`          drained the warm-up backlog in ${s == null ? '> 60' : s.toFixed(1)} s`);
  }
  log(`measuring ${target.name} (${opts.duration} s, -c ${opts.connections} -p ${target.pipelining})`);
  const r = await cannon({ ...base, duration: opts.duration });
  const drainSeconds = await settle(target, idleMs);
  if (drainSeconds == null || drainSeconds > 1) log(`          drained the backlog in ${drainSeconds == null ? '> 60' : drainSeconds.toFixed(1)} s`);
  return {
    name: target.name,
    path: new URL(target.url).pathname + new URL(target.url).search,
    connections: opts.connections,
    pipelining: target.pipelining,
    duration: opts.duration,
    responseBytes: probe.bytes,
    contentType: probe.contentType,
    idleLatencyMs: Math.round(idleMs * 10) / 10,
    reqPerSec: r.requests.average,
    reqPerSecStddev: r.requests.stddev,
    totalRequests: r.requests.total,
    latencyMs: { mean: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    throughputBytesPerSec: r.throughput.average,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: { '1xx': r['1xx'], '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    backlogDrainSeconds: drainSeconds,
  };
}

// ---------------------------------------------------------------- main
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  // Bounded: whatever happens, the whole run ends (build + start + 5 targets with warm-up and drains).
  const budgetMs = 15 * 60_000 + 5 * (opts.duration + opts.warmup + 2 * 60 + 15) * 1000 + (opts.products ?? 0) * 60;
  setTimeout(async () => {
    log(`run exceeded its ${Math.round(budgetMs / 1000)} s budget; aborting`);
    currentRun?.stop();
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
  tempDir = mkdtempSync(join(os.tmpdir(), 'storefront-bench-'));
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
    currentRun?.stop();
    await cleanup();
    process.exit(1);
  },
);
