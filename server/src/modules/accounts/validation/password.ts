// Password policy of the contract (`NewPassword`, `POST /password/reset`): NIST SP 800-63B style.
// Length only, no composition rules; refused when it contains the customer's e-mail address or name, or is
// a known or guessable password. (The "not one of the last 4 passwords" rule needs the account's history
// and belongs to the service.)
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../../shared/paths.ts';

/** Read from the repository's root: the production bundle holds this module, not the folder it sits in. */
const COMMON_PASSWORDS = fromRoot('server/src/modules/accounts/validation/common-passwords.txt');

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** The shortest e-mail local part or name (part) a password is checked for. */
export const PASSWORD_PERSONAL_MIN_LENGTH = 3;

export type PasswordFailure = 'length' | 'contains-email' | 'contains-name' | 'common';
export type PasswordCheck = { ok: true } | { ok: false; reason: PasswordFailure };

/** What the password is compared with. Missing values are not checked. */
export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * English messages for `errors[].message` (the API answers `body/newPassword` with one of them), in the
 * contract validator's style.
 */
export const PASSWORD_MESSAGES: Record<PasswordFailure, string> = {
  length: `must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  'contains-email': 'must not contain the email address',
  'contains-name': 'must not contain the first or last name',
  common: 'appears in a list of breached passwords',
};

/**
 * The form in which a password is checked, and should be hashed: Unicode NFKC, so that the same password
 * typed on another keyboard (full-width digits, a composed or decomposed accent) is the same password.
 * Never trimmed.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

// ---------------------------------------------------------------------------------------------
// Known passwords and guessable patterns.

/** Letters and digits only (spaces, punctuation and symbols left out). */
const compact = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '');
const withoutMarks = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');

let commonList: Set<string> | undefined;
/** The list of common-passwords.txt, lower-cased, each entry also without its spaces and punctuation. */
function commonPasswords(): Set<string> {
  if (!commonList) {
    commonList = new Set();
    const text = readFileSync(COMMON_PASSWORDS, 'utf8');
    for (const line of text.split(/\r?\n/)) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      const entry = normalisePassword(line).toLowerCase();
      commonList.add(entry);
      commonList.add(compact(entry));
    }
  }
  return commonList;
}

/** The lines of common-passwords.txt (for tests and tooling). */
export function commonPasswordList(): string[] {
  return readFileSync(COMMON_PASSWORDS, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/**
 * Words that make a weak password with only a few digits or symbols around them (`Password2024!`,
 * `p@ssw0rd123`): common passwords shorter than 12 characters and common words of passwords.
 */
const COMMON_WORDS = new Set([
  'password',
  'passwort',
  'motdepasse',
  'contrasena',
  'contraseña',
  'senha',
  'parola',
  'wachtwoord',
  'haslo',
  'qwerty',
  'azerty',
  'qwertz',
  'iloveyou',
  'iloveu',
  'loveyou',
  'letmein',
  'welcome',
  'bienvenue',
  'willkommen',
  'benvenuto',
  'bienvenido',
  'admin',
  'administrator',
  'root',
  'user',
  'guest',
  'login',
  'test',
  'master',
  'monkey',
  'dragon',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'soccer',
  'superman',
  'batman',
  'trustno',
  'whatever',
  'secret',
  'freedom',
  'hello',
  'bonjour',
  'hallo',
  'ciao',
  'hola',
  'love',
  'amour',
  'liebe',
  'amore',
  'changeme',
  'default',
  'michael',
  'jennifer',
  'jordan',
  'charlie',
  'starwars',
  'pokemon',
  'computer',
  'internet',
  'samsung',
  'iphone',
  'google',
  'facebook',
  'instagram',
  'chocolate',
  'butterfly',
  'rainbow',
  'fashion',
  'luxury',
  'shopping',
  'summer',
  'winter',
  'spring',
  'autumn',
  'christmas',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);

/** The house's brands (amq, ysl, bv, bal) and site names: refused with any digits or symbols around them. */
const BRAND_NAMES = new Set([
  'amq',
  'alexandermcqueen',
  'mcqueen',
  'ysl',
  'saintlaurent',
  'yvessaintlaurent',
  'laurent',
  'bv',
  'bottegaveneta',
  'bottega',
  'veneta',
  'bal',
  'balenciaga',
  'kering',
  'storefront',
]);

/**
 * Keyboard rows and columns (QWERTY, AZERTY, QWERTZ; unshifted and shifted) and the digit and letter
 * sequences. A walk is any stretch of one of them, forwards or backwards; digit and letter sequences wrap
 * around (`890123`, `xyzabc`).
 */
const WALK_LINES = [
  '1234567890'.repeat(3),
  'abcdefghijklmnopqrstuvwxyz'.repeat(2),
  '`1234567890-=',
  '~!@#$%^&*()_+',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  'qwertyuiopasdfghjklzxcvbnm',
  '1234567890qwertyuiopasdfghjklzxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  '1234567890azertyuiopqsdfghjklmwxcvbn',
  'qwertzuiopasdfghjklyxcvbnm',
  '1234567890qwertzuiopasdfghjklyxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/',
  'qazwsxedcrfvtgbyhnujmikolp',
  'zaq1xsw2cde3vfr4bgt5nhy6mju7,ki8.lo9/;p0',
  '1q2w3e4r5t6y7u8i9o0p',
  'q1w2e3r4t5y6u7i8o9p0',
  'qweasdzxc',
  'qaswedfrtghyujkilop',
  '1a2b3c4d5e6f7g8h9i0j',
  'a1b2c3d4e5f6g7h8i9j0',
];
const WALKS = [...WALK_LINES, ...WALK_LINES.map((w) => [...w].reverse().join(''))];
const MIN_WALK_PIECE = 3;

const isWalkPiece = (s: string) => /^(.)\1*$/su.test(s) || WALKS.some((w) => w.includes(s));

/** Whether the text is made only of walks (and runs of one character) of 3 or more characters each. */
function isWalk(s: string): boolean {
  const n = s.length;
  if (n < MIN_WALK_PIECE) return false;
  // ok[i]: s.slice(0, i) splits into walk pieces.
  const ok = new Array<boolean>(n + 1).fill(false);
  ok[0] = true;
  for (let end = MIN_WALK_PIECE; end <= n; end++) {
    for (let start = 0; start <= end - MIN_WALK_PIECE && !ok[end]; start++) {
      if (ok[start] && isWalkPiece(s.slice(start, end))) ok[end] = true;
    }
  }
  return ok[n] === true;
}

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '!': 'i',
  '|': 'i',
};
/** The text with common letter substitutions undone (`p@ssw0rd` → `password`), `1` read as `i` or `l`. */
function unleet(s: string, one: 'i' | 'l'): string {
  return [...s].map((c) => (c === '1' ? one : (LEET[c] ?? c))).join('');
}

function isWeakWord(word: string): boolean {
  if (word === '') return false;
  return (
    COMMON_WORDS.has(word) || BRAND_NAMES.has(word) || commonPasswords().has(word) || (word.length >= 4 && isWalk(word))
  );
}

/** A core between digits, punctuation, symbols and spaces (`!!2024`, `123 `). */
const AFFIXED = /^([\p{N}\p{P}\p{S}\s]*)(.*?)([\p{N}\p{P}\p{S}\s]*)$/su;
/** Characters of a password without the spaces and symbols around letters and digits, at least this many. */
const MIN_BARE_WALK = 8;
const MAX_SHORT_UNIT = 6;
const MAX_SHORT_AFFIX = 6;

/** A short or patterned prefix or suffix, as password-guessing rules append them (`1`, `2024!`, `123456789`). */
function isGuessableAffix(affix: string): boolean {
  return [...affix].length <= MAX_SHORT_AFFIX || isWalk(affix.replace(/\s+/gu, ''));
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const bare = compact(lower);
  const unspaced = lower.replace(/\s+/gu, '');
  if (list.has(lower) || list.has(bare)) return true;
  // One character repeated (spaces too), or nothing but keyboard walks and sequences (`qwerty-asdfgh`).
  if (/^(.)\1*$/su.test(lower)) return true;
  if (isWalk(unspaced) || (bare.length >= MIN_BARE_WALK && isWalk(bare))) return true;
  // A short unit, or a weak one, repeated (`abcabcabcabc`, `passwordpassword`).
  const unit = /^(.+?)\1+$/su.exec(unspaced)?.[1];
  if (unit !== undefined && ([...unit].length <= MAX_SHORT_UNIT || isWeakWord(compact(unit)))) return true;
  // A brand name with only digits or symbols around it (`Balenciaga2024`, `ysl123456789`), or a weak word with
  // only a few or patterned ones (`Password2024!`, `2024password`, `qwerty123456`, `p@ssw0rd1234`).
  const [, prefix = '', core = '', suffix = ''] = AFFIXED.exec(lower) ?? [];
  if (core !== '') {
    const guessable = isGuessableAffix(prefix) && isGuessableAffix(suffix);
    for (const form of new Set([compact(core), compact(unleet(core, 'i')), compact(unleet(core, 'l'))])) {
      if (BRAND_NAMES.has(form) || (guessable && isWeakWord(form))) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Personal information.

function containsEmail(lower: string, email: string): boolean {
  const address = normalisePassword(email).trim().toLowerCase();
  if (address === '') return false;
  if (lower.includes(address)) return true;
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : at === 0 ? '' : address;
  if ([...local].length >= PASSWORD_PERSONAL_MIN_LENGTH && lower.includes(local)) return true;
  const bareLocal = compact(local);
  return [...bareLocal].length >= PASSWORD_PERSONAL_MIN_LENGTH && compact(lower).includes(bareLocal);
}

function containsName(lower: string, name: string): boolean {
  const key = withoutMarks(normalisePassword(name).toLowerCase()).trim();
  const candidates = [compact(key), ...key.split(/[\s'’-]+/u).map(compact)].filter(
    (c) => [...c].length >= PASSWORD_PERSONAL_MIN_LENGTH,
  );
  const plain = withoutMarks(lower);
  const bare = compact(plain);
  return candidates.some((c) => plain.includes(c) || bare.includes(c));
}

/**
 * Checks a new password against the policy: 12 to 128 characters (code points, after NFKC), not containing
 * the e-mail address or its local part (3 characters or more), nor the first or last name or a part of it
 * (3 characters or more; case and accents ignored), and not a common or breached password or a guessable
 * pattern. Checked in that order; the first failure is answered.
 */
export function checkPassword(password: string, context: PasswordContext = {}): PasswordCheck {
  const normalised = normalisePassword(password);
  const length = [...normalised].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'length' };
  const lower = normalised.toLowerCase();
  if (context.email && containsEmail(lower, context.email)) return { ok: false, reason: 'contains-email' };
  for (const name of [context.firstName, context.lastName]) {
    if (name && containsName(lower, name)) return { ok: false, reason: 'contains-name' };
  }
  if (isCommon(normalised)) return { ok: false, reason: 'common' };
  return { ok: true };
}
