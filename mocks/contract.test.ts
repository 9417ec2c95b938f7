// Every operation of both APIs, called on Prism with a valid request built from the contract, answers a
// success whose body validates against the contract; and every example in the contract validates.
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { JSONSchemaFaker } from 'json-schema-faker';
import { startPrism } from './serve.mjs';

type Json = Record<string, any>;
const root = join(import.meta.dirname, '..');
const APIS = ['storefront', 'customer-service']
  .map((name) => ({ name, path: join(root, `openapi/generated/${name}.bundled.yaml`) }))
  .filter((a) => existsSync(a.path))
  .map((a) => ({ ...a, doc: YAML.parse(readFileSync(a.path, 'utf8')) as Json }));
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
function validatorFor(api: (typeof APIS)[number]) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, discriminator: false });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema(api.doc, api.name);
  return (pointer: string, value: unknown) => {
    const validate = ajv.getSchema(`${api.name}#${pointer}`) ?? ajv.compile({ $ref: `${api.name}#${pointer}` });
    const ok = validate(value);
    return ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
function resolve(doc: Json, node: any): any {
  for (let i = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && i < 20; i++) {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, k: string) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}
function sample(doc: Json, schema: any): unknown {
  JSONSchemaFaker.option({
    alwaysFakeOptionals: false,
    useExamplesValue: true,
    useDefaultValue: true,
    failOnInvalidTypes: false,
    refDepthMax: 3,
    random: mulberry(7),
  });
  return JSONSchemaFaker.generate({ ...schema, components: doc.components } as never);
}
function mulberry(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function valueOf(doc: Json, param: Json): unknown {
  const schema = resolve(doc, param.schema) ?? {};
  if (param.example !== undefined) return param.example;
  if (param.examples) return resolve(doc, Object.values(param.examples)[0] as Json)?.value;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  return sample(doc, schema);
}
const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

for (const api of APIS) {
  const validate = validatorFor(api);
  // Prism serves the paths without the servers' base path (the real server mounts them under it).
  const base = '';
  const operations: { id: string; method: string; path: string; op: Json; pointer: string }[] = [];
  for (const [path, item] of Object.entries(api.doc.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method];
      if (op) operations.push({ id: op.operationId, method, path, op, pointer: `/paths/${esc(path)}/${method}` });
    }
  }

  describe(`${api.name} contract on Prism`, () => {
    let prism: ChildProcess;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      prism = startPrism({ port, contract: api.path, stdio: ['ignore', 'pipe', 'pipe'] });
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          await fetch(`http://127.0.0.1:${port}/`);
          break;
        } catch {
          if (Date.now() > deadline) throw new Error('Prism did not start');
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    }, 70_000);
    afterAll(() => {
      prism?.kill('SIGTERM');
    });

    function buildRequest(path: string, op: Json) {
      const params = [...((api.doc.paths[path].parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map(
        (p) => resolve(api.doc, p),
      );
      let url = base + path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {
        Accept: 'application/json, application/problem+json, application/xml, text/plain, image/svg+xml, */*',
      };
      for (const p of params) {
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(valueOf(api.doc, p))));
        else if (p.in === 'query' && p.required) {
          const value = valueOf(api.doc, p);
          // deepObject: `name[key]=value` per property.
          if (value && typeof value === 'object' && p.style === 'deepObject') {
            for (const [k, v] of Object.entries(value)) query.set(`${p.name}[${k}]`, String(v));
          } else query.set(p.name, String(value));
        } else if (p.in === 'header' && p.required) headers[p.name] = String(valueOf(api.doc, p));
      }
      // Security: satisfy the first requirement of the operation (or of the API).
      const requirement = ((op.security ?? api.doc.security ?? []) as Json[])[0] ?? {};
      for (const name of Object.keys(requirement)) {
        const scheme = api.doc.components.securitySchemes[name];
        if (scheme?.type === 'apiKey' && scheme.in === 'header') headers[scheme.name] = 'test-token';
        if (scheme?.type === 'apiKey' && scheme.in === 'cookie') headers.Cookie = `${scheme.name}=test-session`;
        if (scheme?.type === 'http') headers.Authorization = 'Bearer test';
      }
      let body: string | undefined;
      const content = resolve(api.doc, op.requestBody)?.content;
      if (content?.['application/json']) {
        const media = content['application/json'];
        const example = media.examples ? resolve(api.doc, Object.values(media.examples)[0])?.value : media.example;
        body = JSON.stringify(example ?? sample(api.doc, resolve(api.doc, media.schema)));
        headers['Content-Type'] = 'application/json';
      }
      return { url: `http://127.0.0.1:${port}${url}${query.size ? `?${query}` : ''}`, headers, body };
    }

    it.each(operations.map((o) => [o.id, o] as const))(
      '%s answers a valid success, in every example locale',
      async (_id, { method, path, op, pointer }) => {
        const request = buildRequest(path, op);
        const success = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s));
        expect(success, 'a success response').toBeDefined();
        const responseContent = resolve(api.doc, op.responses[success!])?.content ?? {};
        const json = responseContent['application/json'];
        const exampleNames = json?.examples ? Object.keys(json.examples) : [];
        if (json)
          expect(exampleNames, 'success examples per locale').toEqual(
            expect.arrayContaining(['en-us', 'fr-fr', 'ja-jp']),
          );
        for (const name of exampleNames.length ? exampleNames : [undefined]) {
          const headers = { ...request.headers, Prefer: name ? `code=${success}, example=${name}` : `code=${success}` };
          const res = await fetch(request.url, { method: method.toUpperCase(), headers, body: request.body });
          const text = await res.text();
          expect(res.status, `${method.toUpperCase()} ${request.url} (${name}) → ${text.slice(0, 300)}`).toBe(
            Number(success),
          );
          if (json)
            expect(
              validate(`${pointer}/responses/${success}/content/application~1json/schema`, JSON.parse(text)),
            ).toEqual([]);
        }
      },
    );

    it.each(operations.map((o) => [o.id, o] as const))(
      '%s answers each problem it lists, by code',
      async (_id, { method, path, op }) => {
        const request = buildRequest(path, op);
        for (const [status, ref] of Object.entries(op.responses as Json)) {
          if (!/^[45]\d\d$/.test(status)) continue;
          const media = resolve(api.doc, ref)?.content?.['application/problem+json'];
          expect(media?.examples, `${status} has problem examples`).toBeDefined();
          for (const name of Object.keys(media.examples)) {
            const code = name.split('-')[0];
            const headers = { ...request.headers, Prefer: `code=${status}, example=${name}` };
            const res = await fetch(request.url, { method: method.toUpperCase(), headers, body: request.body });
            const problem = (await res.json()) as { code?: string; status?: number };
            expect(res.status, `${status} ${name}`).toBe(Number(status));
            expect(problem, `${status} ${name}`).toMatchObject({ code, status: Number(status) });
          }
        }
      },
    );
  });

  describe(`${api.name} error codes`, () => {
    it.each(operations.map((o) => [o.id, o] as const))(
      '%s has a problem example for every code its description says it answers',
      (_id, { op }) => {
        // Sentences about codes that are only logged (never answered) do not count.
        const answered = String(op.description ?? '')
          .split(/(?<=[.;])\s+|\n/)
          .filter((sentence) => !/logged|never answered/i.test(sentence))
          .join(' ');
        const listed = new Set(answered.match(/\b(ERR_[A-Z_]+?_?\d{4}|API_UNKNOWN_ERROR)\b/g) ?? []);
        const examples = new Set<string>();
        for (const ref of Object.values(op.responses as Json)) {
          const media = resolve(api.doc, ref)?.content?.['application/problem+json'];
          for (const name of Object.keys(media?.examples ?? {})) examples.add(name.split('-')[0]!);
        }
        expect([...listed].filter((code) => !examples.has(code))).toEqual([]);
      },
    );
  });

  describe(`${api.name} examples`, () => {
    const cases: [string, string, unknown][] = [];
    const visit = (node: any, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      if (node.schema && (node.examples || node.example !== undefined) && /\/content\/[^/]+$/.test(pointer)) {
        const values = node.examples
          ? Object.entries(node.examples).map(([k, v]) => [k, resolve(api.doc, v)?.value] as const)
          : [['example', node.example] as const];
        for (const [name, value] of values)
          cases.push([`${pointer.replace(/~1/g, '/')} ${name}`, `${pointer}/schema`, value]);
      }
      for (const [k, v] of Object.entries(node))
        if (k !== 'examples' && k !== 'example') visit(v, `${pointer}/${esc(k)}`);
    };
    visit(api.doc.paths, '/paths');
    it('has examples to check', () => expect(cases.length).toBeGreaterThan(10));
    it.each(cases)('%s validates', (_label, schemaPointer, value) => {
      const content =
        schemaPointer.includes('application~1json') ||
        schemaPointer.includes('problem+json') ||
        schemaPointer.includes('problem%2Bjson');
      if (!content && typeof value === 'string') return; // XML / SVG examples are strings
      expect(validate(schemaPointer, value)).toEqual([]);
    });
  });
}
