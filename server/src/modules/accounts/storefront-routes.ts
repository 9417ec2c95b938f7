import type { Request, Response } from 'express';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CsSchemas, Schemas } from '../../shared/http.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { MarketService } from '../markets/index.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { visitorCountryOf } from '../sessions/index.ts';
import { AddressBook } from './addresses.ts';
import { normaliseEmail } from './validation/email.ts';
import type { CustomerServiceGateway } from './gateway.ts';
import type { AccountService } from './service.ts';
import type { SignInHandoff } from './sign-in-callback.ts';

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

function localeOf(req: Request): string {
  return typeof req.query.locale === 'string' ? req.query.locale : 'en-us';
}

/**
 * The storefront's account endpoints (`/api/...`). Each calls the customer service through its generated
 * client (CustomerServiceGateway); the storefront adds only what is its own: the address book and the
 * visitor's country.
 */
export function storefrontAccountRoutes(ops: OperationRegistry, deps: StorefrontAccountDeps): void {
  const { gateway, markets } = deps;
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  ops.on('getCustomerSession', async (req, res) => {
    noStore(res);
    const locale = marketOf(req, res, markets).locale;
    const session = await gateway.call(
      res,
      gateway.client(req, res).GET('/session', { params: { query: { locale } } }),
    );
    if (!session) throw new AppError('ERR_API_1016');
    res.json({
      ...session,
      visitorCountry: visitorCountryOf(req.headers[deps.visitorCountryHeader]),
    } satisfies Schemas['CustomerSession']);
  });

  ops.on('login', async (req, res) => {
    noStore(res);
    const locale = localeOf(req);
    const body = { ...(req.body as Schemas['LoginRequest']) };
    body.email = normaliseEmail(body.email);
    const authn = await gateway.call(
      res,
      gateway.client(req, res).POST('/authn', { params: { query: { locale } }, body }),
    );
    if (!authn) throw new AppError('ERR_AUTH_API_1002');
    const session = await gateway.call(
      res,
      gateway.client(req, res).POST('/login', { params: { query: { locale, code: authn.code } } }),
    );
    if (!session) throw new AppError('ERR_API_1017');
    res.json({
      ...session,
      visitorCountry: visitorCountryOf(req.headers[deps.visitorCountryHeader]),
    } satisfies Schemas['CustomerSession']);
  });

  ops.on('register', async (req, res) => {
    const locale = localeOf(req);
    const market = markets.resolve(locale);
    const body = req.body as Schemas['RegisterRequest'];
    const request: CsSchemas['CreateCustomerRequest'] = {
      ...body,
      emailAddress: normaliseEmail(body.emailAddress),
      locale,
      country: market.country,
    } as CsSchemas['CreateCustomerRequest'];
    await gateway.call(res, gateway.client(req, res).POST('/customer', { body: request }));
    res.status(204).end();
  });

  ops.on('activateAccount', async (req, res) => {
    const locale = localeOf(req);
    const body = req.body as {
      email?: string;
      recaptchaToken?: string;
      userId?: string;
      activationToken?: string;
      signIn?: boolean;
    };
    const client = gateway.client(req, res);
    if (body.userId && body.activationToken) {
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
        if (err instanceof AppError && err.code === 'ERR_OKTA_1001') throw new AppError('ERR_CUSTOMER_API', err.detail);
        throw err;
      }
      if (pkce && granted) {
        noStore(res);
        return void res.json(await deps.signIn!.continuation(req, res, granted.code, pkce.verifier, locale));
      }
    } else {
      await gateway.call(
        res,
        client.POST('/activation', {
          params: { query: { locale } },
          body: { email: normaliseEmail(body.email ?? ''), recaptchaToken: body.recaptchaToken ?? '' },
        }),
      );
    }
    res.status(204).end();
  });

  ops.on('requestPasswordReset', async (req, res) => {
    const body = req.body as Schemas['PasswordResetRequest'];
    await gateway.call(
      res,
      gateway.client(req, res).POST('/password/recovery', {
        params: { query: { locale: localeOf(req) } },
        body: { ...body, email: normaliseEmail(body.email) },
      }),
    );
    res.status(204).end();
  });

  ops.on('setNewPassword', async (req, res) => {
    const { signIn, ...body } = req.body as Schemas['PasswordNewRequest'];
    const pkce = signIn ? deps.signIn?.begin() : undefined;
    const locale = localeOf(req);
    const granted = await gateway.call(
      res,
      gateway.client(req, res).POST('/password/reset', {
        params: { query: { locale } },
        body: { ...body, ...(pkce ? { codeChallenge: pkce.challenge } : {}) },
      }),
    );
    if (pkce && granted) {
      noStore(res);
      return void res.json(await deps.signIn!.continuation(req, res, granted.code, pkce.verifier, locale));
    }
    res.status(204).end();
  });

  ops.on('changePassword', async (req, res) => {
    noStore(res);
    const body = req.body as Schemas['PasswordChangeRequest'];
    await gateway.call(
      res,
      gateway.client(req, res).POST('/password/change', { params: { query: { locale: localeOf(req) } }, body }),
    );
    res.status(204).end();
  });

  // The customer service has no operation for an expired password (its sign-in never opens such a session):
  // the storefront asks the account service directly.
  ops.on('changeExpiredPassword', async (req, res) => {
    const body = req.body as Schemas['PasswordChangeExpiredRequest'];
    await deps.recaptcha.verify(body.recaptchaToken, req.ip);
    await deps.accounts.changeExpiredPassword(body.email, body.currentPassword, body.newPassword, localeOf(req), {
      ip: req.ip ?? 'unknown',
    });
    res.status(204).end();
  });

  /** The profile from the customer service, with the address book kept by the storefront. */
  async function customerOf(
    req: Request,
    res: Response,
    consents: boolean,
    code?: string,
  ): Promise<Schemas['Customer']> {
    const query: { locale: string; queryEntity: 'profile' | 'profileAndConsents'; code?: string } = {
      locale: localeOf(req),
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

  ops.on('getCustomer', async (req, res) => {
    noStore(res);
    const code = typeof req.query.code === 'string' ? req.query.code : undefined;
    try {
      res.json(await customerOf(req, res, req.query.queryEntity === 'profileAndConsents', code));
    } catch (err) {
      // A refused sign-in code is a refused credential for the storefront (contract: ERR_OKTA_1000).
      if (code && err instanceof AppError && err.code === 'ERR_API_1020') throw new AppError('ERR_OKTA_1000');
      throw err;
    }
  });

  ops.on('updateCustomer', async (req, res) => {
    noStore(res);
    const { clientId, addresses, ...changes } = req.body as Schemas['CustomerUpdateRequest'];
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
    const locale = localeOf(req);
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
    res.json(await customerOf(req, res, true));
  });

  ops.on('getCustomerInformation', async (req, res) => {
    noStore(res);
    const customer = await customerOf(req, res, true);
    const row = await deps.accounts.repo.byId(deps.accounts.repo.handle, customer.customerUUID);
    if (!row || row.user_id !== req.query.socialId)
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
    res.json(answer);
  });
}
