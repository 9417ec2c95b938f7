// The two judgements of a step between contracts, for `npm run contract:diff` (scripts/contract-diff.mjs):
// redocly's, and the operations' and example names' own, which redocly does not judge.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveRef } from '../contract-ref.mjs';
import { load, maxImpact } from './releases.mjs';

const toolsRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// ---- what redocly does not judge: operations and example names ------------------------------------------

function resolver(doc) {
  return (node) => resolveRef(doc, node);
}

/**
 * Every operation of a contract by `METHOD path`: its operationId, tags and the names of its examples — of the
 * request body (`request <name>`) and of each response (`<status> <name>`), the names `Prefer: example=` picks.
 */
export function operationIndex(doc) {
  const resolve = resolver(doc);
  const ops = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const examples = new Set();
      for (const media of Object.values(resolve(op.requestBody)?.content ?? {})) {
        for (const name of Object.keys(media?.examples ?? {})) examples.add(`request ${name}`);
      }
      for (const [status, ref] of Object.entries(op.responses ?? {})) {
        for (const media of Object.values(resolve(ref)?.content ?? {})) {
          for (const name of Object.keys(media?.examples ?? {})) examples.add(`${status} ${name}`);
        }
      }
      ops.set(`${method.toUpperCase()} ${path}`, { id: op.operationId, tags: op.tags ?? [], examples });
    }
  }
  return ops;
}

/** The changes of operations and example names from `base` to `revision`, each `{ impact, kind, message }`. */
export function operationChanges(base, revision) {
  const [before, after] = [operationIndex(base), operationIndex(revision)];
  const changes = [];
  for (const [key, op] of before) {
    const now = after.get(key);
    if (!now) {
      changes.push({ impact: 'major', kind: 'operation-removed', key, message: `${key} (${op.id}) was removed` });
      continue;
    }
    for (const name of op.examples) {
      if (!now.examples.has(name)) {
        const [where, example] = [name.slice(0, name.indexOf(' ')), name.slice(name.indexOf(' ') + 1)];
        const what = where === 'request' ? 'request example' : `example of the ${where} response`;
        changes.push({
          impact: 'major',
          kind: 'example-removed',
          key,
          message: `${key} (${op.id}): ${what} "${example}" was removed or renamed (Prefer: example=${example} would fail)`,
        });
      }
    }
    for (const name of now.examples)
      if (!op.examples.has(name))
        changes.push({
          impact: 'patch',
          kind: 'example-added',
          key,
          message: `${key} (${op.id}): example ${name} added`,
        });
  }
  for (const [key, op] of after)
    if (!before.has(key))
      changes.push({ impact: 'minor', kind: 'operation-added', key, message: `${key} (${op.id}) was added` });
  return changes;
}

/** Operations of `current` that no released baseline holds (`released`: the parsed releases). */
export function unreleasedOperations(current, released) {
  const known = new Set(released.flatMap((doc) => [...operationIndex(doc).keys()]));
  return [...operationIndex(current)].filter(([key]) => !known.has(key)).map(([key, op]) => `${key} (${op.id})`);
}

// ---- redocly diff ---------------------------------------------------------------------------------------

/**
 * `redocly diff` of two contract files as its JSON report (`summary`, `bump`, `changes`). New values in
 * response enums clients must tolerate (ErrorCode, PageType) are not breaking: `enum-values-added` is skipped.
 */
export function redoclyDiff(basePath, revisionPath) {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  try {
    const out = join(dir, 'diff.json');
    const r = spawnSync(
      join(toolsRoot, 'node_modules/.bin/redocly'),
      [
        'diff',
        basePath,
        revisionPath,
        '--fail-on',
        'none',
        '--skip-rule',
        'enum-values-added',
        '--format',
        'json',
        '--output',
        out,
      ],
      {
        cwd: toolsRoot,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    if (r.status !== 0 || !existsSync(out)) throw new Error(`redocly diff failed:\n${r.stderr || r.stdout}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `#/paths/~1api~1x/post/responses/200` → `POST /api/x`; undefined for a change outside an operation. */
export function operationOfPointer(pointer) {
  const m = /^#\/paths\/([^/]+)(?:\/([a-z]+))?/.exec(pointer);
  if (!m) return undefined;
  const path = m[1].replaceAll('~1', '/').replaceAll('~0', '~');
  return m[2] && METHODS.includes(m[2]) ? `${m[2].toUpperCase()} ${path}` : `* ${path}`;
}

/** Both judgements of one step: redocly's and the operations' own. `impact`: what the step requires. */
export function compareContracts(basePath, revisionPath) {
  const [base, revision] = [basePath, revisionPath].map(load);
  const report = redoclyDiff(basePath, revisionPath);
  const own = operationChanges(base, revision);
  const redoclyMajor = (report.changes ?? []).filter((c) => c.impact === 'major');
  const breaking = [
    ...redoclyMajor.map(
      (c) =>
        `${c.path}: ${c.typeName} ${c.kind}${c.verdicts?.length ? ` (${c.verdicts.map((v) => v.message ?? v.rule ?? v).join('; ')})` : ''}`,
    ),
    ...own.filter((c) => c.impact === 'major').map((c) => c.message),
  ];
  const impact = maxImpact(report.bump ?? 'none', ...own.map((c) => c.impact));
  return { base, revision, report, own, breaking, impact };
}
