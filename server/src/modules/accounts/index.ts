export { AccountService, LIMITS, maskEmail, type Caller, type RegistrationRules } from './service.ts';
export { AccountRepository, newClientId, newUserId } from './repository.ts';
export { AddressBook } from './profile/addresses.ts';
export { CustomerServiceGateway } from './customer-service/gateway.ts';
export { EmployeeSaleSync, signEmployeeSaleToken } from './profile/employee-sale.ts';
export { customerServiceRoutes } from './customer-service/cs-routes.ts';
export { storefrontAccountRoutes } from './customer-service/storefront-routes.ts';
export { hashPassword, verifyPassword } from './passwords/passwords.ts';
export type { AccountTables } from './tables.ts';
export { AccountPages } from './profile/account-pages.ts';
export { accountPageRoutes } from './profile/page-routes.ts';
export { accountMigrationRoutes } from './legacy/migration.ts';
export { DEMO_LEGACY_EMAIL, seedLegacyAccounts } from './legacy-seed.ts';
export {
  SignInHandoff,
  signInCallbackHeaders,
  signInCallbackRefusalPage,
  signInCallbackRoutes,
} from './sign-in/sign-in-callback.ts';
/** The field checks other modules share (contact form, newsletter, boutique appointments). */
export { checkEmail, checkName, parsePhone, PHONE_MESSAGES } from './validation/index.ts';
/** The e-mail and name rules as the answers of a request (the checkout's contact details and addresses). */
export { checkEmailOrThrow, nameIssues } from './rules.ts';
