import type { Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { CsSchemas, Schemas } from '../../shared/http.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CustomerServiceGateway } from '../accounts/index.ts';
import type { MarketService } from '../markets/index.ts';
import { formLanguageOf, genderPreferenceField } from './data.ts';
import type { RegistrationService } from './service.ts';

/** The customer service's registration form as the storefront's sign-up form reads it. */
export function toRegisterFormData(form: CsSchemas['RegistrationForm']): Schemas['RegisterFormData'] {
  const fields: Schemas['RegisterField'][] = [];
  for (const f of form.fields) {
    // The storefront's form takes the country from the market; it asks the shopping preference instead.
    if (f.name === 'country') continue;
    fields.push({ ...f, name: f.name });
  }
  fields.push(genderPreferenceField(formLanguageOf(form.locale)));
  const consents = form.consents.map((c) => {
    const text: Schemas['RegisterConsentText'] = {
      id: c.id as Schemas['RegisterConsentText']['id'],
      version: c.version,
      required: c.required,
      label: c.label,
    };
    const href = c.links?.[0]?.href;
    if (href) text.linkHref = href;
    return text;
  });
  return { locale: form.locale, country: form.country, fields, consents };
}

/**
 * The registration form of each market: the customer service's operations (answered from the
 * registration data), and the storefront's `GET /api/register/get-data`, which asks the customer service
 * through its client.
 */
export function registrationRoutes(
  ops: OperationRegistry,
  registration: RegistrationService,
  markets: MarketService,
  gateway: CustomerServiceGateway,
): void {
  // The same for every visitor of a market (contract: `public, max-age=300`).
  const publicCache = <T>(res: Response, body: T): T => {
    res.set('Cache-Control', 'public, max-age=300');
    return body;
  };

  ops.handle('csGetRegistrationFields', {
    run: ({ query, res }) => publicCache(res, registration.fields(query.locale)),
  });
  ops.handle('csGetConsentTexts', { run: ({ query, res }) => publicCache(res, registration.consents(query.locale)) });
  ops.handle('csGetRegistrationForm', { run: ({ query, res }) => publicCache(res, registration.form(query.locale)) });

  ops.handle('getRegisterFormData', {
    run: async ({ req, res }) => {
      const market = marketOf(req, res, markets);
      let form: CsSchemas['RegistrationForm'] | null;
      try {
        form = await gateway.call(
          res,
          gateway.client(req, res).GET('/fields-and-consent', { params: { query: { locale: market.locale } } }),
        );
      } catch (err) {
        // The customer service unreachable (ERR_API_1015) or its settings unreadable (ERR_API_1027): the
        // storefront's contract says "momentarily unavailable".
        if (
          err instanceof AppError &&
          (err.code === 'ERR_API_1015' || err.code === 'ERR_API_1027' || err.status >= 500)
        ) {
          req.log?.warn({ code: err.code }, 'registration settings unavailable');
          throw new AppError('ERR_API_1003', 'The registration settings are momentarily unavailable.');
        }
        throw err;
      }
      if (!form) throw new AppError('ERR_API_1003', 'The registration settings are momentarily unavailable.');
      // Cacheable for 10 minutes (contract).
      res.set('Cache-Control', 'public, max-age=600');
      return toRegisterFormData(form);
    },
  });
}
