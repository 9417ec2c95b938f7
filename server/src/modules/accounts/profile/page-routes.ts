import type { Request, Response } from 'express';
import { AppError } from '../../../shared/errors.ts';
import { marketOf } from '../../markets/index.ts';
import type { OperationRegistry } from '../../../shared/operations.ts';
import type { MarketService } from '../../markets/index.ts';
import type { AccountPages } from './account-pages.ts';
import type { CustomerServiceGateway } from '../customer-service/gateway.ts';

/** Personal page data: never stored by a browser or a CDN; a source failure names itself (ERR_DATA_1000). */
function privatePage<I extends { req: Request; res: Response }, T>(load: (input: I) => Promise<T>) {
  return async (input: I): Promise<T> => {
    input.res.set('Cache-Control', 'private, no-store');
    try {
      return await load(input);
    } catch (err) {
      if (err instanceof AppError) throw err;
      input.req.log?.error({ err }, 'account page data source failed');
      throw new AppError(
        'ERR_DATA_1000',
        `A source of the page failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
}

export function accountPageRoutes(
  ops: OperationRegistry,
  pages: AccountPages,
  markets: MarketService,
  gateway: CustomerServiceGateway,
): void {
  const m = ({ req, res }: { req: Request; res: Response }) => marketOf(req, res, markets);
  const c = ({ req, res }: { req: Request; res: Response }) => gateway.boundTo(req, res);
  ops.handle('getSignInPageData', {
    run: privatePage(async (input) => pages.signIn(c(input), m(input), input.query.returnUrl)),
  });
  ops.handle('getSignUpPageData', { run: privatePage(async (input) => pages.signUp(c(input), m(input))) });
  ops.handle('getLogoutPageData', { run: privatePage(async (input) => pages.logout(m(input))) });
  ops.handle('getMyAccountPageData', {
    run: privatePage(async (input) => pages.dashboard(c(input), m(input))),
  });
  ops.handle('getAccountInformationPageData', {
    run: privatePage(async (input) => pages.information(c(input), m(input))),
  });
  ops.handle('getProfilePageData', {
    run: privatePage(async (input) => pages.profile(c(input), m(input))),
  });
  ops.handle('getAddressBookPageData', {
    run: privatePage(async (input) => pages.addressBook(c(input), m(input))),
  });
  ops.handle('getNewAddressPageData', {
    run: privatePage(async (input) => pages.addressForm(c(input), m(input), undefined)),
  });
  ops.handle('getEditAddressPageData', {
    run: privatePage(async (input) => pages.addressForm(c(input), m(input), input.query.addressId)),
  });
  ops.handle('getEditPasswordPageData', {
    run: privatePage(async (input) => pages.editPassword(c(input), m(input))),
  });
  ops.handle('getResetPasswordPageData', {
    run: privatePage(async (input) => pages.resetPassword(m(input), input.query.token)),
  });
  ops.handle('getAccountActivationPageData', {
    run: privatePage(async (input) => pages.activate(m(input), input.query.userId)),
  });
}
