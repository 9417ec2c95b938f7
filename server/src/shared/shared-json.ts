// JSON made once for values many answers carry unchanged. A page's data names the market's navigation (9 KB of
// a product page's 24 KB) and the page's translations ride in every document's bootstrap: the same objects,
// serialised again for each answer. A value marked with `shareJson` keeps its JSON beside it (a WeakMap: gone with
// the value), and `stringifyShared` places that text where the value sits at an answer's top level.

const made = new WeakMap<object, string>();

/**
 * Marks `value` as shared by many answers and never changed once made (it is frozen, shallowly, to keep it so):
 * its JSON is made now, once. Answers `value`.
 */
export function shareJson<T extends object>(value: T): T {
  if (!made.has(value)) {
    made.set(value, JSON.stringify(value));
    Object.freeze(value);
  }
  return value;
}

/**
 * `JSON.stringify(value)`, with the members of a top-level object that `shareJson` marked taken from their JSON
 * made once. The same text as `JSON.stringify` for plain data (members in order; `undefined` and functions left out).
 */
export function stringifyShared(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  let shared = false;
  for (const key in record) {
    const member = record[key];
    if (member !== null && typeof member === 'object' && made.has(member)) {
      shared = true;
      break;
    }
  }
  if (!shared || typeof (record as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  let out = '';
  for (const key of Object.keys(record)) {
    const member = record[key];
    const text =
      member !== null && typeof member === 'object'
        ? (made.get(member) ?? JSON.stringify(member))
        : JSON.stringify(member);
    if (text === undefined) continue;
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}
