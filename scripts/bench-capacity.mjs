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
import { mkdirSync, writeFileSync } from 'node:fs';
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
  storefrontArgs,
} from './bench-lib.mjs';
import { kinds, sampleOf } from './bench/capacity-kinds.mjs';
import { backendWatch, cpuMs, loops, machineMs, redisCommands } from './bench/capacity-load.mjs';
import { model, PEAK } from './bench/capacity-model.mjs';

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
  const child = startChild(name, storefrontArgs(), { ...env, PORT: String(port) });
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
