import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { MarketService } from '../markets/index.ts';
import type { PageDataService } from '../pages/index.ts';
import { toRegisterFormData, type RegistrationService } from '../registration/index.ts';
import { CustomerSessionService, type SessionService } from '../sessions/index.ts';
import { AccountPages } from './profile/account-pages.ts';
import { AddressBook } from './profile/addresses.ts';
import { customerServiceRoutes } from './customer-service/cs-routes.ts';
import { EmployeeSaleSync } from './profile/employee-sale.ts';
import type { CustomerServiceGateway } from './customer-service/gateway.ts';
import { accountMigrationRoutes } from './legacy/migration.ts';
import { accountPageRoutes } from './profile/page-routes.ts';
import { AccountService } from './service.ts';
import { SignInHandoff, signInCallbackRoutes } from './sign-in/sign-in-callback.ts';
import { storefrontAccountRoutes } from './customer-service/storefront-routes.ts';

export { AccountService } from './service.ts';
export { newClientId, newUserId } from './repository.ts';
export { AddressBook } from './profile/addresses.ts';
export { CustomerServiceGateway } from './customer-service/gateway.ts';
export { hashPassword } from './passwords/passwords.ts';
export { AccountPages } from './profile/account-pages.ts';
export { DEMO_LEGACY_EMAIL, seedLegacyAccounts } from './legacy-seed.ts';
export { signInCallbackHeaders, signInCallbackRefusalPage } from './sign-in/sign-in-callback.ts';
/** The field checks other modules share (contact form, newsletter, boutique appointments). */
export { checkEmail, checkName, parsePhone, PHONE_MESSAGES } from './validation/index.ts';
/** The e-mail and name rules as the answers of a request (the checkout's contact details and addresses). */
export { checkEmailOrThrow, nameIssues } from './rules.ts';

/**
 * Accounts: the customer service's accounts, sessions and employee sale (its own contract), the storefront's
 * account operations and pages through the customer service gateway, the account migration of the former
 * site's customers, and the sign-in hand-off. Builds the services and registers the routes of all of them.
 */
export function accountsModule(deps: {
  ops: OperationRegistry;
  db: DB;
  sessions: SessionService;
  limits: RateLimiter;
  recaptcha: RecaptchaVerifier;
  markets: MarketService;
  gateway: CustomerServiceGateway;
  registration: RegistrationService;
  shells: PageDataService;
  config: {
    publicOrigin: string;
    recaptchaSiteKey: string;
    employeeSaleSecret: string | undefined;
    visitorCountryHeader: string;
    /** The `X-Service-Token` secret of the account migration; unset, a random one (no caller can present it). */
    customerServiceToken: string | undefined;
  };
}): { accounts: AccountService; addresses: AddressBook; pages: AccountPages } {
  const { ops, db, sessions, limits, recaptcha, markets, gateway, config } = deps;
  const { publicOrigin, visitorCountryHeader } = config;
  const accounts = new AccountService(db, sessions, limits, { publicOrigin, registration: deps.registration });
  const addresses = new AddressBook(db);
  const signIn = new SignInHandoff(db, sessions, gateway);
  customerServiceRoutes(ops, {
    accounts,
    sessions,
    customerSessions: new CustomerSessionService(db, sessions),
    markets,
    recaptcha,
    employeeSale: new EmployeeSaleSync(config.employeeSaleSecret, limits),
    visitorCountryHeader,
  });
  storefrontAccountRoutes(ops, { gateway, accounts, addresses, markets, recaptcha, visitorCountryHeader, signIn });
  // Account migration of the former site's customers (storefront → customer service, server to server).
  accountMigrationRoutes(ops, {
    db,
    accounts,
    gateway,
    markets,
    recaptcha,
    limits,
    publicOrigin,
    serviceToken: config.customerServiceToken ?? randomBytes(32).toString('base64url'),
  });
  signInCallbackRoutes(ops, sessions, signIn);
  const pages = new AccountPages(
    deps.shells,
    accounts,
    addresses,
    markets,
    config.recaptchaSiteKey,
    toRegisterFormData,
  );
  accountPageRoutes(ops, pages, markets, gateway);
  return { accounts, addresses, pages };
}
