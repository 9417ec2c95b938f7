// The contract validator finds a request's operation by compiling each documented path into a regular expression
// (path-to-regexp), in turn, until one matches: on every request, again. On the storefront's contract (about 120
// paths, 3 µs a compilation) that was a tenth of the CPU of a product page data request. The compiled expressions
// depend only on the path and two flags, so the validator's copy of path-to-regexp is given a memory of them.
import { createRequire } from 'node:module';

type Compiled = { regexp: RegExp; keys: { name: string }[] };
type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => Compiled;

/** More than any contract has paths: beyond it (paths that are not a contract's), nothing more is kept. */
const MAX_KEPT = 2_000;

let installed = false;

/**
 * Makes the `pathToRegexp` the validator calls remember what it compiled, for a path given as text with no
 * options but `sensitive` and `strict` (the validator's call); any other call compiles as before. The expressions
 * are not global (no `g` or `y` flag: `exec` keeps no state), so one can serve every request. Once per process.
 */
export function rememberRouteRegexps(): void {
  if (installed) return;
  installed = true;
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const library = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const compile = library.pathToRegexp;
  // By flags (sensitive, strict), then by path: no key is made per call.
  const kept = [0, 1, 2, 3].map(() => new Map<string, Compiled>());
  let size = 0;
  library.pathToRegexp = (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    for (const k in options) if (k !== 'sensitive' && k !== 'strict') return compile(path, options);
    const byPath = kept[(options?.sensitive ? 2 : 0) + (options?.strict ? 1 : 0)] as Map<string, Compiled>;
    let found = byPath.get(path);
    if (!found) {
      found = compile(path, options);
      if (size < MAX_KEPT && !found.regexp.global && !found.regexp.sticky) {
        byPath.set(path, found);
        size++;
      }
    }
    return found;
  };
}
