import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  civilityOptions,
  errorsOfProblem,
  fieldOfPath,
  hasErrors,
  marketingConsent,
  privacyHref,
  toSubscriptionRequest,
  validateNewsletter,
} from './newsletter-model';
import { registerFormFr } from './newsletter-story-data';

const problem = (status: number, code: string, errors?: { path: string; message: string }[]) =>
  new ApiError(status, {
    type: `https://errors.storefront.dev/${code}`,
    title: code,
    status,
    code: code as never,
    ...(errors ? { errors } : {}),
  });

describe('newsletter form rules', () => {
  it('reads the market’s forms of address, e-mail consent and privacy policy from its registration data', () => {
    expect(civilityOptions(registerFormFr).map((o) => o.label)).toEqual(['M.', 'Mme', 'Mlle', 'Mx']);
    expect(marketingConsent(registerFormFr)).toMatchObject({ id: 'marketing_email', version: '2026-03' });
    expect(privacyHref(registerFormFr)).toBe('/fr-fr/legal/privacy-policy');
    expect(civilityOptions({ ...registerFormFr, fields: [] })).toEqual([]);
  });

  it('asks an address, a form of address and the consent before sending', () => {
    expect(validateNewsletter({ email: '', civility: null, consent: false }).fields).toEqual({
      email: 'errors:ERR_FORM_1000',
      civility: 'errors:ERR_FORM_1000',
      consent: 'contact:newsletter.consentRequired',
    });
    expect(validateNewsletter({ email: 'camille@example', civility: 'MS', consent: true }).fields).toEqual({
      email: 'errors:ERR_FORM_1001',
    });
    const ok = validateNewsletter({ email: ' Camille.Lefevre@Example.fr ', civility: 'MS', consent: true });
    expect(hasErrors(ok)).toBe(false);
  });

  it('sends the address lower-cased with the consent’s current version', () => {
    const consent = marketingConsent(registerFormFr)!;
    expect(
      toSubscriptionRequest(
        { email: ' Camille.Lefevre@Example.fr ', civility: 'MS', consent: true },
        consent,
        'newsletter-modal',
        'token',
      ),
    ).toEqual({
      email: 'camille.lefevre@example.fr',
      civility: 'MS',
      source: 'newsletter-modal',
      consents: [{ id: 'marketing_email', granted: true, version: '2026-03' }],
      recaptchaToken: 'token',
    });
  });

  it('shows the server’s answer beside the field it names, or under the form', () => {
    expect(fieldOfPath('body/email')).toBe('email');
    expect(fieldOfPath('body/consents/0/version')).toBe('consent');
    expect(fieldOfPath('query/locale')).toBeNull();
    expect(errorsOfProblem(problem(422, 'ERR_FORM_1002', [{ path: 'body/email', message: 'typo' }]))).toEqual({
      fields: { email: 'errors:ERR_FORM_1002' },
    });
    expect(errorsOfProblem(problem(400, 'ERR_NWS_API_1000', [{ path: 'body/civility', message: 'missing' }]))).toEqual({
      fields: { civility: 'errors:ERR_NWS_API_1000' },
    });
    expect(errorsOfProblem(problem(429, 'ERR_API_1028'))).toEqual({ fields: {}, form: 'errors:ERR_API_1028' });
    expect(errorsOfProblem(new Error('offline'))).toEqual({ fields: {}, form: 'errors:API_UNKNOWN_ERROR' });
  });
});
