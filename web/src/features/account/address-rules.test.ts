import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Schemas } from '../../lib/api-client';
import {
  addressFieldOfPath,
  addressFormSpec,
  addressFormValues,
  addressFromValues,
  checkPostalCode,
  DEFAULT_POSTAL_CODE_RULE,
  defaultFirst,
  POSTAL_CODE_RULES,
  postalCodeRuleOf,
  printAddress,
  removeAddressFromBook,
  saveAddressInBook,
  setDefaultInBook,
  validateAddress,
  type Address,
} from './address-rules';

const CONTRACT = join(import.meta.dirname, '../../../../openapi/storefront/components');
const yaml = <T>(path: string) => YAML.parse(readFileSync(join(CONTRACT, path), 'utf8')) as T;
const formats = (locale: string) =>
  yaml<{ value: Schemas['CountryAddressFormatList'] }>(`examples/get-country-address-formats-${locale}.yaml`).value;
const jp = formats('ja-jp').countries.find((c) => c.country === 'JP')!;
const us = formats('en-us').countries.find((c) => c.country === 'US')!;

type Rule = {
  if: { allOf: [unknown, { properties: { country: { enum?: string[]; const?: string; not?: { enum: string[] } } } }] };
  then: { allOf: Record<string, unknown>[] };
};

describe('postal-code rules (spec §5) — the same as the contract', () => {
  const rules = yaml<{ allOf: Rule[] }>('schemas/Address.yaml').allOf;

  it('has, for every country of the Address schema, its pattern and whether it is required', () => {
    let checked = 0;
    for (const rule of rules) {
      const country = rule.if.allOf[1].properties.country;
      const then = rule.then.allOf;
      const pattern = (then[0] as { properties: { postalCode: { pattern: string } } }).properties.postalCode.pattern;
      const required = then.some(
        (part) => Array.isArray(part.required) && (part.required as string[]).includes('postalCode'),
      );
      if (country.not) {
        expect(DEFAULT_POSTAL_CODE_RULE).toMatchObject({ pattern, required });
        for (const c of country.not.enum) expect(POSTAL_CODE_RULES[c], `${c} is listed by the schema`).toBeDefined();
        continue;
      }
      for (const c of country.enum ?? [country.const!]) {
        expect(POSTAL_CODE_RULES[c], c).toMatchObject({ pattern, required });
        checked++;
      }
    }
    expect(checked).toBe(Object.keys(POSTAL_CODE_RULES).length);
  });

  it('checks postal codes per country, letters in either case', () => {
    const check = (country: string, value: string) => checkPostalCode(value, postalCodeRuleOf(country));
    expect(check('FR', '75008')).toBeNull();
    expect(check('FR', '7500')).toBe('errors:ERR_FORM_1007');
    expect(check('FR', '')).toBe('errors:ERR_FORM_1000');
    expect(check('GB', 'w1s 1aa')).toBeNull();
    expect(check('CA', 'H3B 4W8')).toBeNull();
    expect(check('JP', '107-0061')).toBeNull();
    expect(check('JP', '1070061')).toBe('errors:ERR_FORM_1007');
    expect(check('NL', '1017CT')).toBeNull();
    expect(check('IE', 'D02 X285')).toBeNull();
    expect(check('US', '10021-1234')).toBeNull();
    // No postal code needed in these countries (spec §5, and HK, MO), but a given one must be valid.
    for (const c of ['AE', 'HK', 'SG', 'SA', 'TR']) expect(check(c, ''), c).toBeNull();
    expect(check('SG', '12345')).toBe('errors:ERR_FORM_1007');
    // Any other country: a US ZIP code or a Canadian postal code.
    expect(check('BR', '01310-100')).toBe('errors:ERR_FORM_1007');
    expect(check('BR', '10022')).toBeNull();
  });

  it('prefers the rule the server publishes', () => {
    expect(postalCodeRuleOf('JP', jp)).toEqual({
      required: true,
      pattern: jp.postalCode.pattern,
      example: jp.postalCode.example,
    });
    expect(checkPostalCode('104-0061', postalCodeRuleOf('JP', jp))).toBeNull();
  });
});

describe('addressFormSpec: the form of each country', () => {
  it('follows the format of the country once loaded: rows, states, postal code example', () => {
    const spec = addressFormSpec('JP', jp);
    expect(spec.lines[0]).toEqual(['lastName', 'firstName']);
    expect(spec.lines.flat()).toEqual(
      expect.arrayContaining(['lastNameKana', 'firstNameKana', 'stateCode', 'postalCode']),
    );
    expect(spec.stateRequired).toBe(true);
    expect(spec.states).toHaveLength(47);
    expect(spec.postalCode.example).toBe('104-0061');
    const usSpec = addressFormSpec('US', us);
    expect(usSpec.lines).toContainEqual(['city', 'stateCode', 'postalCode']);
    expect(usSpec.states.find((s) => s.code === 'NY')?.name).toBe('New York');
  });

  it('falls back to a plain form, with the spec §5 rule, before the format has answered', () => {
    const fr = addressFormSpec('FR', undefined);
    expect(fr.lines).toContainEqual(['postalCode', 'city']);
    expect(fr.lines.flat()).not.toContain('lastNameKana');
    expect(fr.postalCode).toEqual(POSTAL_CODE_RULES.FR);
    expect(addressFormSpec('JP', undefined).lines.flat()).toContain('lastNameKana');
    // The page's own flag wins over the table while waiting.
    expect(addressFormSpec('FR', undefined, false).postalCode.required).toBe(false);
    // A format of another country (the previous choice, still loaded) is not used.
    expect(addressFormSpec('FR', jp).lines.flat()).not.toContain('lastNameKana');
  });
});

describe('validateAddress and addressFromValues', () => {
  const values = {
    ...addressFormValues(null, 'FR'),
    firstName: 'Camille',
    lastName: 'Lefèvre',
    addressLine1: '12 rue du Faubourg Saint-Honoré',
    city: 'Paris',
    postalCode: '75008',
  };

  it('checks names, required fields, the postal code of the country, the state where needed', () => {
    expect(validateAddress(values, addressFormSpec('FR', undefined))).toEqual({});
    expect(
      validateAddress(
        { ...values, firstName: 'C4mille', city: '', postalCode: '7508' },
        addressFormSpec('FR', undefined),
      ),
    ).toEqual({
      firstName: 'errors:ERR_FORM_1006',
      city: 'errors:ERR_FORM_1000',
      postalCode: 'errors:ERR_FORM_1007',
    });
    const japan = { ...values, country: 'JP', postalCode: '107-0061', lastNameKana: 'yamada' };
    expect(validateAddress(japan, addressFormSpec('JP', jp))).toEqual({
      lastNameKana: 'account:validation.kana',
      stateCode: 'errors:ERR_FORM_1000',
    });
  });

  it('sends the fields of the country only, trimmed, with the phone in E.164', () => {
    const spec = addressFormSpec('FR', undefined);
    const address = addressFromValues(
      {
        ...values,
        stateCode: 'NY',
        phone: '+33 6 12 34 56 78',
        firstName: ' Camille ',
        type: 'HOME',
        label: ' Paris ',
      },
      spec,
      'addr-1',
    );
    expect(address).toEqual({
      id: 'addr-1',
      type: 'HOME',
      label: 'Paris',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      addressLine1: '12 rue du Faubourg Saint-Honoré',
      city: 'Paris',
      postalCode: '75008',
      country: 'FR',
      phone: '+33612345678',
      isDefault: false,
    });
  });

  it('reads an address back into the form', () => {
    const a: Address = {
      id: 'x',
      firstName: 'Olivia',
      lastName: 'Bennett',
      addressLine1: '148 East 72nd Street',
      city: 'New York',
      country: 'US',
      stateCode: 'NY',
      postalCode: '10021',
      isDefault: true,
      type: 'HOME',
    };
    expect(addressFormValues(a, 'FR')).toMatchObject({
      country: 'US',
      stateCode: 'NY',
      isDefault: true,
      type: 'HOME',
      companyName: '',
    });
  });
});

describe('the address book', () => {
  const home: Address = {
    id: 'home',
    firstName: 'A',
    lastName: 'B',
    addressLine1: '1',
    city: 'Paris',
    country: 'FR',
    postalCode: '75001',
    isDefault: true,
  };
  const work: Address = {
    id: 'work',
    firstName: 'A',
    lastName: 'B',
    addressLine1: '2',
    city: 'Paris',
    country: 'FR',
    postalCode: '75002',
    isDefault: false,
  };

  it('adds a new address at the end and says its index', () => {
    const added = saveAddressInBook([home, work], { ...work, id: undefined, addressLine1: '3', isDefault: false });
    expect(added.index).toBe(2);
    expect(added.addresses.map((a) => a.addressLine1)).toEqual(['1', '2', '3']);
  });

  it('replaces an edited address in place', () => {
    const edited = saveAddressInBook([home, work], { ...work, city: 'Lyon' });
    expect(edited.index).toBe(1);
    expect(edited.addresses[1]?.city).toBe('Lyon');
    expect(edited.addresses).toHaveLength(2);
  });

  it('keeps one default address: a new default replaces the old one; the first address is the default', () => {
    const made = saveAddressInBook([home, work], { ...work, isDefault: true });
    expect(made.addresses.map((a) => a.isDefault)).toEqual([false, true]);
    expect(saveAddressInBook([], { ...work, id: undefined, isDefault: false }).addresses[0]?.isDefault).toBe(true);
    expect(setDefaultInBook([home, work], 'work').map((a) => a.isDefault)).toEqual([false, true]);
  });

  it('deletes an address and lists the default first', () => {
    expect(removeAddressFromBook([home, work], 'home')).toEqual([work]);
    expect(defaultFirst([work, home]).map((a) => a.id)).toEqual(['home', 'work']);
  });

  it('names the edited address of a problem by its index', () => {
    expect(addressFieldOfPath(1)(['addresses', '1', 'postalCode'])).toBe('postalCode');
    expect(addressFieldOfPath(1)(['addresses', '0', 'postalCode'])).toBeNull();
    expect(addressFieldOfPath(1)(['addresses'])).toBeNull();
    expect(addressFieldOfPath(1)(['clientId'])).toBeNull();
  });
});

describe('printAddress', () => {
  const ny: Address = {
    firstName: 'Olivia',
    lastName: 'Bennett',
    addressLine1: '148 East 72nd Street',
    addressLine2: 'Apt 9B',
    city: 'New York',
    stateCode: 'NY',
    postalCode: '10021',
    country: 'US',
  };

  it('prints by the template of the country, leaving out empty lines', () => {
    expect(printAddress(ny, us)).toEqual([
      'Olivia Bennett',
      '148 East 72nd Street',
      'Apt 9B',
      'New York, New York 10021',
      'United States',
    ]);
    const tokyo: Address = {
      firstName: '花子',
      lastName: '山田',
      addressLine1: '北青山3-6-1',
      city: '港区',
      stateCode: '13',
      postalCode: '107-0061',
      country: 'JP',
    };
    expect(printAddress(tokyo, jp)).toEqual(['〒107-0061', '東京都 港区', '北青山3-6-1', '山田 花子', '日本']);
  });

  it('prints a plain layout without a template', () => {
    expect(
      printAddress({ ...ny, country: 'FR', stateCode: undefined, postalCode: '75008', city: 'Paris' }, null, 'France'),
    ).toEqual(['Olivia Bennett', '148 East 72nd Street', 'Apt 9B', '75008 Paris', 'France']);
  });
});
