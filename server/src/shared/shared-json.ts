// JSON made once for values many answers carry unchanged. A page's data names the market's navigation (9 KB of
// a product page's 24 KB) and its hreflang alternates (8 KB), and the page's translations ride in every document's
// bootstrap: the same objects, serialised again for each answer. A value marked with `shareJson` keeps its JSON
// beside it (a WeakMap: gone with the value), and `stringifyShared` places that text where the value sits at an
// answer's top level, or inside a member marked with `holdsShared` (a page's `meta`, which holds the alternates;
// in a document's bootstrap, the path down to the page's data). `jsonParts` answers the same JSON as parts, the
// shared values' parts as their UTF-8 bytes made once: an answer's bytes are then encoded only where they are its
// own (docs/scaling.md, "A document's shared bytes, and the server render's hooks").

const made = new WeakMap<object, string>();
/** The UTF-8 bytes of `made` texts, by value: as they are, and escaped for a `<script>` data block. */
const madeBytes = new WeakMap<object, Buffer>();
const madeScriptBytes = new WeakMap<object, Buffer>();
/** Objects made for one answer that hold shared values among their members. */
const holders = new WeakSet<object>();

/**
 * Marks `value` as shared by many answers and never changed once made (it is frozen, shallowly, to keep it so):
 * its JSON is made now, once. Answers `value`.
 */
export function shareJson<T extends object>(value: T): T {
  if (!made.has(value)) {
    const json = JSON.stringify(value);
    // A value whose toJSON writes nothing is left unmarked (JSON.stringify leaves it out where it stands).
    if (json !== undefined) made.set(value, json);
    Object.freeze(value);
  }
  return value;
}

/**
 * Marks `value`, an object or array made for one answer, as holding shared values among its members or items:
 * `stringifyShared` and `jsonParts` look into it wherever the answer's top level or another holder has it.
 * Answers `value`.
 */
export function holdsShared<T extends object>(value: T): T {
  holders.add(value);
  return value;
}

/**
 * JSON safe inside a `<script>` data block: no `</script>`, no HTML comment opener, no line separators (each such
 * character written as its `\u` escape, which JSON reads back as the same text).
 */
export function escapeForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A part of an answer's JSON: text made for it, or the bytes of a shared value made once. */
export type JsonPart = string | Buffer;

type Mode = 'text' | 'bytes' | 'script';

/** Collects an answer's JSON: its own text, and (in the byte modes) the shared values' bytes between. */
class JsonWriter {
  text = '';
  readonly parts: JsonPart[] = [];
  constructor(readonly mode: Mode) {}

  /** Writes a value `shareJson` marked. */
  shared(value: object, json: string): void {
    if (this.mode === 'text') {
      this.text += json;
      return;
    }
    this.flush();
    const kept = this.mode === 'script' ? madeScriptBytes : madeBytes;
    let bytes = kept.get(value);
    if (!bytes) {
      const text = this.mode === 'script' ? escapeForScript(json) : json;
      // Kept as long as the value: a buffer of its own, not a slice of Node's shared pool, which a few hundred
      // bytes kept (a tile's) would keep whole (8 KB).
      bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
      bytes.write(text, 'utf8');
      kept.set(value, bytes);
    }
    this.parts.push(bytes);
  }

  flush(): void {
    if (!this.text) return;
    this.parts.push(this.mode === 'script' ? escapeForScript(this.text) : this.text);
    this.text = '';
  }
}

/**
 * `JSON.stringify(value)`, with the values `shareJson` marked taken from their JSON made once where the answer's
 * top-level object, or a value marked with `holdsShared` reached from it, has them. The same text as
 * `JSON.stringify` for plain data (members in order; `undefined` and functions left out).
 */
export function stringifyShared(value: unknown): string {
  if (!holdsAnyShared(value)) return JSON.stringify(value);
  const writer = new JsonWriter('text');
  writeValue(writer, value as object, true);
  return writer.text;
}

/**
 * The JSON of `value` as `stringifyShared` writes it, in parts: the answer's own text, and the UTF-8 bytes of the
 * shared values, made once per value. With `forScript`, every part is escaped as `escapeForScript` escapes the
 * whole. An answer's bytes are `Buffer.concat` of its parts, each text part encoded (`partsBytes`).
 */
export function jsonParts(value: unknown, forScript = false): JsonPart[] {
  if (!holdsAnyShared(value)) {
    const text = JSON.stringify(value) ?? 'null';
    return [forScript ? escapeForScript(text) : text];
  }
  const writer = new JsonWriter(forScript ? 'script' : 'bytes');
  writeValue(writer, value as object, true);
  writer.flush();
  return writer.parts;
}

/** The UTF-8 bytes of JSON parts, in order. */
export function partsBytes(parts: readonly JsonPart[]): Buffer {
  return parts.length === 1 && typeof parts[0] !== 'string'
    ? parts[0]!
    : Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)));
}

/** The text of JSON parts, in order. */
export function partsText(parts: readonly JsonPart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : part.toString('utf8'))).join('');
}

/** Whether `value` has its own `toJSON` (JSON.stringify writes what that answers: it is never walked). */
const hasOwnJson = (value: object): boolean => typeof (value as { toJSON?: unknown }).toJSON === 'function';

/** Whether `value` is written otherwise than by JSON.stringify: made once (`shareJson`), or a holder to walk. */
function isSpecial(value: unknown): value is object {
  return value !== null && typeof value === 'object' && (made.has(value) || (holders.has(value) && !hasOwnJson(value)));
}

/** Whether `value` is, or is an object some of whose members are, written otherwise than by JSON.stringify. */
function holdsAnyShared(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (made.has(value)) return true;
  if (hasOwnJson(value)) return false;
  const members = Array.isArray(value) ? (holders.has(value) ? value : []) : Object.values(value);
  return members.some(isSpecial);
}

/**
 * Writes one value: a shared one as made, a holder (or the top-level object) member by member, anything else by
 * `JSON.stringify`. Answers false when the value writes nothing (undefined, a function: a member left out).
 */
function writeValue(writer: JsonWriter, value: unknown, top: boolean): boolean {
  if (value !== null && typeof value === 'object') {
    const json = made.get(value);
    if (json !== undefined) {
      writer.shared(value, json);
      return true;
    }
    const walk = (top || holders.has(value)) && !hasOwnJson(value);
    if (walk && Array.isArray(value)) {
      writer.text += '[';
      value.forEach((item, i) => {
        if (i) writer.text += ',';
        if (!writeValue(writer, item, false)) writer.text += 'null';
      });
      writer.text += ']';
      return true;
    }
    if (walk) {
      let first = true;
      writer.text += '{';
      for (const key of Object.keys(value)) {
        const member = (value as Record<string, unknown>)[key];
        if (!isSpecial(member)) {
          const text = JSON.stringify(member);
          if (text === undefined) continue;
          writer.text += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
        } else {
          writer.text += `${first ? '' : ','}${JSON.stringify(key)}:`;
          writeValue(writer, member, false);
        }
        first = false;
      }
      writer.text += '}';
      return true;
    }
  }
  const text = JSON.stringify(value);
  if (text === undefined) return false;
  writer.text += text;
  return true;
}
