export { AccountService, LIMITS, maskEmail, type Caller, type RegistrationRules } from './service.ts';
export { AccountRepository } from './repository.ts';
export { AddressBook } from './addresses.ts';
export { CustomerServiceGateway } from './gateway.ts';
export { EmployeeSaleSync, signEmployeeSaleToken } from './employee-sale.ts';
export { customerServiceRoutes } from './cs-routes.ts';
export { storefrontAccountRoutes } from './storefront-routes.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export type { AccountTables } from './tables.ts';
