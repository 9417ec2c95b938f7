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
import { registerFormUs } from '../newsletter-story-data';
import { NewsletterForm } from './newsletter-form';

afterEach(() => {
  cleanup();
  window.dataLayer = [];
});

function Shell({ children }: { children: ReactNode }) {
  const i18n = createI18n('en', { en: { common: enCommon, contact: enContact, errors: enErrors } });
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

const submit = () => act(async () => void fireEvent.submit(document.querySelector('form.newsletter-form')!));
function fillIn(email = 'Emily.Carter@Example.com') {
  fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: email } });
  fireEvent.click(screen.getByRole('radio', { name: 'Ms.' }));
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('NewsletterForm', () => {
  it('asks the address, the form of address and the consent before sending', async () => {
    const subscribe = vi.fn();
    render(<NewsletterForm data={registerFormUs} source="footer" subscribe={subscribe} />, { wrapper: Shell });
    await submit();
    expect(subscribe).not.toHaveBeenCalled();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByText('Please tick this box to receive our emails.')).toBeTruthy();
  });

  it('subscribes with the market’s consent version, thanks the shopper and reports the subscription', async () => {
    const subscribe = vi.fn(async (_body: Schemas['NewsletterSubscriptionRequest']) => undefined);
    render(<NewsletterForm data={registerFormUs} source="newsletter-modal" subscribe={subscribe} />, {
      wrapper: Shell,
    });
    expect(screen.getByText(registerFormUs.consents[1]!.label)).toBeTruthy();
    fillIn();
    await submit();
    await waitFor(() => expect(screen.getByTestId('newsletter-done')).toBeTruthy());
    expect(subscribe).toHaveBeenCalledWith({
      email: 'emily.carter@example.com',
      civility: 'MS',
      source: 'newsletter-modal',
      consents: [{ id: 'marketing_email', granted: true, version: '2026-03' }],
      recaptchaToken: 'test-recaptcha-token',
    });
    expect(screen.getByText('Your request has been registered for emily.carter@example.com.')).toBeTruthy();
    expect(window.dataLayer).toContainEqual({
      event: 'newsletter_subscription',
      subscriptionType: 'newsletter',
      location: 'newsletter-modal',
    });
  });

  it('shows a mistyped address beside the field', async () => {
    const subscribe = vi.fn(async () => {
      throw new ApiError(422, {
        type: 'https://errors.storefront.dev/ERR_FORM_1002',
        title: 'typo',
        status: 422,
        code: 'ERR_FORM_1002',
        errors: [{ path: 'body/email', message: 'typo' }],
      });
    });
    render(<NewsletterForm data={registerFormUs} source="footer" subscribe={subscribe} />, { wrapper: Shell });
    fillIn('emily@gmail.con');
    await submit();
    await waitFor(() => expect(screen.getByText(enErrors.ERR_FORM_1002)).toBeTruthy());
    expect(screen.getByLabelText(/^Email address/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('newsletter-done')).toBeNull();
  });
});
