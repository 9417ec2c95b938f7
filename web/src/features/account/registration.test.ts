import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Schemas } from '../../lib/api-client';
import {
  consentChanges,
  currentConsents,
  customerChanges,
  customerFieldValues,
  customerName,
  registrationBody,
  validateRegistration,
} from './registration';

const example = <T>(name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: T }
  ).value;
const japan = example<Schemas['RegisterFormData']>('get-register-form-data-ja-jp');
const france = example<Schemas['SignUpPageData']>('get-sign-up-page-data-fr-fr').registration;
const today = new Date(Date.UTC(2026, 10, 25));

describe('validateRegistration', () => {
  it('asks for every field and consent the market requires', () => {
    const errors = validateRegistration(japan.fields, {}, japan.consents, {}, { country: 'JP', today });
    expect(errors).toEqual({
      civility: 'errors:ERR_FORM_1000',
      lastName: 'errors:ERR_FORM_1000',
      firstName: 'errors:ERR_FORM_1000',
      lastNameKana: 'errors:ERR_FORM_1000',
      firstNameKana: 'errors:ERR_FORM_1000',
      emailAddress: 'errors:ERR_FORM_1000',
      password: 'errors:ERR_FORM_1000',
      phone: 'errors:ERR_FORM_1000',
      'consent.privacy_notice': 'errors:ERR_FORM_1000',
      'consent.terms_of_use': 'errors:ERR_FORM_1000',
    });
  });

  it('checks each value by its kind: katakana, e-mail, password policy, phone, date in the market format', () => {
    const values = {
      civility: 'MRS',
      lastName: '山田',
      firstName: '花子',
      lastNameKana: 'やまだ',
      firstNameKana: 'ハナコ',
      emailAddress: 'hanako@gmail.con',
      password: 'short',
      phone: '090-1234-5678',
      birthDate: '14/06/1988',
    };
    expect(
      validateRegistration(
        japan.fields,
        values,
        japan.consents,
        { privacy_notice: true, terms_of_use: true },
        { country: 'JP', today },
      ),
    ).toEqual({
      lastNameKana: 'account:validation.kana',
      emailAddress: 'errors:ERR_FORM_1002',
      password: 'account:validation.passwordTooShort',
      phone: 'account:validation.phone',
      birthDate: 'account:validation.date',
    });
  });

  it('accepts a complete French registration, optional fields left empty', () => {
    const values = {
      civility: 'MRS',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      emailAddress: 'Camille.Lefevre@example.fr',
      password: 'a long enough passphrase',
    };
    expect(
      validateRegistration(
        france.fields,
        values,
        france.consents,
        { privacy_notice: true, terms_of_use: true },
        { country: 'FR', today },
      ),
    ).toEqual({});
  });
});

describe('registrationBody', () => {
  it('sends the filled fields as the contract wants them, every consent shown and the token', () => {
    const values = {
      civility: 'MRS',
      firstName: ' Camille ',
      lastName: 'Lefèvre',
      emailAddress: ' Camille.Lefevre@Example.fr',
      password: ' a long enough passphrase ',
      phone: '+33 6 12 34 56 78',
      birthDate: '14/06/1988',
    };
    const body = registrationBody(
      france.fields,
      values,
      france.consents,
      { privacy_notice: true, terms_of_use: true },
      'FR',
      'token-1',
    );
    expect(body).toEqual({
      civility: 'MRS',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      emailAddress: 'camille.lefevre@example.fr',
      password: ' a long enough passphrase ',
      phone: '+33612345678',
      birthDate: '1988-06-14',
      consents: [
        { id: 'privacy_notice', granted: true, version: '2026-03' },
        { id: 'terms_of_use', granted: true, version: '2026-03' },
        { id: 'marketing_email', granted: false, version: '2026-03' },
      ],
      recaptchaToken: 'token-1',
    });
  });

  it('leaves empty optional fields out', () => {
    const body = registrationBody(
      france.fields,
      { emailAddress: 'a@example.fr', password: 'x'.repeat(12), phone: '  ' },
      [],
      {},
      'FR',
      't',
    );
    expect(body).toEqual({ emailAddress: 'a@example.fr', password: 'x'.repeat(12), recaptchaToken: 't' });
  });
});

describe('the personal details of the account', () => {
  const page = example<Schemas['AccountInformationPageData']>('get-account-information-page-data-en-us');

  it('shows the customer in the form, the birth date in the market format', () => {
    const values = customerFieldValues(page.fields, page.customer, 'US');
    expect(values.firstName).toBe(page.customer.firstName);
    if (page.customer.birthDate) expect(values.birthDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('sends only what changed, never the e-mail address', () => {
    const values = customerFieldValues(page.fields, page.customer, 'US');
    expect(customerChanges(page.fields, values, page.customer, 'US')).toEqual({});
    const changed = {
      ...values,
      lastName: 'Bennett-Hale',
      phone: '+1 212 555 0199',
      emailAddress: 'other@example.com',
    };
    expect(customerChanges(page.fields, changed, page.customer, 'US')).toEqual({
      lastName: 'Bennett-Hale',
      phone: '+12125550199',
    });
  });

  it('writes the name in the order of the language', () => {
    expect(customerName({ firstName: 'Olivia', lastName: 'Bennett' }, 'en')).toBe('Olivia Bennett');
    expect(customerName({ firstName: '花子', lastName: '山田' }, 'ja')).toBe('山田 花子');
    expect(customerName({}, 'fr')).toBe('');
  });
});

describe('consents of the profile', () => {
  const texts: Schemas['RegisterConsentText'][] = [
    { id: 'privacy_notice', version: '2026-03', required: true, label: 'p' },
    { id: 'marketing_email', version: '2026-03', required: false, label: 'm' },
  ];

  it('ticks a box only for consent to this version of the text', () => {
    expect(
      currentConsents(texts, [
        { id: 'privacy_notice', granted: true, version: '2026-03' },
        { id: 'marketing_email', granted: true, version: '2026-01' },
      ]),
    ).toEqual({
      privacy_notice: true,
      marketing_email: false,
    });
  });

  it('records only the answers changed, with the version shown', () => {
    const current: Schemas['CustomerConsentDecision'][] = [{ id: 'privacy_notice', granted: true, version: '2026-03' }];
    expect(consentChanges(texts, current, { privacy_notice: true, marketing_email: false })).toEqual([]);
    expect(consentChanges(texts, current, { privacy_notice: true, marketing_email: true })).toEqual([
      { id: 'marketing_email', granted: true, version: '2026-03' },
    ]);
  });
});
