// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from '../../../lib/router';
import { createI18n } from '../../../lib/i18n';
import { I18nextProvider } from '../../../lib/i18n-react';
import { MarketProvider } from '../../../lib/market-context';
import enAccount from '../../../locales/en/account.json';
import enCheckout from '../../../locales/en/checkout.json';
import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import { emptyCard, type ContactValues } from '../checkout-model';
import { ContactStep } from './contact-step';
import { PaymentStep, type PaymentDraft } from './payment-step';
import { AddressFields } from './address-fields';
import { addressFormSpec } from '../../../lib/forms/address-rules';
import frAccount from '../../../locales/fr/account.json';
import frCheckout from '../../../locales/fr/checkout.json';
import frCommon from '../../../locales/fr/common.json';

// The checkout steps on the native form-field kit: translated messages beside their fields, focus on the first
// field in error after a refused step, the values reported as typed or chosen.
afterEach(cleanup);

function Shell({ children }: { children: ReactNode }) {
  const i18n = createI18n('en', {
    en: { common: enCommon, checkout: enCheckout, account: enAccount, errors: enErrors },
  });
  return (
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <MarketProvider value={{ locale: 'en-us', language: 'en', country: 'US', currency: 'USD' }}>
          {children}
        </MarketProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
}

/** Submits the form and lets the focus move (it moves on the next animation frame). */
async function submit(form: HTMLFormElement) {
  await act(async () => void fireEvent.submit(form));
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
}

const blankContact: ContactValues = { email: '', civility: '', firstName: '', lastName: '', phone: '' };

function Contact({ onDone, initial = blankContact }: { onDone: () => void; initial?: ContactValues }) {
  const [values, setValues] = useState(initial);
  return <ContactStep values={values} onChange={setValues} signedIn={false} emailLocked={false} onDone={onDone} />;
}

describe('ContactStep', () => {
  it('refuses an empty step with a message under each field and focuses the first', async () => {
    const onDone = vi.fn();
    const { container } = render(<Contact onDone={onDone} />, { wrapper: Shell });
    await submit(container.querySelector('form')!);
    expect(onDone).not.toHaveBeenCalled();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    for (const name of ['First name', 'Last name', 'Phone'])
      expect(screen.getByRole('textbox', { name }).getAttribute('aria-invalid')).toBe('true');
    // The message is the catalogue's, translated, and read with the field.
    const messageId = email.getAttribute('aria-describedby')!.split(' ').at(-1)!;
    const message = document.getElementById(messageId)!.textContent!;
    expect(message.length).toBeGreaterThan(0);
    expect(message).not.toMatch(/^[a-z]+:[\w.]+$/);
  });

  it('asks autofill for each field and continues once the step is complete', async () => {
    const onDone = vi.fn();
    const { container } = render(<Contact onDone={onDone} />, { wrapper: Shell });
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('autocomplete')).toBe('tel');
    fireEvent.change(email, { target: { value: 'camille.martin@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Camille' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Martin' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '+1 212 555 0100' } });
    fireEvent.click(screen.getByRole('radio', { name: enAccount.civility.MS }));
    expect((screen.getByRole('radio', { name: enAccount.civility.MS }) as HTMLInputElement).checked).toBe(true);
    await submit(container.querySelector('form')!);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[aria-invalid="true"]')).toBeNull();
  });
});

describe('PaymentStep', () => {
  function Payment({ onDone }: { onDone: () => void }) {
    const [draft, setDraft] = useState<PaymentDraft>({ method: 'card', card: emptyCard() });
    return (
      <PaymentStep
        draft={draft}
        onChange={setDraft}
        express={false}
        onDone={onDone}
        today={new Date('2026-11-28T12:00:00Z')}
      />
    );
  }

  it('groups the card number as typed, and focuses the first card field in error', async () => {
    const onDone = vi.fn();
    const { container } = render(<Payment onDone={onDone} />, { wrapper: Shell });
    const number = screen.getByRole('textbox', { name: 'Card number' });
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(number, { target: { value: '4111111111111111' } });
    expect((number as HTMLInputElement).value).toBe('4111 1111 1111 1111');
    await submit(container.querySelector('form')!);
    expect(onDone).not.toHaveBeenCalled();
    const expiry = screen.getByRole('textbox', { name: 'Expiry date' });
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(expiry);
  });
});

describe('placeholders are hints, never values', () => {
  it('writes the postcode example after the translated “e.g.”, so an empty field never looks filled', () => {
    for (const [language, common, checkout, account, prefix] of [
      ['en', enCommon, enCheckout, enAccount, 'e.g. '],
      ['fr', frCommon, frCheckout, frAccount, 'p. ex. '],
    ] as const) {
      const i18n = createI18n(language, { [language]: { common, checkout, account } });
      const spec = addressFormSpec('FR', null);
      expect(spec.postalCode.example).toBeTruthy();
      render(
        <MemoryRouter>
          <I18nextProvider i18n={i18n}>
            <AddressFields
              section="shipping"
              spec={spec}
              values={{} as never}
              countryName="France"
              onChange={() => {}}
              errors={{}}
            />
          </I18nextProvider>
        </MemoryRouter>,
      );
      const input = document.querySelector<HTMLInputElement>('input[name="shipping-postalCode"]')!;
      expect(input.placeholder).toBe(`${prefix}${spec.postalCode.example}`);
      expect(input.value).toBe('');
      cleanup();
    }
  });
});
