#!/usr/bin/env node
// `npm run contract:diff`: compares each API's bundled contract with its last released version
// (openapi/released/<api>-<version>.bundled.yaml) and fails on a breaking (major) change.
// Policy (docs/contract-policy.md): released operations, parameters and fields are never removed or
// narrowed; new operations, optional fields and new enum values of *responses* that clients must
// tolerate (ErrorCode, PageType) are minor. `--release` copies the current bundles as a new release.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const released = join(root, 'openapi/released');
const redocly = join(root, 'node_modules/.bin/redocly');
const versionKey = (v) => v.split('.').map((n) => n.padStart(6, '0')).join('.');
let failed = false;

for (const api of ['storefront', 'customer-service']) {
  const current = join(root, `openapi/generated/${api}.bundled.yaml`);
  if (!existsSync(current)) continue;
  const versions = readdirSync(released)
    .map((f) => new RegExp(`^${api}-(\\d+\\.\\d+\\.\\d+)\\.bundled\\.yaml$`).exec(f)?.[1])
    .filter(Boolean)
    .sort((a, b) => versionKey(a).localeCompare(versionKey(b)));
  if (process.argv.includes('--release')) {
    const version = YAML.parse(readFileSync(current, 'utf8')).info.version;
    copyFileSync(current, join(released, `${api}-${version}.bundled.yaml`));
    console.log(`released ${api} ${version}`);
    continue;
  }
  const last = versions.at(-1);
  if (!last) {
    console.log(`${api}: no released version yet (npm run contract:diff -- --release to record one)`);
    continue;
  }
  console.log(`${api}: changes since released ${last}`);
  const r = spawnSync(
    redocly,
    ['diff', join(released, `${api}-${last}.bundled.yaml`), current, '--fail-on', 'major', '--skip-rule', 'enum-values-added'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
