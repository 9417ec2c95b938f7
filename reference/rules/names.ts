// Name rules of spec §5 (first and last names) and the phonetic katakana names asked in Japan, one copy for the
// server and the web: pure functions, the catalogue's codes.

export type NameErrorCode = 'ERR_FORM_1000' | 'ERR_FORM_1004' | 'ERR_FORM_1006';
export type NameCheck = { ok: true; value: string } | { ok: false; code: NameErrorCode };

export const NAME_MAX_LENGTH = 50;

/** Spec §5 (and the contract's `CustomerName`): letters, combining marks, whitespace, `'`, `’`, `-`. */
const NAME_PATTERN = /^[\p{L}\p{M}\s'’-]+$/u;
const HAS_LETTER = /\p{L}/u;

/** The contract's `CustomerNameKana`: full-width katakana, `・`, `ー` and whitespace. */
const KANA_PATTERN = /^[\u30A1-\u30FA\u30FB\u30FC\s]+$/u;
const HAS_KANA_LETTER = /[\u30A1-\u30FA]/u;

const codePoints = (s: string) => [...s].length;
/** Trimmed, each run of whitespace (tab, line break, ideographic space) made one ordinary space. */
const tidy = (s: string) => s.trim().replace(/\s+/gu, ' ');

function check(value: string, pattern: RegExp, letter: RegExp): NameCheck {
  if (value === '') return { ok: false, code: 'ERR_FORM_1000' };
  if (codePoints(value) > NAME_MAX_LENGTH) return { ok: false, code: 'ERR_FORM_1004' };
  // A name must have a letter: only spaces, apostrophes, hyphens or marks is no name.
  if (!pattern.test(value) || !letter.test(value)) return { ok: false, code: 'ERR_FORM_1006' };
  return { ok: true, value };
}

/**
 * Checks a first or last name (spec §5). Answers the value to store: trimmed, inner whitespace runs made
 * one space, in Unicode NFC (so that `e` + combining acute and `é` are the same name), 1 to 50 characters
 * (code points). Failures: empty `ERR_FORM_1000`, too long `ERR_FORM_1004`, any other character or no
 * letter at all `ERR_FORM_1006`.
 */
export function checkName(value: string): NameCheck {
  return check(tidy(value).normalize('NFC'), NAME_PATTERN, HAS_LETTER);
}

/**
 * Checks a phonetic name in full-width katakana (Japan): katakana, the prolonged sound mark `ー`, the middle
 * dot `・` and spaces, with at least one katakana. Half-width katakana (`ﾔﾏﾀﾞ`) is accepted and stored
 * full-width (`ヤマダ`), through Unicode NFKC. Hiragana and Latin letters are refused (`ERR_FORM_1006`).
 */
export function checkKanaName(value: string): NameCheck {
  return check(tidy(value.normalize('NFKC')), KANA_PATTERN, HAS_KANA_LETTER);
}
