import fc from 'fast-check';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';
import { describe, expect, it } from 'vitest';
import { E164_PATTERN, isValidPhoneForCountry, NORMALIZED_PHONE_PATTERN, parsePhone, PHONE_MESSAGES } from './phone.ts';
import { bundledSchema, schemaValidator } from './contract-schemas.test-support.ts';

const fr = { ok: true, e164: '+33612345678', normalized: '33612345678', country: 'FR' };

describe('parsePhone', () => {
  it.each([
    ['+33612345678', undefined],
    ['+33 6 12 34 56 78', undefined],
    ['+33 (0)6 12 34 56 78', undefined],
    ['+33.6.12.34.56.78', undefined],
    ['+33-6-12-34-56-78', undefined],
    ['  +33 6 12 34 56 78  ', undefined],
    ['+３３ ６ １２ ３４ ５６ ７８', undefined],
    ['06 12 34 56 78', 'FR'],
    ['0612345678', 'fr'],
    ['0033 6 12 34 56 78', 'FR'],
    ['+33 6 12 34 56 78', 'US'], // an international number whatever the default country
    ['+33 6 12 34 56 78', 'EN'], // a placeholder market country is ignored
  ] as const)('reads %j (default country %s)', (raw, country) => {
    expect(parsePhone(raw, country)).toEqual(fr);
  });

  it('answers numbers of many countries, with their country', () => {
    expect(parsePhone('(212) 555-0123', 'US')).toMatchObject({ e164: '+12125550123', country: 'US' });
    expect(parsePhone('+1 416 555 0123')).toMatchObject({ e164: '+14165550123', country: 'CA' });
    expect(parsePhone('020 7946 0958', 'GB')).toMatchObject({ e164: '+442079460958', country: 'GB' });
    expect(parsePhone('090-1234-5678', 'JP')).toMatchObject({
      e164: '+819012345678',
      normalized: '819012345678',
      country: 'JP',
    });
    expect(parsePhone('010-1234-5678', 'KR')).toMatchObject({ e164: '+821012345678', country: 'KR' });
    expect(parsePhone('+852 9123 4567')).toMatchObject({ e164: '+85291234567', country: 'HK' });
    expect(parsePhone('+55 11 91234-5678')).toMatchObject({ e164: '+5511912345678', country: 'BR' });
    expect(parsePhone('+971 50 123 4567')).toMatchObject({ e164: '+971501234567', country: 'AE' });
  });

  it('answers country null for a non-geographic number', () => {
    expect(parsePhone('+800 1234 5678')).toEqual({
      ok: true,
      e164: '+80012345678',
      normalized: '80012345678',
      country: null,
    });
  });

  it.each([
    ['', undefined],
    ['   ', undefined],
    ['hello', undefined],
    ['0612345678', undefined], // national, with no country to read it in
    ['tel: +33612345678', undefined],
    ['call me on +33612345678', undefined],
    ['+1 800 FLOWERS', undefined],
  ] as const)('refuses %j as not a phone number (format)', (raw, country) => {
    expect(parsePhone(raw, country)).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    ['+3361234567', 'one digit short'],
    ['+336123456789', 'one digit too many'],
    ['+33 0 12 34 56 78', 'no such French range'],
    ['+1 212 055 0123', 'a US area code never starts a local number with 0'],
    ['06 12 34 56', 'too short, read in FR'],
    ['+6834002', 'valid in Niue, but 7 digits: shorter than the contract E.164 range'],
  ])('refuses %j (%s) as invalid', (raw) => {
    expect(parsePhone(raw, raw.startsWith('+') ? undefined : 'FR')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an extension', () => {
    expect(parsePhone('+33 6 12 34 56 78 ext. 12')).toEqual({ ok: false, reason: 'extension' });
  });

  it('has a message per failure', () => {
    for (const message of Object.values(PHONE_MESSAGES)) expect(message.length).toBeGreaterThan(10);
  });

  it("reads every country's example mobile number, international and national, as that country's", () => {
    const tooShort: string[] = [];
    const sharedPlan: string[] = [];
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (!example) continue;
      if (!E164_PATTERN.test(example.number)) {
        tooShort.push(country);
        expect(parsePhone(example.number)).toEqual({ ok: false, reason: 'invalid' });
        continue;
      }
      const international = parsePhone(example.formatInternational());
      const national = parsePhone(example.formatNational(), country);
      expect(international, country).toMatchObject({
        ok: true,
        e164: example.number,
        normalized: example.number.slice(1),
      });
      expect(national, country).toEqual(international);
      if (international.ok && international.country !== country) {
        // A territory sharing a numbering plan (Åland with Finland, ...): a number of the shared ranges is the
        // main country's, as the numbering plan says.
        sharedPlan.push(country);
        expect(getCountryCallingCode(international.country!), country).toBe(getCountryCallingCode(country));
        continue;
      }
      expect(international, country).toEqual({
        ok: true,
        e164: example.number,
        normalized: example.number.slice(1),
        country,
      });
      expect(isValidPhoneForCountry(example.formatNational(), country), country).toBe(true);
    }
    // Only a few small numbering plans have numbers under 8 digits, and a few territories share a plan.
    expect(tooShort.length).toBeLessThan(5);
    expect(sharedPlan.sort()).toEqual(['AX', 'BL', 'CC', 'CX', 'EH', 'IM', 'MF', 'SJ', 'VA']);
  });
});

describe('isValidPhoneForCountry', () => {
  it('says whether the number belongs to that country', () => {
    expect(isValidPhoneForCountry('06 12 34 56 78', 'FR')).toBe(true);
    expect(isValidPhoneForCountry('+33 6 12 34 56 78', 'FR')).toBe(true);
    expect(isValidPhoneForCountry('+33 6 12 34 56 78', 'fr')).toBe(true);
    expect(isValidPhoneForCountry('+33 6 12 34 56 78', 'BE')).toBe(false);
    expect(isValidPhoneForCountry('+1 416 555 0123', 'US')).toBe(false);
    expect(isValidPhoneForCountry('+1 416 555 0123', 'CA')).toBe(true);
    expect(isValidPhoneForCountry('+44 7797 123456', 'GB')).toBe(false); // Jersey
    expect(isValidPhoneForCountry('+44 7797 123456', 'JE')).toBe(true);
    expect(isValidPhoneForCountry('+3361234567', 'FR')).toBe(false);
    expect(isValidPhoneForCountry('+33 6 12 34 56 78', 'EN')).toBe(false);
    expect(isValidPhoneForCountry('+800 1234 5678', 'FR')).toBe(false);
  });
});

describe('agreement with the contract', () => {
  it('uses the patterns of PhoneNumber, CustomerPhone and CustomerSession', () => {
    expect(bundledSchema('customer-service', 'PhoneNumber').pattern).toBe(E164_PATTERN.source);
    expect(bundledSchema('storefront', 'CustomerPhone').pattern).toBe(E164_PATTERN.source);
    for (const api of ['storefront', 'customer-service'] as const) {
      const session = bundledSchema(api, 'CustomerSession') as { properties: Record<string, { pattern: string }> };
      expect(session.properties.phoneNumberE164?.pattern, api).toBe(E164_PATTERN.source);
      expect(session.properties.phoneNumberNormalized?.pattern, api).toBe(NORMALIZED_PHONE_PATTERN.source);
    }
  });

  it('answers values the schemas accept, for any input', () => {
    const phoneNumber = schemaValidator('customer-service', 'PhoneNumber');
    const customerPhone = schemaValidator('storefront', 'CustomerPhone');
    const typed = fc
      .tuple(
        fc.constantFrom('+', '', '00', '0'),
        fc.string({ unit: fc.constantFrom(...'0123456789 -.()'), minLength: 4, maxLength: 20 }),
      )
      .map(([prefix, rest]) => prefix + rest);
    fc.assert(
      fc.property(
        typed,
        fc.option(fc.constantFrom('FR', 'US', 'GB', 'JP', 'KR', 'CN', 'BR', 'DE', 'IT')),
        (raw, country) => {
          const result = parsePhone(raw, country ?? undefined);
          if (!result.ok) return;
          expect(phoneNumber(result.e164), result.e164).toBe(true);
          expect(customerPhone(result.e164), result.e164).toBe(true);
          expect(result.normalized).toMatch(NORMALIZED_PHONE_PATTERN);
          expect(`+${result.normalized}`).toBe(result.e164);
          // Reading the answer again gives the same answer.
          expect(parsePhone(result.e164)).toEqual(result);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
