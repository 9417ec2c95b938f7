// What the portals show, checked on the generated bundles: the menu's tag groups, each API's own error
// catalogue section, request examples, and code samples that compile against the generated types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { basePathOf } from '../server/src/shared/contract.ts';
import {
  CATALOGUE_TAG,
  REFERENCE_GROUP,
  TEST_RECAPTCHA_TOKEN,
  catalogueSection,
  codesNamedBy,
  operationsOf,
  serverUrlOf,
} from './contract-docs.mjs';

type Json = Record<string, any>;
interface Code {
  code: string;
  status: number;
  family: string;
  message: string;
  audience?: string;
}
const root = join(import.meta.dirname, '..');
const catalogue = (YAML.parse(readFileSync(join(root, 'openapi/errors/catalogue.yaml'), 'utf8')) as { codes: Code[] })
  .codes;
const APIS = ['storefront', 'customer-service'].map((name) => ({
  name,
  doc: YAML.parse(readFileSync(join(root, `openapi/generated/${name}.bundled.yaml`), 'utf8')) as Json,
}));
const resolve = (doc: Json, node: any): any => {
  for (let i = 0; node?.$ref && i < 20; i++)
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, k: string) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return node;
};
/** The codes a catalogue section lists (its table rows). */
const codesListedIn = (section: string) => [...section.matchAll(/^\| ([A-Z0-9_]+) \|/gm)].map((m) => m[1]!);

describe.each(APIS)('$name portal contents', ({ name, doc }) => {
  const operations = operationsOf(doc);
  const catalogueTag = () => (doc.tags as Json[]).find((t) => t.name === CATALOGUE_TAG)!;

  it('groups every tag in exactly one tag group, so that every operation sits in exactly one group', () => {
    const groups = doc['x-tagGroups'] as { name: string; tags: string[] }[];
    expect(groups.at(-1)).toEqual({ name: REFERENCE_GROUP, tags: [CATALOGUE_TAG] });
    for (const tag of doc.tags as Json[])
      expect(
        groups.filter((g) => g.tags.includes(tag.name)).map((g) => g.name),
        tag.name,
      ).toHaveLength(1);
    for (const { op } of operations) {
      const containing = groups.filter((g) => (op.tags as string[]).some((t) => g.tags.includes(t)));
      expect(
        containing.map((g) => g.name),
        op.operationId,
      ).toHaveLength(1);
    }
    if (name === 'storefront') {
      expect(groups.map((g) => g.name)).toEqual([
        'Shopping',
        'Account',
        'Orders and returns',
        'Boutiques',
        'Content',
        'Page data',
        'Operations',
        REFERENCE_GROUP,
      ]);
    }
  });

  it('has one error catalogue section, a table per family, listing exactly the codes this contract names', () => {
    const tag = catalogueTag();
    expect(tag['x-traitTag']).toBe(true);
    const listed = codesListedIn(tag.description);
    const named = codesNamedBy(doc, catalogue).map((c: { code: string }) => c.code);
    expect(listed).toEqual(named);
    // Every code an operation's problem examples or x-error-code carry is in it.
    const text = JSON.stringify(doc.paths);
    for (const code of catalogue.map((c) => c.code))
      if (new RegExp(`"${code}"`).test(text)) expect(listed, code).toContain(code);
    const families = [...new Set(catalogue.filter((c) => named.includes(c.code)).map((c) => c.family))];
    expect([...tag.description.matchAll(/^### (.+)$/gm)].map((m) => m[1])).toEqual(families);
    // The description no longer carries the catalogue (its headings filled the menu before the operations).
    expect(doc.info.description).not.toMatch(/^#{2,} Error catalogue|^### (API|BSK|OCAPI)$/m);
  });

  it('leaves the other API’s codes out of its catalogue section', () => {
    const listed = codesListedIn(catalogueTag().description);
    if (name === 'customer-service') {
      expect(listed.length).toBeLessThan(80);
      expect(listed.filter((c) => /^ERR_(BSK|CATALOG|PDT_API|SFRA|CHK|PAY|SMP|SEARCH_API)_/.test(c))).toEqual([]);
      expect(listed).toEqual(expect.arrayContaining(['ERR_API_1000', 'ERR_API_1002', 'ERR_LIB_1000', 'ERR_OKTA_1000']));
    } else {
      expect(listed).toEqual(
        expect.arrayContaining(['ERR_API_1000', 'ERR_API_1002', 'ERR_LIB_1000', 'ERR_OCAPI_1010']),
      );
      // Client-side logs and commerce adapter logs are answered by no API.
      expect(listed.filter((c) => /^ERR_(CLT|SFRA|MONGODB)_/.test(c))).toEqual([]);
    }
    expect(listed.length).toBeLessThan(catalogue.length);
  });

  it('has a request example for every request body', () => {
    for (const { op } of operations) {
      const body = resolve(doc, op.requestBody);
      for (const [type, media] of Object.entries((body?.content ?? {}) as Json)) {
        expect(
          media.example !== undefined || Object.keys(media.examples ?? {}).length > 0,
          `${op.operationId} ${type}`,
        ).toBe(true);
      }
    }
  });

  it('has a curl and an openapi-fetch sample for every operation, built from the operation', () => {
    const base = serverUrlOf(doc);
    for (const { path, method, op } of operations) {
      const samples = op['x-codeSamples'] as { lang: string; label: string; source: string }[];
      expect(
        samples?.map((s) => s.label),
        op.operationId,
      ).toEqual(['curl', 'openapi-fetch']);
      const [curl, ts] = samples as unknown as [Json, Json];
      const literal = path.replace(/\{\w+\}/g, "[^/?']+").replace(/[.]/g, '\\.');
      expect(curl.source, op.operationId).toMatch(
        new RegExp(
          `^curl (-X ${method.toUpperCase()} |-I )?(--globoff )?'${base.replace(/[.]/g, '\\.')}${literal}[?']`,
        ),
      );
      expect(ts.source, op.operationId).toContain(`client.${method.toUpperCase()}('${path}'`);
      if (op.requestBody && resolve(doc, op.requestBody).required)
        expect(curl.source, op.operationId).toContain('--data-raw');
      // reCAPTCHA-checked forms carry the token the test verifier of `npm start` accepts.
      if (/recaptchaToken/.test(curl.source)) expect(curl.source).toContain(TEST_RECAPTCHA_TOKEN);
    }
  });

  it('describes a server with variables whose defaults give the local server, and keeps the base path', () => {
    // The first server stays the relative one of the released contract (removing it is a breaking change).
    const [relative, server] = doc.servers as [Json, Json];
    expect(relative.url).toBe(name === 'storefront' ? '/' : '/customer-service/v1');
    expect(Object.keys(server.variables)).toEqual(['scheme', 'host']);
    expect(serverUrlOf(doc)).toBe(
      name === 'storefront' ? 'http://localhost:3000' : 'http://localhost:3000/customer-service/v1',
    );
    expect(basePathOf(doc)).toBe(name === 'storefront' ? '' : '/customer-service/v1');
  });

  it('tells a script how to sign in: the test reCAPTCHA token, the cookie jar and the Origin', () => {
    const description = doc.info.description as string;
    expect(description).toContain(TEST_RECAPTCHA_TOKEN);
    expect(description).toMatch(/-b cookies\.txt -c cookies\.txt/);
    expect(description).toContain("-H 'Origin: http://localhost:3000'");
    expect(description).toContain(`/docs/${name}.yaml`);
    expect(description).toContain(`/docs/${name}.json`);
  });
});

describe('the catalogue section', () => {
  it('marks internal codes and escapes table cells', () => {
    const md = catalogueSection(
      [{ code: 'ERR_X_1000', status: 502, family: 'X', message: 'a | b', audience: 'internal' }],
      9,
    );
    expect(md).toContain('### X');
    expect(md).toContain('| ERR_X_1000 | 502 | a \\| b *(internal)* |');
    expect(md).toContain('the catalogue holds 9');
  });
});

describe('the openapi-fetch samples', () => {
  it('compile against the generated types', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(root, 'node_modules/.cache/samples-'));
    try {
      for (const { name, doc } of APIS) {
        const blocks = operationsOf(doc).map(({ op }, i) => {
          const source = (op['x-codeSamples'][1].source as string)
            .split('\n')
            .filter((l) => !l.startsWith('import '))
            .join('\n');
          return `export async function sample${i}() {\n${source}\n}`;
        });
        writeFileSync(
          join(dir, `${name}.ts`),
          [
            "import createClient from 'openapi-fetch';",
            `import type { paths } from '${join(root, 'openapi/generated', name)}';`,
            'declare const process: { env: Record<string, string | undefined> };',
            ...blocks,
          ].join('\n'),
        );
      }
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: 'esnext',
            moduleResolution: 'bundler',
            target: 'es2022',
            skipLibCheck: true,
            types: [],
          },
          include: ['*.ts'],
        }),
      );
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
    } catch (err) {
      throw new Error(`samples do not compile:\n${(err as { stdout?: string }).stdout ?? err}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
