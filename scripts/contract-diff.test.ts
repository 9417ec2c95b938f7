// `npm run contract:diff` on small fixture contracts: a released baseline and a changed bundle in a temporary
// checkout, judged by the real `redocly diff` and the script's own checks of operations and example names.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { bumpOf, run } from './contract-diff.mjs';

type Doc = Record<string, any>;
type Outcome = { ok: boolean; lines: string[] };
const API = 'shop';
let root: string;

/** A released contract: one operation with a request body and two named examples per answer. */
function baseline(version = '1.0.0'): Doc {
  const problem = { type: 'object', required: ['code'], properties: { code: { type: 'string' } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Shop', version, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/' }],
    paths: {
      '/items': {
        post: {
          operationId: 'addItem',
          summary: 'Add an item',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ItemRequest' },
                examples: { 'en-us': { value: { sku: 'A1' } } },
              },
            },
          },
          responses: {
            '200': {
              description: 'The item',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Item' },
                  examples: {
                    'en-us': { value: { sku: 'A1', name: 'Bag' } },
                    'fr-fr': { value: { sku: 'A1', name: 'Sac' } },
                  },
                },
              },
            },
            '404': {
              description: 'No such item',
              content: {
                'application/problem+json': {
                  schema: problem,
                  examples: { ERR_SHOP_1000: { value: { code: 'ERR_SHOP_1000' } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        ItemRequest: {
          type: 'object',
          required: ['sku'],
          additionalProperties: false,
          properties: { sku: { type: 'string' } },
        },
        Item: {
          type: 'object',
          required: ['sku', 'name'],
          properties: { sku: { type: 'string' }, name: { type: 'string' } },
        },
      },
    },
  };
}

function checkout(released: Doc[], current: Doc): void {
  root = mkdtempSync(join(tmpdir(), 'contract-diff-test-'));
  mkdirSync(join(root, 'openapi/released'), { recursive: true });
  mkdirSync(join(root, 'openapi/generated'), { recursive: true });
  for (const doc of released)
    writeFileSync(join(root, `openapi/released/${API}-${doc.info.version}.bundled.yaml`), YAML.stringify(doc));
  writeFileSync(join(root, `openapi/generated/${API}.bundled.yaml`), YAML.stringify(current));
  // The changelog the releases wrote.
  expect(run(root, { apis: [API], changelog: true }).ok).toBe(true);
}
const diff = (options: Record<string, unknown> = {}): Outcome =>
  run(root, { apis: [API], today: '2026-01-02', ...options });
const changed = (edit: (doc: Doc) => void, version = '1.0.0'): Doc => {
  const doc = structuredClone(baseline(version));
  edit(doc);
  return doc;
};
const failures = (o: Outcome) => o.lines.filter((l) => l.startsWith('✗')).join('\n');

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('contract diff', { timeout: 60_000 }, () => {
  it('passes an unchanged contract', () => {
    checkout([baseline()], baseline());
    const o = diff();
    expect(failures(o)).toBe('');
    expect(o.ok).toBe(true);
    expect(o.lines[0]).toContain('rated none');
  });

  it('fails when a released operation is removed', () => {
    checkout(
      [baseline()],
      changed(
        (d) =>
          (d.paths = {
            '/other': { get: { ...d.paths['/items'].post, operationId: 'other', requestBody: undefined } },
          }),
      ),
    );
    const o = diff();
    expect(o.ok).toBe(false);
    expect(failures(o)).toContain('POST /items (addItem) was removed');
  });

  it('fails when a response field is removed (redocly rates it major)', () => {
    checkout(
      [baseline()],
      changed((d) => {
        delete d.components.schemas.Item.properties.name;
        d.components.schemas.Item.required = ['sku'];
        for (const e of Object.values<any>(
          d.paths['/items'].post.responses['200'].content['application/json'].examples,
        ))
          delete e.value.name;
      }),
    );
    const o = diff();
    expect(o.ok).toBe(false);
    expect(failures(o)).toContain(
      'breaking: #/paths/~1items/post/responses/200/content/application~1json/schema/properties/name: Schema removed (Property `name` of `Item` was removed.)',
    );
  });

  it('fails when an example is renamed: Prefer: example=<old name> would no longer answer', () => {
    checkout(
      [baseline()],
      changed((d) => {
        const examples = d.paths['/items'].post.responses['200'].content['application/json'].examples;
        examples['fr-FR'] = examples['fr-fr'];
        delete examples['fr-fr'];
      }),
    );
    const o = diff();
    expect(o.ok).toBe(false);
    expect(failures(o)).toContain('example of the 200 response "fr-fr" was removed or renamed');
  });

  it('fails when a request example is removed', () => {
    checkout(
      [baseline()],
      changed((d) => delete d.paths['/items'].post.requestBody.content['application/json'].examples['en-us']),
    );
    expect(failures(diff())).toContain('request example "en-us" was removed');
  });

  it('rates a new optional field as minor and passes', () => {
    checkout(
      [baseline()],
      changed(
        (d) => (d.components.schemas.ItemRequest.properties.giftWrap = { type: 'boolean', default: false }),
        '1.1.0',
      ),
    );
    const o = diff();
    expect(failures(o)).toBe('');
    expect(o.lines[0]).toContain('rated minor');
  });

  it('fails on an operation in no release, and passes once a minor release records it', () => {
    const withList = (version: string) =>
      changed((d) => {
        d.paths['/items'].get = {
          operationId: 'listItems',
          summary: 'List',
          responses: {
            '200': {
              description: 'Items',
              content: {
                'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
              },
            },
          },
        };
      }, version);
    checkout([baseline()], withList('1.0.0'));
    const unreleased = diff();
    expect(unreleased.ok).toBe(false);
    expect(unreleased.lines[0]).toContain('rated minor');
    expect(failures(unreleased)).toContain('GET /items (listItems) is in no release');
    // A release at the same version is refused, a patch step is too small for a new operation.
    expect(failures(diff({ release: true }))).toContain('1.0.0 is already released');
    writeFileSync(join(root, `openapi/generated/${API}.bundled.yaml`), YAML.stringify(withList('1.0.1')));
    expect(failures(diff({ release: true }))).toContain(
      'the changes since 1.0.0 are minor, but 1.0.0 → 1.0.1 is a patch step',
    );
    // A minor step records it, with its changelog section.
    writeFileSync(join(root, `openapi/generated/${API}.bundled.yaml`), YAML.stringify(withList('1.1.0')));
    const released = diff({ release: true });
    expect(failures(released)).toBe('');
    const changelog = readFileSync(join(root, `openapi/CHANGELOG-${API}.md`), 'utf8');
    expect(changelog).toMatch(/## 1\.1\.0 — 2026-01-02\n\nRated \*\*minor\*\*/);
    expect(changelog).toContain('### Operations added\n\n- `GET /items` (listItems)');
    expect(changelog.indexOf('## 1.1.0')).toBeLessThan(changelog.indexOf('## 1.0.0'));
    expect(diff().ok).toBe(true);
    expect(diff({ changelog: true, check: true }).ok).toBe(true);
  });

  it('refuses to release a breaking change without a major step', () => {
    checkout(
      [baseline()],
      changed(
        (d) =>
          delete d.paths['/items'].post.responses['404'].content['application/problem+json'].examples.ERR_SHOP_1000,
        '1.1.0',
      ),
    );
    const o = diff({ release: true });
    expect(failures(o)).toContain('the changes since 1.0.0 are major, but 1.0.0 → 1.1.0 is a minor step');
  });

  it('fails when the changelog is not what the releases give', () => {
    checkout([baseline()], baseline());
    writeFileSync(join(root, `openapi/CHANGELOG-${API}.md`), '# Changelog\n\nedited by hand\n');
    expect(failures(diff())).toContain('openapi/CHANGELOG-shop.md is not what the released contracts give');
  });

  it('names the step between two versions', () => {
    expect([
      bumpOf('1.2.3', '2.0.0'),
      bumpOf('1.2.3', '1.3.0'),
      bumpOf('1.2.3', '1.2.4'),
      bumpOf('1.2.3', '1.2.3'),
    ]).toEqual(['major', 'minor', 'patch', 'none']);
  });
});
