// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';
import { useLocation } from '../../../lib/router';

const network = vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const fn = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    fn(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
  return fn;
});

import type { Schemas } from '../../../lib/api-client';
import { AccountKit, type KitLocale } from '../account-kit';
import { AddressFormPage } from './address-form';

const example = <T,>(name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: T }
  ).value;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const formats = { ...example<Schemas['CountryAddressFormatList']>('get-country-address-formats-en-us') };
const allFormats = [
  ...formats.countries,
  ...example<Schemas['CountryAddressFormatList']>('get-country-address-formats-ja-jp').countries,
];
const customer = example<Schemas['Customer']>('get-customer-fr-fr');

/** The API as the contract describes it: formats per country (none for unlisted ones), the customer, update-customer. */
let updateAnswer: (body: Schemas['CustomerUpdateRequest']) => Response = (body) =>
  json(200, { ...customer, addresses: body.addresses });
const sent: Schemas['CustomerUpdateRequest'][] = [];
function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/api/data/country-addresses') {
    const country = url.searchParams.get('country');
    return Promise.resolve(json(200, { ...formats, countries: allFormats.filter((c) => c.country === country) }));
  }
  if (url.pathname === '/api/data/customer') return Promise.resolve(json(200, customer));
  if (url.pathname === '/api/data/cdb/update-customer') {
    return request.json().then((body: Schemas['CustomerUpdateRequest']) => {
      sent.push(body);
      return updateAnswer(body);
    });
  }
  return Promise.resolve(json(404, { type: 'x', title: 'x', status: 404, code: 'ERR_API_1002' }));
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderForm(locale: KitLocale, data: Schemas['AddressFormPageData']) {
  return render(
    <AccountKit
      locale={locale}
      path={locale === 'en-us' ? '/myaccount/new-address-book' : `/${locale}/myaccount/new-address-book`}
    >
      <AddressFormPage data={data} />
      <Where />
    </AccountKit>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = (container: HTMLElement) => act(() => fireEvent.submit(container.querySelector('form')!));

beforeEach(() => {
  network.mockReset();
  network.mockImplementation(api);
  sent.length = 0;
  updateAnswer = (body) => json(200, { ...customer, addresses: body.addresses });
});
afterEach(cleanup);

describe('AddressForm: the form of each country', () => {
  it('asks Japanese addresses in their order, with katakana names, the prefecture and the postal code example', async () => {
    renderForm('ja-jp', example('get-edit-address-page-data-ja-jp'));
    // The country's format replaces the plain form once loaded: the prefecture appears.
    await waitFor(() => expect(screen.getAllByText('State, province or prefecture').length).toBeGreaterThan(0));
    expect(field(/Last name \(katakana\)/).value).toBe('ヤマダ');
    expect(field(/^Postal code/).value).toBe('107-0061');
    expect(field(/^Postal code/).placeholder).toBe('e.g. 104-0061');
    // Rows as the country lays them out: family name first.
    const labels = [...document.querySelectorAll('.account-form__row')].map((row) => row.textContent ?? '');
    expect(labels[0]).toMatch(/^Last name.*First name/);
  });

  it('asks a US address with its state, and no katakana', async () => {
    renderForm('en-us', example('get-new-address-page-data-en-us'));
    await waitFor(() => expect(document.querySelector('select[name="stateCode"]')).toBeTruthy());
    expect(screen.queryByLabelText(/katakana/)).toBeNull();
    expect(field(/^Postal code/).placeholder).toBe('e.g. 10022');
  });

  it('checks the postal code of the country before sending', async () => {
    const { container } = renderForm('fr-fr', example('get-new-address-page-data-fr-fr'));
    type(/^Prénom/, 'Camille');
    type(/^Nom$/, 'Lefèvre');
    type(/^Adresse$/, '12 rue du Faubourg Saint-Honoré');
    type(/^Ville/, 'Paris');
    type(/^Code postal/, '7500');
    await submit(container);
    expect(field(/^Code postal/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Veuillez saisir un code postal valide pour le pays sélectionné.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s problem with this address beside its field (`body/addresses/{index}/postalCode`)', async () => {
    updateAnswer = (body) =>
      json(400, {
        type: 'https://errors.storefront.dev/ERR_API_1018',
        title: 'x',
        status: 400,
        code: 'ERR_API_1018',
        errors: [
          {
            path: `body/addresses/${body.addresses!.length - 1}/postalCode`,
            message: 'must match pattern "^[0-9]{5}$"',
          },
        ],
      });
    const { container } = renderForm('fr-fr', example('get-new-address-page-data-fr-fr'));
    type(/^Prénom/, 'Camille');
    type(/^Nom$/, 'Lefèvre');
    type(/^Adresse$/, '12 rue du Faubourg Saint-Honoré');
    type(/^Ville/, 'Paris');
    type(/^Code postal/, '75008');
    await submit(container);
    await waitFor(() => expect(field(/^Code postal/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Veuillez saisir un code postal valide pour le pays sélectionné.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves the whole address book with the new address last, then shows the book', async () => {
    const { container } = renderForm('fr-fr', example('get-new-address-page-data-fr-fr'));
    type(/^Prénom/, 'Camille');
    type(/^Nom$/, 'Lefèvre');
    type(/^Adresse$/, '12 rue du Faubourg Saint-Honoré');
    type(/^Ville/, 'Paris');
    type(/^Code postal/, '75008');
    await submit(container);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/fr-fr/myaccount/address-book'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.clientId).toBe(customer.clientId);
    expect(sent[0]!.addresses).toHaveLength(customer.addresses.length + 1);
    expect(sent[0]!.addresses!.at(-1)).toEqual({
      firstName: 'Camille',
      lastName: 'Lefèvre',
      addressLine1: '12 rue du Faubourg Saint-Honoré',
      city: 'Paris',
      postalCode: '75008',
      country: 'FR',
      isDefault: customer.addresses.length === 0,
    });
  });
});
