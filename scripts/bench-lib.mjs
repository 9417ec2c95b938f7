// Shared machinery of the benchmarks (`scripts/bench.mjs`, `scripts/bench-catalogue.mjs`, `scripts/bench-web.mjs`): child processes
// that are always stopped (even when the bench dies), free loopback ports, readiness waits, autocannon runs
// that check the answer first, warm up, and wait for the server to drain its backlog between runs.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';
export const log = (...a) => console.error('[bench]', ...a);

// ---------------------------------------------------------------- children and cleanup
export const children = []; // { name, proc, exited: Promise }
let tempDir;
let cleaningUp;
/** A temporary folder removed with the children (also by the reaper when the bench dies). */
export function setTempDir(dir) {
  tempDir = dir;
}

/** The production build (`node scripts/build.mjs`), stopped with the bench; at most 10 minutes. */
export function runBuild() {
  log('building (node scripts/build.mjs)');
  return new Promise((resolve, reject) => {
    const b = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
    children.push({
      name: 'build',
      proc: b,
      exited: new Promise((r) => b.once('exit', r)),
      alive: () => b.exitCode === null && b.signalCode === null,
    });
    const timer = setTimeout(() => b.kill('SIGTERM'), 10 * 60_000);
    b.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`build failed (code ${code}, signal ${signal})`));
    });
  });
}

/**
 * What a bench starts: the production bundle (`server/dist/main.mjs`, made by the build), as `npm start` and the
 * image run it, not the sources through tsx (a process of its own loader and source maps). `--skip-build`
 * measures the bundle already built.
 */
const STOREFRONT_BUNDLE = join(root, 'server/dist/main.mjs');
export function storefrontArgs() {
  if (!existsSync(STOREFRONT_BUNDLE))
    throw new Error(`${STOREFRONT_BUNDLE} is missing: run npm run build, or the bench without --skip-build`);
  return [STOREFRONT_BUNDLE];
}

export function startChild(name, args, env) {
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
  const child = {
    name,
    proc,
    tail,
    lineListeners,
    exited,
    alive: () => proc.exitCode === null && proc.signalCode === null,
  };
  children.push(child);
  return child;
}

export async function stopChild(child) {
  if (!child.alive()) return;
  child.proc.kill('SIGTERM');
  const timedOut = await Promise.race([child.exited.then(() => false), sleep(5000).then(() => true)]);
  if (timedOut && child.alive()) {
    log(`${child.name} did not stop within 5 s; SIGKILL`);
    child.proc.kill('SIGKILL');
    await Promise.race([child.exited, sleep(2000)]);
  }
}

export function cleanup() {
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
export function startReaper() {
  // Called again after starting more children: the running reaper gets the new list.
  if (reaper?.connected) {
    reaper.send({ pids: children.filter((c) => c.name !== 'build' && c.alive()).map((c) => c.proc.pid), dir: tempDir });
    return;
  }
  reaper = spawn(process.execPath, ['-e', REAPER], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], detached: true });
  reaper.on('error', (err) => log(`reaper: ${err.message}`));
  reaper.send({ pids: children.filter((c) => c.name !== 'build').map((c) => c.proc.pid), dir: tempDir });
}
export function stopReaper() {
  if (reaper?.connected) reaper.send('done');
}

// Last resort when the process exits without going through cleanup() (synchronous only).
process.on('exit', () => {
  for (const c of children) if (c.alive()) c.proc.kill('SIGKILL');
  if (tempDir && existsSync(tempDir)) {
    try {
      rmSync(tempDir, { recursive: true, force: true });
    } catch {
      // Already gone, or still held by a process: the next run's cleanup takes it.
    }
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

export function waitForLine(child, pattern, timeoutMs) {
  return new Promise((resolve, reject) => {
    const done = (fn, v) => {
      clearTimeout(timer);
      child.lineListeners.delete(onLine);
      fn(v);
    };
    const onLine = (line) => pattern.test(line) && done(resolve, line);
    const timer = setTimeout(
      () => done(reject, new Error(`${child.name} not ready within ${timeoutMs / 1000} s\n${child.tail.join('\n')}`)),
      timeoutMs,
    );
    child.lineListeners.add(onLine);
    child.exited.then(({ code, signal }) =>
      done(reject, new Error(`${child.name} exited early (code ${code}, signal ${signal})\n${child.tail.join('\n')}`)),
    );
  });
}

export async function waitUntilAnswers(url, timeoutMs) {
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

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function rssKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1]);
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    try {
      return {
        rss: Number(
          execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
            .toString()
            .trim(),
        ),
        peak: undefined,
      };
    } catch {
      return { rss: undefined, peak: undefined };
    }
  }
}
/**
 * RSS of a storefront process and of its workers (a cluster's: with WEB_CONCURRENCY above 1 the process started is
 * the primary, which serves nothing), not of helpers such as tsx's esbuild; the peak is the process's own.
 */
export function treeRssKiB(pid) {
  const own = rssKiB(pid);
  let rss = own.rss ?? 0;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
      if (/server\/(dist\/main\.mjs|src\/main\.ts)/.test(readFileSync(`/proc/${child}/cmdline`, 'utf8')))
        rss += rssKiB(Number(child)).rss ?? 0;
    }
  } catch {
    // The process ended while its children were read: count what was read.
  }
  return { rss: own.rss === undefined ? undefined : rss, peak: own.peak };
}
export const mib = (kib) => (Number.isFinite(kib) ? Math.round(kib / 1024) : null);

// ---------------------------------------------------------------- measuring
let currentRun;
export function stopCurrentRun() {
  currentRun?.stop();
}
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    // autocannon's own percentiles are whole milliseconds (its histogram's lowest discernible value is 1 ms):
    // at 3–6 ms a step is a sixth to a third of the figure. Each 2xx answer's time is kept as measured
    // (`process.hrtime`, fractions of a millisecond) for `preciseLatency`.
    const times = [];
    currentRun = autocannon(opts, (err, result) => {
      currentRun = undefined;
      if (err) reject(err);
      else resolve(Object.assign(result, { preciseLatency: preciseLatency(times) }));
    });
    currentRun.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
}

/** Percentiles (nearest rank) and mean of answer times in ms, to 0.01 ms; null without answers. */
export function preciseLatency(times) {
  if (times.length === 0) return null;
  const sorted = Float64Array.from(times).sort();
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 100) / 100;
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { mean: Math.round(mean * 100) / 100, p50: at(0.5), p90: at(0.9), p99: at(0.99), count: sorted.length };
}

export async function expect2xx(url, headers) {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(10000) });
  const body = await res.text();
  if (res.status < 200 || res.status > 299)
    throw new Error(`${url} answered ${res.status} before the run: ${body.slice(0, 300)}`);
  return { status: res.status, bytes: Buffer.byteLength(body), contentType: res.headers.get('content-type') };
}

// After a run the server may still be working through requests the closed connections left behind
// (with -p 10 that is up to connections × 10 of them): wait until the target answers a single request
// about as fast as it did when idle, so that one run's backlog never leaks into the next measurement.
export async function settle(target, idleMs) {
  const started = Date.now();
  const limit = Math.max(250, 5 * idleMs);
  while (Date.now() - started < 60_000) {
    const t = performance.now();
    try {
      const res = await fetch(target.url, {
        headers: target.headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
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

/** `measure`'s warm-up until steady (`opts.steadyWithin`): slices of this many seconds, while one gains this much. */
const STEADY_SLICE_S = 2;
const STEADY_GAIN = 0.03;

export async function measure(target, opts) {
  const base = {
    url: target.url,
    connections: opts.connections,
    pipelining: target.pipelining,
    headers: target.headers,
    timeout: opts.timeout,
    // Several paths (e.g. autocomplete prefixes) are sent in turn, so one hot query is not all that is measured.
    ...(target.requests ? { requests: target.requests } : {}),
  };
  // Check the answer, and time it idle (best of 3) for settle().
  let probe;
  let idleMs = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    probe = await expect2xx(target.url, target.headers);
    idleMs = Math.min(idleMs, performance.now() - t);
  }
  let warmupSeconds = 0;
  if (opts.warmup > 0) {
    log(`warm-up   ${target.name} (${opts.warmup} s${opts.steadyWithin ? ', then until steady' : ''})`);
    let r = await cannon({ ...base, duration: opts.warmup });
    warmupSeconds = opts.warmup;
    // Until steady (opts.steadyWithin seconds at most): slices of STEADY_SLICE_S seconds while one still serves
    // more than STEADY_GAIN above the best before it — a process still loading an index on first use, or its
    // code still being optimised, is not what a steady load meets.
    let best = r.requests.average;
    while (opts.steadyWithin && warmupSeconds + STEADY_SLICE_S <= opts.steadyWithin) {
      r = await cannon({ ...base, duration: STEADY_SLICE_S });
      warmupSeconds += STEADY_SLICE_S;
      if (r.requests.average <= best * (1 + STEADY_GAIN)) break;
      best = r.requests.average;
    }
    if (warmupSeconds > opts.warmup) log(`          steady after ${warmupSeconds} s`);
    const s = await settle(target, idleMs);
    if (s == null || s > 1) log(`          drained the warm-up backlog in ${s == null ? '> 60' : s.toFixed(1)} s`);
  }
  log(`measuring ${target.name} (${opts.duration} s, -c ${opts.connections} -p ${target.pipelining})`);
  const r = await cannon({ ...base, duration: opts.duration });
  const drainSeconds = await settle(target, idleMs);
  if (drainSeconds == null || drainSeconds > 1)
    log(`          drained the backlog in ${drainSeconds == null ? '> 60' : drainSeconds.toFixed(1)} s`);
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
    latencyMs: {
      mean: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    /** The same answers' times to 0.01 ms (autocannon's `latencyMs` are whole milliseconds). */
    preciseLatencyMs: r.preciseLatency,
    throughputBytesPerSec: r.throughput.average,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: { '1xx': r['1xx'], '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    backlogDrainSeconds: drainSeconds,
    warmupSeconds,
  };
}
