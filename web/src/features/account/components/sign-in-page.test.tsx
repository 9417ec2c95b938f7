// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';
import { useLocation } from '../../../lib/router';

// The typed client keeps the fetch it finds when created: route it to this mock before anything imports it.
const network = vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const fn = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    fn(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
  return fn;
});

import type { Schemas } from '../../../lib/api-client';
import { AccountKit } from '../account-kit';
import { SignInPage } from './sign-in-page';

const example = <T,>(name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: T }
  ).value;
const data = example<Schemas['SignInPageData']>('get-sign-in-page-data-en-us');
const session = example<Schemas['CustomerSession']>('login-en-us');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string, errors?: { path: string; message: string }[]) =>
  json(status, {
    type: `https://errors.storefront.dev/${code}`,
    title: code,
    status,
    code,
    ...(errors ? { errors } : {}),
  });

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/signin?returnUrl=%2Fmyaccount%2Forders') {
  return render(
    <AccountKit locale="en-us" path={path}>
      <SignInPage data={data} />
      <Where />
    </AccountKit>,
  );
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(() => fireEvent.submit(screen.getByRole('form', { name: 'I already have an account' })));

beforeEach(() => network.mockReset());
afterEach(cleanup);

describe('SignInPage', () => {
  it('checks the e-mail address before sending, beside the field', async () => {
    renderPage();
    type('Email address', 'olivia@gmail.con');
    type('Password', 'secret');
    await submit();
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // The error is the field's description, and the focus moves to the field.
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Please check your email address: it seems to contain a typing error.')).toBeTruthy();
    expect(network).not.toHaveBeenCalled();
  });

  it('shows a refused sign-in at the top of the form and offers to replace an expired password', async () => {
    network.mockResolvedValueOnce(problem(401, 'ERR_OKTA_1000'));
    renderPage();
    type('Email address', 'olivia.bennett@example.com');
    type('Password', 'wrong password');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'We could not sign you in. Please check your email address and password, then try again.',
    );
    expect(screen.getByRole('button', { name: 'Replace an expired password' })).toBeTruthy();
    const request = network.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(new URL(request.url).searchParams.get('locale')).toBe('en-us');
    expect(await request.json()).toEqual({
      email: 'olivia.bennett@example.com',
      password: 'wrong password',
      recaptchaToken: 'test-recaptcha-token',
    });
  });

  it('puts a problem that names a field beside that field', async () => {
    network.mockResolvedValueOnce(problem(422, 'ERR_FORM_1001', [{ path: 'body/email', message: 'address check' }]));
    renderPage();
    type('Email address', 'olivia.bennett@example.com');
    type('Password', 'secret');
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('goes to the return URL once signed in', async () => {
    network.mockResolvedValueOnce(json(200, session));
    renderPage();
    type('Email address', 'Olivia.Bennett@example.com');
    type('Password', 'the right password');
    await submit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/myaccount/orders'));
  });

  it('never follows a return URL to another site', async () => {
    network.mockResolvedValueOnce(json(200, session));
    renderPage('/signin?returnUrl=%2F%2Fevil.example%2F');
    type('Email address', 'olivia.bennett@example.com');
    type('Password', 'the right password');
    await submit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/myaccount'));
  });

  it('shows the password on request', () => {
    renderPage();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    const toggle = within(password.closest('.account-field') as HTMLElement).getByRole('button', {
      name: 'Show password',
    });
    act(() => fireEvent.click(toggle));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
