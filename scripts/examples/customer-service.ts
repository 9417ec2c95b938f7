// The customer service API's examples of scripts/generate-examples.ts (openapi/customer-service), on the same app
// under its base path.
import type { Express } from 'express';
import request from 'supertest';
import type { DatabaseHandle } from '../../server/src/db/database.ts';
import { insertCustomer } from '../../server/src/modules/accounts/test-support.ts';
import { kebab } from './output.ts';
import {
  CS,
  EXAMPLE_LOCALES,
  LOCALE_COUNTRY,
  label,
  ok,
  per,
  type ExampleSpec,
  type Json,
  type Locale,
} from './settings.ts';

/**
 * The example customers of each locale (openapi/customer-service/components/examples/README.md). Their
 * accounts are written straight into the examples' database; the ids the server draws at random (client
 * number, customer UUID, session id) are replaced by these, so that regenerating gives the same files.
 */
const CUSTOMERS: Record<
  Locale,
  {
    email: string;
    firstName: string;
    lastName: string;
    country: string;
    profile: { civility: string; phone: string; birth_date: string; first_name_kana?: string; last_name_kana?: string };
    clientId: string;
    customerUUID: string;
    usid: string;
    guestUsid: string;
  }
> = {
  'en-us': {
    email: 'emily.carter@example.com',
    firstName: 'Emily',
    lastName: 'Carter',
    country: 'US',
    profile: { civility: 'MRS', phone: '+12125550143', birth_date: '1988-06-21' },
    clientId: '1004821937',
    customerUUID: 'f0d51a70-b207-49d7-b36f-a59c737c8df9',
    usid: '4aea9ec3-8aa7-4090-92bb-432b61f6f0a5',
    guestUsid: '8b4eb969-f535-4597-adcf-8164f87b88d1',
  },
  'fr-fr': {
    email: 'camille.lefevre@example.fr',
    firstName: 'Camille',
    lastName: 'Lefèvre',
    country: 'FR',
    profile: { civility: 'MS', phone: '+33612345678', birth_date: '1992-11-03' },
    clientId: '2004718265',
    customerUUID: 'eb849aa7-2038-4048-ae15-464cf096b6d6',
    usid: '0bddf76c-8de1-4116-b8b5-74f322957a73',
    guestUsid: 'd0faf0b1-29ab-4619-a173-c33fdd6ccbbd',
  },
  'ja-jp': {
    email: 'hanako.yamada@example.jp',
    firstName: '花子',
    lastName: '山田',
    country: 'JP',
    profile: {
      civility: 'MS',
      phone: '+819012345678',
      birth_date: '1990-04-12',
      first_name_kana: 'ハナコ',
      last_name_kana: 'ヤマダ',
    },
    clientId: '3009152648',
    customerUUID: '17b3dc2d-f011-4190-9990-97ecb88ccddb',
    usid: 'f8bc2717-1485-49c7-9be7-b457f0a90bff',
    guestUsid: '865066d8-09f3-44b6-9a16-474724545336',
  },
};
const CUSTOMER_PASSWORD = 'Example-Password-2026';
/** The test reCAPTCHA verifier's token (server/src/shared/recaptcha.ts, test mode). */
const RECAPTCHA_TOKEN = 'test-recaptcha-token';

/** The customer service's examples: sessions, the registration form, and a customer signed in through it. */
export async function collectCustomerService(app: Express, db: DatabaseHandle['db']): Promise<ExampleSpec[]> {
  const get = (what: string, path: string) =>
    per((l) => ok(`${what} ${l}`, request(app).get(`${CS}${path}`).query({ locale: l })));
  const guestSessions = await per(async (l) => {
    const body = await ok(
      `cs session ${l}`,
      request(app).get(`${CS}/session`).query({ locale: l }).set('CF-IPCountry', LOCALE_COUNTRY[l]),
    );
    return { ...body, usid: CUSTOMERS[l].guestUsid };
  });
  const fields = await get('cs fields', '/fields');
  const form = await get('cs fields-and-consent', '/fields-and-consent');
  const consent = await get('cs consent', '/consent');

  // Signed in: the customer's account, then the customer service's own sign-in (authn, then login with its code).
  const signedIn = await per(async (l) => {
    const c = CUSTOMERS[l];
    const account = await insertCustomer(db, {
      email: c.email,
      password: CUSTOMER_PASSWORD,
      firstName: c.firstName,
      lastName: c.lastName,
      locale: l,
      country: c.country,
    });
    // The rest of the profile (civility, phone, birth date, kana) as the account pages would have saved it.
    await db.updateTable('customers').set(c.profile).where('id', '=', account.id).execute();
    const browser = request.agent(app).set('Sec-Fetch-Site', 'same-origin').set('CF-IPCountry', LOCALE_COUNTRY[l]);
    const authn = await ok(
      `cs authn ${l}`,
      browser
        .post(`${CS}/authn`)
        .query({ locale: l })
        .send({ email: c.email, password: CUSTOMER_PASSWORD, recaptchaToken: RECAPTCHA_TOKEN }),
    );
    const session = await ok(`cs login ${l}`, browser.post(`${CS}/login`).query({ locale: l, code: authn.code }));
    const customer = await ok(`cs customer ${l}`, browser.get(`${CS}/customer`).query({ locale: l }));
    const ids = (v: Json) => ({
      ...v,
      ...('usid' in v ? { usid: c.usid } : {}),
      ...('keringClientId' in v ? { keringClientId: c.clientId } : {}),
      ...('clientId' in v ? { clientId: c.clientId } : {}),
      ...('customerUUID' in v ? { customerUUID: c.customerUUID } : {}),
    });
    return { session: ids(session), customer: ids(customer) };
  });
  const cs = (
    pathFile: string,
    operationId: string,
    values: Record<Locale, Json>,
    what: string,
    method: ExampleSpec['method'] = 'get',
  ): ExampleSpec => ({
    api: 'customer-service',
    // The customer service's example files are named without its `cs` prefix (get-session-fr-fr.yaml).
    exampleName: kebab(operationId.replace(/^cs([A-Z])/, (_, c: string) => c.toLowerCase()))
      .replace(/^get-registration-fields$/, 'get-fields')
      .replace(/^get-registration-form$/, 'get-fields-and-consent')
      .replace(/^get-consent-texts$/, 'get-consent'),
    pathFile,
    method,
    operationId,
    values,
    summary: label(what),
  });
  const fieldOf = <K extends 'session' | 'customer'>(k: K) =>
    Object.fromEntries(EXAMPLE_LOCALES.map((l) => [l, signedIn[l][k]])) as Record<Locale, Json>;
  return [
    cs('session.yaml', 'csGetSession', guestSessions, 'Anonymous visitor'),
    cs('fields.yaml', 'csGetRegistrationFields', fields, 'Registration form fields'),
    cs('fields-and-consent.yaml', 'csGetRegistrationForm', form, 'Registration form fields and consent texts'),
    cs('consent.yaml', 'csGetConsentTexts', consent, 'Consent texts'),
    cs('login.yaml', 'csLogin', fieldOf('session'), 'Signed in', 'post'),
    cs('customer.yaml', 'csGetCustomer', fieldOf('customer'), "The signed-in customer's profile"),
  ];
}
