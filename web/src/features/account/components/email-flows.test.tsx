// @vitest-environment happy-dom
// The flows that go through an e-mail: registration ("check your e-mail"), activation from the link,
// password recovery (the modal, then the link's page). The links' tokens leave the address bar at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';

const network = vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const fn = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    fn(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
  return fn;
});

import type { Schemas } from '../../../lib/api-client';
import { AccountKit, type KitLocale } from '../account-kit';
import { ActivationPage } from './activation-page';
import { ResetPasswordPage } from './password-pages';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

const example = <T,>(name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: T }
  ).value;
const noContent = () => new Response(null, { status: 204 });
const problem = (status: number, code: string, errors?: { path: string; message: string }[]) =>
  new Response(
    JSON.stringify({
      type: `https://errors.storefront.dev/${code}`,
      title: code,
      status,
      code,
      ...(errors ? { errors } : {}),
    }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const TOKEN = 'VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96';
const today = new Date(Date.UTC(2026, 10, 25));

/** The page's address as the browser has it (the router's copy is separate). */
function openAt(path: string) {
  window.history.replaceState(null, '', path);
}

function renderAt(locale: KitLocale, path: string, page: React.ReactNode) {
  openAt(path);
  return render(
    <AccountKit locale={locale} path={path}>
      {page}
    </AccountKit>,
  );
}

const requestTo = (path: string) => network.mock.calls.map((c) => c[0]).find((r) => new URL(r.url).pathname === path);
const type = (label: RegExp | string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

beforeEach(() => network.mockReset());
afterEach(cleanup);

describe('registration', () => {
  const data = example<Schemas['SignUpPageData']>('get-sign-up-page-data-fr-fr');

  it('asks for the required fields and consents of the market', async () => {
    const { container } = renderAt('fr-fr', '/fr-fr/signup', <SignUpPage data={data} today={today} />);
    await act(() => fireEvent.submit(container.querySelector('form')!));
    expect(screen.getByLabelText(/^Prénom/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Adresse e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('checkbox', { name: /politique de confidentialité/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(
      screen.getByRole('checkbox', { name: /actualités de Saint Laurent/ }).getAttribute('aria-invalid'),
    ).toBeNull();
    expect(network).not.toHaveBeenCalled();
  });

  it('sends the registration and says to check the e-mail (the same answer for any address)', async () => {
    network.mockResolvedValueOnce(noContent());
    const { container } = renderAt('fr-fr', '/fr-fr/signup', <SignUpPage data={data} today={today} />);
    fireEvent.change(container.querySelector('select[name="civility"]')!, { target: { value: 'MRS' } });
    type(/^Prénom/, 'Camille');
    type(/^Nom/, 'Lefèvre');
    type(/^Adresse e-mail/, 'Camille.Lefevre@example.fr');
    type(/^Mot de passe/, 'une phrase de passe assez longue');
    type(/^Date de naissance/, '14/06/1988');
    fireEvent.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /conditions d’utilisation/ }));
    await act(() => fireEvent.submit(container.querySelector('form')!));
    await screen.findByRole('heading', { name: 'Veuillez consulter votre messagerie' });
    expect(screen.getByRole('status').textContent).toContain('camille.lefevre@example.fr');
    const body = await requestTo('/api/register')!.json();
    expect(body).toMatchObject({
      civility: 'MRS',
      firstName: 'Camille',
      emailAddress: 'camille.lefevre@example.fr',
      birthDate: '1988-06-14',
      consents: [
        { id: 'privacy_notice', granted: true, version: '2026-03' },
        { id: 'terms_of_use', granted: true, version: '2026-03' },
        { id: 'marketing_email', granted: false, version: '2026-03' },
      ],
      recaptchaToken: 'test-recaptcha-token',
    });
  });

  it('shows a required field the server names beside it', async () => {
    network.mockResolvedValueOnce(
      problem(422, 'ERR_FORM_1000', [{ path: 'body/consents/1', message: 'must be granted' }]),
    );
    const { container } = renderAt('fr-fr', '/fr-fr/signup', <SignUpPage data={data} today={today} />);
    fireEvent.change(container.querySelector('select[name="civility"]')!, { target: { value: 'MRS' } });
    type(/^Prénom/, 'Camille');
    type(/^Nom/, 'Lefèvre');
    type(/^Adresse e-mail/, 'camille@example.fr');
    type(/^Mot de passe/, 'une phrase de passe assez longue');
    fireEvent.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /conditions d’utilisation/ }));
    await act(() => fireEvent.submit(container.querySelector('form')!));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /conditions d’utilisation/ }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
  });
});

describe('activation from the e-mail link', () => {
  const data = example<Schemas['AccountActivationPageData']>('get-account-activation-page-data-en-us');

  it('confirms with the link’s user id and token, takes the token out of the address bar, then offers to sign in', async () => {
    // 204: the account was ready, but no sign-in was offered.
    network.mockResolvedValueOnce(noContent());
    renderAt('en-us', `/myaccount/activate?userId=${data.userId}&token=${TOKEN}`, <ActivationPage data={data} />);
    await screen.findByRole('heading', { name: 'Your account is active' });
    expect(await requestTo('/api/account/activate')!.json()).toEqual({
      userId: data.userId,
      activationToken: TOKEN,
      signIn: true,
    });
    expect(window.location.search).toBe(`?userId=${data.userId}`);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin?returnUrl=/myaccount');
  });

  it('continues to the sign-in callback the server answers, saying so', async () => {
    const continuation = example<Schemas['SignInContinuation']>('sign-in-continuation-en-us');
    network.mockResolvedValueOnce(Response.json(continuation));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderAt('en-us', `/myaccount/activate?userId=${data.userId}&token=${TOKEN}`, <ActivationPage data={data} />);
    expect((await screen.findByRole('status')).textContent).toContain('Your account is active. Signing you in…');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(continuation.continueTo));
    assign.mockRestore();
  });

  it('says why an activation failed and offers a new link', async () => {
    network.mockResolvedValueOnce(problem(410, 'ERR_CUSTOMER_API'));
    renderAt('en-us', `/myaccount/activate?userId=${data.userId}&token=${TOKEN}`, <ActivationPage data={data} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account could not be activated. The link may have expired: please request a new one.',
    );
    expect(screen.getByRole('button', { name: 'Send a new activation link' })).toBeTruthy();
  });
});

describe('password recovery', () => {
  it('sends the recovery e-mail from the sign-in page’s modal', async () => {
    network.mockResolvedValueOnce(noContent());
    renderAt('en-us', '/signin', <SignInPage data={example('get-sign-in-page-data-en-us')} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' })));
    const dialog = await screen.findByRole('dialog', { name: 'Forgotten password' });
    type('Email address', 'olivia.bennett@example.com', dialog);
    await act(() => fireEvent.submit(dialog.querySelector('form')!));
    expect((await within(dialog).findByRole('status')).textContent).toContain('olivia.bennett@example.com');
    expect(await requestTo('/api/password/reset')!.json()).toEqual({
      email: 'olivia.bennett@example.com',
      recaptchaToken: 'test-recaptcha-token',
    });
  });

  it('sets the new password with the link’s token, which leaves the address bar', async () => {
    network.mockResolvedValueOnce(noContent());
    const { container } = renderAt(
      'en-us',
      `/myaccount/reset-password?token=${TOKEN}`,
      <ResetPasswordPage data={example('get-reset-password-page-data-en-us')} />,
    );
    await waitFor(() => expect(window.location.search).toBe(''));
    type('New password', 'a brand new passphrase');
    await act(() => fireEvent.submit(container.querySelector('form')!));
    await screen.findByRole('heading', { name: 'Your password has been changed' });
    expect(await requestTo('/api/password/new-password')!.json()).toEqual({
      token: TOKEN,
      newPassword: 'a brand new passphrase',
      signIn: true,
    });
  });

  it('continues to the sign-in callback after the new password is saved', async () => {
    const continuation = example<Schemas['SignInContinuation']>('sign-in-continuation-en-us');
    network.mockResolvedValueOnce(Response.json(continuation));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { container } = renderAt(
      'en-us',
      `/myaccount/reset-password?token=${TOKEN}`,
      <ResetPasswordPage data={example('get-reset-password-page-data-en-us')} />,
    );
    type('New password', 'a brand new passphrase');
    await act(() => fireEvent.submit(container.querySelector('form')!));
    expect((await screen.findByRole('status')).textContent).toBe('Your new password is saved. Signing you in…');
    expect(assign).toHaveBeenCalledWith(continuation.continueTo);
    assign.mockRestore();
  });

  it('greets a client of the former site arriving from the migration e-mail, then says the account is ready', async () => {
    network.mockResolvedValueOnce(noContent());
    const { container } = renderAt(
      'en-us',
      `/myaccount/reset-password?token=${TOKEN}&welcome=1`,
      <ResetPasswordPage data={example('get-reset-password-page-data-en-us')} />,
    );
    await screen.findByRole('heading', { name: 'Welcome to our new site' });
    expect(screen.getByRole('form', { name: 'Welcome to our new site' })).toBeTruthy();
    expect(container.textContent).toContain('Choose a password to finish moving your account.');
    expect(container.textContent).not.toContain('replaces the previous one');
    await waitFor(() => expect(window.location.search).toBe(''));
    type('New password', 'a brand new passphrase');
    await act(() => fireEvent.submit(container.querySelector('form')!));
    await screen.findByRole('heading', { name: 'Your account is ready' });
    expect(await requestTo('/api/password/new-password')!.json()).toEqual({
      token: TOKEN,
      newPassword: 'a brand new passphrase',
      signIn: true,
    });
  });

  it('offers a new link when the server refuses the token', async () => {
    network.mockResolvedValueOnce(
      problem(400, 'ERR_API_1018', [{ path: 'body/token', message: 'is unknown, expired or already used' }]),
    );
    const { container } = renderAt(
      'en-us',
      `/myaccount/reset-password?token=${TOKEN}`,
      <ResetPasswordPage data={example('get-reset-password-page-data-en-us')} />,
    );
    type('New password', 'a brand new passphrase');
    await act(() => fireEvent.submit(container.querySelector('form')!));
    await screen.findByRole('heading', { name: 'This link is no longer valid' });
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeTruthy();
  });
});
