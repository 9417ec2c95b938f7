// The account area `/myaccount/...` (guarded by the server: guests are sent to `/signin?returnUrl=…`), and the
// two public account pages reached from e-mails: activation and password reset.
import type { Schemas } from '../../lib/api-client';
import { ActivationPage } from '../../features/account/components/activation-page';
import { AddressBookPage } from '../../features/account/components/address-book';
import { AddressFormPage } from '../../features/account/components/address-form';
import { AccountDashboard } from '../../features/account/components/dashboard';
import { ChangePasswordPage, ResetPasswordPage } from '../../features/account/components/password-pages';
import { AccountInformationPage } from '../../features/account/components/personal-details';
import { PreferencesPage } from '../../features/account/components/preferences';

export { SignInRequired as AccountSignInRequired } from '../../features/account/components/sign-in-required';

export function AccountDashboardRoute({ data }: { data: Schemas['MyAccountPageData'] }) {
  return <AccountDashboard data={data} />;
}

export function AccountInformationRoute({ data }: { data: Schemas['AccountInformationPageData'] }) {
  return <AccountInformationPage data={data} />;
}

export function AccountProfileRoute({ data }: { data: Schemas['ProfilePageData'] }) {
  return <PreferencesPage data={data} />;
}

export function AccountAddressBookRoute({ data }: { data: Schemas['AddressBookPageData'] }) {
  return <AddressBookPage data={data} />;
}

/** New address (`address` null) and edit address (`?addressId=…`). */
export function AccountAddressFormRoute({ data }: { data: Schemas['AddressFormPageData'] }) {
  return <AddressFormPage data={data} />;
}

export function AccountEditPasswordRoute({ data }: { data: Schemas['PasswordPageData'] }) {
  return <ChangePasswordPage data={data} />;
}

export function AccountResetPasswordRoute({ data }: { data: Schemas['PasswordPageData'] }) {
  return <ResetPasswordPage data={data} />;
}

export function AccountActivateRoute({ data }: { data: Schemas['AccountActivationPageData'] }) {
  return <ActivationPage data={data} />;
}
