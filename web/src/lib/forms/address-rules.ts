// The address rules (spec §3 address types, §5 postal codes) of the address book and the checkout, as pure
// functions: the form of a country (its rows of fields, postal-code rule, states), the checks before sending,
// and the whole address book after adding, editing, deleting or choosing the default address — `addresses`
// of POST /api/data/cdb/update-customer replaces the whole book.
import type { Schemas } from '../api-client';
import {
  contractPostalCodeRules,
  DEFAULT_POSTAL_CODE_RULE as REFERENCE_DEFAULT_RULE,
  type PostalCodeRule as ReferencePostalCodeRule,
} from '../../../../reference/markets/postal-codes';
import {
  checkKana,
  checkName,
  checkPhone,
  normalizePhone,
  INVALID_POSTAL_CODE,
  REQUIRED,
  TOO_LONG,
  type MessageKey,
} from './validation';

export type Address = Schemas['Address'];
export type AddressType = Schemas['AddressType'];
export type CountryAddressFormat = Schemas['CountryAddressFormat'];
export type AddressField = Schemas['CountryAddressField'];

export const MAX_ADDRESSES = 10;

// ---- postal codes (spec §5; the rules of the contract's `Address` schema) -------------------------

export type PostalCodeRule = Pick<ReferencePostalCodeRule, 'required' | 'pattern' | 'example'>;

const formRule = ({ required, pattern, example }: PostalCodeRule): PostalCodeRule => ({ required, pattern, example });

/** Any country the table does not list: a US ZIP code or a Canadian postal code, required. */
export const DEFAULT_POSTAL_CODE_RULE: PostalCodeRule = formRule(REFERENCE_DEFAULT_RULE);

/**
 * Spec §5, country by country: the rules of reference/markets/postal-codes.ts, the server's own, as the
 * `Address` schema writes them (GET /api/data/country-addresses publishes the same; the form prefers its
 * answer once it has come, and this table serves until then, or if it cannot answer).
 */
export const POSTAL_CODE_RULES: Readonly<Record<string, PostalCodeRule>> = Object.fromEntries(
  Object.entries(contractPostalCodeRules()).map(([country, rule]) => [country, formRule(rule)]),
);

/** The postal-code rule of a country: the server's published format when known, else the table of spec §5. */
export function postalCodeRuleOf(
  country: string,
  format?: Pick<CountryAddressFormat, 'postalCode'> | null,
): PostalCodeRule {
  if (format)
    return {
      required: format.postalCode.required,
      pattern: format.postalCode.pattern,
      example: format.postalCode.example,
    };
  return POSTAL_CODE_RULES[country.toUpperCase()] ?? DEFAULT_POSTAL_CODE_RULE;
}

/** Spec §5: a postal code of the country; letters may be typed in either case. */
export function checkPostalCode(value: string, postal: PostalCodeRule): MessageKey | null {
  const code = value.trim();
  if (!code) return postal.required ? REQUIRED : null;
  let pattern: RegExp;
  try {
    pattern = new RegExp(postal.pattern, 'u');
  } catch {
    return null; // a rule this browser cannot read: the server decides
  }
  return pattern.test(code) ? null : INVALID_POSTAL_CODE;
}

// ---- the form of a country ------------------------------------------------------------------------

/** The rows of the form before the country's format has answered (or when it cannot). */
export function fallbackFormLines(country: string): AddressField[][] {
  const kana: AddressField[][] = country === 'JP' ? [['lastNameKana', 'firstNameKana']] : [];
  const names: AddressField[] = country === 'JP' ? ['lastName', 'firstName'] : ['firstName', 'lastName'];
  return [
    ['civility'],
    names,
    ...kana,
    ['companyName'],
    ['addressLine1'],
    ['addressLine2'],
    ['postalCode', 'city'],
    ['country'],
    ['phone'],
  ];
}

export interface AddressFormSpec {
  country: string;
  lines: AddressField[][];
  postalCode: PostalCodeRule;
  stateRequired: boolean;
  states: { code: string; name: string }[];
}

/** Everything the address form of a country needs: its format when loaded, the fallback otherwise. */
export function addressFormSpec(
  country: string,
  format: CountryAddressFormat | null | undefined,
  postalCodeRequired?: boolean,
): AddressFormSpec {
  const usable = format && format.country === country ? format : null;
  const postalCode = postalCodeRuleOf(country, usable);
  return {
    country,
    lines: usable?.formLines.length ? usable.formLines : fallbackFormLines(country),
    postalCode:
      usable || postalCodeRequired === undefined ? postalCode : { ...postalCode, required: postalCodeRequired },
    stateRequired: usable?.stateRequired ?? false,
    states: usable?.states ?? [],
  };
}

// ---- values of the form ---------------------------------------------------------------------------

const TEXT_FIELDS = [
  'civility',
  'firstName',
  'lastName',
  'firstNameKana',
  'lastNameKana',
  'companyName',
  'addressLine1',
  'addressLine2',
  'city',
  'stateCode',
  'postalCode',
  'country',
  'phone',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type AddressFormValues = Record<TextField, string> & {
  label: string;
  type: AddressType | '';
  isDefault: boolean;
};

export function addressFormValues(address: Address | null, defaultCountry: string): AddressFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(address?.[f] ?? '')])) as Record<
    TextField,
    string
  >;
  return {
    ...values,
    country: address?.country ?? defaultCountry,
    label: address?.label ?? '',
    type: address?.type ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

const MAX_LENGTHS: Partial<Record<AddressField | 'label', number>> = {
  companyName: 60,
  addressLine1: 100,
  addressLine2: 100,
  city: 60,
  postalCode: 10,
  label: 40,
};

/** The client-side checks of an address (spec §5); the server checks again (`Address` schema). */
export function validateAddress(
  values: AddressFormValues,
  spec: AddressFormSpec,
): Partial<Record<AddressField | 'label', MessageKey>> {
  const errors: Partial<Record<AddressField | 'label', MessageKey>> = {};
  const shown = new Set(spec.lines.flat());
  const put = (field: AddressField | 'label', message: MessageKey | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  for (const field of ['firstName', 'lastName'] as const) put(field, checkName(values[field]));
  for (const field of ['firstNameKana', 'lastNameKana'] as const)
    if (shown.has(field)) put(field, checkKana(values[field], false));
  for (const field of ['addressLine1', 'city'] as const) if (!values[field].trim()) put(field, REQUIRED);
  if (!values.country) put('country', REQUIRED);
  if (shown.has('postalCode') || spec.postalCode.required)
    put('postalCode', checkPostalCode(values.postalCode, spec.postalCode));
  if (shown.has('stateCode') && spec.stateRequired && !values.stateCode) put('stateCode', REQUIRED);
  if (shown.has('phone')) put('phone', checkPhone(values.phone));
  for (const [field, max] of Object.entries(MAX_LENGTHS) as [AddressField | 'label', number][]) {
    const value = field === 'label' ? values.label : values[field];
    if ([...value.trim()].length > max) put(field, TOO_LONG);
  }
  return errors;
}

/**
 * The address to send: the fields the country's form shows (a state left from another country is not
 * sent), trimmed, empty ones left out; the phone in E.164 form; the id of the address being edited.
 */
export function addressFromValues(values: AddressFormValues, spec: AddressFormSpec, id?: string): Address {
  const shown = new Set<AddressField>([
    ...spec.lines.flat(),
    'firstName',
    'lastName',
    'addressLine1',
    'city',
    'country',
  ]);
  if (spec.postalCode.required) shown.add('postalCode');
  const address: Record<string, unknown> = {};
  if (id) address.id = id;
  if (values.type) address.type = values.type;
  if (values.label.trim()) address.label = values.label.trim();
  for (const field of TEXT_FIELDS) {
    if (!shown.has(field)) continue;
    const value = field === 'phone' ? normalizePhone(values.phone) : values[field].trim();
    if (value) address[field] = value;
  }
  address.country = values.country;
  address.isDefault = values.isDefault;
  return address as Address;
}

// ---- the address book ----------------------------------------------------------------------------

/** The default address first, the others in their order. */
export function defaultFirst(book: readonly Address[]): Address[] {
  return [...book.filter((a) => a.isDefault), ...book.filter((a) => !a.isDefault)];
}

const withoutDefault = (book: readonly Address[]) => book.map((a) => (a.isDefault ? { ...a, isDefault: false } : a));

/**
 * The book after saving `address` (replacing the one with its id, or added at the end), and the index the
 * address has in it (the server names problems by it: `body/addresses/{index}/postalCode`). A new default
 * address takes the place of the old one; the first address of an empty book is the default.
 */
export function saveAddressInBook(book: readonly Address[], address: Address): { addresses: Address[]; index: number } {
  const found = address.id ? book.findIndex((a) => a.id === address.id) : -1;
  const saved: Address = {
    ...address,
    isDefault: address.isDefault === true || book.length === 0 || (found >= 0 && book.length === 1),
  };
  const others = saved.isDefault ? withoutDefault(book) : [...book];
  if (found >= 0) {
    others[found] = saved;
    return { addresses: others, index: found };
  }
  return { addresses: [...others, saved], index: others.length };
}

export function removeAddressFromBook(book: readonly Address[], id: string): Address[] {
  return book.filter((a) => a.id !== id);
}

export function setDefaultInBook(book: readonly Address[], id: string): Address[] {
  return book.map((a) => ({ ...a, isDefault: a.id === id }));
}

/** The address printed by its country's template (`{city}, {stateCode} {postalCode}`); a plain layout without one. */
export function printAddress(
  address: Address,
  format?: Pick<CountryAddressFormat, 'printLines' | 'name' | 'states'> | null,
  countryName?: string,
): string[] {
  const country = format?.name ?? countryName ?? address.country;
  const state = format?.states?.find((s) => s.code === address.stateCode)?.name ?? address.stateCode ?? '';
  const value = (field: string): string => {
    if (field === 'country') return country;
    if (field === 'stateCode') return state;
    const v = (address as Record<string, unknown>)[field];
    return typeof v === 'string' ? v : '';
  };
  const template = format?.printLines?.length
    ? format.printLines
    : [
        '{firstName} {lastName}',
        '{companyName}',
        '{addressLine1}',
        '{addressLine2}',
        '{postalCode} {city}',
        '{stateCode}',
        '{country}',
      ];
  return template
    .map((line) => {
      const fields = [...line.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (fields.length > 0 && fields.every((f) => !value(f))) return '';
      return line
        .replace(/\{(\w+)\}/g, (_, f: string) => value(f))
        .replace(/\s+/g, ' ')
        .replace(/^[\s,]+|[\s,]+$/g, '')
        .replace(/,\s*,/g, ',');
    })
    .filter((line) => line.length > 0);
}

/** Which field of the address form a problem path names (`addresses/{index}/{field}`). */
export const addressFieldOfPath =
  (index: number) =>
  (segments: string[]): string | null => {
    if (segments[0] !== 'addresses') return null;
    if (segments.length === 1) return null;
    if (segments[1] !== String(index) || segments.length !== 3) return null;
    const field = segments[2]!;
    return (TEXT_FIELDS as readonly string[]).includes(field) ||
      field === 'label' ||
      field === 'type' ||
      field === 'isDefault'
      ? field
      : null;
  };
