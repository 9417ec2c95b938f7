// Keeps every translation in step with the English source (see README.md in this folder).
//   - en/common.json is hand-written; en/errors.json is generated from openapi/errors/catalogue.yaml.
//   - Every namespace with an English file is checked in every language (a missing file fails).
//   - Every other language must have exactly the English keys (plural keys: exactly the plural
//     categories Intl.PluralRules gives for that language), the same {{placeholders}} and `code`
//     spans as the English text, and no empty strings.
//   - Every text keeps to what the storefront's runtime (lib/translator.ts) reads: placeholders are plain
//     names, no `$t(...)` nesting, no `.` or `:` inside a key.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { LANGUAGES, NAMESPACES } from '../lib/i18n';

const LOCALES_DIR = import.meta.dirname;
const CATALOGUE = join(LOCALES_DIR, '../../../openapi/errors/catalogue.yaml');
const CONTRACT_PATH = join(
  LOCALES_DIR,
  '../../../openapi/storefront/paths/api@data@translations@{language}@{namespace}.yaml',
);
const SOURCE = 'en';

type Json = Record<string, unknown>;
type PluralType = 'cardinal' | 'ordinal';

// ---- the checker -------------------------------------------------------------------------------

/** Plural suffixes: `key_one`, `key_other`, … (and ordinals, `key_ordinal_one`, …, should a text ever need them). */
const PLURAL_KEY = /^(.+?)(_ordinal)?_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*(.*?)\s*\}\}/g;
const CODE_SPAN = /`[^`\n]+`/g;

/** Flattens nested objects to dotted keys (`basket.title`, as `t` reads them); non-string leaves are reported. */
function flatten(value: Json, problems: string[], prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else if (child !== null && typeof child === 'object' && !Array.isArray(child)) {
      for (const [k, v] of flatten(child as Json, problems, path)) out.set(k, v);
    } else problems.push(`"${path}" is not a string or an object`);
  }
  return out;
}

function pluralCategories(language: string, type: PluralType): string[] {
  return [...new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories];
}

/**
 * The keys a language must have, each with the English text it translates: plain keys as in
 * English; for every pluralised English key, one key per plural category of the language (its
 * English text is the English form of the same category, or else the English `_other` form).
 */
function expectedKeys(source: Map<string, string>, language: string): Map<string, string> {
  const expected = new Map<string, string>();
  const plurals = new Map<string, PluralType>();
  for (const [key, text] of source) {
    const match = PLURAL_KEY.exec(key);
    if (match) plurals.set(`${match[1]}${match[2] ?? ''}`, match[2] ? 'ordinal' : 'cardinal');
    else expected.set(key, text);
  }
  for (const [base, type] of plurals) {
    for (const category of pluralCategories(language, type)) {
      const english = source.get(`${base}_${category}`) ?? source.get(`${base}_other`);
      expected.set(`${base}_${category}`, english ?? '');
    }
  }
  return expected;
}

const tokens = (text: string, pattern: RegExp) => [...new Set(text.match(pattern) ?? [])].sort();

/** Every problem of one translation file against its English source; [] when it is complete. */
function checkTranslation(source: Json, translation: Json, language: string): string[] {
  const problems: string[] = [];
  const english = flatten(source, []);
  const translated = flatten(translation, problems);
  const expected = expectedKeys(english, language);
  for (const key of expected.keys()) if (!translated.has(key)) problems.push(`missing key "${key}"`);
  for (const key of translated.keys()) {
    if (!expected.has(key)) problems.push(`key "${key}" is not in English (or is not a plural form of ${language})`);
  }
  for (const [key, text] of translated) {
    const reference = expected.get(key);
    if (text.trim() === '') problems.push(`"${key}" is empty`);
    if (reference === undefined) continue;
    const [want, got] = [tokens(reference, PLACEHOLDER), tokens(text, PLACEHOLDER)];
    if (want.join() !== got.join())
      problems.push(
        `"${key}" has placeholders ${got.join(' ') || '(none)'}, English has ${want.join(' ') || '(none)'}`,
      );
    const [wantCode, gotCode] = [tokens(reference, CODE_SPAN), tokens(text, CODE_SPAN)];
    if (wantCode.join() !== gotCode.join())
      problems.push(
        `"${key}" has code spans ${gotCode.join(' ') || '(none)'}, English has ${wantCode.join(' ') || '(none)'}`,
      );
  }
  return problems;
}

const ANY_PLACEHOLDER = /\{\{(.*?)\}\}/g;

/** What the runtime does not read, in one file: a key with `.` or `:`, a placeholder that is not a plain name (`{{x, format}}`, `{{- x}}`), a `$t(...)` nesting. */
function unsupportedSyntax(value: Json, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const problems = /[.:]/.test(key)
      ? [`key "${path}" has a "." or ":" (t() would read it as a path or a namespace)`]
      : [];
    if (typeof child === 'string') {
      for (const [placeholder, inner] of child.matchAll(ANY_PLACEHOLDER)) {
        if (!/^\s*\w+\s*$/.test(inner!))
          problems.push(`"${path}" has ${placeholder}: a placeholder is a plain name, {{name}}`);
      }
      if (child.includes('$t(')) problems.push(`"${path}" nests another text with $t(...), which t() does not do`);
    } else if (child !== null && typeof child === 'object' && !Array.isArray(child))
      problems.push(...unsupportedSyntax(child as Json, path));
    return problems;
  });
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
const jsonFiles = (language: string) =>
  readdirSync(join(LOCALES_DIR, language))
    .filter((f) => f.endsWith('.json'))
    .sort();
/** Every namespace English has a file for is checked in every language (the others are being written). */
const sourceNamespaces = jsonFiles(SOURCE).map((f) => f.replace(/\.json$/, ''));

/** The shopper-audience codes of the catalogue: each needs a message in every language. */
function shopperCodes(): { code: string; message: string }[] {
  const all = YAML.parse(readFileSync(CATALOGUE, 'utf8')) as {
    codes: { code: string; message: string; audience?: string }[];
  };
  return all.codes.filter((c) => (c.audience ?? 'shopper') === 'shopper');
}

describe('locale files', () => {
  it('has one folder per language of the strings (lib/i18n.ts LANGUAGES, the getTranslations contract)', () => {
    expect(languageDirs).toEqual([...LANGUAGES].sort());
    const contract = YAML.parse(readFileSync(CONTRACT_PATH, 'utf8')) as {
      get: { parameters: { name: string; schema: { enum: string[] } }[] };
    };
    const enumOf = (name: string) => contract.get.parameters.find((p) => p.name === name)!.schema.enum;
    expect([...LANGUAGES].sort()).toEqual([...enumOf('language')].sort());
    expect([...NAMESPACES].sort()).toEqual([...enumOf('namespace')].sort());
  });

  it('has only namespaces of lib/i18n.ts NAMESPACES, and common and errors in English', () => {
    expect(sourceNamespaces).toEqual(expect.arrayContaining(['common', 'errors']));
    for (const language of languageDirs) {
      const unknown = jsonFiles(language).filter(
        (f) => !(NAMESPACES as readonly string[]).includes(f.replace(/\.json$/, '')),
      );
      expect(unknown, `${language}: files that are not a namespace`).toEqual([]);
    }
  });

  it('has, in every language, a file for every namespace English has', () => {
    const missing = translations.flatMap((language) =>
      sourceNamespaces
        .filter((ns) => !existsSync(join(LOCALES_DIR, language, `${ns}.json`)))
        .map((ns) => `${language}/${ns}.json`),
    );
    expect(missing, 'missing files').toEqual([]);
  });

  it('en/errors.json has exactly the codes and messages of the shopper-audience codes of openapi/errors/catalogue.yaml (run `npm run codegen`)', () => {
    const codes = shopperCodes().map((c) => c.code);
    expect(new Set(codes).size, 'duplicate codes in the catalogue').toBe(codes.length);
    const errors = readJson(SOURCE, 'errors');
    expect(Object.keys(errors)).toEqual(codes);
    expect(errors).toEqual(Object.fromEntries(shopperCodes().map((c) => [c.code, c.message])));
  });

  for (const language of translations) {
    it(`${language}/errors.json has a message for every shopper-audience code of the catalogue`, () => {
      const errors = readJson(language, 'errors');
      const missing = shopperCodes()
        .map((c) => c.code)
        .filter((code) => typeof errors[code] !== 'string' || (errors[code] as string).trim() === '');
      expect(missing).toEqual([]);
    });
  }

  it('uses only what the runtime reads: plain {{placeholders}}, no $t() nesting, no "." or ":" in keys', () => {
    const problems = languageDirs.flatMap((language) =>
      jsonFiles(language).flatMap((file) =>
        unsupportedSyntax(readJson(language, file.replace(/\.json$/, ''))).map((p) => `${language}/${file}: ${p}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  for (const namespace of sourceNamespaces) {
    it(`en/${namespace}.json has every English plural form and no empty string`, () => {
      const source = readJson(SOURCE, namespace);
      expect(checkTranslation(source, source, SOURCE)).toEqual([]);
    });

    for (const language of translations) {
      it(`${language}/${namespace}.json matches English`, () => {
        expect(checkTranslation(readJson(SOURCE, namespace), readJson(language, namespace), language)).toEqual([]);
      });
    }
  }
});

// ---- the checker itself ------------------------------------------------------------------------

describe('unsupportedSyntax', () => {
  it('accepts plain placeholders and nested keys', () => {
    expect(unsupportedSyntax({ a: 'Hello {{name}} and {{ count }}', b: { c: 'x' } })).toEqual([]);
  });

  it('reports a key with a dot or a colon, a formatted or unescaped placeholder, and a nesting', () => {
    expect(
      unsupportedSyntax({
        'a.b': 'x',
        n: { 'c:d': 'y' },
        f: 'On {{date, datetime}}',
        u: '{{- html}}',
        t: 'See $t(other)',
      }),
    ).toEqual([
      'key "a.b" has a "." or ":" (t() would read it as a path or a namespace)',
      'key "n.c:d" has a "." or ":" (t() would read it as a path or a namespace)',
      '"f" has {{date, datetime}}: a placeholder is a plain name, {{name}}',
      '"u" has {{- html}}: a placeholder is a plain name, {{name}}',
      '"t" nests another text with $t(...), which t() does not do',
    ]);
  });
});

describe('checkTranslation', () => {
  const en = {
    title: 'Shop {{name}}',
    code: 'Expected format example: `fr-fr`.',
    nav: { items_one: '{{count}} item', items_other: '{{count}} items' },
  };
  const fr = {
    title: 'Découvrir {{name}}',
    code: 'Exemple de format attendu : `fr-fr`.',
    nav: { items_one: '{{count}} article', items_many: "{{count}} d'articles", items_other: '{{count}} articles' },
  };

  it('accepts a complete translation', () => {
    expect(checkTranslation(en, fr, 'fr')).toEqual([]);
    expect(checkTranslation(en, { ...fr, nav: { items_other: '{{count}} 点' } }, 'ja')).toEqual([]);
  });

  it('reports a missing key and a missing plural category of the language', () => {
    const { title: _title, ...withoutTitle } = fr;
    expect(checkTranslation(en, withoutTitle, 'fr')).toEqual(['missing key "title"']);
    expect(
      checkTranslation(en, { ...fr, nav: { items_one: 'x {{count}}', items_other: 'y {{count}}' } }, 'fr'),
    ).toEqual(['missing key "nav.items_many"']);
  });

  it('reports a key English does not have, including a plural category the language lacks', () => {
    expect(checkTranslation(en, { ...fr, extra: 'Extra' }, 'fr')).toEqual([
      'key "extra" is not in English (or is not a plural form of fr)',
    ]);
    expect(checkTranslation(en, { ...fr, nav: { items_one: '{{count}}', items_other: '{{count}}' } }, 'ja')).toEqual([
      'key "nav.items_one" is not in English (or is not a plural form of ja)',
    ]);
  });

  it('reports a dropped or renamed placeholder, a changed code span and an empty string', () => {
    expect(checkTranslation(en, { ...fr, title: 'Découvrir' }, 'fr')).toEqual([
      '"title" has placeholders (none), English has {{name}}',
    ]);
    expect(checkTranslation(en, { ...fr, title: 'Découvrir {{nom}}' }, 'fr')).toEqual([
      '"title" has placeholders {{nom}}, English has {{name}}',
    ]);
    expect(checkTranslation(en, { ...fr, code: 'Exemple : fr-FR.' }, 'fr')).toEqual([
      '"code" has code spans (none), English has `fr-fr`',
    ]);
    expect(checkTranslation(en, { ...fr, nav: { ...fr.nav, items_many: ' ' } }, 'fr')).toEqual([
      '"nav.items_many" is empty',
      '"nav.items_many" has placeholders (none), English has {{count}}',
    ]);
  });
});
