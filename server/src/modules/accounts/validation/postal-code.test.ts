import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPostalCode,
  NO_POSTAL_CODE_COUNTRIES,
  POSTAL_CODE_COUNTRIES,
  postalCodeExample,
  postalCodeRequired,
  postalCodeRule,
} from './postal-code.ts';
import { bundledSchema, schemaValidator, sourceSchema } from './contract-schemas.test-support.ts';

const invalid = { ok: false, code: 'ERR_FORM_1007' };

// Spec §5, as written.
const SPEC: Record<string, string[]> = {
  '5 digits': ['FR', 'MC', 'IT', 'ES', 'DE', 'FI', 'MY', 'MX', 'KR', 'TH', 'KW', 'HR', 'EE', 'ID', 'LT', 'TR', 'UA'],
  '4 digits': [
    'AT',
    'AU',
    'DK',
    'BE',
    'LU',
    'CH',
    'HU',
    'NZ',
    'PH',
    'AL',
    'BG',
    'CY',
    'LV',
    'MD',
    'MK',
    'NO',
    'PA',
    'SI',
    'ZA',
  ],
  '6 digits': ['RO', 'SG', 'CO', 'VN'],
  '7 digits': ['CL', 'IL'],
  '3 digits': ['OM', 'IS'],
};
const SPEC_NO_POSTAL_CODE = ['BH', 'KW', 'MY', 'QA', 'RU', 'SA', 'SG', 'TR', 'AE', 'VN'];

// Good and bad codes per country of spec §5 (letters in any case).
const SAMPLES: Record<string, { ok: string[]; bad: string[] }> = {
  US: { ok: ['10022', '10022-1234', '00501'], bad: ['1002', '100221', '10022-12', '10022 1234', 'ABCDE', 'M5R 2E8'] },
  SA: { ok: ['12271', '12271-1234'], bad: ['1227', '12271-12'] },
  CA: { ok: ['M5R 2E8', 'h3g 1p7', 'M5R 2E', 'H3G 1P'], bad: ['M5R2E8', 'M5R-2E8', '12345', 'MM5 2E8'] },
  GB: {
    ok: ['W1S 1EX', 'SW1X 7XL', 'M1 1AE', 'EC1A 1BB', 'B33 8TH', 'sw1a 1aa'],
    bad: ['W1S1EX', '123 456', 'SW1A  1AA', 'SW1A 1A', 'SWA1 1AA'],
  },
  JP: { ok: ['104-0061', '150-0001'], bad: ['1040061', '104-061', '104 0061', '１０４-００６１'] },
  NL: { ok: ['1071 AM', '1071AM', '1071 am'], bad: ['1071', '1071 A1', '1071  AM', '107 AMS'] },
  CZ: { ok: ['110 00'], bad: ['11000', '110-00'] },
  SE: { ok: ['114 35'], bad: ['11435'] },
  GR: { ok: ['105 57'], bad: ['10557'] },
  SK: { ok: ['811 01'], bad: ['81101'] },
  PL: { ok: ['00-697'], bad: ['00697', '00 697'] },
  PT: { ok: ['1250-096'], bad: ['1250096', '1250', '1250 096'] },
  TW: { ok: ['110', '1104', '11049'], bad: ['11', '110491', '110-49'] },
  BH: { ok: ['317', '1234'], bad: ['12', '12345'] },
  BN: { ok: ['BS8811', 'bs8811'], bad: ['B8811', 'BS881', 'BS 8811'] },
  MT: { ok: ['VLT 1117', 'vlt 1117'], bad: ['VLT1117', 'VL 1117', 'VLT 117'] },
  IE: {
    ok: ['D02 X285', 'D6W 1234', 'a65f4e2', 'T12 AF34', 'd6w1234'],
    bad: ['B02 X285', 'D02 X28', 'O12 3456', 'D02 XB85', 'D6X 1234'],
  },
  FR: { ok: ['75008', '06400', '20000'], bad: ['7500', '750080', '75 008', '2A000', ''] },
  DE: { ok: ['80539'], bad: ['D-80539'] },
  MY: { ok: ['50450', ''], bad: ['5045'] },
  KW: { ok: ['13001', ''], bad: ['1300'] },
  TR: { ok: ['34367', ''], bad: ['343670'] },
  AT: { ok: ['1010'], bad: ['101', 'A-1010'] },
  CH: { ok: ['8001'], bad: ['CH-8001'] },
  RO: { ok: ['010011'], bad: ['01001'] },
  SG: { ok: ['238859', ''], bad: ['23885'] },
  VN: { ok: ['700000', ''], bad: ['70000'] },
  CL: { ok: ['7550000'], bad: ['755000'] },
  IL: { ok: ['6473424'], bad: ['647342'] },
  OM: { ok: ['112'], bad: ['1120', ''] },
  IS: { ok: ['101'], bad: ['10'] },
  HK: { ok: ['', '10022', 'M5R 2E8'], bad: ['999077'] },
  MO: { ok: [''], bad: ['999078'] },
  QA: { ok: [''], bad: ['QA123'] },
  RU: { ok: [''], bad: ['101000'] },
  AE: { ok: [''], bad: ['00000-'] },
  AR: { ok: ['10022', 'M5R 2E8'], bad: ['C1425', ''] },
  CN: { ok: ['10022'], bad: ['100000'] },
  BR: { ok: ['10022'], bad: ['01310-100'] },
};

describe('checkPostalCode (spec §5)', () => {
  it.each(Object.entries(SPEC))('%s: %s', (format, countries) => {
    const n = Number(format[0]);
    for (const country of countries) {
      expect(checkPostalCode(country, '1'.repeat(n)), country).toEqual({ ok: true, postalCode: '1'.repeat(n) });
      expect(checkPostalCode(country, '1'.repeat(n - 1)), country).toEqual(invalid);
      expect(checkPostalCode(country, '1'.repeat(n + 1)), country).toEqual(invalid);
      expect(checkPostalCode(country, `A${'1'.repeat(n - 1)}`), country).toEqual(invalid);
    }
  });

  it.each(Object.entries(SAMPLES))('%s accepts and refuses the right shapes', (country, { ok, bad }) => {
    for (const v of ok) {
      expect(checkPostalCode(country, v), `${country} ${v}`).toEqual({
        ok: true,
        postalCode: v === '' ? null : v.toUpperCase(),
      });
    }
    for (const v of bad) expect(checkPostalCode(country, v), `${country} ${v}`).toEqual(invalid);
  });

  it('answers letters upper-cased, and null when none is needed and none given', () => {
    expect(checkPostalCode('GB', 'sw1x 7xl')).toEqual({ ok: true, postalCode: 'SW1X 7XL' });
    expect(checkPostalCode('gb', 'SW1X 7XL')).toEqual({ ok: true, postalCode: 'SW1X 7XL' });
    for (const country of NO_POSTAL_CODE_COUNTRIES) {
      for (const none of [undefined, null, ''])
        expect(checkPostalCode(country, none), country).toEqual({ ok: true, postalCode: null });
    }
    expect(checkPostalCode('FR', undefined)).toEqual(invalid);
    expect(checkPostalCode('FR', null)).toEqual(invalid);
  });

  it('checks the value as given, like the contract: surrounding spaces are refused', () => {
    expect(checkPostalCode('FR', ' 75008')).toEqual(invalid);
    expect(checkPostalCode('FR', '75008 ')).toEqual(invalid);
    expect(checkPostalCode('HK', ' ')).toEqual(invalid);
  });

  it('needs no postal code in the spec list, plus HK and MO', () => {
    expect([...NO_POSTAL_CODE_COUNTRIES].sort()).toEqual([...SPEC_NO_POSTAL_CODE, 'HK', 'MO'].sort());
    for (const country of POSTAL_CODE_COUNTRIES) {
      expect(postalCodeRequired(country), country).toBe(
        !(NO_POSTAL_CODE_COUNTRIES as readonly string[]).includes(country),
      );
    }
    expect(postalCodeRequired('AR')).toBe(true);
    expect(postalCodeRequired('hk')).toBe(false);
  });

  it('covers every country of spec §5', () => {
    const single = [
      'US',
      'SA',
      'CA',
      'GB',
      'JP',
      'NL',
      'CZ',
      'SE',
      'GR',
      'SK',
      'PL',
      'PT',
      'TW',
      'BH',
      'BN',
      'MT',
      'IE',
    ];
    const listed = new Set([...Object.values(SPEC).flat(), ...SPEC_NO_POSTAL_CODE, ...single]);
    for (const country of listed) expect(POSTAL_CODE_COUNTRIES, country).toContain(country);
  });

  it('has a valid example per country for placeholders (none where there are no postal codes)', () => {
    for (const country of POSTAL_CODE_COUNTRIES) {
      const example = postalCodeExample(country);
      if (example === null) {
        expect(postalCodeRequired(country), country).toBe(false);
      } else {
        expect(checkPostalCode(country, example), country).toEqual({ ok: true, postalCode: example });
      }
    }
    expect(postalCodeExample('FR')).toBe('75008');
    expect(postalCodeExample('HK')).toBeNull();
    expect(postalCodeExample('AR')).toBe('10022');
    expect(postalCodeRule('JP')).toMatchObject({ required: true, pattern: '^[0-9]{3}-[0-9]{4}$', example: '104-0061' });
  });
});

// ---------------------------------------------------------------------------------------------
// The contract's Address schema must give the same verdict as checkPostalCode for any input.

const validAddress = schemaValidator('storefront', 'Address');
const addressOf = (country: string, postalCode: string | undefined) => ({
  firstName: 'Camille',
  lastName: 'Lefèvre',
  addressLine1: '53 avenue Montaigne',
  city: 'Paris',
  country,
  ...(postalCode === undefined ? {} : { postalCode }),
});
const contractAccepts = (country: string, postalCode: string | undefined) =>
  validAddress(addressOf(country, postalCode));

// Inputs shaped like postal codes: digits, letters in both cases, space and dash, and the odd other character.
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -';
const odd = fc.constantFrom('.', '/', '\t', 'é', '１', '\u00a0');
const shaped = fc.string({
  unit: fc.oneof({ arbitrary: fc.constantFrom(...CHARS), weight: 20 }, { arbitrary: odd, weight: 1 }),
  maxLength: 11,
});
/** Valid-looking codes: each character of the example replaced by one of its kind, sometimes mutated. */
const likeExample = (example: string) =>
  fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: example.length, maxLength: example.length }),
      fc.constantFrom('keep', 'lower', 'drop', 'add', 'swap'),
      fc.nat(),
    )
    .map(([picks, mutation, at]) => {
      const chars = [...example].map((c, i) => {
        const p = picks[i] ?? 0;
        if (/[0-9]/.test(c)) return String(p % 10);
        if (/[A-Za-z]/.test(c)) return String.fromCharCode(65 + (p % 26));
        return c;
      });
      const i = at % (chars.length + 1);
      if (mutation === 'lower') return chars.join('').toLowerCase();
      if (mutation === 'drop') chars.splice(i, 1);
      if (mutation === 'add') chars.splice(i, 0, CHARS[at % CHARS.length]!);
      if (mutation === 'swap' && i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
      return chars.join('');
    });

describe('agreement with the contract Address schema', () => {
  it('reads a fresh bundle: the bundled rules are those of Address.yaml', () => {
    const source = sourceSchema('storefront/components/schemas/Address.yaml') as {
      allOf: unknown[];
      properties: { postalCode: unknown };
    };
    const bundled = bundledSchema('storefront', 'Address') as typeof source;
    expect(bundled.allOf).toEqual(source.allOf);
    expect(bundled.properties.postalCode).toEqual(source.properties.postalCode);
  });

  const countries = [...POSTAL_CODE_COUNTRIES, 'AR', 'CN', 'IN', 'ZZ'];

  it.each(countries)('%s: same verdict for generated inputs', (country) => {
    const example = postalCodeExample(country) ?? '10022';
    const candidates = fc.oneof(
      { arbitrary: likeExample(example), weight: 3 },
      { arbitrary: likeExample('M5R 2E8'), weight: 1 },
      { arbitrary: shaped, weight: 3 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    );
    let accepted = 0;
    fc.assert(
      fc.property(candidates, (value) => {
        const ours = checkPostalCode(country, value).ok;
        expect(ours, JSON.stringify(value)).toBe(contractAccepts(country, value));
        if (ours) accepted++;
      }),
      { numRuns: 400, seed: 20240611 + country.charCodeAt(0) * 31 + country.charCodeAt(1) },
    );
    // The generators reach both verdicts.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(400);
  });

  it('same verdict for the samples above and for any short string, in every country', () => {
    for (const [country, { ok, bad }] of Object.entries(SAMPLES)) {
      for (const v of [...ok, ...bad])
        expect(checkPostalCode(country, v).ok, `${country} ${v}`).toBe(contractAccepts(country, v));
    }
    fc.assert(
      fc.property(fc.constantFrom(...countries), fc.oneof(shaped, fc.string({ maxLength: 12 })), (country, value) => {
        expect(checkPostalCode(country, value).ok, `${country} ${JSON.stringify(value)}`).toBe(
          contractAccepts(country, value),
        );
      }),
      { numRuns: 5000 },
    );
  });
});
