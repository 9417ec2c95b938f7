import type { Request, Response } from 'express';
import type { OperationRegistry } from '../../../shared/operations.ts';
import type { CsSchemas, Schemas } from '../../../shared/http.ts';
import { AppError } from '../../../shared/errors.ts';
import { marketOf } from '../../markets/index.ts';
import type { MarketService } from '../../markets/index.ts';
import type { RecaptchaVerifier } from '../../../shared/recaptcha.ts';
import { visitorCountryOf } from '../../sessions/index.ts';
import { AddressBook } from '../profile/addresses.ts';
import { normaliseEmail } from '../validation/email.ts';
import type { CustomerServiceGateway } from './gateway.ts';
import type { AccountService } from '../service.ts';
import type { SignInHandoff } from '../sign-in/sign-in-callback.ts';

export interface StorefrontAccountDeps {
  gateway: CustomerServiceGateway;
  accounts: AccountService;
  addresses: AddressBook;
  markets: MarketService;
  recaptcha: RecaptchaVerifier;
  visitorCountryHeader: string;
  /** Signs the shopper in at once after an activation or a reset (`signIn: true`). */
  signIn?: SignInHandoff;
}

/** The query's locale, when the operation has one. */
function localeOf(query: { locale?: string }): string {
  return query.locale ?? 'en-us';
}

/**
 * The storefront's account endpoints (`/api/...`). Each calls the customer service through its generated
 * client (CustomerServiceGateway); the storefront adds only what is its own: the address book and the
 * visitor's country.
 */
export function storefrontAccountRoutes(ops: OperationRegistry, deps: StorefrontAccountDeps): void {
  const { gateway, markets } = deps;
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  ops.handle('getCustomerSession', {
    run: async ({ req, res }) => {
      noStore(res);
      const locale = marketOf(req, res, markets).locale;
      const session = await gateway.call(
        res,
        gateway.client(req, res).GET('/session', { params: { query: { locale } } }),
      );
      if (!session) throw new AppError('ERR_API_1016');
      return { ...session, visitorCountry: visitorCountryOf(req.headers[deps.visitorCountryHeader]) };
    },
  });

  ops.handle('login', {
    run: async ({ query, body, req, res }) => {
      noStore(res);
      const locale = localeOf(query);
      const request = { ...body, email: normaliseEmail(body.email) };
      const authn = await gateway.call(
        res,
        gateway.client(req, res).POST('/authn', { params: { query: { locale } }, body: request }),
      );
      if (!authn) throw new AppError('ERR_AUTH_API_1002');
      const session = await gateway.call(
        res,
        gateway.client(req, res).POST('/login', { params: { query: { locale, code: authn.code } } }),
      );
      if (!session) throw new AppError('ERR_API_1017');
      return { ...session, visitorCountry: visitorCountryOf(req.headers[deps.visitorCountryHeader]) };
    },
  });

  ops.handle('register', {
    run: async ({ query, body, req, res }) => {
      const locale = localeOf(query);
      const market = markets.resolve(locale);
      const request: CsSchemas['CreateCustomerRequest'] = {
        ...body,
        emailAddress: normaliseEmail(body.emailAddress),
        locale,
        country: market.country,
      } as CsSchemas['CreateCustomerRequest'];
      await gateway.call(res, gateway.client(req, res).POST('/customer', { body: request }));
      res.status(204).end();
    },
  });

  ops.handle('activateAccount', {
    run: async ({ query, body, req, res }) => {
      const locale = localeOf(query);
      const client = gateway.client(req, res);
      if ('userId' in body && body.userId && body.activationToken) {
        const pkce = body.signIn ? deps.signIn?.begin() : undefined;
        let granted;
        try {
          granted = await gateway.call(
            res,
            client.POST('/activation/confirm', {
              params: { query: { locale } },
              body: {
                userId: body.userId,
                activationToken: body.activationToken,
                ...(pkce ? { codeChallenge: pkce.challenge } : {}),
              },
            }),
          );
        } catch (err) {
          // The storefront names a refused link by its own code (the service says ERR_OKTA_1001).
          if (err instanceof AppError && err.code === 'ERR_OKTA_1001')
            throw new AppError('ERR_CUSTOMER_API', err.detail);
          throw err;
        }
        if (pkce && granted) {
          noStore(res);
          return deps.signIn!.continuation(req, res, granted.code, pkce.verifier, locale);
        }
      } else {
        const email = 'email' in body ? body.email : undefined;
        const recaptchaToken = 'recaptchaToken' in body ? body.recaptchaToken : undefined;
        await gateway.call(
          res,
          client.POST('/activation', {
            params: { query: { locale } },
            body: { email: normaliseEmail(email ?? ''), recaptchaToken: recaptchaToken ?? '' },
          }),
        );
      }
      res.status(204).end();
    },
  });

  ops.handle('requestPasswordReset', {
    run: async ({ query, body, req, res }) => {
      await gateway.call(
        res,
        gateway.client(req, res).POST('/password/recovery', {
          params: { query: { locale: localeOf(query) } },
          body: { ...body, email: normaliseEmail(body.email) },
        }),
      );
      res.status(204).end();
    },
  });

  ops.handle('setNewPassword', {
    run: async ({ query, body, req, res }) => {
      const { signIn, ...reset } = body;
      const pkce = signIn ? deps.signIn?.begin() : undefined;
      const locale = localeOf(query);
      const granted = await gateway.call(
        res,
        gateway.client(req, res).POST('/password/reset', {
          params: { query: { locale } },
          body: { ...reset, ...(pkce ? { codeChallenge: pkce.challenge } : {}) },
        }),
      );
      if (pkce && granted) {
        noStore(res);
        return deps.signIn!.continuation(req, res, granted.code, pkce.verifier, locale);
      }
      res.status(204).end();
    },
  });

  ops.handle('changePassword', {
    run: async ({ query, body, req, res }) => {
      noStore(res);
      await gateway.call(
        res,
        gateway.client(req, res).POST('/password/change', { params: { query: { locale: localeOf(query) } }, body }),
      );
      res.status(204).end();
    },
  });

  // The customer service has no operation for an expired password (its sign-in never opens such a session):
  // the storefront asks the account service directly.
  ops.handle('changeExpiredPassword', {
    run: async ({ query, body, req, res }) => {
      await deps.recaptcha.verify(body.recaptchaToken, req.ip);
      await deps.accounts.changeExpiredPassword(body.email, body.currentPassword, body.newPassword, localeOf(query), {
        ip: req.ip ?? 'unknown',
      });
      res.status(204).end();
    },
  });

  /** The profile from the customer service, with the address book kept by the storefront. */
  async function customerOf(
    req: Request,
    res: Response,
    locale: string,
    consents: boolean,
    code?: string,
  ): Promise<Schemas['Customer']> {
    const query: { locale: string; queryEntity: 'profile' | 'profileAndConsents'; code?: string } = {
      locale,
      queryEntity: consents ? 'profileAndConsents' : 'profile',
      ...(code ? { code } : {}),
    };
    const profile = await gateway.call(res, gateway.client(req, res).GET('/customer', { params: { query } }));
    if (!profile) throw new AppError('ERR_CDB_API_2005');
    return {
      ...(profile as unknown as Schemas['Customer']),
      addresses: await deps.addresses.list(profile.customerUUID),
    };
  }

  ops.handle('getCustomer', {
    run: async ({ query, req, res }) => {
      noStore(res);
      const { code } = query;
      try {
        return await customerOf(req, res, localeOf(query), query.queryEntity === 'profileAndConsents', code);
      } catch (err) {
        // A refused sign-in code is a refused credential for the storefront (contract: ERR_OKTA_1000).
        if (code && err instanceof AppError && err.code === 'ERR_API_1020') throw new AppError('ERR_OKTA_1000');
        throw err;
      }
    },
  });

  ops.handle('updateCustomer', {
    run: async ({ query, body, req, res }) => {
      noStore(res);
      const { clientId, addresses, ...changes } = body;
      // The preferred boutique is the storefront's own (boutiques come with the stores): not sent to the service.
      const { preferredStoreId: _store, ...profileChanges } = changes;
      if (Object.keys(changes).length === 0 && !addresses) {
        throw new AppError('ERR_API_1018', 'Nothing to change besides clientId.', [
          { path: 'body', message: 'must change at least one property besides clientId' },
        ]);
      }
      // Checked before anything is written: nothing changes when a part is refused.
      if (addresses) {
        const issues = AddressBook.check(addresses);
        if (issues.length)
          throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
      }
      const locale = localeOf(query);
      const client = gateway.client(req, res);
      const current = await gateway.call(res, client.GET('/customer', { params: { query: { locale } } }));
      if (!current) throw new AppError('ERR_CDB_API_2005');
      if (clientId !== current.clientId)
        throw new AppError('ERR_API_1001', "The client id is not the signed-in customer's.");
      if (Object.keys(profileChanges).length > 0) {
        await gateway.call(
          res,
          client.PUT('/customer', { body: { clientId, ...profileChanges } as CsSchemas['UpdateCustomerRequest'] }),
        );
      }
      if (addresses)
        await deps.accounts.repo.handle
          .transaction()
          .execute((trx) => deps.addresses.replace(trx, current.customerUUID, addresses));
      return customerOf(req, res, locale, true);
    },
  });

  ops.handle('getCustomerInformation', {
    run: async ({ query, req, res }) => {
      noStore(res);
      const customer = await customerOf(req, res, localeOf(query), true);
      const row = await deps.accounts.repo.byId(deps.accounts.repo.handle, customer.customerUUID);
      if (!row || row.user_id !== query.socialId)
        throw new AppError('ERR_API_1001', "The social id is not the signed-in customer's.");
      const preferences = (customer.consents ?? []).filter((c) => c.granted).map((c) => c.id);
      const answer: Schemas['CustomerInformation'] = {
        socialId: row.user_id,
        clientId: row.client_id,
        profile: customer,
        contactPreferences: [
          ...(preferences.includes('marketing_email') ? ['email' as const] : []),
          ...(preferences.includes('marketing_sms') ? ['whatsapp' as const] : []),
        ],
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      };
      return answer;
    },
  });
}
