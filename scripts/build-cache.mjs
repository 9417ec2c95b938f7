// Content hashes of a build's inputs, stored next to its output: a build step runs only when the hash of
// what it is made from differs from the one recorded by its last successful run (file times are not used:
// codegen, a checkout or a copy can touch a file without changing it).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Hash of files and directories (relative to `root`; directories walked in a stable order, skipping
 * `skip` names and files matched by `exclude`) and of extra values (versions, options, environment).
 */
export function inputsHash(root, { paths, skip = ['node_modules', 'dist'], exclude = /^$/, extra = [] }) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!existsSync(p)) {
      hash.update(`missing ${relative(root, p)}\0`);
      return;
    }
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!skip.includes(name)) visit(join(p, name));
      return;
    }
    const rel = relative(root, p).replaceAll('\\', '/');
    if (exclude.test(rel)) return;
    hash.update(`${rel}\0`).update(readFileSync(p)).update('\0');
  };
  for (const p of paths) visit(join(root, p));
  for (const value of extra) hash.update(`${JSON.stringify(value)}\0`);
  return hash.digest('hex');
}

/** The stamp file of an output: `<output>.inputs-hash` for a file, `<dir>/.inputs-hash` for a directory. */
export const stampOf = (output, isDirectory = false) =>
  isDirectory ? join(output, '.inputs-hash') : `${output}.inputs-hash`;

/** The output exists and was built from inputs with this hash. */
export function isUpToDate(output, stamp, hash) {
  return existsSync(output) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

export function recordInputs(stamp, hash) {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
}

/** The version of an installed package (part of a build's inputs: a new tool version builds again). */
export function versionOf(root, pkg) {
  const manifest = join(root, 'node_modules', pkg, 'package.json');
  return existsSync(manifest) ? `${pkg}@${JSON.parse(readFileSync(manifest, 'utf8')).version}` : `${pkg}@?`;
}
