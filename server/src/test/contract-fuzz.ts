// Contract fuzzing (test support): requests generated from the bundled contracts of both APIs — valid ones
// from the schemas' examples, enums, formats and the database's own values, then mutated (boundaries, wrong
// types, missing fields, hostile strings, broken transport) — and the oracle that judges each answer (no 5xx
// but a documented upstream failure, every error in the problem format of the catalogue).
// Everything is drawn from one seeded generator per operation, so a seed reproduces an operation's requests.
import { gzipSync } from 'node:zlib';
import { JSONSchemaFaker } from 'json-schema-faker';
import { errorCatalogue, isErrorCode } from '@storefront/openapi/errors';
import { basePathOf } from '../shared/contract.ts';

type Json = Record<string, any>;
export type Api = 'storefront' | 'customer-service';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

// ---- seeded randomness -----------------------------------------------------------------------------------

export type Rng = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function rngOf(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed of its own for each operation, from the run's seed and the operation id (FNV-1a). */
export function seedFor(seed: number, name: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const chance = (rng: Rng, p: number) => rng() < p;

// ---- the contracts ---------------------------------------------------------------------------------------

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Json;
  style?: string;
  explode?: boolean;
  examples: unknown[];
}

export interface Operation {
  api: Api;
  id: string;
  method: Method;
  /** The contract path with the API's base (`/customer-service/v1/login`), `{name}` for path parameters. */
  path: string;
  params: Param[];
  body?: { required: boolean; schema: Json; examples: unknown[]; mediaTypes: string[] };
  /** Status → the codes the response documents (its problem examples and its description). */
  documented: Map<number, Set<string>>;
  /** Status → the media types the response documents (a refused sign-in callback is also a page, text/html). */
  media: Map<number, Set<string>>;
  /** Security schemes that satisfy it (`sessionCookie`, `internalToken`, …); empty: public. */
  security: string[];
  /** Methods of the same path that the contract does not describe (for the wrong-method mutation). */
  otherMethods: Method[];
}

function resolver(doc: Json) {
  const at = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce<any>((n, k) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const resolve = (node: any): any => {
    for (let i = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && i < 20; i++)
      node = at(node.$ref);
    return node;
  };
  /** The schema with every `$ref` inlined (recursive schemas are cut at a depth). */
  const deref = (node: any, depth = 0): any => {
    if (Array.isArray(node)) return node.map((n) => deref(n, depth));
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      if (depth > 12) return {};
      const { $ref, ...rest } = node;
      return { ...deref(resolve({ $ref }), depth + 1), ...deref(rest, depth) };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(node))
      out[k] =
        k === 'example' || k === 'examples' || k === 'enum' || k === 'const' || k === 'default' ? v : deref(v, depth);
    return out;
  };
  return { resolve, deref };
}

/** Every operation of a bundled contract, with its parameters and body schema fully resolved. */
export function operationsOf(api: Api, doc: Json): Operation[] {
  const { resolve, deref } = resolver(doc);
  // The storefront is served from the origin's root; the customer service under its server URL.
  const base = api === 'storefront' ? '' : basePathOf(doc);
  const out: Operation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    const described = METHODS.filter((m) => (item as Json)[m]);
    for (const method of described) {
      const op = (item as Json)[method] as Json;
      const params: Param[] = [...((item as Json).parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => {
        const param = resolve(p);
        const schema = deref(param.schema ?? {});
        const examples = [
          ...(param.example !== undefined ? [param.example] : []),
          ...Object.values(param.examples ?? {}).map((e) => resolve(e)?.value),
          ...(schema.example !== undefined ? [schema.example] : []),
          ...(Array.isArray(schema.examples) ? schema.examples : []),
        ].filter((v) => v !== undefined);
        return {
          name: param.name,
          in: param.in,
          required: Boolean(param.required),
          schema,
          style: param.style,
          explode: param.explode,
          examples,
        };
      });
      let body: Operation['body'];
      const requestBody = resolve(op.requestBody);
      if (requestBody?.content) {
        const mediaTypes = Object.keys(requestBody.content);
        const media = requestBody.content['application/json'] ?? Object.values(requestBody.content)[0];
        const examples = [
          ...(media.example !== undefined ? [media.example] : []),
          ...Object.values(media.examples ?? {}).map((e) => resolve(e)?.value),
        ].filter((v) => v !== undefined);
        body = { required: Boolean(requestBody.required), schema: deref(media.schema ?? {}), examples, mediaTypes };
      }
      const documented = new Map<number, Set<string>>();
      const media = new Map<number, Set<string>>();
      for (const [status, ref] of Object.entries((op.responses ?? {}) as Json)) {
        if (!/^\d{3}$/.test(status)) continue;
        const response = resolve(ref);
        const codes = new Set<string>(
          String(response?.description ?? '').match(/\b(ERR_[A-Z0-9_]+|API_UNKNOWN_ERROR)\b/g) ?? [],
        );
        for (const media of Object.values((response?.content ?? {}) as Json)) {
          for (const [name, example] of Object.entries(((media as Json).examples ?? {}) as Json)) {
            const code = resolve(example)?.value?.code;
            codes.add(typeof code === 'string' ? code : name.split('-')[0]!);
          }
        }
        documented.set(Number(status), codes);
        media.set(Number(status), new Set(Object.keys(response?.content ?? {})));
      }
      const security = ((op.security ?? doc.security ?? []) as Json[]).flatMap((r) => Object.keys(r));
      out.push({
        api,
        id: op.operationId,
        method,
        path: base + path,
        params,
        body,
        documented,
        media,
        security,
        otherMethods: METHODS.filter((m) => !described.includes(m)),
      });
    }
  }
  return out;
}

// ---- values ----------------------------------------------------------------------------------------------

/** Values of the running app's own data, by parameter or property name (real pids, slugs, order numbers…). */
export type KnownValues = Record<string, readonly unknown[]>;

const NUL = '\u0000';
const REPLACEMENT_PATTERNS = ['$`', "$'", '$&', '$1', '$$', '$<n>'] as const;

/** Hostile strings: each operation's hostile requests go through all of them, in turn. */
export const HOSTILE: readonly { name: string; value: string }[] = [
  { name: 'NUL', value: NUL },
  { name: 'NUL inside', value: `ab${NUL}cd` },
  { name: 'NUL trailing', value: `fr-fr${NUL}` },
  ...REPLACEMENT_PATTERNS.map((p) => ({ name: `replacement ${p}`, value: `x${p.repeat(8)}y` })),
  { name: 'replacement patterns mixed', value: "$`$'$&$1$$$<n>$0$99$<>" },
  { name: '10 KB ASCII', value: 'x'.repeat(10_240) },
  { name: '10 KB of $&', value: '$&'.repeat(5_120) },
  { name: '10 KB accented', value: 'é'.repeat(10_240) },
  { name: '10 KB emoji', value: '😀'.repeat(2_560) },
  { name: 'lone high surrogate', value: 'a\uD800b' },
  { name: 'lone low surrogate', value: '\uDFFF' },
  { name: 'reversed surrogates', value: '\uDC00\uD800' },
  { name: 'RTL override', value: 'abc\u202Efed' },
  { name: 'RTL/LTR marks', value: '\u200F\u200Eshop\u061C' },
  { name: 'combining marks', value: 'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308' },
  {
    name: 'zalgo',
    value:
      'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319\u0324\u031E\u0349\u035A\u032F\u031E\u0320\u034D',
  },
  { name: 'emoji ZWJ family', value: '👩‍👩‍👧‍👦' },
  { name: 'emoji flag', value: '🏳️‍🌈🇫🇷' },
  { name: 'zero width', value: 'a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF' },
  { name: 'BOM only', value: '\uFEFF' },
  { name: 'line separators', value: 'a\u2028b\u2029c\u0085d' },
  { name: 'control characters', value: '\u0001\u0008\u001B[31m\u007F\u009F' },
  { name: 'CRLF', value: 'a\r\nSet-Cookie: x=1\r\n' },
  { name: 'empty', value: '' },
  { name: 'spaces', value: '   ' },
  { name: 'fullwidth', value: 'ＡＢＣ１２３' },
  { name: 'case-mapping', value: 'İıßﬀŉǰ' },
  { name: 'CJK', value: '東京のバッグ' },
  { name: 'HTML', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { name: 'SQL', value: "' OR '1'='1'; --" },
  { name: 'LIKE wildcards', value: '%_\\%' },
  { name: 'path traversal', value: '../../../etc/passwd' },
  { name: 'template', value: '{{7*7}}${7*7}<%= 7*7 %>' },
  { name: 'prototype', value: '__proto__' },
  { name: 'constructor', value: 'constructor' },
  { name: 'percent', value: '%' },
  { name: 'bad percent', value: '%E3%83' },
  { name: 'number-like', value: '1e400' },
  { name: 'negative zero', value: '-0' },
  { name: 'NaN', value: 'NaN' },
  { name: 'backslashes', value: '\\\\\\"' },
  { name: 'tsquery', value: "!(& | :* <-> ''" },
  { name: 'regex', value: '(a+)+$[' },
  { name: 'e-mail unicode', value: 'jöhn.δοκιμή@例え.テスト' },
];

/** A request value as sent: `undefined` leaves the parameter or property out. */
type Value = unknown;

/** A value the schema accepts, preferring the app's own values, then the contract's examples. */
export function validValue(schema: Json, name: string | undefined, known: KnownValues, rng: Rng): Value {
  const own = name ? known[name] : undefined;
  if (own?.length && chance(rng, 0.75)) return pick(rng, own);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return pick(rng, schema.enum);
  const examples = [
    ...(schema.example !== undefined ? [schema.example] : []),
    ...(Array.isArray(schema.examples) ? schema.examples : []),
  ];
  if (examples.length && chance(rng, 0.6)) return pick(rng, examples);
  if (schema.default !== undefined && chance(rng, 0.5)) return schema.default;
  return fake(schema, rng);
}

function fake(schema: Json, rng: Rng): Value {
  JSONSchemaFaker.option({
    alwaysFakeOptionals: false,
    optionalsProbability: 0.5,
    useExamplesValue: true,
    useDefaultValue: false,
    failOnInvalidTypes: false,
    failOnInvalidFormat: false,
    refDepthMax: 3,
    maxItems: 3,
    maxLength: 40,
    random: rng,
  });
  try {
    return JSONSchemaFaker.generate(schema as never);
  } catch {
    return 'x';
  }
}

/** Replaces, at any depth, properties the app has values of (a pid, a size, an order number). */
function withKnown(value: Value, known: KnownValues, rng: Rng): Value {
  if (Array.isArray(value)) return value.map((v) => withKnown(v, known, rng));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const own = known[k];
    out[k] =
      own?.length && (v === null || typeof v !== 'object') && chance(rng, 0.7)
        ? pick(rng, own)
        : withKnown(v, known, rng);
  }
  return out;
}

/** The schema of a location inside a body (`items/0/quantity`), best effort through allOf/oneOf/anyOf. */
function schemaAt(schema: Json, path: (string | number)[]): Json {
  let cur: Json | undefined = schema;
  for (const step of path) {
    if (!cur) return {};
    const branches: Json[] = [
      cur,
      ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((k) => (Array.isArray(cur?.[k]) ? (cur[k] as Json[]) : [])),
    ];
    let next: Json | undefined;
    for (const b of branches) {
      next =
        typeof step === 'number'
          ? (b.items as Json | undefined)
          : ((b.properties as Json | undefined)?.[step] as Json | undefined);
      if (next) break;
    }
    cur = next;
  }
  return cur ?? {};
}

/** Values at the edge of a schema, and just past it. */
function boundaryValues(schema: Json): Value[] {
  const flat: Json = { ...schema, ...Object.assign({}, ...((schema.allOf as Json[] | undefined) ?? [])) };
  const type = flat.type ?? (flat.properties ? 'object' : flat.items ? 'array' : undefined);
  const out: Value[] = [];
  if (type === 'integer' || type === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = flat as Record<string, number | undefined>;
    for (const v of [minimum, maximum, exclusiveMinimum, exclusiveMaximum])
      if (typeof v === 'number') out.push(v, v - 1, v + 1);
    out.push(
      0,
      -1,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      1e308,
      -1e308,
      5e-324,
      0.5,
      1.0000001,
    );
  } else if (type === 'array') {
    const item = validValue((flat.items as Json) ?? {}, undefined, {}, rngOf(1));
    out.push(
      [],
      Array.from({ length: ((flat.maxItems as number | undefined) ?? 200) + 1 }, () => item),
      [item, item],
    );
  } else if (type === 'object') {
    out.push({});
  } else {
    const { minLength = 0, maxLength } = flat as Record<string, number | undefined>;
    out.push('', 'a'.repeat(Math.max(0, (minLength ?? 0) - 1)), 'a'.repeat(minLength ?? 0));
    if (typeof maxLength === 'number')
      out.push('a'.repeat(maxLength), 'a'.repeat(maxLength + 1), '1'.repeat(maxLength + 1), 'é'.repeat(maxLength + 1));
    if (flat.format === 'email')
      out.push(
        `${'a'.repeat(64)}@${'b'.repeat(63)}.com`,
        `${'a'.repeat(65)}@example.com`,
        'a@b',
        '@example.com',
        'a@',
        'a@@example.com',
      );
    if (flat.format === 'date') out.push('0000-00-00', '2026-02-30', '9999-12-31', '1900-01-01', '2026-13-01');
    if (flat.format === 'date-time')
      out.push('2026-02-30T25:61:61Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z');
    if (flat.format === 'uuid')
      out.push(
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '00000000-0000-0000-0000-00000000000',
      );
  }
  return out;
}

const WRONG_TYPES: readonly Value[] = [
  0,
  -1,
  1.5,
  1.2345678901234568e29,
  true,
  false,
  null,
  {},
  [],
  ['a', 'b'],
  { a: 1 },
  [[[]]],
  'string',
  '1',
  'true',
  'null',
];

// ---- requests --------------------------------------------------------------------------------------------

export type Identity = 'anonymous' | 'basket' | 'signed-in';
export const IDENTITIES: readonly Identity[] = ['anonymous', 'basket', 'signed-in'];

export type Kind = 'valid' | 'boundary' | 'wrong-type' | 'missing' | 'hostile' | 'extra' | 'transport';
/** The share of each kind in an operation's requests (a schedule, so every kind is always there). */
const SCHEDULE: readonly Kind[] = [
  'valid',
  'hostile',
  'wrong-type',
  'boundary',
  'hostile',
  'missing',
  'valid',
  'hostile',
  'transport',
  'wrong-type',
  'hostile',
  'boundary',
  'valid',
  'hostile',
  'missing',
  'extra',
  'hostile',
  'transport',
  'wrong-type',
  'valid',
];

export interface FuzzRequest {
  /** Its number in the operation's sequence (reproduce with the same seed). */
  n: number;
  kind: Kind;
  /** What was changed (`hostile NUL → body/email`). */
  note: string;
  identity: Identity;
  method: Method;
  /** Path and query, percent-encoded as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The answer the transport mutation must get (e.g. 413 for an oversized body), if any. */
  expect?: { status: number; code: string };
}

/** The request's parts before serialization: values by location. */
interface Draft {
  path: Map<string, Value>;
  query: Map<string, Value>;
  header: Map<string, Value>;
  body: Value;
  /** A body that is not JSON of `body` (raw bytes or text), with its Content-Type. */
  raw?: { contentType?: string; data: string | Buffer; encoding?: string };
  extraQuery: string[];
  pathEdit?: (path: string) => string;
  method?: Method;
  headers: Record<string, string>;
  expect?: FuzzRequest['expect'];
}

/**
 * Percent-encodes any string for a URL, lone surrogates included (as the WTF-8 bytes a hostile client would
 * send; `encodeURIComponent` throws on them).
 */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < s.length &&
      s.charCodeAt(i + 1) >= 0xdc00 &&
      s.charCodeAt(i + 1) <= 0xdfff
    ) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else
      out += encodeURIComponent(s[i]!).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

/**
 * A long string cut to what a URL can carry: Node refuses request heads over 16 KB (431, before the app
 * sees them), so a 10 KB string of multi-byte characters (30 to 60 KB percent-encoded) is shortened to
 * 8 KB encoded. Bodies carry the whole string.
 */
function fitUrl(s: string): string {
  let out = s;
  while (percentEncode(out).length > 8_000) out = out.slice(0, Math.floor(out.length * 0.75));
  return out;
}

/** A header value Node accepts (Latin-1 without control characters): anything else percent-encoded. */
function headerSafe(s: string): string {
  return s.replace(/[^\t\x20-\x7e\x80-\xff]/g, (ch) => percentEncode(ch));
}

function scalarText(v: Value): string {
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Query text of one parameter in its contract style. */
function queryPairs(param: Param, value: Value): string[] {
  if (value === undefined) return [];
  const name = percentEncode(param.name);
  if (param.style === 'deepObject' && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${name}%5B${percentEncode(k)}%5D=${percentEncode(scalarText(v))}`);
  }
  if (Array.isArray(value)) {
    if (param.explode === false || param.style === 'form')
      return [`${name}=${value.map((v) => percentEncode(scalarText(v))).join(',')}`];
    return value.map((v) => `${name}=${percentEncode(scalarText(v))}`);
  }
  if (value && typeof value === 'object')
    return Object.entries(value).map(([k, v]) => `${name}%5B${percentEncode(k)}%5D=${percentEncode(scalarText(v))}`);
  return [`${name}=${percentEncode(scalarText(value))}`];
}

/** Paths of the leaves (and objects) of a JSON value: the places a mutation can hit. */
function locations(
  value: Value,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i]);
      locations(v, [...prefix, i], out);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      locations(v, [...prefix, k], out);
    }
  }
  return out;
}

function setAt(value: Value, path: (string | number)[], next: Value | typeof DELETE): Value {
  if (!path.length) return next === DELETE ? undefined : next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (!rest.length && next === DELETE) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const copy: Json = { ...(value as Json) };
  if (!rest.length && next === DELETE) delete copy[head];
  else copy[head] = setAt(copy[head], rest, next);
  return copy;
}
const DELETE = Symbol('delete');

/** Builds the requests of one operation: `runs` of them, from the operation's own seed. */
export function generateRequests(
  op: Operation,
  options: { seed: number; runs: number; known: KnownValues; tokens: Record<string, string> },
): FuzzRequest[] {
  const rng = rngOf(seedFor(options.seed, op.id));
  const { known } = options;
  let hostileTurn = Math.floor(rng() * HOSTILE.length);
  const nextHostile = () => HOSTILE[hostileTurn++ % HOSTILE.length]!;
  const requests: FuzzRequest[] = [];
  const bodyParams = op.body;
  const hasJsonBody = Boolean(bodyParams?.mediaTypes.includes('application/json'));

  for (let n = 0; n < options.runs; n++) {
    const kind = SCHEDULE[n % SCHEDULE.length]!;
    const identity = IDENTITIES[n % IDENTITIES.length]!;
    // A valid draft first: every required parameter, optional ones half of the time, a body from an example.
    const draft: Draft = {
      path: new Map(),
      query: new Map(),
      header: new Map(),
      body: undefined,
      extraQuery: [],
      headers: {},
    };
    for (const p of op.params) {
      if (p.in === 'cookie') continue;
      if (!p.required && !chance(rng, 0.5)) continue;
      const own = known[p.name];
      const value =
        own?.length && chance(rng, 0.75)
          ? pick(rng, own)
          : p.examples.length && chance(rng, 0.6)
            ? pick(rng, p.examples)
            : validValue(p.schema, p.name, known, rng);
      draft[p.in].set(p.name, value);
    }
    if (bodyParams && hasJsonBody && (bodyParams.required || chance(rng, 0.7))) {
      const base =
        bodyParams.examples.length && chance(rng, 0.7)
          ? structuredClone(pick(rng, bodyParams.examples))
          : fake(bodyParams.schema, rng);
      draft.body = withKnown(base, known, rng);
    }
    for (const scheme of op.security) {
      if (options.tokens[scheme])
        draft.headers[scheme === 'serviceToken' ? 'X-Service-Token' : 'X-Internal-Token'] = options.tokens[scheme]!;
    }

    // Then one mutation of the kind's schedule.
    const note = mutate(kind, op, draft, rng, known, nextHostile);
    requests.push(serialize(op, draft, { n, kind, note, identity }));
  }
  return requests;
}

/** Where a value mutation can land: a parameter or a place in the body. */
type Target = { where: 'param'; param: Param } | { where: 'body'; path: (string | number)[] } | { where: 'whole-body' };

function targets(op: Operation, draft: Draft): Target[] {
  const out: Target[] = op.params.filter((p) => p.in !== 'cookie').map((param) => ({ where: 'param' as const, param }));
  if (draft.body !== undefined) {
    out.push({ where: 'whole-body' });
    for (const path of locations(draft.body)) out.push({ where: 'body', path });
  }
  return out;
}

function describe(t: Target): string {
  return t.where === 'param'
    ? `${t.param.in}/${t.param.name}`
    : t.where === 'body'
      ? `body/${t.path.join('/')}`
      : 'body';
}

function apply(draft: Draft, t: Target, value: Value | typeof DELETE): void {
  if (t.where === 'param') {
    const map = draft[t.param.in as 'path' | 'query' | 'header'];
    if (value === DELETE) map.delete(t.param.name);
    else map.set(t.param.name, value);
  } else if (t.where === 'body') draft.body = setAt(draft.body, t.path, value);
  else draft.body = value === DELETE ? undefined : value;
}

function mutate(
  kind: Kind,
  op: Operation,
  draft: Draft,
  rng: Rng,
  known: KnownValues,
  nextHostile: () => { name: string; value: string },
): string {
  const all = targets(op, draft);
  const leafTargets = all.filter((t) => t.where !== 'whole-body');
  const target = leafTargets.length ? pick(rng, leafTargets) : all.length ? pick(rng, all) : undefined;
  const schemaOf = (t: Target): Json =>
    t.where === 'param'
      ? t.param.schema
      : t.where === 'body'
        ? schemaAt(op.body?.schema ?? {}, t.path)
        : (op.body?.schema ?? {});
  switch (kind) {
    case 'valid':
      return 'valid';
    case 'boundary': {
      if (!target) return transport(op, draft, rng);
      // In a URL, only the values Node lets through (16 KB of request head): longer ones never reach the app.
      const values = boundaryValues(schemaOf(target)).filter(
        (v) => target.where !== 'param' || percentEncode(scalarText(v)).length <= 8_000,
      );
      const value = values.length ? pick(rng, values) : '';
      apply(draft, target, value);
      return `boundary ${describe(target)} = ${preview(value)}`;
    }
    case 'wrong-type': {
      const t = all.length ? pick(rng, all) : undefined;
      if (!t) return transport(op, draft, rng);
      const value = pick(rng, WRONG_TYPES);
      apply(draft, t, value);
      return `wrong type ${describe(t)} = ${preview(value)}`;
    }
    case 'missing': {
      const required = all.filter((t) =>
        t.where === 'param'
          ? t.param.required
          : t.where === 'whole-body'
            ? op.body?.required
            : isRequiredIn(op.body?.schema ?? {}, t.path),
      );
      const t = required.length ? pick(rng, required) : all.length ? pick(rng, all) : undefined;
      if (!t) return transport(op, draft, rng);
      apply(draft, t, DELETE);
      return `missing ${describe(t)}`;
    }
    case 'hostile': {
      const h = nextHostile();
      const stringTargets = all.filter(
        (t) => t.where === 'param' || (t.where === 'body' && typeof getAt(draft.body, t.path) === 'string'),
      );
      const t = stringTargets.length ? pick(rng, stringTargets) : target;
      if (!t) {
        // Nothing to put it in: a query parameter nobody declared, and the hostile text in a header.
        draft.extraQuery.push(`q=${percentEncode(fitUrl(h.value))}`);
        return `hostile ${h.name} → undeclared query`;
      }
      // Whole, or around a valid value (which keeps most of the value, so that deeper code sees it).
      const current =
        t.where === 'param'
          ? draft[t.param.in as 'path' | 'query' | 'header'].get(t.param.name)
          : t.where === 'body'
            ? getAt(draft.body, t.path)
            : undefined;
      const around = typeof current === 'string' && chance(rng, 0.4);
      const text = t.where === 'param' && t.param.in !== 'header' ? fitUrl(h.value) : h.value;
      const value = around ? pick(rng, [`${current}${text}`, `${text}${current}`]) : text;
      apply(
        draft,
        t,
        t.where === 'param' && t.param.in === 'query' && t.param.schema.type === 'array' ? [value] : value,
      );
      return `hostile ${h.name}${around ? ' (around a valid value)' : ''} → ${describe(t)}`;
    }
    case 'extra': {
      if (draft.body && typeof draft.body === 'object' && !Array.isArray(draft.body) && chance(rng, 0.6)) {
        const key = pick(rng, ['__proto__', 'constructor', 'isAdmin', 'customerId', 'status', 'price', 'extra']);
        const value = key === '__proto__' ? { polluted: true } : pick(rng, [true, 0, 'x', { a: 1 }]);
        draft.raw = {
          contentType: 'application/json',
          data: JSON.stringify(draft.body).replace(
            /^\{/,
            `{${JSON.stringify(key)}:${JSON.stringify(value)}${Object.keys(draft.body).length ? ',' : ''}`,
          ),
        };
        return `extra body property ${key}`;
      }
      draft.extraQuery.push(
        pick(rng, [
          'zzz=1',
          'debug=true',
          '__proto__[polluted]=1',
          'constructor[prototype][x]=1',
          'a[b][c][d][e][f]=1',
          `${'k'.repeat(300)}=v`,
        ]),
      );
      return `extra query ${draft.extraQuery.at(-1)}`;
    }
    case 'transport':
      return transport(op, draft, rng);
  }
}

function getAt(value: Value, path: (string | number)[]): Value {
  return path.reduce<any>((v, k) => (v == null ? undefined : v[k]), value);
}

function isRequiredIn(schema: Json, path: (string | number)[]): boolean {
  if (!path.length) return true;
  const parent = schemaAt(schema, path.slice(0, -1));
  const last = path.at(-1);
  const branches: Json[] = [
    parent,
    ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((k) => (Array.isArray(parent[k]) ? (parent[k] as Json[]) : [])),
  ];
  return branches.some((b) => Array.isArray(b.required) && b.required.includes(last));
}

function preview(v: Value): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
}

/** A broken transport: media type, charset, encoding, size, JSON syntax, path shape, method, headers. */
function transport(op: Operation, draft: Draft, rng: Rng): string {
  const json = draft.body === undefined ? '{}' : JSON.stringify(draft.body);
  const withBody: [string, () => void][] = [
    [
      'Content-Type: application/json; charset=foo-bar',
      () => (
        (draft.raw = { contentType: 'application/json; charset=foo-bar', data: json }),
        (draft.expect = { status: 415, code: 'ERR_API_1030' })
      ),
    ],
    [
      'Content-Type: text/plain',
      () => (
        (draft.raw = { contentType: 'text/plain', data: json }),
        (draft.expect = { status: 415, code: 'ERR_API_1030' })
      ),
    ],
    [
      'Content-Type: application/x-www-form-urlencoded',
      () => (
        (draft.raw = { contentType: 'application/x-www-form-urlencoded', data: 'a=1&b=2' }),
        (draft.expect = { status: 415, code: 'ERR_API_1030' })
      ),
    ],
    [
      'Content-Encoding: x-unknown',
      () => (
        (draft.raw = { contentType: 'application/json', data: json, encoding: 'x-unknown' }),
        (draft.expect = { status: 415, code: 'ERR_API_1030' })
      ),
    ],
    [
      'Content-Encoding: gzip, body not gzip',
      () => (draft.raw = { contentType: 'application/json', data: json, encoding: 'gzip' }),
    ],
    [
      'Content-Encoding: gzip, body gzip',
      () => (draft.raw = { contentType: 'application/json', data: gzipSync(json), encoding: 'gzip' }),
    ],
    [
      'Content-Encoding: br, body not br',
      () => (draft.raw = { contentType: 'application/json', data: json, encoding: 'br' }),
    ],
    [
      'body over 32 KB',
      () => (
        (draft.raw = {
          contentType: 'application/json',
          data: JSON.stringify({ padding: 'x'.repeat(40_000), ...(typeof draft.body === 'object' ? draft.body : {}) }),
        }),
        (draft.expect = { status: 413, code: 'ERR_API_1029' })
      ),
    ],
    [
      'Content-Type: application/json; charset=utf-16',
      () => (draft.raw = { contentType: 'application/json; charset=utf-16', data: json }),
    ],
    [
      'Content-Type: application/json; charset=latin1',
      () => (draft.raw = { contentType: 'application/json; charset=latin1', data: json }),
    ],
    [
      'Content-Type: application/merge-patch+json',
      () => (draft.raw = { contentType: 'application/merge-patch+json', data: json }),
    ],
    [
      'malformed JSON',
      () =>
        (draft.raw = {
          contentType: 'application/json',
          data: json.slice(0, Math.max(1, Math.floor(json.length / 2))),
        }),
    ],
    ['JSON with comments', () => (draft.raw = { contentType: 'application/json', data: `/* x */${json}` })],
    ['empty body', () => (draft.raw = { contentType: 'application/json', data: '' })],
    ['JSON null', () => (draft.raw = { contentType: 'application/json', data: 'null' })],
    ['JSON string', () => (draft.raw = { contentType: 'application/json', data: '"x"' })],
    ['JSON array', () => (draft.raw = { contentType: 'application/json', data: `[${json}]` })],
    [
      'JSON nested 5000 deep',
      () => (draft.raw = { contentType: 'application/json', data: `${'['.repeat(5000)}${']'.repeat(5000)}` }),
    ],
    [
      'JSON 1e400',
      () => (draft.raw = { contentType: 'application/json', data: json.replace(/:(\d+(\.\d+)?)/, ':1e400') }),
    ],
    [
      'JSON duplicate keys',
      () => (draft.raw = { contentType: 'application/json', data: json.replace(/^\{/, '{"a":1,"a":2,') }),
    ],
    [
      'invalid UTF-8 bytes in JSON',
      () =>
        (draft.raw = {
          contentType: 'application/json',
          data: Buffer.concat([
            Buffer.from(json.replace(/"([^"]*)"\s*}$/, '"')),
            Buffer.from([0xff, 0xed, 0xa0, 0x80, 0xc3]),
            Buffer.from('"}'),
          ]),
        }),
    ],
    ['UTF-8 BOM before JSON', () => (draft.raw = { contentType: 'application/json', data: `\uFEFF${json}` })],
  ];
  const anyOp: [string, () => void][] = [
    ['path //', () => (draft.pathEdit = (p) => `/${p}`)],
    ['path ///', () => (draft.pathEdit = (p) => p.replace(/^(\/[^/]+)\//, '$1///'))],
    ['path trailing /', () => (draft.pathEdit = (p) => `${p}/`)],
    ['path //x// everywhere', () => (draft.pathEdit = (p) => p.replace(/\//g, '//'))],
    [
      'path with %2F',
      () => (draft.pathEdit = (p) => (/^\/[^/]*\//.test(p) ? p.replace(/\/([^/]*)$/, '%2F$1') : `/%2F${p.slice(1)}`)),
    ],
    ['path with %00', () => (draft.pathEdit = (p) => `${p}%00`)],
    ['path with bad percent', () => (draft.pathEdit = (p) => `${p}%E3%8`)],
    ['path with /../', () => (draft.pathEdit = (p) => `/x/..${p}`)],
    ['path upper case', () => (draft.pathEdit = (p) => p.toUpperCase())],
    ['query with bad percent', () => draft.extraQuery.push('locale=%zz')],
    [
      'query parameter twice',
      () =>
        draft.extraQuery.push(
          ...[...draft.query.keys()].slice(0, 1).map((k) => `${percentEncode(k)}=x`),
          'locale=en-us',
        ),
    ],
    [
      'query parameter as array',
      () =>
        [...draft.query.keys()]
          .slice(0, 1)
          .forEach((k) => draft.query.delete(k) && draft.extraQuery.push(`${k}[]=a`, `${k}[]=b`)),
    ],
    [
      'query parameter as object',
      () =>
        [...draft.query.keys()].slice(0, 1).forEach((k) => draft.query.delete(k) && draft.extraQuery.push(`${k}[x]=1`)),
    ],
    ['query of 1000 parameters', () => draft.extraQuery.push(...Array.from({ length: 1000 }, (_, i) => `p${i}=1`))],
    ['Accept: application/xml', () => (draft.headers.Accept = 'application/xml')],
    ['Accept: text/html', () => (draft.headers.Accept = 'text/html')],
    ['Accept: image/webp;q=0', () => (draft.headers.Accept = 'image/webp;q=0, */*;q=0')],
    ['Accept-Language odd', () => (draft.headers['Accept-Language'] = 'zz-ZZ;q=x, *;q=2, ,,,')],
    ['If-None-Match odd', () => (draft.headers['If-None-Match'] = 'W/"x", *, "unterminated')],
    ['Range header', () => (draft.headers.Range = 'bytes=0-0,1-1,-5')],
    ['cross-site', () => (draft.headers['Sec-Fetch-Site'] = 'cross-site')],
    [
      'foreign Origin, no Fetch Metadata',
      () => ((draft.headers['Sec-Fetch-Site'] = ''), (draft.headers.Origin = 'https://evil.example')),
    ],
    ['X-Forwarded-For garbage', () => (draft.headers['X-Forwarded-For'] = 'not-an-ip, , 999.1.1.1, ::ffff:zz')],
    ['X-Request-Id hostile', () => (draft.headers['X-Request-Id'] = '$&$`'.repeat(40))],
    [
      'cookie hostile',
      () =>
        (draft.headers.Cookie = `sid=${percentEncode('$&\u0000\uD800')}; cs_sid=%E3%8; ${'c'.repeat(50)}=${'v'.repeat(2000)}`),
    ],
    ['method override header', () => (draft.headers['X-HTTP-Method-Override'] = 'DELETE')],
  ];
  if (op.otherMethods.length)
    anyOp.push(['method not described for this path', () => (draft.method = pick(rng, op.otherMethods))]);
  const choices = op.body ? [...withBody, ...withBody, ...anyOp] : anyOp;
  const [name, run] = pick(rng, choices);
  run();
  return `transport ${name}`;
}

function serialize(
  op: Operation,
  draft: Draft,
  meta: Pick<FuzzRequest, 'n' | 'kind' | 'note' | 'identity'>,
): FuzzRequest {
  let path = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const value = draft.path.get(p.name);
    // A path parameter cannot be left out: the segment is empty.
    path = path.replace(`{${p.name}}`, value === undefined ? '' : percentEncode(scalarText(value)));
  }
  if (draft.pathEdit) path = draft.pathEdit(path);
  const query = [
    ...op.params.filter((p) => p.in === 'query').flatMap((p) => queryPairs(p, draft.query.get(p.name))),
    ...draft.extraQuery,
  ];
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json;q=0.9, */*;q=0.1',
    'Sec-Fetch-Site': 'same-origin',
  };
  for (const p of op.params.filter((x) => x.in === 'header')) {
    const value = draft.header.get(p.name);
    if (value !== undefined) headers[p.name] = headerSafe(scalarText(value));
  }
  for (const [k, v] of Object.entries(draft.headers)) {
    if (v === '') delete headers[k];
    else headers[k] = headerSafe(v);
  }
  let body: string | Buffer | undefined;
  if (draft.raw) {
    body = draft.raw.data;
    if (draft.raw.contentType) headers['Content-Type'] = draft.raw.contentType;
    if (draft.raw.encoding) headers['Content-Encoding'] = draft.raw.encoding;
  } else if (draft.body !== undefined) {
    body = JSON.stringify(draft.body);
    headers['Content-Type'] = 'application/json';
  }
  const method = draft.method ?? op.method;
  return {
    ...meta,
    method,
    url: `${path}${query.length ? `?${query.join('&')}` : ''}`,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(draft.expect ? { expect: draft.expect } : {}),
  };
}

// ---- the oracle ------------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export type Verdict = { ok: true; upstream?: string } | { ok: false; problem: string };

const PROBLEM_KEYS = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId', 'errors']);

/** Why an error answer is not a problem of the catalogue (application/problem+json, `problemOf`'s fields), if it is not. */
export function problemFormatIssue(answer: Answer): string | undefined {
  if (!/^application\/problem\+json\b/i.test(answer.contentType))
    return `error answered as ${answer.contentType || 'no content type'}`;
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'problem body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'problem body is not an object';
  const extra = Object.keys(body).filter((k) => !PROBLEM_KEYS.has(k));
  if (extra.length) return `problem body has undocumented fields ${extra.join(', ')}`;
  if (!isErrorCode(body.code)) return `problem code ${JSON.stringify(body.code)} is not in the catalogue`;
  const entry = errorCatalogue[body.code as keyof typeof errorCatalogue];
  if (body.status !== answer.status)
    return `problem status ${body.status} differs from the HTTP status ${answer.status}`;
  if (entry.status !== answer.status)
    return `${body.code} is ${entry.status} in the catalogue, answered ${answer.status}`;
  if (body.type !== `https://errors.storefront.dev/${body.code}`) return `problem type ${JSON.stringify(body.type)}`;
  if (body.title !== entry.message) return 'problem title is not the catalogue message';
  if (body.detail !== undefined && typeof body.detail !== 'string') return 'problem detail is not a string';
  if (body.requestId !== undefined && typeof body.requestId !== 'string') return 'problem requestId is not a string';
  if (
    body.errors !== undefined &&
    (!Array.isArray(body.errors) ||
      body.errors.some((e: any) => typeof e?.path !== 'string' || typeof e?.message !== 'string'))
  )
    return 'problem errors are not {path, message} pairs';
  return undefined;
}

/** The code of a problem answer, if it has one. */
export function codeOf(answer: Answer): string | undefined {
  try {
    const code = (JSON.parse(answer.text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Codes that are never an upstream failure, whatever an operation documents: the app's own crash. */
const CRASH_CODES = new Set(['ERR_API_1000', 'API_UNKNOWN_ERROR']);

export function judge(op: Operation, request: FuzzRequest, answer: Answer): Verdict {
  const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
  // An error in another media type the operation documents for that status (a page, for a browser): its own format.
  if (answer.status >= 400 && mediaType !== 'application/problem+json' && op.media.get(answer.status)?.has(mediaType))
    return { ok: true };
  if (answer.status >= 400) {
    const issue = problemFormatIssue(answer);
    if (issue) return { ok: false, problem: `${answer.status}: ${issue}` };
  }
  const code = answer.status >= 400 ? codeOf(answer) : undefined;
  if (answer.status >= 500) {
    const documented = op.documented.get(answer.status);
    if (!code || CRASH_CODES.has(code) || !documented?.has(code))
      return { ok: false, problem: `${answer.status} ${code ?? ''} is not a documented upstream failure of ${op.id}` };
    if (!request.expect) return { ok: true, upstream: `${answer.status} ${code}` };
  }
  if (request.expect && (answer.status !== request.expect.status || code !== request.expect.code)) {
    return {
      ok: false,
      problem: `${answer.status} ${code ?? ''} where the transport mutation expects ${request.expect.status} ${request.expect.code}`,
    };
  }
  return { ok: true };
}

/** A request as a readable, copyable line (bodies cut, non-ASCII escaped). */
export function showRequest(r: FuzzRequest, origin = ''): string {
  const headers = Object.entries(r.headers)
    .filter(([k]) => !/^cookie$/i.test(k) || !/^sid=[\w-]{22}; cs_sid=[\w-]{22}$/.test(r.headers[k]!))
    .map(([k, v]) => `-H ${JSON.stringify(`${k}: ${v.length > 120 ? `${v.slice(0, 117)}…` : v}`)}`)
    .join(' ');
  let body = '';
  if (r.body !== undefined) {
    const text =
      typeof r.body === 'string' ? r.body : `<${r.body.length} bytes: ${r.body.subarray(0, 60).toString('hex')}…>`;
    const escaped = JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…(${text.length} chars)` : text).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    body = ` --data ${escaped}`;
  }
  const url = r.url.length > 400 ? `${r.url.slice(0, 400)}…(${r.url.length} chars)` : r.url;
  return `${r.method.toUpperCase()} ${origin}${url} ${headers}${body} [${r.identity}]`;
}
