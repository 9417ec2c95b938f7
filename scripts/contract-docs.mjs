// What the bundling step (scripts/codegen.mjs) adds to a bundled contract for its readers: the error
// catalogue of the codes this API names, as one reference section (a trait tag, a table per family), and
// code samples of every operation (`x-codeSamples`: curl and openapi-fetch). Pure functions of the bundled
// document and the catalogue, so that the same contract always gives the same output.

import { resolveRef } from './contract-ref.mjs';

export const CATALOGUE_TAG = 'Error catalogue';
export const REFERENCE_GROUP = 'Reference';
/** The only token the test reCAPTCHA verifier (`RECAPTCHA_VERIFIER=test`, `npm start`) accepts. */
export const TEST_RECAPTCHA_TOKEN = 'test-recaptcha-token';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of a document: `{ path, method, op, item }`. */
export function operationsOf(doc) {
  const list = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) if (item?.[method]) list.push({ path, method, op: item[method], item });
  }
  return list;
}

/**
 * The catalogue codes a contract names anywhere (examples, `x-error-code`, descriptions), apart from the
 * `ErrorCode` schema that lists the whole catalogue: the codes this API answers.
 */
export function codesNamedBy(doc, codes) {
  const { ErrorCode: _all, ...schemas } = doc.components?.schemas ?? {};
  const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas } });
  const words = new Set(text.match(/[A-Z][A-Z0-9_]*[A-Z0-9]/g));
  return codes.filter((c) => words.has(c.code));
}

/** The reference section: one table per family of the codes this API answers, in catalogue order. */
export function catalogueSection(apiCodes, totalCodes) {
  const families = [...new Set(apiCodes.map((c) => c.family))];
  const cell = (s) => String(s).replaceAll('|', '\\|').replaceAll('\n', ' ');
  const parts = [
    `Every error answer is an RFC 9457 problem (\`application/problem+json\`) whose \`code\` is one of the catalogue's. ` +
      `This API answers the ${apiCodes.length} codes below (the catalogue holds ${totalCodes}; the \`ErrorCode\` type lists them all, ` +
      'and a client treats a code it does not know as a generic failure). *internal* codes are logged or answered to integrators ' +
      'and never shown to a shopper; the others have a translated message in the storefront.',
  ];
  for (const family of families) {
    const rows = apiCodes
      .filter((c) => c.family === family)
      .map(
        (c) =>
          `| ${c.code} | ${c.status} | ${cell(c.message)}${(c.audience ?? 'shopper') === 'internal' ? ' *(internal)*' : ''} |`,
      );
    parts.push(`### ${family}\n\n| code | status | message |\n|---|---|---|\n${rows.join('\n')}`);
  }
  return parts.join('\n\n') + '\n';
}

/**
 * Adds the error catalogue section (a trait tag in a "Reference" tag group) to a bundled document.
 * Returns the codes it lists.
 */
export function addCatalogueSection(doc, codes) {
  const apiCodes = codesNamedBy(doc, codes);
  doc.tags = [
    ...(doc.tags ?? []).filter((t) => t.name !== CATALOGUE_TAG),
    { name: CATALOGUE_TAG, 'x-traitTag': true, description: catalogueSection(apiCodes, codes.length) },
  ];
  if (doc['x-tagGroups']) {
    doc['x-tagGroups'] = [
      ...doc['x-tagGroups'].filter((g) => g.name !== REFERENCE_GROUP),
      { name: REFERENCE_GROUP, tags: [CATALOGUE_TAG] },
    ];
  }
  return apiCodes;
}

/**
 * The base URL the samples call: the first absolute server URL of a document, its variables at their
 * defaults (`{scheme}://{host}/v1` → `http://localhost:3000/v1`); else the first server on localhost:3000.
 */
export function serverUrlOf(doc) {
  const urls = (doc.servers ?? [{ url: '/' }]).map((server) =>
    server.url.replace(/\{(\w+)\}/g, (m, name) => server.variables?.[name]?.default ?? m).replace(/\/$/, ''),
  );
  return urls.find((url) => /^https?:\/\//.test(url)) ?? `http://localhost:3000${urls[0] ?? ''}`;
}

/** Adds `x-codeSamples` (curl, then openapi-fetch in TypeScript) to every operation of a bundled document. */
export function addCodeSamples(doc, { typesModule }) {
  const base = serverUrlOf(doc);
  const origin = /^https?:\/\/[^/]+/.exec(base)?.[0] ?? 'http://localhost:3000';
  for (const { path, method, op, item } of operationsOf(doc)) {
    const request = requestOf(doc, path, method, op, item);
    op['x-codeSamples'] = [
      { lang: 'Shell', label: 'curl', source: curlSample(request, { base, origin }) },
      { lang: 'TypeScript', label: 'openapi-fetch', source: fetchSample(request, { base, typesModule }) },
    ];
  }
}

/** The example request of an operation: required parameters and the body of its first example. */
function requestOf(doc, path, method, op, item) {
  const resolve = (node) => resolveRef(doc, node);
  const params = { path: {}, query: {}, header: {} };
  const styles = {};
  const byKey = new Map();
  for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve))
    byKey.set(`${p.in}:${p.name}`, p);
  for (const p of byKey.values()) {
    if (!(p.in in params) || !(p.required || p.in === 'path')) continue;
    params[p.in][p.name] = exampleOfParameter(p, resolve);
    styles[p.name] = { style: p.style, explode: p.explode };
  }
  const body = resolve(op.requestBody);
  const [mediaType, media] = Object.entries(body?.content ?? {})[0] ?? [];
  // A required body: its example, the one named after the sample's locale when there is one.
  let bodyValue;
  if (media && body.required) {
    const examples = media.examples ?? {};
    const named = examples[params.query.locale] ?? Object.values(examples)[0];
    bodyValue = media.example ?? resolve(named)?.value ?? resolve(media.schema)?.example;
    if (bodyValue !== undefined) bodyValue = withTestRecaptchaToken(bodyValue);
  }
  const security = op.security ?? doc.security ?? [];
  const optional = security.length === 0 || security.some((alt) => Object.keys(alt).length === 0);
  const schemes = new Set(security.flatMap((alt) => Object.keys(alt)));
  const schemeDefs = doc.components?.securitySchemes ?? {};
  const cookies = [...schemes].some((s) => schemeDefs[s]?.in === 'cookie');
  const headers = optional
    ? []
    : [...schemes]
        .map((s) => schemeDefs[s])
        .filter((s) => s?.type === 'apiKey' && s.in === 'header')
        .map((s) => s.name);
  const success = Object.entries(op.responses ?? {}).find(([code]) => /^2/.test(code));
  const successTypes = Object.keys(resolve(success?.[1])?.content ?? {});
  const parseAs = successTypes.length && !successTypes.some((t) => /json/.test(t)) ? 'text' : undefined;
  // The session cookie matters to calls that may use it and answer data (not to images, sitemaps, metrics).
  // openapi-typescript types a property with a `default` as required: the typed sample spells defaults out.
  const typedBody = bodyValue === undefined ? undefined : withDefaults(bodyValue, media.schema, resolve);
  return {
    path,
    method,
    params,
    styles,
    mediaType,
    body: bodyValue,
    typedBody,
    cookies: cookies && !parseAs,
    headers,
    parseAs,
  };
}

function exampleOfParameter(p, resolve) {
  const schema = resolve(p.schema) ?? {};
  const candidates = [
    p.example,
    resolve(Object.values(p.examples ?? {})[0])?.value,
    schema.example,
    schema.examples?.[0],
    schema.default,
    schema.enum?.[0],
    schema.const,
  ];
  const found = candidates.find((v) => v !== undefined);
  if (found !== undefined) return found;
  // An object (a deepObject query value): its properties' own examples.
  const props = Object.entries(schema.properties ?? {})
    .map(([k, v]) => [k, resolve(v)?.example])
    .filter(([, v]) => v !== undefined);
  return props.length ? Object.fromEntries(props) : `{${p.name}}`;
}

/** `value` with the schema defaults of the properties it leaves out (in the alternative of a oneOf it matches). */
function withDefaults(value, schemaRef, resolve) {
  const schema = resolve(schemaRef);
  if (!schema || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const alternatives = (schema.oneOf ?? schema.anyOf ?? []).map(resolve);
  if (alternatives.length) {
    const fits = (alt) =>
      (alt.required ?? []).every((k) => k in value || resolve(alt.properties?.[k])?.default !== undefined) &&
      Object.keys(value).every((k) => k in (alt.properties ?? {}));
    const alt = alternatives.find(fits);
    return alt ? withDefaults(value, alt, resolve) : value;
  }
  const out = { ...value };
  for (const [k, propRef] of Object.entries(schema.properties ?? {})) {
    const prop = resolve(propRef);
    if (k in out) out[k] = withDefaults(out[k], prop, resolve);
    else if (prop?.default !== undefined) out[k] = prop.default;
  }
  return out;
}

/** A sample body's reCAPTCHA token becomes the test verifier's, so that the sample works against `npm start`. */
function withTestRecaptchaToken(value) {
  if (Array.isArray(value)) return value.map(withTestRecaptchaToken);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === 'recaptchaToken' && typeof v === 'string' ? TEST_RECAPTCHA_TOKEN : withTestRecaptchaToken(v),
      ]),
    );
  }
  return value;
}

const shellQuote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;
const encode = (s) =>
  encodeURIComponent(String(s)).replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%40/g, '@');

/** The query of a URL; a deepObject's brackets stay readable (curl then needs `--globoff`). */
function queryString(query, styles) {
  const pairs = [];
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      if (styles[name]?.explode === false) pairs.push(`${encode(name)}=${value.map(encode).join(',')}`);
      else for (const v of value) pairs.push(`${encode(name)}=${encode(v)}`);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) pairs.push(`${encode(name)}[${encode(k)}]=${encode(v)}`);
    } else pairs.push(`${encode(name)}=${encode(value)}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function curlSample(r, { base, origin }) {
  const path = r.path.replace(/\{(\w+)\}/g, (m, name) =>
    name in r.params.path ? encodeURIComponent(String(r.params.path[name])) : m,
  );
  const url = `${base}${path}${queryString(r.params.query, r.styles)}`;
  const verb = r.method.toUpperCase();
  const flags = [
    verb === 'GET' ? '' : verb === 'HEAD' ? '-I ' : `-X ${verb} `,
    /[[\]]/.test(url) ? '--globoff ' : '',
  ].join('');
  const lines = [`curl ${flags}${shellQuote(url)}`];
  // The session cookie (`sid`, `cs_sid`) is kept in a cookie jar between calls.
  if (r.cookies) lines.push('-b cookies.txt -c cookies.txt');
  // State-changing calls from another site are refused (ERR_API_1001): a script names this origin.
  if (!['GET', 'HEAD', 'OPTIONS'].includes(verb)) lines.push(`-H ${shellQuote(`Origin: ${origin}`)}`);
  for (const [name, value] of Object.entries(r.params.header)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  for (const name of r.headers) lines.push(`-H "${name}: $${envName(name)}"`);
  if (r.body !== undefined) {
    lines.push(`-H ${shellQuote(`Content-Type: ${r.mediaType}`)}`);
    lines.push(`--data-raw ${shellQuote(JSON.stringify(r.body, null, 2).replaceAll('\n', '\n  '))}`);
  }
  return lines.join(' \\\n  ') + '\n';
}

/** `X-Internal-Token` → `INTERNAL_TOKEN`: the shell variable a sample reads a secret header from. */
const envName = (header) =>
  header
    .replace(/^X-/i, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

function fetchSample(r, { base, typesModule }) {
  const options = [];
  const params = Object.entries(r.params).filter(([, v]) => Object.keys(v).length);
  if (params.length) options.push(['params', Object.fromEntries(params)]);
  if (r.typedBody !== undefined) options.push(['body', r.typedBody]);
  if (r.headers.length)
    options.push(['headers', Object.fromEntries(r.headers.map((h) => [h, raw(`process.env.${envName(h)}`)]))]);
  if (r.parseAs) options.push(['parseAs', r.parseAs]);
  const head = `const { data, error, response } = await client.${r.method.toUpperCase()}(${tsString(r.path)}`;
  let args = options.length ? tsValue(Object.fromEntries(options), 0) : '';
  if (head.length + args.length + 4 > 100) args = tsValue(Object.fromEntries(options), 0, true);
  const call = `${head}${args ? `, ${args}` : ''});`;
  return [
    "import createClient from 'openapi-fetch';",
    `import type { paths } from '${typesModule}';`,
    '',
    '// In a browser on this origin, the session cookie and the Origin header are sent by the browser itself.',
    `const client = createClient<paths>({ baseUrl: ${tsString(base)}, credentials: 'include' });`,
    '',
    call,
    '',
  ].join('\n');
}

const RAW = Symbol('raw');
const raw = (code) => ({ [RAW]: code });
const tsString = (s) => `'${String(s).replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
const tsKey = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : tsString(k));

/** A value as a TypeScript literal: single-quoted strings, bare keys, on one line when it fits. */
function tsValue(value, indent, multiline = false) {
  if (value && typeof value === 'object' && RAW in value) return value[RAW];
  if (typeof value === 'string') return tsString(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Array.isArray(value)
    ? value.map((v) => tsValue(v, indent + 2))
    : Object.entries(value).map(([k, v]) => `${tsKey(k)}: ${tsValue(v, indent + 2)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  if (!entries.length) return Array.isArray(value) ? '[]' : '{}';
  const inline = `${open}${entries.join(', ')}${close}`;
  if (!multiline && inline.length + indent <= 90 && !inline.includes('\n')) return inline;
  const pad = ' '.repeat(indent + 2);
  return `${open.trim()}\n${entries.map((e) => `${pad}${e},`).join('\n')}\n${' '.repeat(indent)}${close.trim()}`;
}
