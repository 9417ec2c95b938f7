import { describe, expect, it } from 'vitest';
import { holdsShared, shareJson, stringifyShared } from './shared-json.ts';

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
    // Only at the top level's members: deeper holders are plain JSON (the same text).
    expect(stringifyShared({ state: { data: page } })).toBe(JSON.stringify({ state: { data: page } }));
    // A holder with its own toJSON is left to it.
    const odd = holdsShared({ alternates, toJSON: () => 'odd' });
    expect(stringifyShared({ odd })).toBe(JSON.stringify({ odd }));
  });
});
