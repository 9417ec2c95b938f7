// Are the contract's examples still true of the product? Run by `npm run check:generated` (scripts/codegen.mjs
// --check) and unit-tested in freshness.test.ts:
// - every product an example names (a `pid`, a tile's `id`, an `objectID`, a `/pr/…-<pid>.html` or
//   `/media/products/<pid>/` address) is a product of the examples' catalogue — the one
//   scripts/generate-examples.ts seeds and the mock dev server draws images for; only a 404 problem may name
//   a product that does not exist;
// - the examples tell one story, in every locale: the basket holds what the order placed from it holds (the
//   add-to-basket request, the basket, the checkout's options, the placed order and its confirmation page name the
//   same products at the same unit prices), the basket and the checkout's options have one basket id, and the placed order and its
//   confirmation page have one order number.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { generateCatalog } from '../fixtures/catalog/generate.ts';

/** The catalogue of the examples (scripts/generate-examples.ts, web/vite.config.ts). */
export const EXAMPLES_CATALOG = { brand: 'ysl', products: 120 } as const;
export const EXAMPLE_LOCALES = ['en-us', 'fr-fr', 'ja-jp'] as const;
export const EXAMPLE_DIRS = ['openapi/storefront/components/examples', 'openapi/customer-service/components/examples'];

/** The basket → order story: each example's products must be the same set, per locale. */
export const STORY = [
  'add-basket-item-request',
  'get-basket',
  'add-basket-item',
  'get-checkout-options',
  'place-order',
  'get-order-confirmation-page-data',
] as const;
/** …these hold the story's basket, by its id. */
export const STORY_BASKET = ['get-basket', 'add-basket-item', 'get-checkout-options'] as const;
/** …and these carry the order number of the story's order. */
export const STORY_ORDER = ['place-order', 'get-order-confirmation-page-data'] as const;

type Json = unknown;
export interface Example {
  /** File name, e.g. `get-basket-en-us.yaml`. */
  file: string;
  value: Json;
}

const PID = '[0-9][A-Z]{2}[A-Z0-9]{9}';
const PID_IN_TEXT = [new RegExp(`/pr/[^"\\s?#]*-(${PID})\\.html`, 'g'), new RegExp(`/media/products/(${PID})/`, 'g')];
const PID_KEYS = new Set(['pid', 'productId', 'genderAssociation']);

/** The product ids an example names, by where they are (`$.items[0].pid`). */
export function productIdsOf(value: Json, at = '$'): { pid: string; at: string }[] {
  const found: { pid: string; at: string }[] = [];
  const visit = (node: Json, path: string) => {
    if (typeof node === 'string') {
      for (const re of PID_IN_TEXT) for (const m of node.matchAll(re)) found.push({ pid: m[1]!, at: path });
      return;
    }
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${path}[${i}]`));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, Json>;
    for (const [key, v] of Object.entries(record)) {
      const here = `${path}.${key}`;
      if (typeof v === 'string' && PID_KEYS.has(key) && new RegExp(`^${PID}$`).test(v))
        found.push({ pid: v, at: here });
      else if (typeof v === 'string' && key === 'objectID' && new RegExp(`^${PID}-`).test(v))
        found.push({ pid: v.split('-')[0]!, at: here });
      // A product tile: its id next to the product page's address.
      else if (
        key === 'id' &&
        typeof v === 'string' &&
        typeof record.url === 'string' &&
        record.url.startsWith('/pr/') &&
        new RegExp(`^${PID}$`).test(v)
      )
        found.push({ pid: v, at: here });
      visit(v, here);
    }
  };
  visit(value, at);
  return found;
}

const isNotFoundProblem = (value: Json) =>
  !!value && typeof value === 'object' && (value as { status?: unknown }).status === 404;

/** What is wrong with the examples, one line each (nothing: they are fresh). */
export function examplesProblems(examples: Example[], knownPids: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const { file, value } of examples) {
    if (isNotFoundProblem(value)) continue;
    const unknown = new Map<string, string>();
    for (const { pid, at } of productIdsOf(value)) if (!knownPids.has(pid) && !unknown.has(pid)) unknown.set(pid, at);
    for (const [pid, at] of unknown)
      problems.push(`${file}: ${pid} (${at}) is not a product of the examples' catalogue`);
  }
  const byName = new Map(examples.map((e) => [e.file, e.value]));
  for (const locale of EXAMPLE_LOCALES) {
    const sets = STORY.map((op) => [op, byName.get(`${op}-${locale}.yaml`)] as const).filter(
      ([, v]) => v !== undefined,
    );
    const [first, ...rest] = sets.map(
      ([op, v]) => [op, [...new Set(productIdsOf(v).map((p) => p.pid))].sort().join(' ')] as const,
    );
    for (const [op, pids] of rest) {
      if (first && pids !== first[1])
        problems.push(
          `${op}-${locale}.yaml: products ${pids || '(none)'}, but ${first[0]}-${locale}.yaml has ${first[1] || '(none)'} (one basket → order story)`,
        );
    }
    const prices = sets.flatMap(([op, v]) => unitPricesOf(v).map((p) => ({ op, ...p })));
    for (const p of prices) {
      const first = prices.find((q) => q.pid === p.pid)!;
      if (p.unitPrice !== first.unitPrice)
        problems.push(
          `${p.op}-${locale}.yaml: ${p.pid} at ${p.unitPrice}, but ${first.op}-${locale}.yaml has ${first.unitPrice}`,
        );
    }
    const baskets = STORY_BASKET.map((op) => [op, basketIdOf(byName.get(`${op}-${locale}.yaml`))] as const).filter(
      ([, id]) => id !== undefined,
    );
    for (const [op, id] of baskets.slice(1)) {
      if (id !== baskets[0]![1])
        problems.push(`${op}-${locale}.yaml: basket ${id}, but ${baskets[0]![0]}-${locale}.yaml has ${baskets[0]![1]}`);
    }
    const numbers = STORY_ORDER.map((op) => [op, orderNumberOf(byName.get(`${op}-${locale}.yaml`))] as const).filter(
      ([, n]) => n !== undefined,
    );
    for (const [op, n] of numbers.slice(1)) {
      if (n !== numbers[0]![1])
        problems.push(`${op}-${locale}.yaml: order ${n}, but ${numbers[0]![0]}-${locale}.yaml has ${numbers[0]![1]}`);
    }
  }
  return problems;
}

/** The unit price of each line (`{ pid, unitPrice }` anywhere in the value). */
function unitPricesOf(value: Json): { pid: string; unitPrice: number }[] {
  const found: { pid: string; unitPrice: number }[] = [];
  const visit = (node: Json) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const r = node as Record<string, Json>;
    if (typeof r.pid === 'string' && typeof r.unitPrice === 'number')
      found.push({ pid: r.pid, unitPrice: r.unitPrice });
    Object.values(r).forEach(visit);
  };
  visit(value);
  return found;
}

function basketIdOf(value: Json): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { id?: unknown; items?: unknown; basket?: { id?: unknown } };
  const id = v.basket?.id ?? (Array.isArray(v.items) ? v.id : undefined);
  return typeof id === 'string' ? id : undefined;
}

function orderNumberOf(value: Json): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { orderNumber?: unknown; order?: { orderNumber?: unknown } };
  const n = v.orderNumber ?? v.order?.orderNumber;
  return typeof n === 'string' ? n : undefined;
}

/** Reads the example files of both APIs under `root`. */
export function readExamples(root: string): Example[] {
  const examples: Example[] = [];
  for (const dir of EXAMPLE_DIRS) {
    let files: string[];
    try {
      files = readdirSync(join(root, dir));
    } catch {
      continue;
    }
    for (const file of files.filter((f) => f.endsWith('.yaml')).sort()) {
      const doc = YAML.parse(readFileSync(join(root, dir, file), 'utf8')) as { value?: Json } | null;
      if (doc && 'value' in doc) examples.push({ file, value: doc.value });
    }
  }
  return examples;
}

/** The freshness check of the examples under `root` (check:generated). */
export function checkExamplesFreshness(root: string): string[] {
  const known = new Set(generateCatalog(EXAMPLES_CATALOG).products.map((p) => p.pid));
  return examplesProblems(readExamples(root), known);
}
