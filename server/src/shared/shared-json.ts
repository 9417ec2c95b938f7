// JSON made once for values many answers carry unchanged. A page's data names the market's navigation (9 KB of
// a product page's 24 KB) and its hreflang alternates (8 KB), and the page's translations ride in every document's
// bootstrap: the same objects, serialised again for each answer. A value marked with `shareJson` keeps its JSON
// beside it (a WeakMap: gone with the value), and `stringifyShared` places that text where the value sits at an
// answer's top level, or inside a member marked with `holdsShared` (a page's `meta`, which holds the alternates).

const made = new WeakMap<object, string>();
/** Objects made for one answer that hold shared values among their members. */
const holders = new WeakSet<object>();

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
 * Marks `value`, an object made for one answer, as holding shared values among its members (`stringifyShared`
 * looks into it when it is a member of the answer's top-level object). Answers `value`.
 */
export function holdsShared<T extends object>(value: T): T {
  holders.add(value);
  return value;
}

/**
 * `JSON.stringify(value)`, with the members of a top-level object that `shareJson` marked taken from their JSON
 * made once, and so the members of its members marked with `holdsShared`. The same text as `JSON.stringify` for
 * plain data (members in order; `undefined` and functions left out).
 */
export function stringifyShared(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  let shared = false;
  for (const key in record) {
    const member = record[key];
    if (member !== null && typeof member === 'object' && (made.has(member) || holders.has(member))) {
      shared = true;
      break;
    }
  }
  if (!shared) return JSON.stringify(value);
  return objectText(record, true) ?? 'null';
}

/** An object's JSON, its shared members (and, at the top level, those of the members holding some) placed as made. */
function objectText(record: Record<string, unknown>, top: boolean): string | undefined {
  if (typeof (record as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(record);
  let out = '';
  for (const key of Object.keys(record)) {
    const member = record[key];
    let text: string | undefined;
    if (member === null || typeof member !== 'object') text = JSON.stringify(member);
    else
      text =
        made.get(member) ??
        (top && holders.has(member) && !Array.isArray(member)
          ? objectText(member as Record<string, unknown>, false)
          : JSON.stringify(member));
    if (text === undefined) continue;
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}
