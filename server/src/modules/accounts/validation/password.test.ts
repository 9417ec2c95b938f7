import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  commonPasswordList,
  normalisePassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  type PasswordContext,
} from './password.ts';
import { bundledSchema, sourceSchema } from './contract-schemas.test-support.ts';

const camille: PasswordContext = { email: 'camille.lefevre@example.fr', firstName: 'Camille', lastName: 'Lefèvre' };
const refused = (reason: string) => ({ ok: false, reason });

// Passphrases and random strings a careful customer would choose.
const GOOD = [
  'horse staple river lamp',
  'mon chat mange des croquettes',
  'Tr0ub4dor&3xyz',
  'Jz8$ qPq2 vN0!',
  'violet-umbrella-quietly-sings',
  'Lundi matin, café noir.',
  '猫が好きです、毎日ご飯をあげる',
  '비밀번호는 정말 안전해요',
  'Ночь улица фонарь аптека',
  '🐱🐶🦊🐼🐨🐯🦁🐮🐷🐸🐵🐔',
  'correct horse battery stapler',
  'annual report draft',
  'january19901231',
  'ilovebalenciagabags',
  'bal masqué à Venise',
];

describe('checkPassword: length', () => {
  it('accepts 12 to 128 characters', () => {
    expect(checkPassword('kX9#mQ2$vL7!')).toEqual({ ok: true });
    expect(checkPassword('kX9#mQ2$vL7!'.repeat(10) + 'kX9#mQ2$')).toEqual({ ok: true });
  });

  it.each([
    ['', 'empty'],
    ['kX9#mQ2$vL7', '11 characters'],
    ['kX9#mQ2$vL7!'.repeat(10) + 'kX9#mQ2$v', '129 characters'],
  ])('refuses %j (%s)', (password) => {
    expect(checkPassword(password)).toEqual(refused('length'));
  });

  it('counts code points after NFKC, not UTF-16 units', () => {
    expect(checkPassword('🐱🐶🦊🐼🐨🐯🦁🐮🐷🐸🐵')).toEqual(refused('length')); // 11 emoji, 22 UTF-16 units
    expect(checkPassword('🐱🐶🦊🐼🐨🐯🦁🐮🐷🐸🐵🐔')).toEqual({ ok: true });
    // e + combining acute, six times: 12 code points as typed, 6 once composed.
    expect(checkPassword('e\u0301'.repeat(3) + 'a\u0301o\u0301u\u0301')).toEqual(refused('length'));
    // The ligature "ﬁ" is two letters under NFKC: 11 typed, 12 checked.
    expect(checkPassword('ﬁrm-lamp-93Q')).toEqual({ ok: true });
    expect(checkPassword(`${'ab9#'.repeat(31)}ﬁﬁﬁ`)).toEqual(refused('length')); // 127 typed, 130 checked
  });

  it('does not trim', () => {
    expect(checkPassword('  kX9#mQ2$v  ')).toEqual({ ok: true });
  });

  it('agrees with the contract on the bounds', () => {
    for (const schema of [
      bundledSchema('customer-service', 'NewPassword'),
      bundledSchema('storefront', 'PasswordNew'),
    ]) {
      expect(schema).toMatchObject({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
    }
    expect(sourceSchema('customer-service/components/schemas/NewPassword.yaml')).toMatchObject({
      minLength: 12,
      maxLength: 128,
    });
  });
});

describe('checkPassword: personal information', () => {
  it.each([
    ['camille.lefevre@example.fr!!', 'the address'],
    ['CAMILLE.LEFEVRE@EXAMPLE.FR', 'the address, upper case'],
    ['my camille.lefevre secret', 'the local part'],
    ['camillelefevre-2024-x', 'the local part without its dot'],
  ])('refuses %j (%s) as contains-email', (password) => {
    expect(checkPassword(password, camille)).toEqual(refused('contains-email'));
  });

  it.each([
    ['Camille&Dominique!', 'the first name'],
    ['LEFEVRE-2024-pw!', 'the last name, upper case, without its accent'],
    ['lefèvre-sunny-day', 'the last name with its accent'],
    ['sunny ＣＡＭＩＬＬＥ day', 'the first name in full-width letters'],
  ])('refuses %j (%s) as contains-name', (password) => {
    expect(checkPassword(password, { ...camille, email: 'someone@example.fr' })).toEqual(refused('contains-name'));
  });

  it('checks names by part, and only parts of 3 characters or more', () => {
    const jp: PasswordContext = { firstName: 'Jean-Pierre', lastName: "D'Ab" };
    expect(checkPassword('pierre-of-the-woods', jp)).toEqual(refused('contains-name'));
    expect(checkPassword('dab dab on the quay', jp)).toEqual(refused('contains-name')); // "D'Ab" without its apostrophe
    expect(checkPassword('ab ab fine morning', jp)).toEqual({ ok: true });
    expect(checkPassword('jo is a fine friend', { firstName: 'Jo' })).toEqual({ ok: true });
    expect(checkPassword('Yamada Taro desu yo', { lastName: '山田', firstName: 'Taro' })).toEqual(
      refused('contains-name'),
    );
    expect(checkPassword('山田さんの秘密のパスワードです', { lastName: '山田', firstName: '太郎' })).toEqual({
      ok: true,
    }); // 2 characters
  });

  it('checks the local part only from 3 characters', () => {
    expect(checkPassword('jo likes long walks', { email: 'jo@example.fr' })).toEqual({ ok: true });
    expect(checkPassword('jo@example.fr walks', { email: 'jo@example.fr' })).toEqual(refused('contains-email'));
  });

  it('ignores missing or empty context values', () => {
    expect(checkPassword('horse staple river lamp', { email: null, firstName: '', lastName: undefined })).toEqual({
      ok: true,
    });
  });

  it('refuses any password that contains the address', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (before, after) => {
        const password = `${before}${camille.email}${after}`;
        const tooLong = [...normalisePassword(password)].length > PASSWORD_MAX_LENGTH;
        expect(checkPassword(password, camille)).toEqual(refused(tooLong ? 'length' : 'contains-email'));
      }),
    );
  });
});

describe('checkPassword: common passwords and patterns', () => {
  it('ships a list of a few hundred entries of 12 characters or more, lower case, no duplicates', () => {
    const list = commonPasswordList();
    expect(list.length).toBeGreaterThanOrEqual(300);
    expect(new Set(list).size).toBe(list.length);
    for (const entry of list) {
      expect([...normalisePassword(entry)].length, entry).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(entry, entry).toBe(entry.toLowerCase());
    }
  });

  it('refuses every entry of the list, in any case', () => {
    for (const entry of commonPasswordList()) {
      expect(checkPassword(entry), entry).toEqual(refused('common'));
      expect(checkPassword(entry.toUpperCase()), entry).toEqual(refused('common'));
    }
  });

  it.each([
    ['Correct Horse Battery Staple!', 'a list entry with other spacing and punctuation'],
    ['aaaaaaaaaaaa', 'one character repeated'],
    ['            ', 'only spaces'],
    ['🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱', 'one emoji repeated'],
    ['abcabcabcabc', 'a short unit repeated'],
    ['hello1hello1hello1', 'a short unit repeated'],
    ['passwordpassword', 'a weak word repeated'],
    ['123456789012', 'a digit sequence'],
    ['890123456789', 'a digit sequence wrapping around'],
    ['098765432109', 'a descending digit sequence'],
    ['abcdefghijklmnop', 'the alphabet'],
    ['qwertyuiopas', 'a keyboard walk'],
    ['poiuytrewqlkjhg', 'a keyboard walk backwards'],
    ['azertyuiopqsdf', 'an AZERTY walk'],
    ['qwertzuiopasdf', 'a QWERTZ walk'],
    ['zxcvbnmasdfg', 'two keyboard walks'],
    ['qwerty-asdfgh-zxcvbn', 'walks with dashes'],
    ['1qaz2wsx3edc4rfv', 'a column walk'],
    ['!@#$%^&*()_+', 'the shifted digit row'],
    ['qwerty123456', 'a walk and a sequence'],
    ['Password2024!', 'a common word with a year'],
    ['2024password!', 'a year and a common word'],
    ['p@ssw0rd1234', 'a common word in leet speak with digits'],
    ['L3tM31n!2024', 'leet speak with a year'],
    ['iloveyou2024', 'a common phrase with a year'],
    ['Summer2024!!', 'a season with a year'],
    ['Balenciaga2024', 'a brand followed by digits'],
    ['balenciaga123456789', 'a brand followed by a digit sequence'],
    ['SaintLaurent1!', 'a brand followed by digits and a symbol'],
    ['Saint Laurent 2024', 'a brand with spaces, followed by digits'],
    ['yvessaintlaurent', 'a brand alone'],
    ['ysl123456789', 'a brand abbreviation followed by digits'],
    ['bv2024202420', 'a brand abbreviation followed by digits'],
    ['AlexanderMcQueen1', 'a brand with capitals, followed by a digit'],
    ['bottegaveneta!!', 'a brand followed by symbols'],
    ['kering20242024', 'the group name followed by digits'],
  ])('refuses %j (%s)', (password) => {
    expect(checkPassword(password)).toEqual(refused('common'));
  });

  it.each(GOOD)('accepts %j', (password) => {
    expect(checkPassword(password, camille)).toEqual({ ok: true });
  });

  it('accepts random passwords of 16 characters drawn from a large alphabet', () => {
    const unit = fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*+=?');
    fc.assert(
      fc.property(fc.string({ unit, minLength: 16, maxLength: 16 }), (password) => {
        expect(checkPassword(password)).toEqual({ ok: true });
      }),
      { numRuns: 500 },
    );
  });

  it('answers quickly, even for the longest passwords', () => {
    const started = performance.now();
    const long = fc.string({ minLength: 100, maxLength: 128, unit: 'binary-ascii' });
    fc.assert(
      fc.property(long, (p) => void checkPassword(p, camille)),
      { numRuns: 200 },
    );
    checkPassword('q'.repeat(64) + 'w'.repeat(64));
    checkPassword('qwerty'.repeat(21) + 'qw');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('messages', () => {
  it('has an English message per reason, in the contract example style', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      length: 'must have 12 to 128 characters',
      'contains-email': 'must not contain the email address',
      'contains-name': 'must not contain the first or last name',
      common: 'appears in a list of breached passwords',
    });
    const example = sourceSchema('customer-service/components/examples/problem-breached-password.yaml') as {
      value: { errors: { message: string }[] };
    };
    expect(example.value.errors[0]?.message).toBe(PASSWORD_MESSAGES.common);
  });
});
