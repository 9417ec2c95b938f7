// A hot read's SQL text made once. Kysely builds and compiles a query from scratch on each call (a tree of frozen
// nodes, then its text): on the product page, a tenth of a request's CPU. A read whose text never changes
// between calls — only its values do — is built once with a marker in place of each value, and each call sends
// the same text with its own values.
import { CompiledQuery, type Compilable } from 'kysely';
import type { DB } from './database.ts';

const MARK = '\u0000compiled-once:';

/**
 * `build(arg, shape)` writes the query with `arg(name)` wherever a call's own value goes; `shape` names a variant
 * of its text (a condition present or not), each compiled on first use. A value that is not an argument stays
 * what it was when the text was made.
 */
class CompiledOnce<A extends Record<string, unknown>, R> {
  private readonly texts = new Map<string, CompiledQuery<R>>();
  constructor(
    private readonly build: (
      db: DB,
      arg: <K extends keyof A & string>(name: K) => A[K],
      shape: string,
    ) => Compilable<R>,
  ) {}

  async rows(db: DB, args: A, shape = ''): Promise<R[]> {
    let text = this.texts.get(shape);
    if (!text) {
      text = this.build(db, (name) => `${MARK}${name}` as never, shape).compile();
      const unknown = text.parameters.find(
        (p) => typeof p === 'string' && p.startsWith(MARK) && !(p.slice(MARK.length) in args),
      );
      if (unknown) throw new Error(`compiled-once: no argument ${String(unknown).slice(MARK.length)}`);
      this.texts.set(shape, text);
    }
    const parameters = text.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? args[p.slice(MARK.length)] : p,
    );
    const result = await db.executeQuery(CompiledQuery.raw(text.sql, parameters));
    return result.rows as R[];
  }
}

/** `compiledOnce<Args>()(build)`: the arguments named, the rows' type taken from the query. */
export function compiledOnce<A extends Record<string, unknown>>() {
  return <R>(build: (db: DB, arg: <K extends keyof A & string>(name: K) => A[K], shape: string) => Compilable<R>) =>
    new CompiledOnce<A, R>(build);
}
