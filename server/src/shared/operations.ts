import { Router, type RequestHandler } from 'express';
import type { operations } from './http.ts';
import { AppError } from './errors.ts';

export type OperationId = keyof operations;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface OperationInfo {
  id: string;
  method: Method;
  /** OpenAPI path, e.g. `/api/data/category/{slug}`. */
  path: string;
}

/** `/api/data/category/{slug}` → `/api/data/category/:slug` (Express 5 / path-to-regexp 8). */
export function toExpressPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * Handlers are registered by operationId, so the contract decides method and path, an id that is not
 * in the contract fails at start-up, and the contract operations nobody registered answer 501
 * `ERR_API_1036` (never a fake success). `implemented()` feeds `npm run contract:coverage`.
 */
export class OperationRegistry {
  private readonly operations = new Map<string, OperationInfo>();
  private readonly done = new Set<string>();
  readonly router = Router();

  constructor(contracts: { base: string; document: Record<string, unknown> }[]) {
    for (const { base, document } of contracts) {
      for (const [path, item] of Object.entries(
        (document.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>,
      )) {
        for (const method of METHODS) {
          const id = item[method]?.operationId;
          if (!id) continue;
          if (this.operations.has(id)) throw new Error(`Duplicate operationId ${id} in the contract`);
          this.operations.set(id, { id, method, path: base + path });
        }
      }
    }
  }

  /** Registers the handlers of one contract operation. */
  on(id: OperationId | (string & {}), ...handlers: RequestHandler[]): this {
    const op = this.operations.get(id);
    if (!op) throw new Error(`Operation ${id} is not in the contract`);
    if (this.done.has(id)) throw new Error(`Operation ${id} is registered twice`);
    this.router[op.method](toExpressPath(op.path), ...handlers);
    this.done.add(id);
    return this;
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
