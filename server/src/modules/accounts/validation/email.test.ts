import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_TYPO_BLACKLIST, hasEmailTypo, normaliseEmail } from './email.ts';
import { schemaValidator } from './contract-schemas.test-support.ts';

const ok = (email: string) => ({ ok: true, email });
const invalid = { ok: false, code: 'ERR_FORM_1001' };
const typo = { ok: false, code: 'ERR_FORM_1002' };

// Addresses of the simple pattern, built from its own alphabet (lower and upper case).
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const localChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+'-");
const label = fc
  .tuple(alnum, fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), maxLength: 20 }), alnum)
  .map(([a, mid, b]) => `${a}${mid}${b}`);
const wellFormed = fc
  .tuple(
    fc.tuple(alnum, fc.string({ unit: localChar, maxLength: 30 }), alnum).map(([a, mid, b]) => `${a}${mid}${b}`),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.string({ unit: letter, minLength: 2, maxLength: 12 }),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Camille.Lefevre@Example.FR \n')).toBe('camille.lefevre@example.fr');
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => normaliseEmail(normaliseEmail(s)) === normaliseEmail(s)),
      { numRuns: 2000 },
    );
  });

  it('answers a fixed point: an accepted address is accepted again as is', () => {
    fc.assert(
      fc.property(wellFormed, (raw) => {
        const first = checkEmail(raw);
        if (first.ok) expect(checkEmail(first.email)).toEqual(first);
        expect(checkEmail(raw.toUpperCase())).toEqual(checkEmail(raw.toLowerCase()));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('checkEmail', () => {
  it.each([
    'camille.lefevre@example.fr',
    "o'brien@example.ie",
    'first_last+tag@mail.example.co.uk',
    'x%y@sub-domain.example.com',
    'a@b.cd',
    'user@123.example.museum',
    'someone@xn--bcher-kva.de', // bücher.de, in punycode
    'someone@example.abcdefghijkl', // a 12-letter top-level domain
  ])('accepts %s', (email) => {
    expect(checkEmail(email)).toEqual(ok(email));
  });

  it('lower-cases and trims what it answers', () => {
    expect(checkEmail('  Camille.LEFEVRE@Example.Fr ')).toEqual(ok('camille.lefevre@example.fr'));
  });

  it.each([
    ['', 'empty'],
    ['plainaddress', 'no @'],
    ['a@b', 'no top-level domain'],
    ['a@b.c', 'top-level domain of one letter'],
    ['a@b.abcdefghijklm', 'top-level domain of 13 letters'],
    ['a@b.c0m', 'digit in the top-level domain'],
    ['a@@b.com', 'two @'],
    ['a b@c.com', 'space'],
    ['"quoted"@example.com', 'quoted local part'],
    ['a!b@example.com', 'character outside the pattern'],
    ['.camille@example.com', 'leading dot'],
    ['camille.@example.com', 'trailing dot'],
    ['cam..ille@example.com', 'doubled dot'],
    ['a@-example.com', 'label starting with a hyphen'],
    ['a@example-.com', 'label ending with a hyphen'],
    ['a@exa_mple.com', 'underscore in the domain'],
    ['a@example..com', 'empty label'],
    [`${'a'.repeat(65)}@example.com`, 'local part of 65'],
    [`a@${'b'.repeat(64)}.com`, 'label of 64'],
    [`a@${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com`, 'more than 254 characters'],
    ['josé@example.com', 'non-ASCII local part'],
    ['someone@bücher.de', 'non-ASCII domain (use punycode)'],
    ['someone@example.xn--p1ai', 'internationalised top-level domain'],
    ['someone@xn--zzzz.de', 'punycode that does not decode'],
  ])('refuses %j (%s) with ERR_FORM_1001', (email) => {
    expect(checkEmail(email)).toEqual(invalid);
  });

  it('keeps the limits exactly: 64 in the local part, 63 in a label, 254 in all', () => {
    expect(checkEmail(`${'a'.repeat(64)}@example.com`).ok).toBe(true);
    expect(checkEmail(`a@${'b'.repeat(63)}.com`).ok).toBe(true);
    const labels = Array.from({ length: 3 }, () => 'b'.repeat(63)).join('.');
    const domain = `@${labels}.cccc.fr`;
    const at254 = `${'a'.repeat(254 - domain.length)}${domain}`;
    expect(at254).toHaveLength(254);
    expect(checkEmail(at254).ok).toBe(true);
    expect(checkEmail(`a${at254}`)).toEqual(invalid);
  });

  it('answers quickly on a huge input', () => {
    const started = performance.now();
    expect(checkEmail(`${'a.'.repeat(50_000)}@${'b-'.repeat(50_000)}`)).toEqual(invalid);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('typo blacklist (spec §5)', () => {
  it('is the list of spec §5, in its order', () => {
    expect([...EMAIL_TYPO_BLACKLIST]).toEqual([
      '.con',
      '.comn',
      '.cpm',
      '.cmo',
      '@gmal',
      '@gmai.',
      '@gmaill',
      '@gamil',
      '@hotnail',
      '@hotmaol',
      '@hotmai.',
      '@yahooo',
      '@yhoo',
      '@ickoud',
      '.come',
      '@yhaoo',
      '@hitmail',
      '.om',
      '@hotmil',
      '@hoymail',
      '@hotmal',
      '@hormail',
      '@gmil',
      '@yaho.com',
      '@email.tst',
    ]);
  });

  it.each([
    'x@y.con',
    'x@y.comn',
    'x@y.cpm',
    'x@y.cmo',
    'x@y.come',
    'x@y.om',
    'x@mail.example.co.om',
    'x@gmal.com',
    'x@gmai.com',
    'x@gmaill.com',
    'x@gamil.com',
    'x@gmil.com',
    'x@hotnail.fr',
    'x@hotmaol.com',
    'x@hotmai.com',
    'x@hotmil.com',
    'x@hoymail.com',
    'x@hotmal.com',
    'x@hormail.com',
    'x@hitmail.com',
    'x@yahooo.com',
    'x@yhoo.com',
    'x@yhaoo.fr',
    'x@ickoud.com',
    'x@yaho.com',
    'x@yaho.com.br',
    'x@email.tst',
    'X@GMAL.COM',
    ' x@y.CON ',
  ])('refuses %s with ERR_FORM_1002', (email) => {
    expect(checkEmail(email)).toEqual(typo);
  });

  it('matches every entry: a suffix entry at the end of the address, an @ entry at the start of the domain', () => {
    for (const entry of EMAIL_TYPO_BLACKLIST) {
      let address: string;
      if (entry.startsWith('.')) address = `someone@example${entry}`;
      else if (entry.endsWith('.')) address = `someone${entry}com`;
      else if (entry.slice(1).includes('.')) address = `someone${entry}`;
      else address = `someone${entry}.fr`;
      expect(checkEmail(address), address).toEqual(typo);
    }
  });

  it.each([
    'x@y.com',
    'x@y.consulting',
    'x@conde.fr',
    'x@y.co',
    'x@y.cm',
    'x@y.community',
    'x@y.comics',
    'x@omega.fr',
    'x@gmail.com',
    'x@googlemail.com',
    'x@hotmail.com',
    'x@hotmail.fr',
    'x@yahoo.com',
    'x@yahoo.co.jp',
    'x@icloud.com',
    'x@outlook.com',
    'x@live.com',
    'x@me.com',
    'x@orange.fr',
    'x@free.fr',
    'x@web.de',
    'x@gmx.de',
    'x@t-online.de',
    'x@libero.it',
    'x@naver.com',
    'x@qq.com',
    'x@163.com',
    'x@example.tst.fr',
    'x@myemail.tst.de',
    // The entries match the domain only, never the local part.
    'gmal@example.com',
    'hotmai.l@example.com',
    'x.con@example.com',
    'yaho.com@example.com',
  ])('accepts %s', (email) => {
    expect(checkEmail(email)).toEqual(ok(email));
  });

  it('flags the same addresses as "contains the entry" (an @ entry) or "ends with it" (a dot entry), as the contract words it', () => {
    fc.assert(
      fc.property(wellFormed, fc.constantFrom(...EMAIL_TYPO_BLACKLIST), fc.boolean(), (raw, entry, inject) => {
        let email = normaliseEmail(raw);
        if (inject && entry.startsWith('.')) email = `${email.slice(0, email.lastIndexOf('.'))}${entry}`;
        else if (inject) email = `${email.slice(0, email.indexOf('@'))}${entry}${entry.endsWith('.') ? 'fr' : '.fr'}`;
        const contractWords = EMAIL_TYPO_BLACKLIST.some((e) =>
          e.startsWith('@') ? email.includes(e) : email.endsWith(e),
        );
        expect(hasEmailTypo(email)).toBe(contractWords);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('agreement with the contract', () => {
  const storefront = schemaValidator('storefront', 'CustomerEmail');
  const customerService = schemaValidator('customer-service', 'Email');

  it('answers only addresses both contracts accept (the server is stricter than the schemas)', () => {
    fc.assert(
      fc.property(fc.oneof(wellFormed, fc.string(), fc.emailAddress()), (raw) => {
        const result = checkEmail(raw);
        if (result.ok) {
          expect(storefront(result.email), result.email).toBe(true);
          expect(customerService(result.email), result.email).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what the schema accepts only for the further check or the typo list', () => {
    fc.assert(
      fc.property(wellFormed, (raw) => {
        if (!storefront(raw)) return;
        const result = checkEmail(raw);
        if (!result.ok && result.code === 'ERR_FORM_1001') {
          const email = normaliseEmail(raw);
          const [local = '', domain = ''] = email.split('@');
          const dotRule = local.startsWith('.') || local.endsWith('.') || local.includes('..');
          const hyphenRule = /(^|\.)-|-(\.|$)/.test(domain);
          const punycodeRule = /(^|\.)xn--/.test(domain);
          expect(dotRule || hyphenRule || punycodeRule, email).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
