import type { RequestHandler } from 'express';

type Json = Record<string, unknown>;

/**
 * Names of the query parameters the contracts declare as comma-separated lists (`style: form`,
 * `explode: false`, an array: `currentContextTags=guest,fr-fr`).
 */
export function commaListParameters(...contracts: Json[]): Set<string> {
  const names = new Set<string>();
  for (const contract of contracts) {
    const shared = (contract.components as { parameters?: Record<string, Json> } | undefined)?.parameters ?? {};
    const resolve = (p: Json): Json => (typeof p.$ref === 'string' ? (shared[p.$ref.split('/').pop() ?? ''] ?? {}) : p);
    for (const item of Object.values((contract.paths ?? {}) as Record<string, Json>)) {
      const operations = Object.values(item).filter((o): o is Json => Boolean(o) && typeof o === 'object' && !Array.isArray(o));
      for (const p of [...((item.parameters as Json[] | undefined) ?? []), ...operations.flatMap((o) => (o.parameters as Json[] | undefined) ?? [])]) {
        const param = resolve(p);
        if (param.in === 'query' && param.explode === false && (param.schema as Json | undefined)?.type === 'array') names.add(param.name as string);
      }
    }
  }
  return names;
}

/**
 * The extended query parser reads `tags[a]=1` as an object; the validator splits a comma-separated list
 * parameter with `String.prototype.split` and crashed on one (`split is not a function`, a 500). Such a value
 * is passed on as the text the client could have written (`{"a":"1"}`), which the validator refuses with the
 * parameter's own code, like any malformed list.
 */
export function commaListShapes(names: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    if (!names.size || !req.url.includes('?')) return next();
    const query = req.query as Record<string, unknown>;
    const odd = [...names].filter((n) => query[n] !== undefined && typeof query[n] === 'object' && !Array.isArray(query[n]));
    if (odd.length) {
      const fixed = { ...query };
      for (const n of odd) fixed[n] = JSON.stringify(query[n]);
      // Express 5's req.query is a getter that parses the URL again on each read: hold the fixed copy.
      Object.defineProperty(req, 'query', { value: fixed, writable: true, configurable: true, enumerable: true });
    }
    next();
  };
}
