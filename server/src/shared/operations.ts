import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { CustomerServiceOperations, operations } from './http.ts';
import { AppError } from './errors.ts';
import { preparedJson, sendPrepared } from './prepared-body.ts';
import type { ReadyAnswers } from './ready-answers.ts';
import type { CacheHold } from './ttl-cache.ts';

/** Every operation of both contracts (their ids are distinct: the registry refuses a duplicate at start). */
type Operations = operations & CustomerServiceOperations;
export type OperationId = keyof Operations;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** `never` (the generated type of "no such parameters") as an empty object. */
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : T;
type Parameters_<Id extends OperationId> = Operations[Id]['parameters'];
/** The path parameters of an operation, as the validator leaves them (strings, or the contract's type). */
export type PathOf<Id extends OperationId> = OrEmpty<NonNullable<Parameters_<Id>['path']>>;
/** The query of an operation after validation and coercion (numbers are numbers, lists are arrays). */
export type QueryOf<Id extends OperationId> = OrEmpty<NonNullable<Parameters_<Id>['query']>>;
/** The JSON body of an operation (`undefined` when it takes none; optional bodies may be absent). */
export type BodyOf<Id extends OperationId> = [NonNullable<Operations[Id]['requestBody']>] extends [never]
  ? undefined
  : NonNullable<Operations[Id]['requestBody']> extends { content: { 'application/json': infer B } }
    ? undefined extends Operations[Id]['requestBody']
      ? B | undefined
      : B
    : undefined;
type SuccessStatus = 200 | 201 | 202 | 203 | 206;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
/** The JSON answer of an operation's success statuses (`never` when none is JSON). */
export type ResponseOf<Id extends OperationId> = {
  [S in keyof Operations[Id]['responses'] & SuccessStatus]: JsonOf<Operations[Id]['responses'][S]>;
}[keyof Operations[Id]['responses'] & SuccessStatus];

/** What a typed handler receives: the validated request's parts, and the request and response themselves. */
export interface HandlerInput<Id extends OperationId> {
  path: PathOf<Id>;
  query: QueryOf<Id>;
  body: BodyOf<Id>;
  /** For what is not in the contract's parameters: headers, cookies, the session middleware's locals, the logger. */
  req: Request;
  /** For answers that are not one JSON value: streams, redirects, cookies, prepared bodies, 204. */
  res: Response;
}

/**
 * A public answer the same for every request of its URL while `hold` hits: sent as a prepared body and kept as a
 * ready answer (`shared/ready-answers.ts`) — see `ready()`.
 */
export class ReadyAnswer<T> {
  constructor(
    readonly value: T,
    readonly hold: CacheHold | undefined,
  ) {}
}

/**
 * What a handler returns for an answer that depends on its URL alone (never on cookies, the session or other
 * headers) and stands while `hold` hits: a cache entry's hold (`TtlCache.holdOn`), or one that retains the answer
 * and says how long it stands. The registry sends it as a prepared body (its ETag, its compressed forms) and
 * keeps it as a ready answer, answered again before the Express stack while the hold hits; no hold, nothing
 * kept. Where responses are validated it goes through `res.json`, as any answer, and nothing is kept.
 * [decision 0198](../../../docs/decisions/0198-ready-catalogue-answers.md)
 */
export function ready<T>(value: T, hold: CacheHold | undefined): ReadyAnswer<T> {
  return new ReadyAnswer(value, hold);
}

/** How the registry sends the answers of `ready()`. */
export interface ReadyAnswerOptions {
  /** Responses are checked against the contract (the validator reads `res.json`): nothing is prepared nor kept. */
  validateResponses: boolean;
  /** Where they are kept (absent: sent prepared, never kept). */
  readyAnswers?: ReadyAnswers | undefined;
}

export interface OperationHandler<Id extends OperationId> {
  /** Middleware run first, in order (cache headers, session, rate limits…). */
  use?: RequestHandler[];
  /**
   * Returns the operation's JSON answer, which the registry sends with the operation's success status
   * (its first 2xx with a JSON body in the contract), or nothing when it answered through `res` itself.
   * A public answer that stands while a hold hits is returned through `ready()`.
   * Failures are thrown as `AppError`.
   */
  run: (input: HandlerInput<Id>) => Promise<Answer<Id> | void> | Answer<Id> | void;
}

type Answer<Id extends OperationId> = ResponseOf<Id> | ReadyAnswer<ResponseOf<Id>>;

interface OperationInfo {
  id: string;
  method: Method;
  /** OpenAPI path, e.g. `/api/data/category/{slug}`. */
  path: string;
  /** The status a returned answer is sent with: the first 2xx of the contract with a JSON body, else 200. */
  success: number;
  /** Path parameters the contract declares as numbers (Express hands every path parameter over as text). */
  numericPath: string[];
}

/** `/api/data/category/{slug}` → `/api/data/category/:slug` (Express 5 / path-to-regexp 8). */
export function toExpressPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

type ContractParameter = { $ref?: string; name?: string; in?: string; schema?: { type?: string } };
type ContractOperation = {
  operationId?: string;
  parameters?: ContractParameter[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

function successStatusOf(op: ContractOperation): number {
  const statuses = Object.entries(op.responses ?? {})
    .filter(([status, r]) => /^2\d\d$/.test(status) && r?.content?.['application/json'] !== undefined)
    .map(([status]) => Number(status))
    .sort((a, b) => a - b);
  return statuses[0] ?? 200;
}

/**
 * Handlers are registered by operationId, so the contract decides method and path, an id that is not
 * in the contract fails at start-up, and the contract operations nobody registered answer 501
 * `ERR_API_1036` (never a fake success). `implemented()` feeds `npm run contract:coverage`.
 *
 * `handle()` types the handler from the generated `operations`: its path, query and body, and the answer
 * it returns ([decision 0168](../../../docs/decisions/0168-typed-operation-handlers.md)).
 */
export class OperationRegistry {
  private readonly operations = new Map<string, OperationInfo>();
  private readonly done = new Set<string>();
  /** Each registered handler's `run`, by method and contract path (`get /ssr/ca/{slug}`), for `answerOf`. */
  private readonly runs = new Map<string, (input: HandlerInput<OperationId>) => unknown>();
  readonly router = Router();

  constructor(
    contracts: { base: string; document: Record<string, unknown> }[],
    private readonly answers: ReadyAnswerOptions = { validateResponses: true },
  ) {
    for (const { base, document } of contracts) {
      const shared =
        (document.components as { parameters?: Record<string, ContractParameter> } | undefined)?.parameters ?? {};
      const resolve = (p: ContractParameter) => (p.$ref ? (shared[p.$ref.split('/').pop() ?? ''] ?? {}) : p);
      for (const [path, item] of Object.entries(
        (document.paths ?? {}) as Record<
          string,
          Record<string, ContractOperation> & { parameters?: ContractParameter[] }
        >,
      )) {
        for (const method of METHODS) {
          const op = item[method];
          const id = op?.operationId;
          if (!op || !id) continue;
          if (this.operations.has(id)) throw new Error(`Duplicate operationId ${id} in the contract`);
          const numericPath = [...(item.parameters ?? []), ...(op.parameters ?? [])]
            .map(resolve)
            .filter((p) => p.in === 'path' && (p.schema?.type === 'integer' || p.schema?.type === 'number'))
            .map((p) => p.name ?? '');
          this.operations.set(id, { id, method, path: base + path, success: successStatusOf(op), numericPath });
        }
      }
    }
  }

  /** Registers the typed handler of one contract operation, after its middleware. */
  handle<Id extends OperationId>(id: Id, { use = [], run }: NoInfer<OperationHandler<Id>>): this {
    const op = this.register(id);
    this.runs.set(`${op.method} ${op.path}`, run as unknown as (input: HandlerInput<OperationId>) => unknown);
    this.router[op.method](toExpressPath(op.path), ...use, async (req: Request, res: Response) => {
      const path: Record<string, unknown> = { ...req.params };
      for (const name of op.numericPath) path[name] = Number(req.params[name]);
      const answer = await run({
        path: path as PathOf<Id>,
        query: req.query as QueryOf<Id>,
        body: req.body as BodyOf<Id>,
        req,
        res,
      });
      if (answer instanceof ReadyAnswer) await this.sendReady(req, res, answer, op.success);
      else if (answer !== undefined) res.status(op.success).json(answer);
    });
    return this;
  }

  /**
   * The answer of a GET operation's handler, called in-process by its contract path (`/ssr/ca/{slug}`): how the
   * page host loads a page's data, through the same handler as `GET /ssr/...` over HTTP, so each page's data has
   * one implementation. Neither the operation's middleware nor the validator run: the caller passes the values
   * the contract accepts (the web app's `pageDataRequest` builds them). A prepared answer is handed over as its
   * value. An operation without a handler answers ERR_API_1036 (501), as over HTTP.
   */
  async answerOf(
    path: string,
    input: { path: Record<string, unknown>; query: Record<string, unknown>; req: Request; res: Response },
  ): Promise<unknown> {
    const run = this.runs.get(`get ${path}`);
    if (!run) {
      if (![...this.operations.values()].some((op) => op.method === 'get' && op.path === path))
        throw new Error(`GET ${path} is not in the contract`);
      throw new AppError('ERR_API_1036', `Operation GET ${path} is described in the contract but not implemented yet.`);
    }
    const answer = await run({ ...input, body: undefined } as unknown as HandlerInput<OperationId>);
    if (answer === undefined) throw new Error(`GET ${path} answered through its response, not with a value`);
    return answer instanceof ReadyAnswer ? answer.value : answer;
  }

  /** An answer of `ready()`: prepared, sent, and kept while its hold hits (see `ready`). */
  private async sendReady(req: Request, res: Response, answer: ReadyAnswer<unknown>, status: number): Promise<void> {
    const { validateResponses, readyAnswers } = this.answers;
    // Where answers are checked against the contract (outside production) the validator reads `res.json`.
    if (validateResponses) {
      res.status(status).json(answer.value);
      return;
    }
    let body = preparedJson(answer.value);
    // An answer computed afresh (no cache holds it) is sent as the one kept when it is the same.
    if (readyAnswers && answer.hold?.retains) body = readyAnswers.sameBody(req, body);
    await sendPrepared(req, res, body, status);
    readyAnswers?.keep(req, res, body, answer.hold);
  }

  private register(id: string): OperationInfo {
    const op = this.operations.get(id);
    if (!op) throw new Error(`Operation ${id} is not in the contract`);
    if (this.done.has(id)) throw new Error(`Operation ${id} is registered twice`);
    this.done.add(id);
    return op;
  }

  /** 501 for every contract operation without a handler; mount after the modules. */
  notImplemented(): Router {
    const router = Router();
    for (const op of this.operations.values()) {
      if (this.done.has(op.id)) continue;
      router[op.method](toExpressPath(op.path), (_req, _res, next) =>
        next(new AppError('ERR_API_1036', `Operation ${op.id} is described in the contract but not implemented yet.`)),
      );
    }
    return router;
  }

  all(): OperationInfo[] {
    return [...this.operations.values()];
  }
  implemented(id: string): boolean {
    return this.done.has(id);
  }
}
