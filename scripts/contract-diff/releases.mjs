// The contract files of `npm run contract:diff` (scripts/contract-diff.mjs) and their versions: a file parsed once
// per run, the version rules, the released versions of an API.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import YAML from 'yaml';

export const IMPACTS = ['none', 'patch', 'minor', 'major'];

/** A contract file, parsed once per run (the storefront's bundle is 2.7 MB of YAML). */
const parsed = new Map();
export function load(path) {
  const text = readFileSync(path, 'utf8');
  const hit = parsed.get(path);
  if (hit?.text === text) return hit.doc;
  const doc = YAML.parse(text);
  parsed.set(path, { text, doc });
  return doc;
}

export const parseVersion = (v) => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(v));
  if (!m) throw new Error(`info.version ${v} is not major.minor.patch`);
  return m.slice(1).map(Number);
};
export const compareVersions = (a, b) => {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};
/** The impact a version step allows: 1.2.3 → 2.0.0 major, → 1.3.0 minor, → 1.2.4 patch. */
export function bumpOf(from, to) {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  if (b[0] !== a[0]) return 'major';
  if (b[1] !== a[1]) return 'minor';
  return b[2] !== a[2] ? 'patch' : 'none';
}
export const maxImpact = (...list) => list.reduce((m, i) => (IMPACTS.indexOf(i) > IMPACTS.indexOf(m) ? i : m), 'none');

export function releasesOf(releasedDir, api) {
  if (!existsSync(releasedDir)) return [];
  return readdirSync(releasedDir)
    .map((f) => new RegExp(`^${api}-(\\d+\\.\\d+\\.\\d+)\\.bundled\\.yaml$`).exec(f)?.[1])
    .filter(Boolean)
    .sort(compareVersions);
}
