#!/usr/bin/env node
// Production build: contract artifacts, the API portal, and the web app (client + SSR entry).
// Skips what is already up to date so that `npm start` is quick after the first run.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, readdirSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const force = process.argv.includes('--force');

function newest(paths) {
  let t = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const n of readdirSync(p)) if (n !== 'node_modules' && n !== 'dist') visit(join(p, n));
    } else t = Math.max(t, s.mtimeMs);
  };
  paths.forEach(visit);
  return t;
}
const builtAt = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

run('node', [join(root, 'scripts/codegen.mjs')]);

// One self-contained portal page per API (served at /docs and /docs/customer-service).
for (const api of ['storefront', 'customer-service']) {
  const bundle = join(root, `openapi/generated/${api}.bundled.yaml`);
  if (!existsSync(bundle)) continue;
  const docs = join(root, `openapi/dist/${api === 'storefront' ? 'docs' : api}.html`);
  if (force || builtAt(docs) < newest([bundle])) {
    mkdirSync(dirname(docs), { recursive: true });
    run(bin('redocly'), ['build-docs', bundle, '--inlineBundle', '--output', docs]);
  }
}

if (process.argv.includes('--docs-only')) process.exit(0);

const web = join(root, 'web');
const marker = join(web, 'dist/server/entry-server.js');
const sources = [join(web, 'src'), join(web, 'index.html'), join(web, 'vite.config.ts'), join(root, 'openapi/src'), join(root, 'openapi/generated')];
if (force || builtAt(marker) < newest(sources)) {
  run(bin('vite'), ['build', '--logLevel', 'warn'], web);
  run(bin('vite'), ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server', '--logLevel', 'warn'], web);
} else {
  console.log('web build is up to date');
}
