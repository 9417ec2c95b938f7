import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../shared/errors.ts';
import { marketOf } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { MarketService } from '../markets/index.ts';
import type { AccountPages } from './account-pages.ts';

/** Personal page data: never stored by a browser or a CDN; a source failure names itself (ERR_DATA_1000). */
function privatePage(handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    let body: unknown;
    try {
      body = await handler(req, res);
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log?.error({ err }, 'account page data source failed');
      throw new AppError(
        'ERR_DATA_1000',
        `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    res.json(body);
  };
}

export function accountPageRoutes(ops: OperationRegistry, pages: AccountPages, markets: MarketService): void {
  const m = (req: Request, res: Response) => marketOf(req, res, markets);
  const q = (req: Request, name: string) =>
    typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;
  ops.on(
    'getSignInPageData',
    privatePage((req, res) => pages.signIn(req, res, m(req, res), q(req, 'returnUrl'))),
  );
  ops.on(
    'getSignUpPageData',
    privatePage((req, res) => pages.signUp(req, res, m(req, res))),
  );
  ops.on(
    'getLogoutPageData',
    privatePage((req, res) => pages.logout(m(req, res))),
  );
  ops.on(
    'getMyAccountPageData',
    privatePage((req, res) => pages.dashboard(req, res, m(req, res))),
  );
  ops.on(
    'getAccountInformationPageData',
    privatePage((req, res) => pages.information(req, res, m(req, res))),
  );
  ops.on(
    'getProfilePageData',
    privatePage((req, res) => pages.profile(req, res, m(req, res))),
  );
  ops.on(
    'getAddressBookPageData',
    privatePage((req, res) => pages.addressBook(req, res, m(req, res))),
  );
  ops.on(
    'getNewAddressPageData',
    privatePage((req, res) => pages.addressForm(req, res, m(req, res), undefined)),
  );
  ops.on(
    'getEditAddressPageData',
    privatePage((req, res) => pages.addressForm(req, res, m(req, res), q(req, 'addressId') ?? '')),
  );
  ops.on(
    'getEditPasswordPageData',
    privatePage((req, res) => pages.editPassword(req, res, m(req, res))),
  );
  ops.on(
    'getResetPasswordPageData',
    privatePage((req, res) => pages.resetPassword(m(req, res), q(req, 'token') ?? '')),
  );
  ops.on(
    'getAccountActivationPageData',
    privatePage((req, res) => pages.activate(m(req, res), q(req, 'userId') ?? '')),
  );
}
