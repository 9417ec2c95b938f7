#!/usr/bin/env node
// Production build: contract artifacts, the API portals, the web app (client + SSR entry) and the server's bundle.
// Each step runs only when its inputs changed: codegen writes a generated file only when its content changes
// (and skips the work when its inputs are those of its last run), and the portals and the web build keep a
// content hash of their inputs next to their output (`openapi/dist/<page>.inputs-hash`,
// `web/dist/.inputs-hash`), so that a warm `npm start` goes straight to the server. `--force` builds all.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, isUpToDate, recordInputs, stampOf, versionOf } from './build-cache.mjs';
import { PORTALS, buildPortal } from './portal.mjs';
import { SERVER_BUNDLE, buildServer } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const force = process.argv.includes('--force');
const started = performance.now();
const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

run('node', [join(root, 'scripts/codegen.mjs'), ...(force ? ['--force'] : [])]);

// One self-contained portal page per API (served at /docs and /docs/customer-service).
const built = PORTALS.filter(
  (portal) =>
    existsSync(join(root, `openapi/generated/${portal.api}.bundled.yaml`)) && buildPortal(root, portal, { force }),
);
console.log(
  built.length
    ? `built the API portals: ${built.map((p) => p.page).join(', ')} (${took()})`
    : 'API portals are up to date',
);

if (process.argv.includes('--docs-only')) process.exit(0);

// The web app: what the client and SSR bundles are made from — the web sources (not their tests and
// stories), the contract's types and client, the market and boutique rules it imports from reference/, the
// locked dependency versions, and the VITE_ variables Vite inlines.
const web = join(root, 'web');
const dist = join(web, 'dist');
const stamp = stampOf(dist, true);
const hash = inputsHash(root, {
  paths: [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'web/tsconfig.json',
    'openapi/src',
    'openapi/generated',
    'fixtures',
    'reference',
    'package-lock.json',
    'tsconfig.base.json',
    'scripts/build.mjs',
  ],
  skip: ['node_modules', 'dist'],
  exclude: /\.(test|stories)\.tsx?$|^openapi\/generated\/.*\.bundled\.yaml$|^openapi\/src\/.*\.test\.ts$/,
  extra: [
    versionOf(root, 'vite'),
    process.env.NODE_ENV ?? '',
    Object.entries(process.env)
      .filter(([k]) => k.startsWith('VITE_'))
      .sort(),
  ],
});
if (force || !isUpToDate(join(dist, 'server/entry-server.js'), stamp, hash)) {
  rmSync(stamp, { force: true });
  run(bin('vite'), ['build', '--logLevel', 'warn'], web);
  run(bin('vite'), ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server', '--logLevel', 'warn'], web);
  recordInputs(stamp, hash);
  console.log(`built the web app (${took()})`);
} else {
  console.log('web build is up to date');
}

// The server in one module (scripts/build-server.mjs): built from the sources every time, written when it changes.
const serverStarted = performance.now();
const serverChanged = await buildServer(root);
console.log(
  `${serverChanged ? 'built' : 'checked'} the server bundle, ${SERVER_BUNDLE} (${((performance.now() - serverStarted) / 1000).toFixed(1)} s)`,
);
