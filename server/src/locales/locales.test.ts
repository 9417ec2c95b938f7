// Keeps every language of the server's texts in step with English (see README.md in this folder), as
// web/src/locales/locales.test.ts does for the web's:
//   - the folders are the server's languages (TEXT_LANGUAGES); each has a file for every namespace English has,
//     and no other;
//   - index.ts loads every file, each under its own language and namespace;
//   - every other language has exactly the English keys (a list: as many entries), only texts, the same
//     `{placeholders}` as the English text, and no empty text.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_LANGUAGES } from '../shared/text-language.ts';
import { SERVER_TEXTS, serverTexts, type Namespace } from './index.ts';
import { pseudoLocalize, pseudoTexts } from './pseudo.ts';

const LOCALES_DIR = import.meta.dirname;
const SOURCE = 'en';
const PLACEHOLDER = /\{\w+\}/g;
/**
 * Placeholders a translation may use where English does not, by namespace: every text of an e-mail is filled with
 * `{brand}` (templates.ts), so a language may name the house where its idiom does (Japanese closes with it).
 */
const MAY_ADD: Readonly<Record<string, readonly string[]>> = { mail: ['{brand}'] };

type Json = Record<string, unknown>;

// ---- the checker -------------------------------------------------------------------------------

/** Flattens nested objects (`a.b`) and lists (`a[0]`) to their texts; any other leaf is reported. */
function flatten(value: unknown, problems: string[], path = ''): Map<string, string> {
  const out = new Map<string, string>();
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [`${path}[${i}]`, v])
    : Object.entries(value as Json).map(([k, v]) => [path ? `${path}.${k}` : k, v]);
  for (const [key, child] of entries) {
    if (typeof child === 'string') out.set(key, child);
    else if (child !== null && typeof child === 'object')
      for (const [k, v] of flatten(child, problems, key)) out.set(k, v);
    else problems.push(`"${key}" is not a text, an object or a list`);
  }
  return out;
}

const tokens = (text: string) => [...new Set(text.match(PLACEHOLDER) ?? [])].sort();

/** Every problem of one translation against its English source; [] when it is complete. */
function checkTranslation(source: Json, translation: Json, mayAdd: readonly string[] = []): string[] {
  const problems: string[] = [];
  const english = flatten(source, []);
  const translated = flatten(translation, problems);
  for (const key of english.keys()) if (!translated.has(key)) problems.push(`missing key "${key}"`);
  for (const key of translated.keys()) if (!english.has(key)) problems.push(`key "${key}" is not in English`);
  for (const [key, text] of translated) {
    if (text.trim() === '') problems.push(`"${key}" is empty`);
    const reference = english.get(key);
    if (reference === undefined) continue;
    const [want, got] = [tokens(reference), tokens(text)];
    const same = want.every((t) => got.includes(t)) && got.every((t) => want.includes(t) || mayAdd.includes(t));
    if (!same)
      problems.push(
        `"${key}" has placeholders ${got.join(' ') || '(none)'}, English has ${want.join(' ') || '(none)'}`,
      );
  }
  return problems;
}

// ---- the files ---------------------------------------------------------------------------------

function readJson(language: string, namespace: string): Json {
  const file = join(LOCALES_DIR, language, `${namespace}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Json;
  } catch (error) {
    throw new Error(`${language}/${namespace}.json cannot be read: ${(error as Error).message}`);
  }
}

const languageDirs = readdirSync(LOCALES_DIR)
  .filter((name) => statSync(join(LOCALES_DIR, name)).isDirectory())
  .sort();
const translations = languageDirs.filter((language) => language !== SOURCE);
const namespacesOf = (language: string) =>
  readdirSync(join(LOCALES_DIR, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
const sourceNamespaces = namespacesOf(SOURCE);

describe('server locale files', () => {
  it('has one folder per language of the server texts (TEXT_LANGUAGES)', () => {
    expect(languageDirs).toEqual([...TEXT_LANGUAGES].sort());
  });

  it('has, in every language, a file for every namespace English has, and no other', () => {
    expect(sourceNamespaces.length).toBeGreaterThan(0);
    for (const language of translations) {
      const own = namespacesOf(language);
      expect(
        sourceNamespaces.filter((ns) => !own.includes(ns)).map((ns) => `${language}/${ns}.json`),
        'missing files',
      ).toEqual([]);
      expect(
        own.filter((ns) => !sourceNamespaces.includes(ns)).map((ns) => `${language}/${ns}.json`),
        'files English does not have',
      ).toEqual([]);
    }
  });

  it('are all loaded by index.ts, each as its own language and namespace', () => {
    for (const language of TEXT_LANGUAGES) {
      expect(Object.keys(SERVER_TEXTS[language]).sort(), language).toEqual(sourceNamespaces);
      for (const namespace of sourceNamespaces) {
        expect(SERVER_TEXTS[language][namespace as Namespace], `${language}/${namespace}.json`).toEqual(
          readJson(language, namespace),
        );
      }
    }
  });

  for (const namespace of sourceNamespaces) {
    it(`en/${namespace}.json has only texts, none empty`, () => {
      const source = readJson(SOURCE, namespace);
      expect(checkTranslation(source, source)).toEqual([]);
    });

    for (const language of translations) {
      it(`${language}/${namespace}.json matches English`, () => {
        if (!existsSync(join(LOCALES_DIR, language, `${namespace}.json`)))
          throw new Error(`${language}/${namespace}.json is missing`);
        expect(
          checkTranslation(readJson(SOURCE, namespace), readJson(language, namespace), MAY_ADD[namespace]),
        ).toEqual([]);
      });
    }

    it(`${namespace}: the pseudo-locale keeps every key and placeholder`, () => {
      const source = readJson(SOURCE, namespace);
      const pseudo = pseudoTexts(source);
      expect(checkTranslation(source, pseudo)).toEqual([]);
      for (const text of flatten(pseudo, []).values()) expect(text).toMatch(/^⟦[^]*·+⟧$/);
    });
  }
});

describe('serverTexts', () => {
  it('reads a namespace in the language of a market locale or a language code, English otherwise', () => {
    expect(serverTexts('orders', 'fr-fr')).toBe(SERVER_TEXTS.fr.orders);
    expect(serverTexts('orders', 'zh-tw').titles.trackOrder).toBe('查詢訂單');
    expect(serverTexts('orders', 'zh-cn').titles.trackOrder).toBe('查询订单');
    expect(serverTexts('orders', 'zh-hant')).toBe(SERVER_TEXTS['zh-hant'].orders);
    expect(serverTexts('mail', 'ja')).toBe(SERVER_TEXTS.ja.mail);
    expect(serverTexts('mail', 'nl-nl')).toBe(SERVER_TEXTS.en.mail);
  });
});

// ---- the checker itself ------------------------------------------------------------------------

describe('checkTranslation', () => {
  const en = { title: 'Welcome to {brand}', body: ['Dear {firstName},', 'Thank you.'], nav: { home: 'Home' } };
  const fr = { title: 'Bienvenue chez {brand}', body: ['Bonjour {firstName},', 'Merci.'], nav: { home: 'Accueil' } };

  it('accepts a complete translation', () => {
    expect(checkTranslation(en, fr)).toEqual([]);
  });

  it('reports a missing key, a missing paragraph and a key English does not have', () => {
    const { title: _title, ...withoutTitle } = fr;
    expect(checkTranslation(en, withoutTitle)).toEqual(['missing key "title"']);
    expect(checkTranslation(en, { ...fr, body: ['Bonjour {firstName},'] })).toEqual(['missing key "body[1]"']);
    expect(checkTranslation(en, { ...fr, nav: { home: 'Accueil', shop: 'Boutique' } })).toEqual([
      'key "nav.shop" is not in English',
    ]);
  });

  it('reports a dropped or renamed placeholder, an empty text and a value that is not a text', () => {
    expect(checkTranslation(en, { ...fr, title: 'Bienvenue' })).toEqual([
      '"title" has placeholders (none), English has {brand}',
    ]);
    expect(checkTranslation(en, { ...fr, title: 'Bienvenue chez {marque}' })).toEqual([
      '"title" has placeholders {marque}, English has {brand}',
    ]);
    expect(checkTranslation(en, { ...fr, nav: { home: ' ' } })).toEqual(['"nav.home" is empty']);
    expect(checkTranslation(en, { ...fr, nav: { home: 'Accueil {brand}' } })).toEqual([
      '"nav.home" has placeholders {brand}, English has (none)',
    ]);
    expect(checkTranslation(en, { ...fr, nav: { home: 1 } })).toEqual([
      '"nav.home" is not a text, an object or a list',
      'missing key "nav.home"',
    ]);
  });

  it('accepts a placeholder the namespace lets a translation add, and only that one', () => {
    expect(checkTranslation(en, { ...fr, nav: { home: 'Accueil {brand}' } }, ['{brand}'])).toEqual([]);
    expect(checkTranslation(en, { ...fr, nav: { home: 'Accueil {house}' } }, ['{brand}'])).toEqual([
      '"nav.home" has placeholders {house}, English has (none)',
    ]);
    expect(checkTranslation(en, { ...fr, title: 'Bienvenue' }, ['{brand}'])).toEqual([
      '"title" has placeholders (none), English has {brand}',
    ]);
  });

  it('pseudoLocalize accents and wraps a text but keeps its placeholders', () => {
    expect(pseudoLocalize('Sign in')).toBe('⟦Šïĝñ ïñ···⟧');
    expect(pseudoLocalize('Dear {firstName},')).toBe('⟦Ðéåŕ {firstName},······⟧');
  });
});
