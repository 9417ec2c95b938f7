// What the type generation (scripts/codegen.mjs) reads instead of the bundled contract itself: a copy made for
// openapi-typescript, so that the generated types say what a client may send and what it may receive.
//
//   - Request fields with a default stay optional. openapi-typescript types a property with a `default` as
//     required (`defaultNonNullable`, right for answers: our server always fills them), except under an inline
//     `requestBody` — our bodies are `$ref`s to component schemas, where it cannot tell. The copy drops the
//     `default` of every property of a schema only requests use (the description keeps it: "Default: `1`.").
//   - Each error answer's `code` is the union of the codes that operation lists for that status
//     (`operationErrorCodes`), not the whole catalogue: the answer is inlined with `Problem & { code: … }`.
//
// Pure functions of the bundled document and the catalogue; the bundle itself is not changed.

import { operationsOf } from './contract-docs.mjs';
import { resolveRef } from './contract-ref.mjs';

/** `#/components/<kind>/<name>` keys reachable from a node (examples are values, not schemas: skipped). */
function reachable(doc, node, found = new Set()) {
  if (Array.isArray(node)) {
    for (const n of node) reachable(doc, n, found);
  } else if (node && typeof node === 'object') {
    if (typeof node.$ref === 'string') {
      if (found.has(node.$ref)) return found;
      found.add(node.$ref);
      reachable(doc, resolveRef(doc, node), found);
    }
    for (const [k, v] of Object.entries(node))
      if (k !== 'examples' && k !== 'example' && k !== 'x-codeSamples') reachable(doc, v, found);
  }
  return found;
}

/** Names of the component schemas that only requests (bodies, parameters) use. */
export function requestOnlySchemas(doc) {
  const requests = new Set();
  const answers = new Set();
  for (const { op, item } of operationsOf(doc)) {
    reachable(doc, [op.requestBody, op.parameters, item.parameters], requests);
    reachable(doc, op.responses, answers);
  }
  const schema = (ref) => /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
  return [...requests]
    .filter((ref) => !answers.has(ref))
    .map(schema)
    .filter(Boolean);
}

/** Drops the `default` of every property below `node` (not following `$ref`s), keeping it in the description. */
function dropDefaults(node) {
  if (Array.isArray(node)) return node.forEach(dropDefaults);
  if (!node || typeof node !== 'object') return;
  for (const prop of Object.values(node.properties ?? {})) {
    if (prop && typeof prop === 'object' && prop.default !== undefined) {
      const note = `Default: \`${JSON.stringify(prop.default)}\`.`;
      prop.description = prop.description ? `${prop.description.trimEnd()}\n\n${note}` : note;
      delete prop.default;
    }
  }
  for (const [k, v] of Object.entries(node))
    if (k !== 'examples' && k !== 'example' && k !== 'default' && k !== 'enum' && k !== 'const') dropDefaults(v);
}

/**
 * The catalogue codes each operation lists, by status: `{ operationId: { '404': ['ERR_…', …] } }`. A response
 * lists the codes of its problem examples (their `code`, else the example's name) and those its description
 * names; the codes the operation itself names (description, `x-error-code` of its parameters and body fields)
 * go to the response of their catalogue status. The same reading as the contract fuzz test's "documented".
 */
export function operationErrorCodes(doc, codes) {
  const status = new Map(codes.map((c) => [c.code, String(c.status)]));
  const named = (text) => new Set((String(text).match(/[A-Z][A-Z0-9_]*[A-Z0-9]/g) ?? []).filter((w) => status.has(w)));
  const out = {};
  for (const { op, item } of operationsOf(doc)) {
    const byStatus = {};
    const add = (s, code) => (byStatus[s] ??= new Set()).add(code);
    const errorStatuses = Object.keys(op.responses ?? {}).filter((s) => /^[45]\d\d$/.test(s));
    for (const s of errorStatuses) {
      const response = resolveRef(doc, op.responses[s]);
      for (const code of named(response?.description ?? '')) add(s, code);
      for (const media of Object.values(response?.content ?? {})) {
        for (const [name, example] of Object.entries(media?.examples ?? {})) {
          const code = resolveRef(doc, example)?.value?.code;
          const listed = typeof code === 'string' ? code : name.split('-')[0];
          if (status.has(listed)) add(s, listed);
        }
        const single = media?.example?.code;
        if (typeof single === 'string' && status.has(single)) add(s, single);
      }
    }
    // The operation's own text and the codes of its parameters and body fields (resolved, without examples).
    const ownText = JSON.stringify([
      op.description ?? '',
      op.summary ?? '',
      resolvedInputs(doc, [item.parameters, op.parameters, op.requestBody]),
    ]);
    for (const code of named(ownText)) if (errorStatuses.includes(status.get(code))) add(status.get(code), code);
    out[op.operationId] = Object.fromEntries(Object.entries(byStatus).map(([s, set]) => [s, [...set].sort()]));
  }
  return out;
}

/** Parameters and request bodies with their `$ref`s resolved (each schema once), without examples. */
function resolvedInputs(doc, node, seen = new Set()) {
  if (Array.isArray(node)) return node.map((n) => resolvedInputs(doc, n, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    // The ErrorCode schema lists the whole catalogue: never part of what an operation names.
    if (seen.has(node.$ref) || /\/ErrorCode$/.test(node.$ref)) return null;
    seen.add(node.$ref);
    return resolvedInputs(doc, resolveRef(doc, node), seen);
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k !== 'examples' && k !== 'example' && k !== 'x-codeSamples')
      .map(([k, v]) => [k, resolvedInputs(doc, v, seen)]),
  );
}

/** The copy openapi-typescript reads (see the top of this file). */
export function typingDocument(bundled, codes) {
  const doc = structuredClone(bundled);
  for (const name of requestOnlySchemas(doc)) dropDefaults(doc.components.schemas[name]);
  const lists = operationErrorCodes(doc, codes);
  for (const { op } of operationsOf(doc)) {
    for (const [s, list] of Object.entries(lists[op.operationId] ?? {})) {
      const response = structuredClone(resolveRef(doc, op.responses[s]));
      const media = response?.content?.['application/problem+json'];
      if (!media?.schema) continue;
      media.schema = {
        allOf: [
          media.schema,
          { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: list } } },
        ],
      };
      // Examples are not types: left out of the copy (the bundle keeps them).
      delete media.examples;
      op.responses[s] = response;
    }
  }
  return doc;
}
