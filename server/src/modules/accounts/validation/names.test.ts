import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKanaName, checkName, NAME_MAX_LENGTH } from './names.ts';
import { schemaValidator } from './contract-schemas.test-support.ts';

// Letters of many scripts: code-point ranges, each kept to its letters (\p{L}).
const SCRIPTS: Record<string, [number, number]> = {
  latin: [0x0041, 0x024f],
  greek: [0x0370, 0x03ff],
  cyrillic: [0x0400, 0x04ff],
  armenian: [0x0531, 0x0587],
  hebrew: [0x05d0, 0x05ea],
  arabic: [0x0620, 0x064a],
  devanagari: [0x0904, 0x0939],
  thai: [0x0e01, 0x0e30],
  georgian: [0x10d0, 0x10fa],
  ethiopic: [0x1200, 0x1248],
  hangul: [0xac00, 0xd7a3],
  hiragana: [0x3041, 0x3096],
  katakana: [0x30a1, 0x30fa],
  han: [0x4e00, 0x9fff],
  hanExtensionB: [0x20000, 0x2a6df],
};
const scriptLetter = (range: [number, number]) =>
  fc
    .integer({ min: range[0], max: range[1] })
    .map((cp) => String.fromCodePoint(cp))
    .filter((c) => /^\p{L}$/u.test(c));
const anyScriptLetter = fc.oneof(...Object.values(SCRIPTS).map(scriptLetter));
const combiningMark = fc.integer({ min: 0x0300, max: 0x036f }).map((cp) => String.fromCodePoint(cp));
const separator = fc.constantFrom(' ', '-', "'", '’');

/** A name: words of letters (some with combining marks) joined by spaces, hyphens or apostrophes. */
const nameOf = (letter: fc.Arbitrary<string>) => {
  const marked = fc.tuple(letter, fc.option(combiningMark, { freq: 5 })).map(([l, m]) => l + (m ?? ''));
  const word = fc.array(marked, { minLength: 1, maxLength: 8 }).map((ls) => ls.join(''));
  return fc
    .array(fc.tuple(word, separator), { minLength: 1, maxLength: 3 })
    .map((words) => words.map(([w, sep], i) => (i === words.length - 1 ? w : w + sep)).join(''))
    .filter((name) => [...name.normalize('NFC')].length <= NAME_MAX_LENGTH);
};

describe('checkName (spec §5)', () => {
  it.each([
    'Camille',
    'Lefèvre',
    "O'Brien",
    'O’Brien',
    'Jean-Pierre',
    'de la Tour',
    'Zoë',
    'Ñúñez',
    'Łukasz',
    'Øyvind',
    'Σοφία',
    'Анна',
    'ანა',
    'Աննա',
    'שרה',
    'فاطمة',
    'अनन्या',
    'สมชาย',
    '山田',
    'やまだ',
    'ヤマダ',
    '김민준',
    '王小明',
    'Nguyễn',
    'Đặng',
  ])('accepts %s', (name) => {
    expect(checkName(name)).toEqual({ ok: true, value: name.normalize('NFC') });
  });

  it('trims, makes inner whitespace one space, and answers NFC', () => {
    expect(checkName('  Anne  Marie \t')).toEqual({ ok: true, value: 'Anne Marie' });
    expect(checkName('Jean\nPierre')).toEqual({ ok: true, value: 'Jean Pierre' });
    expect(checkName('山田\u3000太郎')).toEqual({ ok: true, value: '山田 太郎' });
    expect(checkName('Le\u0301a')).toEqual({ ok: true, value: 'Léa' });
  });

  it.each([
    ['Anne-Marie 2', 'a digit'],
    ['J.', 'a full stop'],
    ['Camille!', 'punctuation'],
    ['Camille_Lefèvre', 'an underscore'],
    ['<script>', 'markup'],
    ['Camille 😀', 'an emoji'],
    ['Camille\u200b', 'a zero-width space'],
    ["'-'", 'only punctuation'],
    ['-', 'only a hyphen'],
    ['\u0301\u0301', 'only combining marks'],
    ['Robert"); DROP TABLE customers;--', 'an injection attempt'],
  ])('refuses %j (%s) with ERR_FORM_1006', (name) => {
    expect(checkName(name)).toEqual({ ok: false, code: 'ERR_FORM_1006' });
  });

  it('refuses an empty name with ERR_FORM_1000 and a long one with ERR_FORM_1004', () => {
    expect(checkName('')).toEqual({ ok: false, code: 'ERR_FORM_1000' });
    expect(checkName('   \t ')).toEqual({ ok: false, code: 'ERR_FORM_1000' });
    expect(checkName('a'.repeat(50))).toEqual({ ok: true, value: 'a'.repeat(50) });
    expect(checkName(` ${'a'.repeat(50)} `)).toEqual({ ok: true, value: 'a'.repeat(50) });
    expect(checkName('a'.repeat(51))).toEqual({ ok: false, code: 'ERR_FORM_1004' });
  });

  it('counts characters, not UTF-16 units', () => {
    const han = '\u{20000}'.repeat(50); // 50 letters of CJK extension B, 100 UTF-16 units
    expect(checkName(han)).toEqual({ ok: true, value: han });
  });

  it('accepts random names of letters of many scripts', () => {
    fc.assert(
      fc.property(nameOf(anyScriptLetter), (name) => {
        expect(checkName(name)).toEqual({ ok: true, value: name.normalize('NFC') });
      }),
      { numRuns: 2000 },
    );
  });

  it.each(Object.keys(SCRIPTS))('accepts random %s names', (script) => {
    fc.assert(
      fc.property(nameOf(scriptLetter(SCRIPTS[script]!)), (name) => checkName(name).ok),
      { numRuns: 200 },
    );
  });

  it('refuses any name with a digit or a symbol in it', () => {
    const intruder = fc
      .oneof(
        fc.integer({ min: 0x30, max: 0x39 }),
        fc.constantFrom(...'!"#$%&()*+,./:;<=>?@[\\]^_`{|}~'.split('').map((c) => c.codePointAt(0)!)),
        fc.integer({ min: 0x1f300, max: 0x1f5ff }),
      )
      .map((cp) => String.fromCodePoint(cp));
    fc.assert(
      fc.property(nameOf(anyScriptLetter), intruder, fc.nat(), (name, bad, at) => {
        const chars = [...name];
        chars.splice(at % (chars.length + 1), 0, bad);
        const result = checkName(chars.join(''));
        expect(result.ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('answers only values the contract accepts (CustomerName; PersonName of the customer service when no ’)', () => {
    const storefront = schemaValidator('storefront', 'CustomerName');
    const customerService = schemaValidator('customer-service', 'PersonName');
    fc.assert(
      fc.property(fc.oneof(nameOf(anyScriptLetter), fc.string({ unit: 'grapheme', maxLength: 60 })), (raw) => {
        const result = checkName(raw);
        if (!result.ok) return;
        expect(storefront(result.value), result.value).toBe(true);
        if (!result.value.includes('’')) expect(customerService(result.value), result.value).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkKanaName', () => {
  it.each(['ヤマダ', 'タロウ', 'ヤマダ タロウ', 'ジョン・スミス', 'ルーシー', 'ヴァイオレット', 'ヶ'])(
    'accepts %s',
    (name) => {
      expect(checkKanaName(name)).toEqual({ ok: true, value: name });
    },
  );

  it('answers full-width katakana for half-width input, and one space for any whitespace', () => {
    expect(checkKanaName('ﾔﾏﾀﾞ ﾀﾛｳ')).toEqual({ ok: true, value: 'ヤマダ タロウ' });
    expect(checkKanaName('ｼﾞｮﾝ･ｽﾐｽ')).toEqual({ ok: true, value: 'ジョン・スミス' });
    expect(checkKanaName(' ヤマダ\u3000\u3000タロウ ')).toEqual({ ok: true, value: 'ヤマダ タロウ' });
  });

  it.each([
    ['やまだ', 'hiragana'],
    ['山田', 'kanji'],
    ['Yamada', 'Latin'],
    ['ヤマダ1', 'a digit'],
    ['ー', 'only the prolonged sound mark'],
    ['・', 'only the middle dot'],
    ['ヤマダ-タロウ', 'a hyphen'],
  ])('refuses %j (%s) with ERR_FORM_1006', (name) => {
    expect(checkKanaName(name)).toEqual({ ok: false, code: 'ERR_FORM_1006' });
  });

  it('refuses empty and long values like names', () => {
    expect(checkKanaName(' ')).toEqual({ ok: false, code: 'ERR_FORM_1000' });
    expect(checkKanaName('ア'.repeat(50)).ok).toBe(true);
    expect(checkKanaName('ア'.repeat(51))).toEqual({ ok: false, code: 'ERR_FORM_1004' });
  });

  it('accepts random katakana and answers only values both contracts accept', () => {
    const storefront = schemaValidator('storefront', 'CustomerNameKana');
    const customerService = schemaValidator('customer-service', 'PersonNameKana');
    const kana = fc.integer({ min: 0x30a1, max: 0x30fc }).map((cp) => String.fromCodePoint(cp));
    const kanaOrSpace = fc.oneof({ arbitrary: kana, weight: 9 }, { arbitrary: fc.constant(' '), weight: 1 });
    const kanaName = fc
      .array(kanaOrSpace, { minLength: 1, maxLength: 50 })
      .map((cs) => `ア${cs.join('')}`.slice(0, 50));
    fc.assert(
      fc.property(kanaName, (name) => {
        const result = checkKanaName(name);
        expect(result.ok, name).toBe(true);
        if (result.ok) {
          expect(storefront(result.value)).toBe(true);
          expect(customerService(result.value)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
