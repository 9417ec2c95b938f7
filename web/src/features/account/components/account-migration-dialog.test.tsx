// @vitest-environment happy-dom
// The account-migration modal of the sign-in page: the address of the former account, the same calm
// confirmation whatever the address, and the server's refusals beside the field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';

const network = vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const fn = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    fn(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
  return fn;
});

import { closeAllModals } from '../../../lib/ui-store';
import { AccountKit } from '../account-kit';
import { SignInPage } from './sign-in-page';

const signInData = (
  YAML.parse(
    readFileSync(
      join(
        import.meta.dirname,
        '../../../../../openapi/storefront/components/examples/get-sign-in-page-data-fr-fr.yaml',
      ),
      'utf8',
    ),
  ) as { value: never }
).value;
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

beforeEach(() => network.mockReset());
afterEach(() => {
  cleanup();
  act(() => closeAllModals());
});

async function openModal() {
  window.history.replaceState(null, '', '/fr-fr/signin');
  render(
    <AccountKit locale="fr-fr" path="/fr-fr/signin">
      <SignInPage data={signInData} />
    </AccountKit>,
  );
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Retrouver mon compte' })));
  return screen.findByRole('dialog', { name: 'Retrouver votre compte' });
}
const type = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(/Adresse e-mail/), { target: { value } });

describe('account migration', () => {
  it('sends the address with a reCAPTCHA token and answers calmly, naming the address', async () => {
    network.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const dialog = await openModal();
    type(dialog, 'Heritage@Example.com ');
    await act(() => fireEvent.submit(dialog.querySelector('form')!));
    const request = network.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/account/migrate');
    expect(new URL(request.url).searchParams.get('locale')).toBe('fr-fr');
    expect(await request.json()).toEqual({ email: 'heritage@example.com', recaptchaToken: 'test-recaptcha-token' });
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Si l’adresse heritage@example.com correspond à un compte de notre ancien site, vous recevrez un e-mail contenant un lien pour choisir votre mot de passe. Ce lien est valable 7 jours.',
    );
  });

  it('checks the address before sending anything', async () => {
    const dialog = await openModal();
    type(dialog, 'heritage@example');
    await act(() => fireEvent.submit(dialog.querySelector('form')!));
    expect(network).not.toHaveBeenCalled();
    expect(
      within(dialog)
        .getByLabelText(/Adresse e-mail/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it("shows the server's refusal of the address beside the field", async () => {
    network.mockResolvedValueOnce(
      problem(422, 'ERR_FORM_1002', [{ path: 'body/email', message: 'seems to contain a typing error' }]),
    );
    const dialog = await openModal();
    type(dialog, 'heritage@gmail.con');
    await act(() => fireEvent.submit(dialog.querySelector('form')!));
    const field = within(dialog).getByLabelText(/Adresse e-mail/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('status')).toBeNull();
  });
});
