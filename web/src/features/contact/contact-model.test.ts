import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { matchPage, pageDataUrl, pageTypeOf } from '../../lib/paths';
import {
  errorsOfProblem,
  fieldOfPath,
  hasErrors,
  initialValues,
  needsPhone,
  toContactRequest,
  toE164,
  validateContact,
  type ContactValues,
} from './contact-model';

const filled = (over: Partial<ContactValues> = {}): ContactValues => ({
  ...initialValues(),
  firstName: 'Camille',
  lastName: 'Lefèvre',
  email: 'Camille.Lefevre@example.fr',
  message: 'Bonjour, ma commande n’est pas arrivée.',
  consent: true,
  ...over,
});
const problem = (status: number, code: string, errors?: { path: string; message: string }[]) =>
  new ApiError(status, {
    type: `https://errors.storefront.dev/${code}`,
    title: code,
    status,
    code: code as never,
    ...(errors ? { errors } : {}),
  });

describe('the /contact route', () => {
  it('is the contact page, with its data at /ssr/contact', () => {
    expect(matchPage('/contact')).toEqual({ kind: 'contact', locale: null });
    expect(matchPage('/fr-fr/contact')).toEqual({ kind: 'contact', locale: 'fr-fr' });
    expect(pageDataUrl(matchPage('/ja-jp/contact'), '')).toBe('/ssr/contact?locale=ja-jp');
    expect(pageDataUrl(matchPage('/contact'), '?x=1')).toBe('/ssr/contact?locale=en-us');
    expect(pageTypeOf('/de-de/contact')).toBe('contact');
  });
});

describe('contact form rules', () => {
  it('reads phone numbers typed in international form', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('0033 (6) 12-34.56.78')).toBe('+33612345678');
    expect(toE164('06 12 34 56 78')).toBeNull();
    expect(toE164('+1 212')).toBeNull();
  });

  it('asks a phone number for a call-back or a WhatsApp answer only', () => {
    expect(needsPhone('phoneCall') && needsPhone('whatsapp')).toBe(true);
    expect(needsPhone('email') || needsPhone('chat')).toBe(false);
    expect(validateContact(filled()).fields).toEqual({});
    expect(validateContact(filled({ channel: 'whatsapp' })).fields).toEqual({ phone: 'errors:ERR_FORM_1000' });
    expect(validateContact(filled({ channel: 'phoneCall', phone: '06 12 34 56 78' })).fields).toEqual({
      phone: 'contact:form.phoneInvalid',
    });
    expect(validateContact(filled({ channel: 'phoneCall', phone: '+33 6 12 34 56 78' })).fields).toEqual({});
  });

  it('checks names, the address, the order number, the message and the agreement', () => {
    const e = validateContact({ ...initialValues(), firstName: 'Camille2', orderNumber: 'AB' });
    expect(e.fields).toEqual({
      firstName: 'contact:form.nameInvalid',
      lastName: 'errors:ERR_FORM_1000',
      email: 'errors:ERR_FORM_1000',
      orderNumber: 'contact:form.orderNumberInvalid',
      message: 'errors:ERR_FORM_1000',
      consent: 'contact:form.consentRequired',
    });
    expect(hasErrors(e)).toBe(true);
    expect(validateContact(filled({ email: 'camille@', lastName: 'O’Brien-Duval' })).fields).toEqual({
      email: 'errors:ERR_FORM_1001',
    });
    expect(validateContact(filled({ message: 'x'.repeat(2001) })).fields).toEqual({ message: 'errors:ERR_FORM_1004' });
  });

  it('builds the request: trimmed, the address lower-cased, the order number upper-cased, the phone in E.164', () => {
    expect(
      toContactRequest(
        filled({
          channel: 'whatsapp',
          topic: 'order',
          civility: 'MRS',
          phone: '+33 6 12 34 56 78',
          orderNumber: ' ysl-fr-00045871 ',
          firstName: ' Camille ',
        }),
        'token',
      ),
    ).toEqual({
      formType: 'contactUs',
      channel: 'whatsapp',
      topic: 'order',
      civility: 'MRS',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      email: 'camille.lefevre@example.fr',
      phone: '+33612345678',
      orderNumber: 'YSL-FR-00045871',
      message: 'Bonjour, ma commande n’est pas arrivée.',
      recaptchaToken: 'token',
    });
    expect(Object.keys(toContactRequest(filled(), 't')).sort()).toEqual([
      'channel',
      'email',
      'firstName',
      'formType',
      'lastName',
      'message',
      'recaptchaToken',
    ]);
  });

  it('shows the server’s answer beside the field it names, or under the form', () => {
    expect(fieldOfPath('body/phone')).toBe('phone');
    expect(fieldOfPath('body/orderNumber')).toBe('orderNumber');
    expect(fieldOfPath('body/recaptchaToken')).toBeNull();
    expect(
      errorsOfProblem(
        problem(422, 'ERR_CTC_API_1000', [
          { path: 'body/phone', message: 'invalid' },
          { path: 'body/email', message: 'typo' },
        ]),
      ),
    ).toEqual({
      fields: { phone: 'errors:ERR_CTC_API_1000', email: 'errors:ERR_CTC_API_1000' },
    });
    expect(
      errorsOfProblem(problem(400, 'ERR_CO_API_1000', [{ path: 'body/orderNumber', message: 'malformed' }])),
    ).toEqual({ fields: { orderNumber: 'errors:ERR_CO_API_1000' } });
    expect(errorsOfProblem(problem(502, 'ERR_CTC_API_1001'))).toEqual({ fields: {}, form: 'errors:ERR_CTC_API_1001' });
  });
});
