// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
import { AccountKit } from '../account-kit';
import { AddressBookPage } from './address-book';

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

const page = example<Schemas['AddressBookPageData']>('get-address-book-page-data-en-us');
const customer: Schemas['Customer'] = {
  ...example<Schemas['Customer']>('get-customer-en-us'),
  addresses: page.addresses,
};
const sent: Schemas['CustomerUpdateRequest'][] = [];
let update: (body: Schemas['CustomerUpdateRequest']) => Response;

function api(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === '/api/data/customer') return Promise.resolve(json(200, customer));
  if (path === '/api/data/country-addresses')
    return Promise.resolve(json(200, example('get-country-address-formats-en-us')));
  if (path === '/api/data/cdb/update-customer')
    return request.json().then((body: Schemas['CustomerUpdateRequest']) => {
      sent.push(body);
      return update(body);
    });
  return Promise.resolve(json(404, {}));
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const renderBook = () =>
  render(
    <AccountKit locale="en-us" path="/myaccount/address-book">
      <AddressBookPage data={page} />
      <Where />
    </AccountKit>,
  );

beforeEach(() => {
  network.mockReset();
  network.mockImplementation(api);
  sent.length = 0;
  update = (body) => json(200, { ...customer, addresses: body.addresses });
});
afterEach(cleanup);

describe('AddressBook', () => {
  it('lists the default address first, each with its actions named after it', () => {
    renderBook();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles[0]).toBe('HomeDefault');
    expect(screen.getByRole('link', { name: 'Edit Office' }).getAttribute('href')).toBe(
      '/myaccount/edit-address-book?addressId=addr-3f9a11',
    );
    expect(screen.queryByRole('button', { name: 'Set Home as default address' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add an address' })).toBeTruthy();
  });

  it('deletes an address after confirmation, sending the rest of the book', async () => {
    renderBook();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Delete Office' })));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this address' });
    expect(sent).toHaveLength(0);
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await screen.findByText('The address has been deleted.');
    expect(sent[0]).toEqual({ clientId: customer.clientId, addresses: [page.addresses[0]] });
    expect(screen.queryByRole('link', { name: 'Edit Office' })).toBeNull();
  });

  it('makes another address the default', async () => {
    renderBook();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Set Office as default address' })));
    await screen.findByText('Your default address has been changed.');
    expect(sent[0]!.addresses!.map((a) => [a.id, a.isDefault])).toEqual([
      ['addr-3f9a10', false],
      ['addr-3f9a11', true],
    ]);
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('OfficeDefault');
  });

  it('goes to the sign-in page, coming back here, when the session is no longer signed in', async () => {
    update = () => json(401, { type: 'x', title: 'x', status: 401, code: 'ERR_MWR_1000' });
    renderBook();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Set Office as default address' })));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/signin?returnUrl=%2Fmyaccount%2Faddress-book'),
    );
  });
});
