#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G and 4× CPU
// slowdown) on the production storefront, the median of several runs per page, against the web targets.
//
//   node scripts/bench-web.mjs [--runs 5] [--locales fr-fr,ja-jp] [--pages home,listing,…] [--skip-build]
//
// Builds (node scripts/build.mjs), starts the production server on a fresh embedded database (PGlite dir
// under the OS temp dir) on a free loopback port, and finds its pages at run time from the server's own
// data: the home page; the listing of the home page's first featured category; the first product of that
// listing that can be bought online; a search for the category's name; the basket and the checkout with
// that product in the bag (added through the API; the session cookie goes to Lighthouse as a header).
// Each Lighthouse run gets its own headless Chromium (CHROME_PATH, default /usr/bin/chromium) with a fresh
// profile and no background networking, and audits the performance category only. The load average and
// Lighthouse's benchmarkIndex of each run are kept: the machine may be busy with other work. Each run is also
// audited a second time with the page's main-thread tasks at their CPU time (bench/web-cpu-time.mjs): what of
// the blocking time is the page's work, and what its thread spent waiting for a core.
//
// Prints a Markdown table (stdout; progress goes to stderr) and writes .reports/bench-web.json, plus the
// Lighthouse report of each page's median run under .reports/lighthouse/. A benchmark, not a test: it
// exits 0 whether or not the targets are met, and 1 only when it cannot run (build, server, Chromium, a
// page that fails to load in every run); children are always stopped.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import {
  HOST,
  cleanup,
  freePort,
  log,
  root,
  runBuild,
  setTempDir,
  startChild,
  startReaper,
  waitForLine,
  waitUntilAnswers,
  storefrontArgs,
} from './bench-lib.mjs';
import { cpuTimeAudit } from './bench/web-cpu-time.mjs';
import {
  auditSettings,
  CHROME_FLAGS,
  checkTargets,
  lighthouseRun,
  median,
  metrics,
  TARGETS,
} from './bench/web-lighthouse.mjs';
import { discover } from './bench/web-pages.mjs';

// ---------------------------------------------------------------- options
const PAGES = ['home', 'listing', 'product', 'search', 'basket', 'checkout'];
const USAGE = `usage: node scripts/bench-web.mjs [--runs N] [--locales fr-fr,ja-jp] [--pages ${PAGES.join(',')}] [--skip-build]`;

function parseArgs(argv) {
  const opts = { runs: 5, locales: ['fr-fr', 'ja-jp'], pages: PAGES, skipBuild: false };
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
    if (!['--runs', '--locales', '--pages'].includes(arg)) throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    value ??= argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
    if (arg === '--runs') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 50)
        throw new Error(`--runs must be an integer in [1, 50], got ${value}`);
      opts.runs = n;
    } else if (arg === '--locales') {
      opts.locales = value
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const bad = opts.locales.find((l) => !/^[a-z]{2}-[a-z]{2}$/.test(l));
      if (bad || !opts.locales.length) throw new Error(`--locales takes locales like fr-fr,ja-jp, got ${value}`);
    } else {
      opts.pages = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = opts.pages.find((p) => !PAGES.includes(p));
      if (bad || !opts.pages.length) throw new Error(`--pages takes some of ${PAGES.join(',')}, got ${value}`);
    }
  }
  return opts;
}

/** The CJK languages among the locales for which the machine has no face (`fc-list`); none where fc-list is absent. */
function languagesWithoutFace(locales) {
  const languages = [...new Set(locales.map((l) => l.split('-')[0]).filter((l) => ['ja', 'ko', 'zh'].includes(l)))];
  return languages.filter((language) => {
    try {
      return (
        execFileSync('fc-list', [`:lang=${language}`, 'family'], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .trim() === ''
      );
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------- main
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH`);
  const targetsCount = opts.pages.length * opts.locales.length;
  // Bounded: whatever happens, the whole run ends (build, start, and at most 3 minutes per Lighthouse run).
  const budgetMs = 15 * 60_000 + targetsCount * opts.runs * 200_000;
  setTimeout(async () => {
    log(`run exceeded its ${Math.round(budgetMs / 1000)} s budget; aborting`);
    await cleanup();
    process.exit(2);
  }, budgetMs).unref();

  if (!opts.skipBuild) await runBuild();

  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const tempDir = mkdtempSync(join(os.tmpdir(), 'storefront-bench-web-'));
  setTempDir(tempDir);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    PGLITE_DIR: join(tempDir, 'pglite'),
    PUBLIC_ORIGIN: base,
    SHUTDOWN_GRACE_MS: '2000',
  };
  delete env.DATABASE_URL;
  delete env.VITE_DEV; // always the production build
  const store = startChild('storefront', storefrontArgs(), env);
  startReaper();
  log(`starting the storefront on ${base} (PGLITE_DIR ${env.PGLITE_DIR})`);
  const started = Date.now();
  await waitForLine(store, /Storefront ready at/, 180_000);
  await waitUntilAnswers(`${base}/readyz`, 30_000);
  log(`storefront ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const targets = [];
  for (const locale of opts.locales) targets.push(...(await discover(base, locale, opts.pages)));
  // Page order in the table: by page, then locale.
  targets.sort(
    (a, b) =>
      PAGES.indexOf(a.page) - PAGES.indexOf(b.page) || opts.locales.indexOf(a.locale) - opts.locales.indexOf(b.locale),
  );
  for (const t of targets) {
    // Each page answers 200 before it is measured; this also fills the server's page cache, as for any shopper after the first.
    const res = await fetch(base + t.path, {
      headers: { accept: 'text/html', ...(t.cookie ? { cookie: t.cookie } : {}) },
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status} before the run`);
    log(`${t.page.padEnd(8)} ${t.locale} ${decodeURI(t.path)}${t.note ? ` (${t.note})` : ''}`);
  }

  const lhVersion = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  let chromiumVersion;
  try {
    chromiumVersion = execFileSync(chromePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    chromiumVersion = chromePath;
  }
  const missingFaces = languagesWithoutFace(opts.locales);
  if (missingFaces.length)
    log(
      `no system face for ${missingFaces.join(', ')}: a phone has one; without it Chromium searches every face for each character, and layout costs several times more (docs/web-performance.md#running-it)`,
    );
  const reportDir = join(root, '.reports/lighthouse');
  mkdirSync(reportDir, { recursive: true });

  const rows = [];
  let n = 0;
  for (const t of targets) {
    const lhrs = [];
    const failures = [];
    for (let i = 1; i <= opts.runs; i++) {
      const runStarted = Date.now();
      try {
        const { lhr, gatherDir } = await lighthouseRun(base + t.path, t, tempDir, ++n);
        lhr.loadAverage1m = Math.round(os.loadavg()[0] * 100) / 100;
        try {
          lhr.cpuTime = await cpuTimeAudit(gatherDir, join(tempDir, `cpu-time-${n}`), auditSettings(t));
        } catch (err) {
          log(`${t.page} ${t.locale} run ${i}: no CPU-time audit (${err.message})`);
        } finally {
          rmSync(gatherDir, { recursive: true, force: true });
        }
        lhrs.push(lhr);
        const m = metrics(lhr);
        log(
          `${t.page} ${t.locale} run ${i}/${opts.runs}: score ${m.score}, LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms (${m.cpuTimeTbtMs == null ? '–' : Math.round(m.cpuTimeTbtMs)} at CPU time), CLS ${m.cls?.toFixed(3)} (${((Date.now() - runStarted) / 1000).toFixed(0)} s)`,
        );
      } catch (err) {
        failures.push(err.message);
        log(`${t.page} ${t.locale} run ${i}/${opts.runs} failed: ${err.message}`);
      }
    }
    const runs = lhrs.map(metrics);
    const med = Object.fromEntries(
      Object.keys(runs[0] ?? metrics({ audits: {}, categories: {} })).map((k) => [k, median(runs.map((r) => r[k]))]),
    );
    if (med.score != null) med.score = Math.round(med.score);
    let report = null;
    if (lhrs.length) {
      const file = `${t.page}-${t.locale}.json`;
      let medianRun;
      try {
        medianRun = computeMedianRun(lhrs); // Lighthouse's choice: the run nearest the median FCP and TTI
      } catch {
        medianRun = lhrs[0];
      }
      writeFileSync(join(reportDir, file), JSON.stringify(medianRun));
      report = `.reports/lighthouse/${file}`;
    }
    const missed = lhrs.length ? checkTargets(t.page, med) : ['no successful run'];
    rows.push({
      page: t.page,
      locale: t.locale,
      path: t.path,
      note: t.note ?? null,
      runs: lhrs.length,
      failures,
      median: med,
      allRuns: runs,
      targetsMet: missed.length === 0,
      missed,
      report,
    });
  }
  await cleanup();

  // ---- report
  const s = (v) => (v == null ? '–' : (v / 1000).toFixed(2) + ' s');
  const ms = (v) => (v == null ? '–' : Math.round(v) + ' ms');
  const range = (values, d) => {
    const v = values.filter(Number.isFinite);
    return v.length
      ? `${Math.min(...v).toFixed(d)}–${Math.max(...v).toFixed(d)} (median ${median(v).toFixed(d)})`
      : '–';
  };
  const lines = [
    `| page | locale | score | FCP | LCP | TBT | CLS | JS KB | targets | TBT at CPU time | main thread CPU / wall |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|`,
    ...rows.map((r) => {
      const m = r.median;
      const runs = r.runs < opts.runs ? ` (${r.runs}/${opts.runs} runs)` : '';
      const share =
        m.mainThreadWallMs > 0 && m.mainThreadCpuMs != null
          ? `${Math.round((100 * m.mainThreadCpuMs) / m.mainThreadWallMs)} %`
          : '–';
      return `| ${r.page} | ${r.locale} | ${m.score ?? '–'} | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls == null ? '–' : m.cls.toFixed(3)} | ${m.jsBytes == null ? '–' : (m.jsBytes / 1024).toFixed(1)} | ${r.targetsMet ? 'met' : `not met: ${r.missed.join(', ')}`}${runs} | ${ms(m.cpuTimeTbtMs)} | ${share} |`;
    }),
  ];
  const cpus = os.cpus();
  const machine = {
    cores: cpus.length,
    cpuModel: cpus[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    chromium: chromiumVersion,
    lighthouse: lhVersion,
  };
  const durationSeconds = (Date.now() - t0) / 1000;
  const summary = [
    `## Storefront pages, Lighthouse mobile (${new Date().toISOString()})`,
    '',
    `Lighthouse ${lhVersion} defaults (mobile emulation, simulated slow 4G and 4× CPU slowdown), performance category; ${chromiumVersion}, headless; ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}.`,
    `Each figure is the median of ${opts.runs} run${opts.runs > 1 ? 's' : ''}, taken metric by metric; JS KB = transferred bytes of the page's scripts. Production build, fresh embedded database, loopback.`,
    `Targets: score ≥ ${TARGETS.score} (${TARGETS.scorePages.join(', ')}), LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}.`,
    `The last two columns are a diagnostic, not the targets' measure: the same runs audited again with each task of the page's main thread shortened to the CPU time its thread used (the time it waited for a core taken out), and that CPU time as a share of the tasks' wall time. Low shares: the machine's cores were shared, and the blocking time is partly the machine's (docs/web-performance.md#blocking-time-at-cpu-time).`,
    '',
    ...lines,
    '',
    `Machine during the runs: load average (1 min) ${range(
      rows.flatMap((r) => r.allRuns.map((x) => x.loadAverage)),
      1,
    )}, Lighthouse benchmarkIndex ${range(
      rows.flatMap((r) => r.allRuns.map((x) => x.benchmarkIndex)),
      0,
    )}.`,
    ...(missingFaces.length
      ? [
          `No system face for ${missingFaces.join(', ')} on this machine (install fonts-noto-cjk): those pages' layout is not a phone's.`,
        ]
      : []),
    `Pages: ${rows.map((r) => `${r.page} ${r.locale} ${decodeURI(r.path)}${r.note ? ` (${r.note})` : ''}`).join('; ')}.`,
    `Run took ${Math.floor(durationSeconds / 60)} min ${Math.round(durationSeconds % 60)} s.`,
  ].join('\n');
  console.log(summary);

  const out = join(root, '.reports/bench-web.json');
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        durationSeconds,
        machine,
        options: { ...opts, chromeFlags: CHROME_FLAGS },
        targets: TARGETS,
        rows,
        allTargetsMet: rows.every((r) => r.targetsMet),
        markdown: summary,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${out} and the median runs' reports under ${reportDir}`);
  const failed = rows.filter((r) => r.runs === 0);
  if (failed.length) {
    log(`FAILED: no Lighthouse run succeeded on ${failed.map((r) => `${r.page} ${r.locale}`).join(', ')}`);
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
