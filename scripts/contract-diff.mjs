#!/usr/bin/env node
// `npm run contract:diff`: compares each API's bundled contract (openapi/generated/<api>.bundled.yaml) with its
// last released version (openapi/released/<api>-<version>.bundled.yaml) and fails when
//   - a change is breaking: `redocly diff` rates it major (its `diff-recommended` rules, `redocly.yaml`), or it
//     removes a released operation or a released example name (a Prism `Prefer: example=<name>` would fail),
//     which redocly does not judge: it compares only the operations present in both, and rates a removed
//     example as a patch;
//   - an operation is in no release (every operation a client can call is in a recorded baseline);
//   - `info.version` is lower than the last release, or the API's changelog is not what the releases give.
// Policy: docs/contract-policy.md.
//
//   --release            records the current bundles under their `info.version` (which must be higher than the
//                        last release and bumped at least as much as the changes require) and regenerates the
//                        changelogs
//   --release --replace  rewrites the baseline of the current version (a baseline that missed operations)
//   --changelog          regenerates openapi/CHANGELOG-<api>.md from the released bundles alone
//   --changelog --check  fails when a changelog is not what the released bundles give
//   --api NAME           one API only;  --root DIR  another checkout (the tests use small fixture contracts)
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changelogOf, changelogPath, recordReleaseDate } from './contract-diff/changelog.mjs';
import { compareContracts, unreleasedOperations } from './contract-diff/compare.mjs';
import { bumpOf, compareVersions, IMPACTS, load, releasesOf } from './contract-diff/releases.mjs';

export { changelogOf, changelogPath, changelogSection } from './contract-diff/changelog.mjs';
export {
  compareContracts,
  operationChanges,
  operationIndex,
  redoclyDiff,
  unreleasedOperations,
} from './contract-diff/compare.mjs';
export { bumpOf, compareVersions, parseVersion, releasesOf } from './contract-diff/releases.mjs';

const toolsRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const API_NAMES = ['storefront', 'customer-service'];

// ---- the command ----------------------------------------------------------------------------------------

/**
 * Runs the checks (or a release, or the changelogs) on a checkout; returns `{ ok, lines }` — what it found,
 * one line each — rather than printing, so that the tests read it.
 */
export function run(
  root,
  {
    release = false,
    replace = false,
    changelog = false,
    check = false,
    apis = API_NAMES,
    today = new Date().toISOString().slice(0, 10),
  } = {},
) {
  const released = join(root, 'openapi/released');
  const lines = [];
  let ok = true;
  const fail = (line) => {
    ok = false;
    lines.push(`✗ ${line}`);
  };
  for (const api of apis) {
    const current = join(root, `openapi/generated/${api}.bundled.yaml`);
    if (!existsSync(current)) continue;
    const versions = releasesOf(released, api);
    const last = versions.at(-1);
    const lastPath = last && join(released, `${api}-${last}.bundled.yaml`);

    if (changelog) {
      if (!last) continue;
      const text = changelogOf(released, api);
      const path = changelogPath(root, api);
      if (check) {
        if (!existsSync(path) || readFileSync(path, 'utf8') !== text)
          fail(
            `${api}: openapi/CHANGELOG-${api}.md is not what the released contracts give (npm run contract:changelog)`,
          );
        else lines.push(`${api}: changelog up to date`);
      } else {
        writeFileSync(path, text);
        lines.push(`${api}: wrote openapi/CHANGELOG-${api}.md`);
      }
      continue;
    }

    const doc = load(current);
    const version = doc.info?.version;
    if (release) {
      const target = join(released, `${api}-${version}.bundled.yaml`);
      if (last && compareVersions(version, last) < 0) {
        fail(`${api}: info.version ${version} is lower than the last release ${last}`);
        continue;
      }
      if (last === version && !replace) {
        fail(`${api}: ${version} is already released; bump info.version (or --replace to rewrite that baseline)`);
        continue;
      }
      if (last && last !== version) {
        const step = compareContracts(lastPath, current);
        const bump = bumpOf(last, version);
        if (IMPACTS.indexOf(step.impact) > IMPACTS.indexOf(bump)) {
          fail(`${api}: the changes since ${last} are ${step.impact}, but ${last} → ${version} is a ${bump} step`);
          for (const b of step.breaking) lines.push(`    ${b}`);
          continue;
        }
      }
      copyFileSync(current, target);
      recordReleaseDate(released, api, version, today);
      writeFileSync(changelogPath(root, api), changelogOf(released, api));
      lines.push(
        `${api}: released ${version}${last === version ? ' (baseline replaced)' : ''}; wrote openapi/CHANGELOG-${api}.md`,
      );
      continue;
    }

    if (!last) {
      fail(`${api}: no released version (npm run contract:diff -- --release records ${version})`);
      continue;
    }
    if (compareVersions(version, last) < 0)
      fail(`${api}: info.version ${version} is lower than the last release ${last}`);
    const step = compareContracts(lastPath, current);
    const s = step.report.summary ?? {};
    lines.push(
      `${api}: ${version} against released ${last}: ${s.major ?? 0} major, ${s.minor ?? 0} minor, ${s.patch ?? 0} patch (redocly); rated ${step.impact}`,
    );
    for (const b of step.breaking) fail(`${api}: breaking: ${b}`);
    const docs = versions.map((v) => load(join(released, `${api}-${v}.bundled.yaml`)));
    for (const op of unreleasedOperations(doc, docs)) {
      fail(`${api}: ${op} is in no release (bump info.version, then npm run contract:diff -- --release)`);
    }
    // The changelog is what the released bundles give (one redocly diff per release after the first).
    const log = existsSync(changelogPath(root, api)) ? readFileSync(changelogPath(root, api), 'utf8') : '';
    if (log !== changelogOf(released, api))
      fail(`${api}: openapi/CHANGELOG-${api}.md is not what the released contracts give (npm run contract:changelog)`);
  }
  return { ok, lines };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argv = process.argv.slice(2);
  const value = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const api = value('--api');
  const { ok, lines } = run(value('--root') ?? toolsRoot, {
    release: argv.includes('--release'),
    replace: argv.includes('--replace'),
    changelog: argv.includes('--changelog'),
    check: argv.includes('--check'),
    apis: api ? [api] : API_NAMES,
  });
  console.log(lines.join('\n'));
  if (!ok) console.error('contract diff failed: see the lines marked ✗ (policy: docs/contract-policy.md)');
  process.exit(ok ? 0 : 1);
}
