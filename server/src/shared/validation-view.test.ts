import { describe, expect, it } from 'vitest';
import { BUNDLED_CONTRACT_PATH, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from './contract.ts';
import { validationView } from './request-checks.ts';

type Json = Record<string, unknown>;

/** Every `$ref` of a document, with the JSON pointer it names. */
function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const v of node) refsOf(v, found);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refsOf(v, found);
    }
  }
  return found;
}

const resolves = (doc: Json, ref: string) =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Json)[key] : undefined), doc) !== undefined;

const hasKey = (node: unknown, key: string): boolean =>
  Array.isArray(node)
    ? node.some((v) => hasKey(v, key))
    : !!node &&
      typeof node === 'object' &&
      Object.entries(node).some(
        ([k, v]) => (k === key && typeof v === 'object' && v !== null && !('type' in v)) || hasKey(v, key),
      );

describe('validationView: the contract the request validators are given', () => {
  for (const [api, path] of [
    ['storefront', BUNDLED_CONTRACT_PATH],
    ['customer service', CUSTOMER_SERVICE_CONTRACT_PATH],
  ] as const) {
    const contract = loadContract(path);
    const before = JSON.stringify(contract);

    for (const responses of [true, false]) {
      describe(`${api}, responses ${responses ? 'validated' : 'not validated'}`, () => {
        const view = validationView(contract, { responses });

        it('names nothing it left out: every $ref resolves', () => {
          const dangling = refsOf(view).filter((ref) => !resolves(view, ref));
          expect(dangling).toEqual([]);
        });

        it('keeps every path, operation, parameter, request body schema and component schema', () => {
          expect(Object.keys(view.paths as Json)).toEqual(Object.keys(contract.paths as Json));
          expect((view.components as Json).schemas).toEqual((contract.components as Json).schemas);
          for (const [p, item] of Object.entries(contract.paths as Record<string, Record<string, Json>>)) {
            for (const [method, op] of Object.entries(item)) {
              if (!op || typeof op !== 'object' || !('responses' in op)) continue;
              const kept = (view.paths as Record<string, Record<string, Json>>)[p]![method]!;
              expect(kept.operationId).toBe(op.operationId);
              expect((kept.parameters as Json[] | undefined)?.length).toBe(
                (op.parameters as Json[] | undefined)?.length,
              );
              const schemas = (o: Json) =>
                JSON.stringify(
                  Object.values(((o.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>).map(
                    (m) => m.schema,
                  ),
                );
              expect(schemas(kept)).toBe(schemas(op));
              if (responses) expect(Object.keys(kept.responses as Json)).toEqual(Object.keys(op.responses as Json));
              else expect(Object.keys(kept.responses as Json)).toEqual(['default']);
            }
          }
        });

        it('drops the examples (and, unless validated, the responses)', () => {
          expect((view.components as Json).examples).toBeUndefined();
          expect(hasKey(view.paths, 'examples')).toBe(false);
          expect(!!(view.components as Json).responses).toBe(responses && !!(contract.components as Json).responses);
        });
      });
    }

    it(`leaves the ${api} contract itself as it was`, () => {
      validationView(contract, { responses: false });
      validationView(contract, { responses: true });
      expect(JSON.stringify(contract)).toBe(before);
    });
  }
});
