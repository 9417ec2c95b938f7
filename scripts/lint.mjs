#!/usr/bin/env node
// `npm run lint`: every static check of the code, each timed, all run even when one fails (docs/how-to/lint.md).
//   1. ESLint (recommended rules, TypeScript, React hooks), cached in node_modules/.cache/eslint
//   2. dependency rules (dependency-cruiser, .dependency-cruiser.cjs): no runtime import cycle, features and
//      server modules behind their boundaries, production code free of demo data and of the other workspace's src
//   3. knip: unused files, unused or unlisted dependencies, unresolved imports, unused exports and types
//   4. Prettier --check, cached in node_modules/.cache/prettier
// `--fix` lets ESLint fix what it can and Prettier write (the same as `npm run format` for the formatting).
// The four run at once (each is one process; on 2 cores this halves a cold run), their output printed in order.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (n) => join(root, 'node_modules/.bin', n);
const fix = process.argv.includes('--fix');

/** The folders linted and cruised: every source folder of the repository (generated files are ignored in the configs). */
const SOURCES = [
  'server/src',
  'web/src',
  'web/e2e',
  'web/.ladle',
  'scripts',
  'fixtures',
  'reference',
  'mocks',
  'openapi/src',
];

/** The configuration files at the roots of the workspaces, linted too. */
const CONFIGS = [
  'eslint.config.js',
  '.dependency-cruiser.cjs',
  'vitest.config.ts',
  'web/vite.config.ts',
  'web/playwright.config.ts',
];

const steps = [
  [
    'ESLint',
    bin('eslint'),
    [
      '--cache',
      '--cache-location',
      'node_modules/.cache/eslint/',
      '--max-warnings',
      '0',
      ...(fix ? ['--fix'] : []),
      ...SOURCES,
      ...CONFIGS,
    ],
  ],
  ['dependency rules', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...SOURCES]],
  [
    'knip (unused files, dependencies and exports)',
    bin('knip'),
    [
      '--no-progress',
      '--include',
      'files,dependencies,unlisted,unresolved,binaries,exports,types,nsExports,nsTypes,enumMembers,duplicates',
    ],
  ],
  [
    'Prettier',
    bin('prettier'),
    [
      fix ? '--write' : '--check',
      '--log-level',
      'warn',
      '--cache',
      '--cache-location',
      'node_modules/.cache/prettier/cache.json',
      '.',
    ],
  ],
];

/** Runs one step, its output kept; answers whether it passed, its output and its seconds. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => (out += `${err.message}\n`));
    child.on('close', (code) => resolve({ ok: code === 0, out, seconds: (Date.now() - t) / 1000 }));
  });
}

const started = Date.now();
// ESLint's fixes come before Prettier writes: with --fix the steps run one after the other.
const results = [];
if (fix) for (const [, cmd, args] of steps) results.push(await run(cmd, args));
else results.push(...(await Promise.all(steps.map(([, cmd, args]) => run(cmd, args)))));
const failed = [];
steps.forEach(([name], i) => {
  const { ok, out, seconds } = results[i];
  if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
  if (!ok) failed.push(name);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`);
});
console.log(
  `lint: ${failed.length ? `failed (${failed.join(', ')})` : 'clean'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failed.length ? 1 : 0);
