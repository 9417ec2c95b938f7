#!/usr/bin/env node
// `npm test`: every suite, then one plain summary line `N passed, N failed` (CI reads it).
//   first: lint (`npm run lint`: ESLint, dependency rules, knip, Prettier), one check, printed with its time
//   1. contract: lint + generated files up to date
//   2. typecheck
//   3. Vitest: unit + API on in-memory PGlite
//   4. Vitest: API on PostgreSQL, when TEST_DATABASE_URL is set (skipped with a notice otherwise)
//   0. the production build runs before the suites (the server-process and browser tests serve it)
//   5. Playwright in Debian Chromium (skipped with a notice when /usr/bin/chromium is missing)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (n) => join(root, 'node_modules/.bin', n);
let passed = 0;
let failed = 0;
const lines = [];

const seconds = {};
function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  seconds[name] = Math.round((Date.now() - started) / 1000);
  return r.status === 0;
}
function check(name, ok) {
  if (ok) passed++;
  else failed++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
}
// The summary names each failed test with the first line of its error, so that the end of a long CI log
// (often all that is kept) says what failed.
// eslint-disable-next-line no-control-regex -- the terminal's colour codes (ESC [ … m), stripped
const COLOURS = /\u001b\[[0-9;]*m/g;
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOURS, '')
    .trim()
    .split('\n')[0]
    .slice(0, 200);
/**
 * A browser test's error: its first line, the line of the spec that failed, and what was expected and received
 * (an expectation like toHaveURL says only "failed" on its first line; which step, and where the page was, is the
 * rest).
 */
function playwrightWhy(error) {
  if (!error) return '';
  const lines = String(error.message ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .map((l) => l.trim());
  const detail = lines.filter((l) => /^(Expected|Received)\b[^:]*:/.test(l)).slice(0, 2);
  const at = error.location ? `${error.location.file.split('/').pop()}:${error.location.line}` : '';
  return [firstLine(error.message), at && `at ${at}`, ...detail.map((l) => l.slice(0, 160))]
    .filter(Boolean)
    .join(' · ');
}
function listFailures(failures) {
  for (const f of failures.slice(0, 15)) lines.push(`       ✗ ${f.where} › ${f.title}${f.why ? ` — ${f.why}` : ''}`);
  if (failures.length > 15) lines.push(`       … and ${failures.length - 15} more`);
}
function playwrightFailures(suites, file = '') {
  const out = [];
  for (const s of suites ?? []) {
    const where = s.file ?? file;
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const r = (t.results ?? []).find((x) => x.status !== 'passed');
          out.push({ where, title: spec.title, why: playwrightWhy(r?.error) });
        }
      }
    }
    out.push(...playwrightFailures(s.suites, where));
  }
  return out;
}
function vitest(name, report, env, args = []) {
  const ok = step(
    name,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    env,
  );
  if (!existsSync(report)) return check(`${name} (no report)`, false);
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A suite that fails to load counts as a failure even with no failed test.
  if (!ok && r.numFailedTests === 0) failed++;
  lines.push(
    `${ok ? 'ok  ' : 'FAIL'} ${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped (${seconds[name]} s)`,
  );
  const failures = [];
  for (const file of r.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push({ where, title: t.fullName ?? t.title, why: firstLine(t.failureMessages?.[0]) });
    }
    // A file that fails to load has no test results, only its message.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push({ where, title: '(the file)', why: firstLine(file.message) });
    }
  }
  listFailures(failures);
}

const linted = step('lint', 'node', ['scripts/lint.mjs']);
check(`lint: ESLint, dependency rules, knip, Prettier (${seconds.lint} s)`, linted);
check('contract lint', step('contract lint', bin('redocly'), ['lint']));
check('generated files up to date', step('generated files', 'node', ['scripts/codegen.mjs', '--check']));
check('no breaking change since the released contract', step('contract diff', 'node', ['scripts/contract-diff.mjs']));
check('typecheck', step('typecheck', 'npm', ['run', '--silent', 'typecheck']));
check(
  'component stories build',
  step('stories build (Ladle)', 'npm', ['--prefix', 'web', 'run', '--silent', 'stories:build']),
);
// The production build comes before the suites: the server-process test and the browser tests serve it.
check('production build', step('production build', 'node', ['scripts/build.mjs']));
// Each PGlite file has its own in-memory database, and each PostgreSQL worker its own copy of the seeded
// database (server/src/test/global-setup.ts), so files run one per core (Vitest's default leaves a core idle:
// 15 → 10 minutes on 2 cores for PGlite).
const workers = ['--maxWorkers', String(Math.max(2, availableParallelism()))];
vitest('unit + API tests (PGlite)', join(reports, 'vitest-pglite.json'), {}, workers);
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL)', join(reports, 'vitest-postgres.json'), { TEST_DB: 'postgres' }, [
    '--project',
    'api',
    ...workers,
  ]);
} else {
  lines.push('skip API tests on PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const ok = step('browser tests (Chromium)', bin('playwright'), ['test', '-c', 'web/playwright.config.ts']);
  const report = join(reports, 'e2e.json');
  if (existsSync(report)) {
    const e2e = JSON.parse(readFileSync(report, 'utf8'));
    const s = e2e.stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    lines.push(
      `${ok ? 'ok  ' : 'FAIL'} browser tests: ${s.expected} passed, ${s.unexpected} failed, ${s.skipped} skipped (${seconds['browser tests (Chromium)']} s)`,
    );
    listFailures(playwrightFailures(e2e.suites));
    if (!ok && s.unexpected === 0) failed++;
  } else check('browser tests (no report)', false);
} else {
  lines.push(`skip browser tests: ${chromium} not found (apt-get install -y chromium)`);
}

console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
