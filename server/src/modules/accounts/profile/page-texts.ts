// Titles of the account pages (the head's <title>) and the signed-out page, in every storefront language
// (server/src/locales/<language>/accounts.json).
import { serverTexts, type Texts } from '../../../locales/index.ts';

export type AccountPageKey =
  | 'signIn'
  | 'signUp'
  | 'logout'
  | 'dashboard'
  | 'profile'
  | 'information'
  | 'addressBook'
  | 'newAddress'
  | 'editAddress'
  | 'editPassword'
  | 'resetPassword'
  | 'activate';

export function accountTexts(locale: string): Texts<'accounts'> {
  return serverTexts('accounts', locale);
}
