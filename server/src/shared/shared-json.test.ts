import { describe, expect, it } from 'vitest';
import {
  escapeForScript,
  holdsShared,
  jsonParts,
  partsBytes,
  partsText,
  shareJson,
  stringifyShared,
} from './shared-json.ts';

describe('stringifyShared', () => {
  it('is JSON.stringify for plain data', () => {
    for (const v of [null, 1, 'x', [1, { a: 2 }], { a: 1, b: undefined, c: () => 1, d: [null], e: { f: 'g' } }, {}])
      expect(stringifyShared(v)).toBe(JSON.stringify(v));
  });

  it('places a shared member from its JSON made once, in the same text', () => {
    const nav = shareJson([{ id: 'c1', name: 'Sacs « à main »' }]);
    const page = { pageType: 'product', navigation: nav, skipped: undefined, product: { id: 'p' }, n: 2 };
    const expected = JSON.stringify(page);
    expect(stringifyShared(page)).toBe(expected);
    // Made once: the text stands for the value as it was marked (and the value is frozen so that it stays so).
    expect(Object.isFrozen(nav)).toBe(true);
    expect(() => nav.push({ id: 'c2', name: '' })).toThrow();
    expect(stringifyShared({ navigation: nav })).toBe(JSON.stringify({ navigation: nav }));
  });

  it('an object with its own toJSON is left to JSON.stringify', () => {
    const nav = shareJson({ a: 1 });
    const v = { nav, toJSON: () => ({ other: true }) };
    expect(stringifyShared(v)).toBe('{"other":true}');
  });
});

describe('stringifyShared, one level down', () => {
  it('places a shared value held by a member marked holdsShared, in the same text', () => {
    const alternates = shareJson([{ hreflang: 'fr-fr', href: 'https://x/fr-fr/p' }]);
    const meta = holdsShared({ title: 'T « x »', alternates, skipped: undefined, jsonLd: { a: [1] } });
    const page = { pageType: 'product', meta, product: { id: 'p' } };
    expect(stringifyShared(page)).toBe(JSON.stringify(page));
    // Added after the mark, a member is written as it is now.
    (meta as Record<string, unknown>).robots = 'index';
    expect(stringifyShared(page)).toBe(JSON.stringify(page));
    // Reached through a member that is not a holder: plain JSON (the same text).
    expect(stringifyShared({ state: { data: page } })).toBe(JSON.stringify({ state: { data: page } }));
    // A holder with its own toJSON is left to it.
    const odd = holdsShared({ alternates, toJSON: () => 'odd' });
    expect(stringifyShared({ odd })).toBe(JSON.stringify({ odd }));
  });
});

describe('jsonParts', () => {
  // A bootstrap as a server render makes it: the page data deep inside TanStack's dehydrated state.
  const make = () => {
    const alternates = shareJson([{ hreflang: 'fr-fr', href: 'https://x/fr-fr/p?a=1&b=</script>' }]);
    const navigation = shareJson([{ id: 'c1', name: 'Sacs « à main » \u2028 <!--' }]);
    const meta = holdsShared({ title: 'T', alternates, gone: undefined });
    const data = holdsShared({ pageType: 'product', meta, navigation, n: 1, f: () => 1 });
    const query = holdsShared({ queryKey: ['page', '/ssr/pr/X'], state: holdsShared({ data, error: null }) });
    const queries = holdsShared([query, undefined, () => 1, 'odd']);
    const bootstrap = { language: 'fr', state: holdsShared({ mutations: [], queries }), skip: undefined };
    return { bootstrap, navigation, alternates };
  };

  it('is the JSON of the value, in text and in bytes, holders at any depth', () => {
    const { bootstrap } = make();
    const expected = JSON.stringify(bootstrap);
    expect(stringifyShared(bootstrap)).toBe(expected);
    expect(partsText(jsonParts(bootstrap))).toBe(expected);
    expect(partsBytes(jsonParts(bootstrap)).equals(Buffer.from(expected, 'utf8'))).toBe(true);
    for (const v of [null, 1, 'x', [1, { a: 2 }], { a: 1, b: undefined, c: () => 1 }, {}, undefined])
      expect(partsText(jsonParts(v))).toBe(JSON.stringify(v) ?? 'null');
  });

  it('for a <script> data block, every part escaped as the whole would be', () => {
    const { bootstrap } = make();
    const parts = jsonParts(bootstrap, true);
    const text = partsText(parts);
    expect(text).toBe(escapeForScript(JSON.stringify(bootstrap)));
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(bootstrap)));
  });

  it("keeps a shared value's bytes, made once, in both forms", () => {
    const { bootstrap, navigation } = make();
    const buffers = (parts: ReturnType<typeof jsonParts>) => parts.filter((p): p is Buffer => typeof p !== 'string');
    const [first, second] = [jsonParts(bootstrap), jsonParts(bootstrap)].map(buffers);
    expect(first).toHaveLength(2);
    expect(second![0]).toBe(first![0]);
    expect(first!.map((b) => b.toString('utf8'))).toContain(JSON.stringify(navigation));
    const script = buffers(jsonParts(bootstrap, true));
    expect(script[0]).not.toBe(first![0]);
    expect(script.map((b) => b.toString('utf8'))).toContain(escapeForScript(JSON.stringify(navigation)));
    expect(buffers(jsonParts(bootstrap, true))[0]).toBe(script[0]);
  });
});
