// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from '../../../lib/i18n-react';
import { MemoryRouter } from '../../../lib/router';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { MarketProvider } from '../../../lib/market-context';
import enCommon from '../../../locales/en/common.json';
import enContact from '../../../locales/en/contact.json';
import enErrors from '../../../locales/en/errors.json';
import { contactFormEn, receiptWhatsapp } from '../contact-story-data';
import { ContactForm } from './contact-form';

afterEach(() => {
  cleanup();
  window.dataLayer = [];
});

function Shell({ children }: { children: ReactNode }) {
  const i18n = createI18n('en', { en: { common: enCommon, contact: enContact, errors: enErrors } });
  return (
    <MemoryRouter initialEntries={['/contact']}>
      <I18nextProvider i18n={i18n}>
        <MarketProvider value={{ locale: 'en-us', language: 'en', country: 'US', currency: 'USD' }}>
          {children}
        </MarketProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.submit(document.querySelector('form.contact-form')!));

function fillIn() {
  type(/^First name/, 'Emily');
  type(/^Last name/, 'Carter');
  type(/^Email address/, 'Emily.Carter@Example.com');
  type(/^Your message/, 'Could you call me about my order?');
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('ContactForm', () => {
  it('checks the form before sending, beside each field', async () => {
    const send = vi.fn();
    render(<ContactForm form={contactFormEn} send={send} location="contact-page" />, { wrapper: Shell });
    await submit();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText('Please give your consent so that we can answer you.')).toBeTruthy();
  });

  it('asks a phone number for a call-back, sends, shows the receipt and reports the request', async () => {
    const send = vi.fn(async (_body: Schemas['ContactRequest']) => ({
      ...receiptWhatsapp,
      channel: 'phoneCall' as const,
    }));
    render(<ContactForm form={contactFormEn} send={send} location="contact-page" />, { wrapper: Shell });
    expect(screen.queryByLabelText(/^Phone number/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'By telephone' }));
    fillIn();
    await submit();
    expect(send).not.toHaveBeenCalled();
    type(/^Phone number/, '+1 212 980 3030');
    await submit();
    await waitFor(() => expect(screen.getByTestId('contact-done')).toBeTruthy());
    expect(send.mock.calls[0]![0]).toMatchObject({
      formType: 'contactUs',
      channel: 'phoneCall',
      email: 'emily.carter@example.com',
      phone: '+12129803030',
      recaptchaToken: 'test-recaptcha-token',
    });
    expect(screen.getByText('Your reference: CS-20261121-3HZ8PA')).toBeTruthy();
    expect(screen.getByText('An advisor will answer you within 24 hours.')).toBeTruthy();
    expect(window.dataLayer).toContainEqual({
      event: 'contact_request',
      contactType: 'phoneCall',
      location: 'contact-page',
    });
  });

  it('shows the server’s refusal beside the field it names', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(422, {
        type: 'https://errors.storefront.dev/ERR_CTC_API_1000',
        title: 'invalid',
        status: 422,
        code: 'ERR_CTC_API_1000',
        errors: [{ path: 'body/email', message: 'seems to contain a typing error' }],
      });
    });
    render(<ContactForm form={contactFormEn} send={send} location="contact-page" />, { wrapper: Shell });
    fillIn();
    await submit();
    await waitFor(() => expect(screen.getByLabelText(/^Email address/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(enErrors.ERR_CTC_API_1000)).toBeTruthy();
    expect(window.dataLayer ?? []).toEqual([]);
  });
});
