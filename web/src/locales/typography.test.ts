import { describe, expect, it } from 'vitest';

// Typographic apostrophes in every language: "l’accueil", "M’avertir", "it’s", never the typewriter's "'".
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const STRAIGHT = /\p{L}'\p{L}/u;

/** Every text of a locale file with its key path, where a straight apostrophe stands between letters. */
function straight(node: unknown, path: string, found: string[] = []): string[] {
  if (typeof node === 'string') {
    if (STRAIGHT.test(node)) found.push(`${path}: ${node}`);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) straight(v, path ? `${path}.${k}` : k, found);
  }
  return found;
}

describe('typography of the web texts', () => {
  it('has locale files to check', () => {
    expect(Object.keys(files).length).toBeGreaterThan(100);
  });
  for (const [file, texts] of Object.entries(files)) {
    it(`${file}: apostrophes are typographic (’)`, () => {
      expect(straight(texts, '')).toEqual([]);
    });
  }
});
