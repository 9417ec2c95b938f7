import { describe, expect, it } from 'vitest';
import {
  checkBirthDate,
  checkCurrentPassword,
  checkEmail,
  checkKana,
  checkName,
  checkNewPassword,
  checkPhone,
  dateFormatOfCountry,
  formatIsoDate,
  normalizeEmail,
  normalizePhone,
  parseDisplayDate,
} from './validation';

describe('checkEmail (spec §5)', () => {
  it('accepts addresses of the simple pattern, in any case, and normalises them', () => {
    for (const ok of [
      'camille.lefevre@example.fr',
      'Olivia.Bennett@Example.COM',
      "o'brien+shop@mail.example.co.uk",
      '  a.b@c.de  ',
    ])
      expect(checkEmail(ok), ok).toBeNull();
    expect(normalizeEmail('  Olivia.Bennett@Example.COM ')).toBe('olivia.bennett@example.com');
  });

  it('asks for an address when required, and not when optional', () => {
    expect(checkEmail('')).toBe('errors:ERR_FORM_1000');
    expect(checkEmail('   ', false)).toBeNull();
  });

  it('refuses what breaks the pattern or the further address check', () => {
    for (const bad of [
      'plainaddress',
      'a@b',
      'a@b.c',
      'a b@c.de',
      'a@c.d3',
      '.a@example.com',
      'a.@example.com',
      'a..b@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@x.abcdefghijklm',
    ]) {
      expect(checkEmail(bad), bad).toBe('errors:ERR_FORM_1001');
    }
  });

  it('refuses the typo blacklist: fragments anywhere, endings at the end', () => {
    for (const typo of [
      'a@gmal.com',
      'a@gmai.com',
      'a@gmaill.com',
      'a@gamil.com',
      'a@hotnail.fr',
      'a@yahooo.fr',
      'a@yaho.com',
      'a@icloud.con',
      'a@gmail.cmo',
      'a@gmail.come',
      'a@orange.om',
      'a@email.tst',
    ]) {
      expect(checkEmail(typo), typo).toBe('errors:ERR_FORM_1002');
    }
    expect(checkEmail('a@example.com')).toBeNull();
    expect(checkEmail('a@gmal-services.example.fr')).toBe('errors:ERR_FORM_1002');
  });
});

describe('checkName and checkKana (CustomerName, CustomerNameKana)', () => {
  it('accepts letters of any script, combining marks, spaces, apostrophes and hyphens', () => {
    for (const ok of ['Lefèvre', "O'Brien", 'Jean-Luc', 'D’Artagnan', '山田', '김', 'Zoë Ann', 'Ngũgĩ'])
      expect(checkName(ok), ok).toBeNull();
  });

  it('refuses digits and other signs, and more than 50 characters', () => {
    for (const bad of ['R2D2', 'Anne!', 'a@b', 'Jean_Luc']) expect(checkName(bad), bad).toBe('errors:ERR_FORM_1006');
    expect(checkName('a'.repeat(51))).toBe('errors:ERR_FORM_1004');
    expect(checkName('')).toBe('errors:ERR_FORM_1000');
    expect(checkName('', false)).toBeNull();
  });

  it('takes full-width katakana only for kana names', () => {
    expect(checkKana('ヤマダ')).toBeNull();
    expect(checkKana('ヤマダ・ハナコ')).toBeNull();
    expect(checkKana('スーザン')).toBeNull();
    for (const bad of ['やまだ', '山田', 'ﾔﾏﾀﾞ', 'Yamada']) expect(checkKana(bad), bad).toBe('account:validation.kana');
  });
});

describe('checkPhone (CustomerPhone, E.164)', () => {
  it('accepts + and 8 to 15 digits, once legibility spaces are removed', () => {
    expect(checkPhone('+33 6 12 34 56 78')).toBeNull();
    expect(normalizePhone('+1 (212) 555-0147')).toBe('+12125550147');
    expect(checkPhone('')).toBeNull();
    expect(checkPhone('', true)).toBe('errors:ERR_FORM_1000');
  });

  it('refuses a number without its country code or with letters', () => {
    for (const bad of ['0612345678', '+0612345678', '+331234', '+33 6 12 AB 56 78', '+1234567890123456'])
      expect(checkPhone(bad), bad).toBe('account:validation.phone');
  });
});

describe('passwords (PasswordNew, PasswordCurrent)', () => {
  it('needs 12 to 128 characters, counted as code points, never trimmed', () => {
    expect(checkNewPassword('short pass')).toBe('account:validation.passwordTooShort');
    expect(checkNewPassword('correct horse')).toBeNull();
    expect(checkNewPassword('🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toBe('account:validation.passwordTooShort');
    expect(checkNewPassword('🔑'.repeat(12))).toBeNull();
    expect(checkNewPassword('x'.repeat(129))).toBe('errors:ERR_FORM_1004');
    expect(checkNewPassword('')).toBe('errors:ERR_FORM_1000');
  });

  it('only asks for a current password, whatever its length', () => {
    expect(checkCurrentPassword('abc')).toBeNull();
    expect(checkCurrentPassword('')).toBe('errors:ERR_FORM_1000');
  });
});

describe('dates (spec §9, CustomerBirthDate)', () => {
  it('uses the country date format', () => {
    expect(dateFormatOfCountry('US')).toBe('MM/dd/yyyy');
    for (const c of ['JP', 'KR', 'CA']) expect(dateFormatOfCountry(c)).toBe('yyyy/MM/dd');
    expect(dateFormatOfCountry('FR')).toBe('dd/MM/yyyy');
  });

  it('formats and parses a date in each format', () => {
    expect(formatIsoDate('1988-06-14', 'MM/dd/yyyy')).toBe('06/14/1988');
    expect(formatIsoDate('1988-06-14', 'dd/MM/yyyy')).toBe('14/06/1988');
    expect(formatIsoDate('1988-06-14', 'yyyy/MM/dd')).toBe('1988/06/14');
    expect(formatIsoDate(undefined, 'dd/MM/yyyy')).toBe('');
    expect(parseDisplayDate('06/14/1988', 'MM/dd/yyyy')).toBe('1988-06-14');
    expect(parseDisplayDate('14.6.1988', 'dd/MM/yyyy')).toBe('1988-06-14');
    expect(parseDisplayDate('1988-06-14', 'yyyy/MM/dd')).toBe('1988-06-14');
  });

  it('refuses dates that do not exist or are in the wrong order', () => {
    expect(parseDisplayDate('31/02/1990', 'dd/MM/yyyy')).toBeNull();
    expect(parseDisplayDate('14/06/1988', 'MM/dd/yyyy')).toBeNull();
    expect(parseDisplayDate('14/06/88', 'dd/MM/yyyy')).toBeNull();
    expect(parseDisplayDate('soon', 'dd/MM/yyyy')).toBeNull();
  });

  it('asks for a birth date at least 16 years ago, in 1900–2099', () => {
    const today = new Date(Date.UTC(2026, 10, 25));
    expect(checkBirthDate('25/11/2010', 'dd/MM/yyyy', today)).toBeNull();
    expect(checkBirthDate('26/11/2010', 'dd/MM/yyyy', today)).toBe('account:validation.birthDateAge');
    expect(checkBirthDate('01/01/1850', 'dd/MM/yyyy', today)).toBe('account:validation.date');
    expect(checkBirthDate('', 'dd/MM/yyyy', today)).toBeNull();
    expect(checkBirthDate('', 'dd/MM/yyyy', today, true)).toBe('errors:ERR_FORM_1000');
  });
});
