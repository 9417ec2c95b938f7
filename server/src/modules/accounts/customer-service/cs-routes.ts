import type { Request, Response } from 'express';
import type { OperationRegistry } from '../../../shared/operations.ts';
import { AppError } from '../../../shared/errors.ts';
import { marketOf } from '../../markets/index.ts';
import { crossSiteRefusal } from '../../../shared/error-handler.ts';
import type { RecaptchaVerifier } from '../../../shared/recaptcha.ts';
import type { MarketService } from '../../markets/index.ts';
import { sessionOf, visitorCountryOf, type CustomerSessionService, type SessionService } from '../../sessions/index.ts';
import { SIGN_IN_CODE_SECONDS, type AccountService, type Caller } from '../service.ts';
import type { EmployeeSaleSync } from '../profile/employee-sale.ts';

export interface CustomerServiceDeps {
  accounts: AccountService;
  sessions: SessionService;
  customerSessions: CustomerSessionService;
  markets: MarketService;
  recaptcha: RecaptchaVerifier;
  employeeSale: EmployeeSaleSync;
  visitorCountryHeader: string;
}

function callerOf(req: Request, res: Response): Caller {
  const session = sessionOf(res);
  return { ip: req.ip ?? 'unknown', ...(session ? { session } : {}) };
}

/** The query's locale (optional in the customer service's contract). */
function localeOf(query: { locale?: string }): string {
  return query.locale ?? 'en-us';
}

/**
 * The customer service API (its own contract, base path `/customer-service/v1`): thin handlers over
 * AccountService. Every answer carrying personal data is `no-store`.
 */
export function customerServiceRoutes(ops: OperationRegistry, deps: CustomerServiceDeps): void {
  const { accounts, sessions, customerSessions, markets, recaptcha } = deps;
  const withSession = sessions.middleware();
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  /** The customer session answer, signed in or anonymous. */
  async function sessionAnswer(req: Request, res: Response) {
    const market = marketOf(req, res, markets);
    const ref = sessionOf(res);
    const customer = ref?.customerId ? await accounts.repo.byId(accounts.repo.handle, ref.customerId) : undefined;
    let result;
    try {
      result = await customerSessions.open(
        ref,
        market,
        visitorCountryOf(req.headers[deps.visitorCountryHeader]),
        customer ? accounts.sessionFields(customer) : undefined,
      );
    } catch (err) {
      req.log.error({ err }, 'session store failed');
      throw new AppError('ERR_API_1016');
    }
    if (result.newSessionToken) sessions.setCookie(res, result.newSessionToken);
    const { visitorCountry: _visitor, ...session } = result.session;
    return session;
  }

  ops.handle('csGetSession', {
    use: [withSession],
    run: async ({ req, res }) => {
      noStore(res);
      return sessionAnswer(req, res);
    },
  });

  ops.handle('csAuthn', {
    use: [withSession],
    run: async ({ query, body, req, res }) => {
      noStore(res);
      await recaptcha.verify(body.recaptchaToken, req.ip);
      const { code, newSessionToken } = await accounts.authn(body.email, body.password, callerOf(req, res));
      if (newSessionToken) sessions.setCookie(res, newSessionToken);
      // The validator has coerced `authStoreModal` to a boolean.
      const modal = query.authStoreModal === true;
      return { code, expiresIn: SIGN_IN_CODE_SECONDS, redirectPath: modal ? null : `/${localeOf(query)}/myaccount` };
    },
  });

  ops.handle('csLogin', {
    use: [withSession],
    run: async ({ query, body, req, res }) => {
      noStore(res);
      const { token, session } = await accounts.login(query.code, callerOf(req, res), body?.codeVerifier);
      sessions.setCookie(res, token);
      res.locals.session = session;
      return sessionAnswer(req, res);
    },
  });

  ops.handle('csLogout', {
    use: [withSession],
    run: async ({ req, res }) => {
      noStore(res);
      // A GET that changes state: a cross-site link or image must not sign anyone out.
      const refused = crossSiteRefusal(req);
      if (refused) throw refused;
      await accounts.logout(sessionOf(res));
      sessions.clearCookie(res);
      res.status(204).end();
    },
  });

  ops.handle('csGetCustomer', {
    use: [withSession],
    run: async ({ query, req, res }) => {
      noStore(res);
      let ref = sessionOf(res);
      if (query.code !== undefined && !ref?.customerId) {
        const { token, session } = await accounts.login(query.code, callerOf(req, res));
        sessions.setCookie(res, token);
        ref = session;
      }
      const customer = await accounts.signedInCustomer(ref, sessions.sentCookie(req));
      return accounts.profile(customer, query.queryEntity === 'profileAndConsents');
    },
  });

  ops.handle('csCreateCustomer', {
    use: [withSession],
    run: async ({ body, req, res }) => {
      await recaptcha.verify(body.recaptchaToken, req.ip);
      const market = markets.resolve(body.locale);
      const { recaptchaToken: _token, ...registration } = body;
      await accounts.register(registration, market.country, callerOf(req, res));
      res.status(202).end();
    },
  });

  ops.handle('csUpdateCustomer', {
    use: [withSession],
    run: async ({ body, req, res }) => {
      noStore(res);
      const ref = sessionOf(res);
      const current = await accounts.signedInCustomer(ref, sessions.sentCookie(req));
      const locale = body.locale ?? current.locale;
      const market = markets.resolve(locale);
      const { clientId, ...changes } = body;
      const updated = await accounts.updateProfile(ref!, clientId, changes, market.country, locale);
      return accounts.profile(updated, true);
    },
  });

  ops.handle('csCheckAccountStatus', {
    run: async ({ query, body, req, res }) => {
      await recaptcha.verify(body.recaptchaToken, req.ip);
      await accounts.checkStatus(body.email, localeOf(query), callerOf(req, res));
      res.status(204).end();
    },
  });

  ops.handle('csSendActivationEmail', {
    run: async ({ query, body, req, res }) => {
      await recaptcha.verify(body.recaptchaToken, req.ip);
      await accounts.sendActivation(body.email, localeOf(query), callerOf(req, res));
      res.status(204).end();
    },
  });

  ops.handle('csConfirmActivation', {
    run: async ({ query, body, req, res }) => {
      const { code } = await accounts.confirmActivation(
        body.userId,
        body.activationToken,
        localeOf(query),
        callerOf(req, res),
        body.codeChallenge,
      );
      if (!code) return void res.status(204).end();
      noStore(res);
      return { code, expiresIn: SIGN_IN_CODE_SECONDS };
    },
  });

  ops.handle('csRequestPasswordRecovery', {
    run: async ({ query, body, req, res }) => {
      await recaptcha.verify(body.recaptchaToken, req.ip);
      await accounts.requestRecovery(body.email, localeOf(query), callerOf(req, res));
      res.status(204).end();
    },
  });

  ops.handle('csResetPassword', {
    run: async ({ query, body, req, res }) => {
      const { code } = await accounts.resetPassword(
        body.token,
        body.newPassword,
        localeOf(query),
        callerOf(req, res),
        body.codeChallenge,
      );
      if (!code) return void res.status(204).end();
      noStore(res);
      return { code, expiresIn: SIGN_IN_CODE_SECONDS };
    },
  });

  ops.handle('csChangePassword', {
    use: [withSession],
    run: async ({ query, body, req, res }) => {
      noStore(res);
      const ref = sessionOf(res);
      if (!ref) await accounts.signedInCustomer(ref, sessions.sentCookie(req));
      const { token } = await accounts.changePassword(ref!, body.currentPassword, body.newPassword, localeOf(query));
      sessions.setCookie(res, token);
      res.status(204).end();
    },
  });

  ops.handle('csSyncEmployeeSaleSession', {
    use: [withSession],
    run: async ({ body, req, res }) => {
      noStore(res);
      const ref = sessionOf(res);
      const customer = await accounts.signedInCustomer(ref, sessions.sentCookie(req));
      await deps.employeeSale.verify(body.employeeSaleToken, customer, ref!.id);
      await customerSessions.markEmployeeTraffic(ref!);
      return sessionAnswer(req, res);
    },
  });
}
