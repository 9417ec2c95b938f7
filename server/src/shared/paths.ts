// Where the server finds the files it reads at run time (the web build, the translations, the API portals,
// the contracts' parse cache …), from wherever its code runs: its TypeScript sources (tsx, the tests) or the
// production bundle `npm run build` makes (server/dist/main.mjs), which holds every module in one file, so a
// path relative to a module's own folder would point elsewhere there.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder at or above `from` holding `server/package.json`: the repository (or the image's /app). */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'server', 'package.json'))) return dir;
    if (dirname(dir) === dir)
      throw new Error(`no server/package.json above ${from}: the server runs from inside its repository`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);

/** A path inside the repository, given from its root (`web/dist`, `openapi/dist` …). */
export const fromRoot = (...parts: string[]) => join(REPO_ROOT, ...parts);
