// Stories only: the contract's own examples (openapi/storefront/components/examples), so that the stories
// show what the API answers in each market of the examples (en-us, fr-fr, ja-jp).
import YAML from 'yaml';
import type { Schemas } from '../../lib/api-client';
import signInFr from '../../../../openapi/storefront/components/examples/get-sign-in-page-data-fr-fr.yaml?raw';
import signUpFr from '../../../../openapi/storefront/components/examples/get-sign-up-page-data-fr-fr.yaml?raw';
import registerJa from '../../../../openapi/storefront/components/examples/get-register-form-data-ja-jp.yaml?raw';
import activationEn from '../../../../openapi/storefront/components/examples/get-account-activation-page-data-en-us.yaml?raw';
import resetEn from '../../../../openapi/storefront/components/examples/get-reset-password-page-data-en-us.yaml?raw';
import editPasswordFr from '../../../../openapi/storefront/components/examples/get-edit-password-page-data-fr-fr.yaml?raw';
import dashboardEn from '../../../../openapi/storefront/components/examples/get-my-account-page-data-en-us.yaml?raw';
import informationEn from '../../../../openapi/storefront/components/examples/get-account-information-page-data-en-us.yaml?raw';
import profileEn from '../../../../openapi/storefront/components/examples/get-profile-page-data-en-us.yaml?raw';
import addressBookEn from '../../../../openapi/storefront/components/examples/get-address-book-page-data-en-us.yaml?raw';
import newAddressFr from '../../../../openapi/storefront/components/examples/get-new-address-page-data-fr-fr.yaml?raw';
import editAddressJa from '../../../../openapi/storefront/components/examples/get-edit-address-page-data-ja-jp.yaml?raw';
import editAddressEn from '../../../../openapi/storefront/components/examples/get-edit-address-page-data-en-us.yaml?raw';
import logoutFr from '../../../../openapi/storefront/components/examples/get-logout-page-data-fr-fr.yaml?raw';

const value = <T>(raw: string) => (YAML.parse(raw) as { value: T }).value;

export const storyData = {
  signInFr: value<Schemas['SignInPageData']>(signInFr),
  signUpFr: value<Schemas['SignUpPageData']>(signUpFr),
  registerJa: value<Schemas['RegisterFormData']>(registerJa),
  activationEn: value<Schemas['AccountActivationPageData']>(activationEn),
  resetEn: value<Schemas['PasswordPageData']>(resetEn),
  editPasswordFr: value<Schemas['PasswordPageData']>(editPasswordFr),
  dashboardEn: value<Schemas['MyAccountPageData']>(dashboardEn),
  informationEn: value<Schemas['AccountInformationPageData']>(informationEn),
  profileEn: value<Schemas['ProfilePageData']>(profileEn),
  addressBookEn: value<Schemas['AddressBookPageData']>(addressBookEn),
  newAddressFr: value<Schemas['AddressFormPageData']>(newAddressFr),
  editAddressJa: value<Schemas['AddressFormPageData']>(editAddressJa),
  editAddressEn: value<Schemas['AddressFormPageData']>(editAddressEn),
  logoutFr: value<Schemas['LogoutPageData']>(logoutFr),
};
