import type { RequestHandler } from 'express';

type Json = Record<string, unknown>;

export interface QueryShapes {
  /** Query parameters declared as comma-separated lists (`style: form`, `explode: false`, an array: `tags=a,b`). */
  lists: Set<string>;
  /** Query parameters declared as numbers or integers (`page`, `pageSize`, `latitude`…). */
  numbers: Set<string>;
}

/** The query parameters of the contracts whose values the validator mishandles in some shapes. */
export function queryShapesOf(...contracts: Json[]): QueryShapes {
  const shapes: QueryShapes = { lists: new Set(), numbers: new Set() };
  for (const contract of contracts) {
    const shared = (contract.components as { parameters?: Record<string, Json> } | undefined)?.parameters ?? {};
    const resolve = (p: Json): Json => (typeof p.$ref === 'string' ? (shared[p.$ref.split('/').pop() ?? ''] ?? {}) : p);
    for (const item of Object.values((contract.paths ?? {}) as Record<string, Json>)) {
      const operations = Object.values(item).filter(
        (o): o is Json => Boolean(o) && typeof o === 'object' && !Array.isArray(o),
      );
      for (const p of [
        ...((item.parameters as Json[] | undefined) ?? []),
        ...operations.flatMap((o) => (o.parameters as Json[] | undefined) ?? []),
      ]) {
        const param = resolve(p);
        if (param.in !== 'query') continue;
        const type = (param.schema as Json | undefined)?.type;
        if (param.explode === false && type === 'array') shapes.lists.add(param.name as string);
        if (type === 'integer' || type === 'number') shapes.numbers.add(param.name as string);
      }
    }
  }
  return shapes;
}

/**
 * Two shapes of query value the validator let through to a crash, passed on instead as text it refuses with
 * the parameter's own code, like any malformed value:
 * - a comma-separated list written as an object (`tags[a]=1`, which the extended query parser makes an
 *   object): the validator split it with `String.prototype.split` and threw (a 500);
 * - a number past the floating-point range (`pageSize=1e400`, `Infinity`): coerced to Infinity, it passed the
 *   validator's bounds (ajv with `strictNumbers` and type coercion) and reached the handlers, whose answers
 *   then failed the response schema (a 500).
 */
export function queryShapes({ lists, numbers }: QueryShapes): RequestHandler {
  return (req, _res, next) => {
    if (!req.url.includes('?')) return next();
    const query = req.query as Record<string, unknown>;
    const fixes: Record<string, string> = {};
    for (const n of lists) {
      const v = query[n];
      if (v !== undefined && typeof v === 'object' && !Array.isArray(v)) fixes[n] = JSON.stringify(v);
    }
    for (const n of numbers) {
      const v = query[n];
      if (typeof v === 'string' && v.trim() !== '' && Number.isNaN(Number(v)) === false && !Number.isFinite(Number(v)))
        fixes[n] = `not a finite number: ${v}`;
    }
    if (Object.keys(fixes).length) {
      // Express 5's req.query is a getter that parses the URL again on each read: hold the fixed copy.
      Object.defineProperty(req, 'query', {
        value: { ...query, ...fixes },
        writable: true,
        configurable: true,
        enumerable: true,
      });
    }
    next();
  };
}
