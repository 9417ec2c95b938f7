import type { Request, Response } from 'express';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CsSchemas } from '../../shared/http.ts';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import { crossSiteRefusal } from '../../shared/error-handler.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { MarketService } from '../markets/index.ts';
import { sessionOf, visitorCountryOf, type CustomerSessionService, type SessionService } from '../sessions/index.ts';
import { SIGN_IN_CODE_SECONDS, type AccountService, type Caller } from './service.ts';
import type { EmployeeSaleSync } from './employee-sale.ts';

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

function localeOf(req: Request): string {
  return typeof req.query.locale === 'string' ? req.query.locale : 'en-us';
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

  ops.on('csGetSession', withSession, async (req, res) => {
    noStore(res);
    res.json(await sessionAnswer(req, res));
  });

  ops.on('csAuthn', withSession, async (req, res) => {
    noStore(res);
    const body = req.body as CsSchemas['AuthnRequest'];
    await recaptcha.verify(body.recaptchaToken, req.ip);
    const { code, newSessionToken } = await accounts.authn(body.email, body.password, callerOf(req, res));
    if (newSessionToken) sessions.setCookie(res, newSessionToken);
    const modal = String(req.query.authStoreModal) === 'true';
    const answer: CsSchemas['AuthnResult'] = {
      code,
      expiresIn: SIGN_IN_CODE_SECONDS,
      redirectPath: modal ? null : `/${localeOf(req)}/myaccount`,
    };
    res.json(answer);
  });

  ops.on('csLogin', withSession, async (req, res) => {
    noStore(res);
    const verifier = (req.body as CsSchemas['CodeRedemption'] | undefined)?.codeVerifier;
    const { token, session } = await accounts.login(String(req.query.code), callerOf(req, res), verifier);
    sessions.setCookie(res, token);
    res.locals.session = session;
    res.json(await sessionAnswer(req, res));
  });

  ops.on('csLogout', withSession, async (req, res) => {
    noStore(res);
    // A GET that changes state: a cross-site link or image must not sign anyone out.
    const refused = crossSiteRefusal(req);
    if (refused) throw refused;
    await accounts.logout(sessionOf(res));
    sessions.clearCookie(res);
    res.status(204).end();
  });

  ops.on('csGetCustomer', withSession, async (req, res) => {
    noStore(res);
    let ref = sessionOf(res);
    if (typeof req.query.code === 'string' && !ref?.customerId) {
      const { token, session } = await accounts.login(req.query.code, callerOf(req, res));
      sessions.setCookie(res, token);
      ref = session;
    }
    const customer = await accounts.signedInCustomer(ref, sessions.sentCookie(req));
    res.json(await accounts.profile(customer, req.query.queryEntity === 'profileAndConsents'));
  });

  ops.on('csCreateCustomer', withSession, async (req, res) => {
    const body = req.body as CsSchemas['CreateCustomerRequest'];
    await recaptcha.verify(body.recaptchaToken, req.ip);
    const market = markets.resolve(body.locale);
    const { recaptchaToken: _token, ...registration } = body;
    await accounts.register(registration, market.country, callerOf(req, res));
    res.status(202).end();
  });

  ops.on('csUpdateCustomer', withSession, async (req, res) => {
    noStore(res);
    const body = req.body as CsSchemas['UpdateCustomerRequest'];
    const ref = sessionOf(res);
    const current = await accounts.signedInCustomer(ref, sessions.sentCookie(req));
    const locale = body.locale ?? current.locale;
    const market = markets.resolve(locale);
    const { clientId, ...changes } = body;
    const updated = await accounts.updateProfile(ref!, clientId, changes, market.country, locale);
    res.json(await accounts.profile(updated, true));
  });

  ops.on('csCheckAccountStatus', async (req, res) => {
    const body = req.body as CsSchemas['AccountEmailRequest'];
    await recaptcha.verify(body.recaptchaToken, req.ip);
    await accounts.checkStatus(body.email, localeOf(req), callerOf(req, res));
    res.status(204).end();
  });

  ops.on('csSendActivationEmail', async (req, res) => {
    const body = req.body as CsSchemas['AccountEmailRequest'];
    await recaptcha.verify(body.recaptchaToken, req.ip);
    await accounts.sendActivation(body.email, localeOf(req), callerOf(req, res));
    res.status(204).end();
  });

  ops.on('csConfirmActivation', async (req, res) => {
    const body = req.body as CsSchemas['ConfirmActivationRequest'];
    const { code } = await accounts.confirmActivation(
      body.userId,
      body.activationToken,
      localeOf(req),
      callerOf(req, res),
      body.codeChallenge,
    );
    if (!code) return void res.status(204).end();
    noStore(res);
    res.json({ code, expiresIn: SIGN_IN_CODE_SECONDS } satisfies CsSchemas['AuthorizationCode']);
  });

  ops.on('csRequestPasswordRecovery', async (req, res) => {
    const body = req.body as CsSchemas['AccountEmailRequest'];
    await recaptcha.verify(body.recaptchaToken, req.ip);
    await accounts.requestRecovery(body.email, localeOf(req), callerOf(req, res));
    res.status(204).end();
  });

  ops.on('csResetPassword', async (req, res) => {
    const body = req.body as CsSchemas['ResetPasswordRequest'];
    const { code } = await accounts.resetPassword(
      body.token,
      body.newPassword,
      localeOf(req),
      callerOf(req, res),
      body.codeChallenge,
    );
    if (!code) return void res.status(204).end();
    noStore(res);
    res.json({ code, expiresIn: SIGN_IN_CODE_SECONDS } satisfies CsSchemas['AuthorizationCode']);
  });

  ops.on('csChangePassword', withSession, async (req, res) => {
    noStore(res);
    const body = req.body as CsSchemas['ChangePasswordRequest'];
    const ref = sessionOf(res);
    if (!ref) await accounts.signedInCustomer(ref, sessions.sentCookie(req));
    const { token } = await accounts.changePassword(ref!, body.currentPassword, body.newPassword, localeOf(req));
    sessions.setCookie(res, token);
    res.status(204).end();
  });

  ops.on('csSyncEmployeeSaleSession', withSession, async (req, res) => {
    noStore(res);
    const ref = sessionOf(res);
    const customer = await accounts.signedInCustomer(ref, sessions.sentCookie(req));
    const body = req.body as CsSchemas['SessionSyncRequest'];
    await deps.employeeSale.verify(body.employeeSaleToken, customer, ref!.id);
    await customerSessions.markEmployeeTraffic(ref!);
    res.json(await sessionAnswer(req, res));
  });
}
