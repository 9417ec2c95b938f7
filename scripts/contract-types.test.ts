// The copy of the contract that the types are generated from (scripts/contract-types.mjs), on the real bundles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { operationErrorCodes, requestOnlySchemas, typingDocument } from './contract-types.mjs';

const root = join(import.meta.dirname, '..');
const storefront = YAML.parse(readFileSync(join(root, 'openapi/generated/storefront.bundled.yaml'), 'utf8'));
const customerService = YAML.parse(readFileSync(join(root, 'openapi/generated/customer-service.bundled.yaml'), 'utf8'));
const codes = YAML.parse(readFileSync(join(root, 'openapi/errors/catalogue.yaml'), 'utf8')).codes as {
  code: string;
  status: number;
}[];
const statusOf = new Map(codes.map((c) => [c.code, c.status]));

describe('per-operation error codes', () => {
  const lists = operationErrorCodes(storefront, codes) as Record<string, Record<string, string[]>>;

  it('lists, per status, the codes of the problem examples, the descriptions and the x-error-code of the inputs', () => {
    const add = lists.addBasketItem!;
    // Examples of the shared BasketConflict answer, and the rules the operation's description names.
    expect(add['409']).toEqual(expect.arrayContaining(['ERR_OCAPI_1010', 'ERR_OCAPI_1011', 'ERR_OCAPI_1012']));
    expect(add['404']).toContain('ERR_PDT_API_1007');
    // The body's pid carries x-error-code ERR_API_1009; the locale parameter ERR_API_1005.
    expect(add['400']).toEqual(expect.arrayContaining(['ERR_API_1005', 'ERR_API_1009', 'ERR_API_1018']));
    expect(add['403']).toEqual(['ERR_API_1001']);
  });

  it('puts every code under a status of its own catalogue status, and never the whole catalogue', () => {
    for (const [doc, all] of [
      [storefront, lists],
      [customerService, operationErrorCodes(customerService, codes)],
    ] as const) {
      for (const [op, byStatus] of Object.entries(all as Record<string, Record<string, string[]>>)) {
        for (const [status, list] of Object.entries(byStatus)) {
          expect(list.length, `${op} ${status}`).toBeLessThan(40);
          // A listed code is a catalogue code.
          for (const code of list) expect(statusOf.has(code), `${op} ${status} ${code}`).toBe(true);
        }
      }
      expect(Object.keys(all).length).toBe(
        Object.values(doc.paths).flatMap((item) => Object.keys(item as object).filter((k) => k !== 'parameters'))
          .length,
      );
    }
  });

  it('narrows the Problem of each listed answer in the copy, and leaves the bundle alone', () => {
    const copy = typingDocument(storefront, codes);
    const schema =
      copy.paths['/api/data/basket/add-item'].post.responses['409'].content['application/problem+json'].schema;
    expect(schema.allOf[1].properties.code.enum).toEqual(lists.addBasketItem!['409']);
    expect(storefront.paths['/api/data/basket/add-item'].post.responses['409'].$ref).toBeDefined();
  });
});

describe('request fields with defaults', () => {
  it('drops the defaults of schemas only requests use, keeping them in the description', () => {
    expect(requestOnlySchemas(storefront)).toContain('AddBasketItemRequest');
    expect(requestOnlySchemas(storefront)).not.toContain('Basket');
    const copy = typingDocument(storefront, codes);
    const props = copy.components.schemas.AddBasketItemRequest.properties;
    expect(props.quantity.default).toBeUndefined();
    expect(props.quantity.description).toContain('Default: `1`.');
    expect(props.applePay.default).toBeUndefined();
    expect(storefront.components.schemas.AddBasketItemRequest.properties.quantity.default).toBe(1);
  });
});
