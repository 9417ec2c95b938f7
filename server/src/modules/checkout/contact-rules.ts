// The spec §5 rules of the e-mail and the names an order is placed with, beyond the contract's patterns: the
// same rules, through the accounts module, as registration, the address book, the contact form and the boutiques.
import { AppError, type Issue } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { checkEmailOrThrow, nameIssues } from '../accounts/index.ts';

/**
 * Refuses an order whose e-mail is not an address or looks mistyped (422 `ERR_FORM_1001` / `ERR_FORM_1002`),
 * or whose contact or address names have no letter (400 `ERR_API_1018`, each name in `errors`).
 */
export function checkOrderContact(body: Schemas['PlaceOrderRequest']): void {
  checkEmailOrThrow(body.email, 'body/email');
  const issues: Issue[] = [
    ...nameIssues(body),
    ...(body.delivery.address ? nameIssues(body.delivery.address, 'body/delivery/address') : []),
    ...(body.billingAddress ? nameIssues(body.billingAddress, 'body/billingAddress') : []),
  ];
  if (issues.length)
    throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
}
