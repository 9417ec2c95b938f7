// A local `$ref` of an OpenAPI document followed to what it names (JSON pointer, `~1` and `~0` unescaped), through
// at most 20 references in a row; a node that is no reference is itself. Shared by the contract's scripts
// (contract-docs.mjs, contract-types.mjs, contract-diff/compare.mjs).

/** The node `node` names in `doc` when it is a `$ref` (following chains), else `node`; undefined when it names nothing. */
export function resolveRef(doc, node) {
  let cur = node;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 20; i++) {
    cur = cur.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((acc, p) => acc?.[p], doc);
  }
  return cur;
}
