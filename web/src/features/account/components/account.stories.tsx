import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AccountKit } from '../account-kit';
import { storyData } from '../account-story-data';
import { ActivationPage } from './activation-page';
import { AddressBookPage } from './address-book';
import { AddressFormPage } from './address-form';
import { AccountDashboard } from './dashboard';
import { ActivateAccountDialog, ForgotPasswordDialog } from './email-request-dialog';
import { ExpiredPasswordDialog } from './expired-password-dialog';
import { ChangePasswordPage, ResetPasswordPage } from './password-pages';
import { AccountInformationPage } from './personal-details';
import { PreferencesPage } from './preferences';
import { SignInPage } from './sign-in-page';
import { RegistrationForm, RegistrationSent, SignUpPage } from './sign-up-page';
import { SignedOutPage } from './signed-out-page';

export default { title: 'Account' };

// Without a server the forms' calls fail: submitting shows "The service could not be reached" at the top
// of the form, and the client checks (spec §5) beside the fields, which is what these stories are for.
const today = new Date(Date.UTC(2026, 10, 25));
const {
  signInFr,
  signUpFr,
  registerJa,
  activationEn,
  resetEn,
  editPasswordFr,
  dashboardEn,
  informationEn,
  profileEn,
  addressBookEn,
  newAddressFr,
  editAddressJa,
  editAddressEn,
  logoutFr,
} = storyData;

export const SignIn: Story = () => (
  <AccountKit locale="fr-fr" path="/fr-fr/signin">
    <SignInPage data={{ ...signInFr, customerAuthenticated: false }} />
  </AccountKit>
);

export const SignUpFrance: Story = () => (
  <AccountKit locale="fr-fr" path="/fr-fr/signup">
    <SignUpPage data={signUpFr} today={today} />
  </AccountKit>
);

export const RegistrationFormJapan: Story = () => (
  <AccountKit locale="ja-jp" path="/ja-jp/signup">
    <div style={{ maxWidth: 480, margin: '0 auto' }}>
      <RegistrationForm registration={registerJa} onRegistered={() => undefined} today={today} />
    </div>
  </AccountKit>
);

export const CheckYourEmail: Story = () => (
  <AccountKit locale="fr-fr">
    <RegistrationSent email="camille.lefevre@example.fr" signInUrl="/fr-fr/signin" />
  </AccountKit>
);

export const Modals: Story = () => {
  const [open, setOpen] = useState<'forgot' | 'activate' | 'expired' | null>(null);
  return (
    <AccountKit locale="fr-fr">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Button variant="secondary" onPress={() => setOpen('forgot')}>
          Forgot password
        </Button>
        <Button variant="secondary" onPress={() => setOpen('activate')}>
          Activate account
        </Button>
        <Button variant="secondary" onPress={() => setOpen('expired')}>
          Expired password
        </Button>
      </div>
      <ForgotPasswordDialog
        isOpen={open === 'forgot'}
        onOpenChange={(o) => setOpen(o ? 'forgot' : null)}
        initialEmail="camille.lefevre@example.fr"
      />
      <ActivateAccountDialog isOpen={open === 'activate'} onOpenChange={(o) => setOpen(o ? 'activate' : null)} />
      <ExpiredPasswordDialog isOpen={open === 'expired'} onOpenChange={(o) => setOpen(o ? 'expired' : null)} />
    </AccountKit>
  );
};

export const ActivationAlreadyActive: Story = () => (
  <AccountKit locale="en-us" path={`/myaccount/activate?userId=${activationEn.userId}`}>
    <ActivationPage data={{ ...activationEn, accountStatus: 'ACTIVE' }} />
  </AccountKit>
);

export const ActivationIncompleteLink: Story = () => (
  <AccountKit locale="en-us" path={`/myaccount/activate?userId=${activationEn.userId}`}>
    <ActivationPage data={activationEn} />
  </AccountKit>
);

export const ResetPassword: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/reset-password?token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96">
    <ResetPasswordPage data={resetEn} />
  </AccountKit>
);

export const ResetPasswordWelcome: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/reset-password?token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96&welcome=1">
    <ResetPasswordPage data={resetEn} />
  </AccountKit>
);

export const ResetPasswordExpiredLink: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/reset-password?token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96">
    <ResetPasswordPage data={{ ...resetEn, tokenValid: false }} />
  </AccountKit>
);

export const Dashboard: Story = () => (
  <AccountKit locale="en-us" path="/myaccount">
    <AccountDashboard data={dashboardEn} />
  </AccountKit>
);

export const AccountInformation: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/account-information">
    <AccountInformationPage data={informationEn} today={today} />
  </AccountKit>
);

export const Preferences: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/profile">
    <PreferencesPage data={profileEn} />
  </AccountKit>
);

export const AddressBook: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/address-book">
    <AddressBookPage data={addressBookEn} />
  </AccountKit>
);

export const NewAddressFrance: Story = () => (
  <AccountKit locale="fr-fr" path="/fr-fr/myaccount/new-address-book">
    <AddressFormPage data={newAddressFr} />
  </AccountKit>
);

export const EditAddressUnitedStates: Story = () => (
  <AccountKit locale="en-us" path="/myaccount/edit-address-book?addressId=addr-3f9a10">
    <AddressFormPage data={editAddressEn} />
  </AccountKit>
);

export const EditAddressJapan: Story = () => (
  <AccountKit locale="ja-jp" path="/ja-jp/myaccount/edit-address-book?addressId=addr-a2d401">
    <AddressFormPage data={editAddressJa} />
  </AccountKit>
);

export const ChangePassword: Story = () => (
  <AccountKit locale="fr-fr" path="/fr-fr/myaccount/editpassword">
    <ChangePasswordPage data={editPasswordFr} />
  </AccountKit>
);

export const SignedOut: Story = () => (
  <AccountKit locale="fr-fr" path="/fr-fr/logout">
    <SignedOutPage data={logoutFr} />
  </AccountKit>
);
