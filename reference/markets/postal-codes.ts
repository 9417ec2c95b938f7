// Postal-code rules of every country of spec §5, one source for the server (GET /api/data/country-addresses,
// address validation) and the web address forms; addresses.ts adds the address formats around them.
// The patterns are exactly those of the contract's `Address` schema (a test compares them).

export interface PostalCodeRule {
  /** Whether an address of the country needs a postal code. */
  required: boolean;
  /** Anchored ECMAScript pattern (Unicode mode) a non-empty postal code must match. */
  pattern: string;
  /** The rule in words (English). */
  format: string;
  /** A valid code; null when the country has no postal codes. */
  example: string | null;
}

// ---------------------------------------------------------------------------------------------
// Postal-code rules (spec §5).

const digits = (n: number) => `[0-9]{${n}}`;
const US_ZIP = '[0-9]{5}(?:-[0-9]{4})?';
const CA_POSTAL = '[A-Za-z][0-9][A-Za-z] [0-9][A-Za-z][0-9]?';
const DEFAULT_INNER = `${US_ZIP}|${CA_POSTAL}`;

/** Spec §5: no postal code required. HK and MO are this project's addition (they have no postal codes). */
export const NO_POSTAL_CODE_COUNTRIES = [
  'BH',
  'KW',
  'MY',
  'QA',
  'RU',
  'SA',
  'SG',
  'TR',
  'AE',
  'VN',
  'HK',
  'MO',
] as const;
const OPTIONAL = new Set<string>(NO_POSTAL_CODE_COUNTRIES);

/** Spec §5: the rule of any country not listed (a US ZIP code or a Canadian postal code). */
export const DEFAULT_POSTAL_CODE_RULE: PostalCodeRule = {
  required: true,
  pattern: `^(?:${DEFAULT_INNER})$`,
  format: 'US ZIP code (5 digits, optionally a dash and 4 digits) or Canadian postal code',
  example: '10022',
};

interface RuleDef {
  inner: string;
  format: string;
  examples: Record<string, string | null>;
}

const RULES: RuleDef[] = [
  {
    inner: digits(5),
    format: '5 digits',
    examples: {
      FR: '75008',
      MC: '98000',
      IT: '20121',
      ES: '28001',
      DE: '80539',
      FI: '00100',
      MY: '50450',
      MX: '11560',
      KR: '06014',
      TH: '10330',
      KW: '13001',
      HR: '10000',
      EE: '10111',
      ID: '10310',
      LT: '01103',
      TR: '34367',
      UA: '01001',
    },
  },
  {
    inner: digits(4),
    format: '4 digits',
    examples: {
      AT: '1010',
      AU: '2000',
      DK: '1050',
      BE: '1000',
      LU: '1724',
      CH: '8001',
      HU: '1052',
      NZ: '1010',
      PH: '1226',
      AL: '1001',
      BG: '1000',
      CY: '1065',
      LV: '1050',
      MD: '2001',
      MK: '1000',
      NO: '0150',
      PA: '0801',
      SI: '1000',
      ZA: '2196',
    },
  },
  { inner: digits(6), format: '6 digits', examples: { RO: '010011', SG: '238859', CO: '110221', VN: '700000' } },
  { inner: digits(7), format: '7 digits', examples: { CL: '7550000', IL: '6473424' } },
  { inner: digits(3), format: '3 digits', examples: { OM: '112', IS: '101' } },
  { inner: US_ZIP, format: '5 digits, optionally a dash and 4 digits', examples: { US: '10022', SA: '12271' } },
  {
    inner: CA_POSTAL,
    format: 'letter, digit, letter, space, digit, letter and an optional digit (A1A 1A1)',
    examples: { CA: 'M5R 2E8' },
  },
  {
    inner: '[A-Za-z]{1,2}[0-9]{1,2}[A-Za-z]? [0-9][A-Za-z]{2}',
    format: '1–2 letters, 1–2 digits, an optional letter, space, digit, 2 letters (SW1X 7XL)',
    examples: { GB: 'W1S 1EX' },
  },
  { inner: '[0-9]{3}-[0-9]{4}', format: '3 digits, dash, 4 digits (150-0001)', examples: { JP: '104-0061' } },
  {
    inner: '[0-9]{4} ?[A-Za-z]{2}',
    format: '4 digits, an optional space, 2 letters (1071 XX)',
    examples: { NL: '1071 AM' },
  },
  {
    inner: '[0-9]{3} [0-9]{2}',
    format: '3 digits, space, 2 digits (110 00)',
    examples: { CZ: '110 00', SE: '114 35', GR: '105 57', SK: '811 01' },
  },
  { inner: '[0-9]{2}-[0-9]{3}', format: '2 digits, dash, 3 digits (00-001)', examples: { PL: '00-697' } },
  { inner: '[0-9]{4}-[0-9]{3}', format: '4 digits, dash, 3 digits (1250-096)', examples: { PT: '1250-096' } },
  { inner: '[0-9]{3,5}', format: '3 to 5 digits', examples: { TW: '110' } },
  { inner: '[0-9]{3,4}', format: '3 or 4 digits', examples: { BH: '317' } },
  { inner: '[A-Za-z]{2}[0-9]{4}', format: '2 letters, 4 digits (BS8811)', examples: { BN: 'BS8811' } },
  { inner: '[A-Za-z]{3} [0-9]{4}', format: '3 letters, space, 4 digits (VLT 1117)', examples: { MT: 'VLT 1117' } },
  {
    inner: '(?:[AC-FHKNPRTV-Yac-fhknprtv-y][0-9]{2}|[Dd]6[Ww]) ?[0-9AC-FHKNPRTV-Yac-fhknprtv-y]{4}',
    format: 'Eircode: routing key (letter and 2 digits, or D6W), an optional space, 4 letters or digits (D02 X285)',
    examples: { IE: 'D02 X285' },
  },
  // Spec §5 lists them as needing no postal code without a rule of their own: the default rule applies
  // to a code typed anyway. QA, AE, HK and MO have no postal codes; RU's 6-digit codes do not fit the
  // default rule, so it has no example either.
  {
    inner: DEFAULT_INNER,
    format: 'none needed; if given, a US ZIP code or Canadian postal code',
    examples: { QA: null, RU: null, AE: null, HK: null, MO: null },
  },
];

function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  for (const ch of source) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === '|' && depth === 0) return true;
  }
  return false;
}

const RULE_BY_COUNTRY = new Map<string, PostalCodeRule>();
/** The pattern as the contract's `Address` schema writes it: where no code is required, `^(?:…)?$` takes ''. */
const CONTRACT_PATTERN_BY_COUNTRY = new Map<string, string>();
for (const rule of RULES) {
  for (const [country, example] of Object.entries(rule.examples)) {
    const required = !OPTIONAL.has(country);
    const pattern = `^${hasTopLevelAlternation(rule.inner) ? `(?:${rule.inner})` : rule.inner}$`;
    RULE_BY_COUNTRY.set(country, { required, pattern, format: rule.format, example });
    CONTRACT_PATTERN_BY_COUNTRY.set(country, required ? pattern : `^(?:${rule.inner})?$`);
  }
}
// BR is a market with no rule in spec §5: the default rule.
const EXTRA_DEFAULT_COUNTRIES = ['BR'];

export function postalCodeRuleOf(country: string): PostalCodeRule {
  return RULE_BY_COUNTRY.get(country.toUpperCase()) ?? DEFAULT_POSTAL_CODE_RULE;
}

export type PostalCodeCheck = { valid: true; value: string | null } | { valid: false; reason: 'required' | 'format' };

/**
 * Checks a postal code against its country's rule (spec §5). Letters may be typed in either case; the
 * normalised value is trimmed and upper-cased (null when empty and not required).
 */
export function validatePostalCode(country: string, value: string | null | undefined): PostalCodeCheck {
  const rule = postalCodeRuleOf(country);
  const v = (value ?? '').trim();
  if (v === '') return rule.required ? { valid: false, reason: 'required' } : { valid: true, value: null };
  if (!new RegExp(rule.pattern, 'u').test(v)) return { valid: false, reason: 'format' };
  return { valid: true, value: v.toUpperCase() };
}

/** Every country with a rule of its own, plus the markets the spec's lists leave out (BR), sorted. */
export const POSTAL_CODE_COUNTRIES: readonly string[] = [...RULE_BY_COUNTRY.keys(), ...EXTRA_DEFAULT_COUNTRIES].sort();

/**
 * The rule of each country the contract's `Address` schema names, with its pattern written as the schema writes
 * it (a country where no code is required takes '' too): what a form in the browser checks before sending.
 */
export function contractPostalCodeRules(): Record<string, PostalCodeRule> {
  return Object.fromEntries(
    [...RULE_BY_COUNTRY].map(([country, rule]) => [
      country,
      { ...rule, pattern: CONTRACT_PATTERN_BY_COUNTRY.get(country) ?? rule.pattern },
    ]),
  );
}
