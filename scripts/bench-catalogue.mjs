#!/usr/bin/env node
// `npm run bench:catalogue`: listing with filters, facets, search and autocomplete against the production
// server with every request answered by the database (CACHE_TTL_SECONDS=0, READY_ANSWERS=false unless set), on a small and a large
// catalogue (two storefronts side by side, each target measured on one then the other, each warmed until its
// throughput is steady), on the embedded PGlite and on PostgreSQL, beside an Express 5 hello-world measured in the
// same run. Reports req/s, p50 and p99 at each connection count, the ratio to hello-world, and how p50
// grows from the small to the large catalogue.
//
//   node scripts/bench-catalogue.mjs [--small 1000] [--large 50000] [--duration 8] [--warmup 2] [--steady-within 30]
//                                    [--connections 10,100] [--databases pglite,postgres] [--skip-build] [--fresh]
//                                    [--memory 50000,200000]
//
// --memory N,M: instead of the load runs, the memory of one storefront instance at each catalogue size (on
// the first database given): RSS once ready, and after a warm-up that loads the search prefix index of every
// language (autocomplete in the nine languages, then the autocomplete target for --warmup seconds), beside
// each language's index measured on its own (`scripts/bench-prefix-index.ts`: documents, lexemes, load time,
// the index's estimate and the V8 heap it added).
//
// PostgreSQL: BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) names a server where
// the bench may create databases `storefront_bench_<size>_<hash>`; without it the PostgreSQL rows are
// skipped with a notice. Seeded catalogues (PGlite data dirs under node_modules/.cache, PostgreSQL
// databases) are reused while the generator and the migrations are unchanged (their hash is in the name);
// --fresh seeds again. Writes .reports/bench-catalogue.json and prints a Markdown summary on stdout.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  HOST,
  cleanup,
  freePort,
  log,
  measure,
  mib,
  root,
  treeRssKiB,
  startChild,
  startReaper,
  stopChild,
  stopCurrentRun,
  waitForLine,
  waitUntilAnswers,
  storefrontArgs,
} from './bench-lib.mjs';
import { memoryRuns } from './bench/catalogue-memory.mjs';
import { parseArgs } from './bench/catalogue-options.mjs';
import { targetsFor } from './bench/catalogue-targets.mjs';

/** Changes whenever the generator or the schema changes, so a kept catalogue is never a stale one. */
function catalogueHash() {
  const h = createHash('sha256');
  for (const dir of ['fixtures/catalog', 'server/src/db/migrations']) {
    for (const f of readdirSync(join(root, dir)).sort())
      if (f.endsWith('.ts') && !f.endsWith('.test.ts')) h.update(f).update(readFileSync(join(root, dir, f)));
  }
  h.update(readFileSync(join(root, 'server/src/db/seed.ts')));
  return h.digest('hex').slice(0, 8);
}

async function ensurePostgresDatabase(adminUrl, name, fresh) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${name}`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  if (!opts.skipBuild) {
    log('building (node scripts/build.mjs)');
    await new Promise((resolve, reject) => {
      const b = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
      b.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (code ${code})`))));
    });
  }
  const hash = catalogueHash();
  const cacheDir = join(root, 'node_modules/.cache/storefront-bench');
  mkdirSync(cacheDir, { recursive: true });
  const databases = opts.databases.filter((d) => {
    if (d === 'postgres' && !process.env.BENCH_DATABASE_URL) {
      log('skipping PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
      return false;
    }
    return true;
  });

  /** A production storefront on `database` with `products` products (seeded on its first start). */
  const startStorefront = async (database, products) => {
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      CATALOG_PRODUCTS: String(products),
      CACHE_TTL_SECONDS: '0',
      // The full path: a search repeated while the catalogue stands would otherwise be a ready answer (decision
      // 0198), measured by \`npm run bench\`. READY_ANSWERS=true in the bench's environment measures them here too.
      READY_ANSWERS: process.env.READY_ANSWERS ?? 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '2000',
    };
    delete env.DATABASE_URL;
    delete env.VITE_DEV;
    if (database === 'postgres') {
      env.DATABASE_URL = await ensurePostgresDatabase(
        process.env.BENCH_DATABASE_URL,
        `storefront_bench_${products}_${hash}`,
        opts.fresh,
      );
    } else {
      const dir = join(cacheDir, `pglite-${products}-${hash}`);
      if (opts.fresh) rmSync(dir, { recursive: true, force: true });
      env.PGLITE_DIR = dir;
    }
    log(`starting the storefront on ${database} with ${products} products (the first start seeds the catalogue)`);
    const started = Date.now();
    const store = startChild(`storefront-${database}-${products}`, storefrontArgs(), env);
    startReaper();
    await waitForLine(store, /Storefront ready at/, 60 * 60_000);
    await waitUntilAnswers(`http://${HOST}:${port}/healthz`, 10_000);
    const startupSeconds = (Date.now() - started) / 1000;
    log(`ready after ${startupSeconds.toFixed(1)} s`);
    return { store, port, env, startupSeconds };
  };

  if (opts.memory.length > 0) {
    await memoryRuns(opts, databases[0] ?? 'pglite', startStorefront);
    await cleanup();
    return;
  }

  const helloPort = await freePort();
  const hello = startChild('hello-world', [join(root, 'scripts/bench-hello.mjs')], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(helloPort),
  });
  startReaper();
  await waitForLine(hello, /listening on/, 30_000);
  await waitUntilAnswers(`http://${HOST}:${helloPort}/`, 10_000);

  const rows = [];
  const runOpts = (connections) => ({
    connections,
    duration: opts.duration,
    warmup: opts.warmup,
    steadyWithin: opts.steadyWithin,
    timeout: opts.timeout,
  });
  for (const connections of opts.connections) {
    const r = await measure(
      {
        name: 'Express 5 hello-world',
        url: `http://${HOST}:${helloPort}/`,
        pipelining: 1,
        headers: { accept: 'application/json' },
      },
      runOpts(connections),
    );
    rows.push({ database: '-', products: 0, target: r.name, ...r });
  }

  const startups = [];
  for (const database of databases) {
    // Both catalogues' storefronts run side by side, and each target is measured on the small one and then the
    // large one, seconds apart: the growth compares two runs on the same host, not runs minutes apart on a shared
    // machine whose speed drifts (the idle storefront waits without work).
    const stores = [];
    for (const products of [opts.small, opts.large])
      stores.push({ products, ...(await startStorefront(database, products)) });
    const targets = stores.map((s) => targetsFor(`http://${HOST}:${s.port}`));
    for (let t = 0; t < (targets[0]?.length ?? 0); t++) {
      for (const connections of opts.connections) {
        for (let k = 0; k < stores.length; k++) {
          const target = targets[k][t];
          const r = await measure({ ...target, pipelining: 1 }, runOpts(connections));
          rows.push({ database, products: stores[k].products, target: target.name, ...r });
        }
      }
    }
    for (const { products, store, startupSeconds } of stores) {
      startups.push({ database, products, startupSeconds, rssMiB: mib(treeRssKiB(store.proc.pid).rss) });
      await stopChild(store);
    }
  }
  await cleanup();

  const hello10 = (c) => rows.find((r) => r.database === '-' && r.connections === c)?.reqPerSec;
  const fmt = (n, d = 0) =>
    n == null || Number.isNaN(n)
      ? '–'
      : n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  // The answers' own times (`preciseLatencyMs`, 0.01 ms) where the run kept them, autocannon's whole milliseconds
  // beside them: a 3 ms p50 read in whole milliseconds may be anything from 3.0 to 3.99.
  const p50 = (r) => r.preciseLatencyMs?.p50 ?? r.latencyMs.p50;
  const p99 = (r) => r.preciseLatencyMs?.p99 ?? r.latencyMs.p99;
  const table = [
    '| database | products | target | connections | warm-up s | req/s | p50 ms | p99 ms | p50 / p99, whole ms | errors/non-2xx | ratio to hello-world |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.products ? fmt(r.products) : '–'} | ${r.target} | ${r.connections} | ${r.warmupSeconds ?? opts.warmup} | ${fmt(r.reqPerSec)} | ${fmt(p50(r), 2)} | ${fmt(p99(r), 2)} | ${fmt(r.latencyMs.p50)} / ${fmt(r.latencyMs.p99)} | ${r.errors}/${r.non2xx} | ${fmt(r.reqPerSec / hello10(r.connections), 3)} |`,
    ),
  ];
  const growth = [];
  for (const database of databases) {
    for (const target of targetsFor('').map((t) => t.name)) {
      const at = (products) =>
        rows.find(
          (r) =>
            r.database === database &&
            r.products === products &&
            r.target === target &&
            r.connections === opts.connections[0],
        );
      const small = at(opts.small);
      const large = at(opts.large);
      if (small && large)
        growth.push(
          `| ${database} | ${target} | ${fmt(p50(small), 2)} | ${fmt(p50(large), 2)} | ${fmt(p50(large) / p50(small), 2)}× | ${fmt(small.latencyMs.p50)} → ${fmt(large.latencyMs.p50)} (${fmt(large.latencyMs.p50 / small.latencyMs.p50, 2)}×) | ${fmt(small.reqPerSec / large.reqPerSec, 2)}× |`,
        );
    }
  }
  const cpus = os.cpus();
  const summary = [
    `## Catalogue benchmark (${new Date().toISOString()})`,
    '',
    `Machine: ${cpus.length} cores (${cpus[0]?.model}), Node ${process.version}; autocannon beside the servers, loopback only, pipelining 1, ${opts.duration} s per row after ${opts.warmup} s of warm-up${opts.steadyWithin ? `, continued in slices of 2 s until one serves no more than 3 % above the best before it (${opts.steadyWithin} s at most)` : ''}; every request answered by the database (cache off) through the full path (ready answers ${process.env.READY_ANSWERS ?? 'false'}).`,
    '',
    ...table,
    '',
    `p50 growth from ${fmt(opts.small)} to ${fmt(opts.large)} products at ${opts.connections[0]} connections:`,
    '',
    '| database | target | p50 small ms | p50 large ms | growth | in whole ms | req/s, small ÷ large |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...growth,
    '',
    `Start-up (seeding included on a first start): ${startups.map((s) => `${s.database} ${fmt(s.products)}: ${fmt(s.startupSeconds, 1)} s, ${s.rssMiB} MiB RSS after the runs`).join('; ')}.`,
  ].join('\n');
  console.log(summary);
  const out = join(root, '.reports/bench-catalogue.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        durationSeconds: (Date.now() - t0) / 1000,
        options: opts,
        rows,
        startups,
        markdown: summary,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${out}`);
  if (rows.some((r) => r.errors > 0 || r.non2xx > 0 || r.totalRequests === 0)) {
    log('FAILED: errors or non-2xx responses');
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
