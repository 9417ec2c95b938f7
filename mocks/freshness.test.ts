// The freshness check of the examples (npm run check:generated): a product the catalogue does not have, or a
// basket → order story whose examples name different products or orders, is reported; the committed examples pass.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../fixtures/catalog/generate.ts';
import { checkExamplesFreshness, EXAMPLES_CATALOG, examplesProblems, productIdsOf, type Example } from './freshness.ts';

const catalogue = generateCatalog(EXAMPLES_CATALOG).products;
const known = new Set(catalogue.map((p) => p.pid));
const [a, b] = catalogue;
const tile = (pid: string) => ({
  id: pid,
  name: 'Tote',
  url: `/pr/tote-${pid}.html`,
  image: { src: `/media/products/${pid}/1.svg` },
});
const story = (pid: string, orderNumber = 'YSL-US-00010042', confirmationPid = pid): Example[] => [
  { file: 'add-basket-item-request-en-us.yaml', value: { pid, size: '38' } },
  { file: 'get-basket-en-us.yaml', value: { items: [{ pid, url: `/pr/x-${pid}.html` }] } },
  { file: 'place-order-en-us.yaml', value: { orderNumber, items: [{ pid }] } },
  {
    file: 'get-order-confirmation-page-data-en-us.yaml',
    value: { order: { orderNumber: 'YSL-US-00010042', items: [{ pid: confirmationPid }] } },
  },
];

describe('examples freshness', () => {
  it('finds product ids in pid fields, tiles, objectIDs and addresses', () => {
    const found = productIdsOf({
      products: [tile(a!.pid)],
      hits: [{ objectID: `${b!.pid}-39` }],
      text: 'see /pr/bag-7YS0ZZZZZZZZ.html',
    });
    expect(found.map((f) => f.pid).sort()).toEqual([a!.pid, a!.pid, a!.pid, b!.pid, '7YS0ZZZZZZZZ'].sort());
  });

  it('reports a product that is not in the examples’ catalogue, with where it is', () => {
    const problems = examplesProblems(
      [{ file: 'get-category-en-us.yaml', value: { products: [tile(a!.pid), tile('5YSSDTX7G4J0')] } }],
      known,
    );
    expect(problems).toEqual([
      `get-category-en-us.yaml: 5YSSDTX7G4J0 ($.products[1].id) is not a product of the examples' catalogue`,
    ]);
  });

  it('lets a 404 problem name a product that does not exist', () => {
    const problem = {
      type: 'https://errors.storefront.dev/ERR_PDT_API_1001',
      status: 404,
      code: 'ERR_PDT_API_1001',
      detail: 'No product /pr/x-7YS0ZZZZZZZZ.html',
    };
    expect(examplesProblems([{ file: 'problem-product-not-found.yaml', value: problem }], known)).toEqual([]);
  });

  it('accepts one basket → order story and reports one that changes product or order on the way', () => {
    expect(examplesProblems(story(a!.pid), known)).toEqual([]);
    const otherProduct = examplesProblems(story(a!.pid, 'YSL-US-00010042', b!.pid), known);
    expect(otherProduct).toEqual([
      `get-order-confirmation-page-data-en-us.yaml: products ${b!.pid}, but add-basket-item-request-en-us.yaml has ${a!.pid} (one basket → order story)`,
    ]);
    const repriced = story(a!.pid).map((e) =>
      e.file.startsWith('place-order')
        ? { ...e, value: { orderNumber: 'YSL-US-00010042', items: [{ pid: a!.pid, unitPrice: 1150 }] } }
        : e,
    );
    repriced[1] = { file: 'get-basket-en-us.yaml', value: { items: [{ pid: a!.pid, unitPrice: 990 }] } };
    expect(examplesProblems(repriced, known)).toEqual([
      `place-order-en-us.yaml: ${a!.pid} at 1150, but get-basket-en-us.yaml has 990`,
    ]);
    const otherOrder = examplesProblems(story(a!.pid, 'YSL-US-00099999'), known);
    expect(otherOrder).toEqual([
      'get-order-confirmation-page-data-en-us.yaml: order YSL-US-00010042, but place-order-en-us.yaml has YSL-US-00099999',
    ]);
  });

  it('passes on the committed examples', () => {
    expect(checkExamplesFreshness(join(import.meta.dirname, '..'))).toEqual([]);
  }, 60_000); // some 600 YAML files
});
