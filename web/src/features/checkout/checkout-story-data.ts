// Stories only: the contract's own examples (openapi/storefront/components/examples), so that the stories show
// what the API answers, and a signed-in customer's variant of the options.
import YAML from 'yaml';
import type { Schemas } from '../../lib/api-client';
import optionsFr from '../../../../openapi/storefront/components/examples/get-checkout-options-fr-fr.yaml?raw';
import confirmationFr from '../../../../openapi/storefront/components/examples/get-order-confirmation-page-data-fr-fr.yaml?raw';
import authenticationFr from '../../../../openapi/storefront/components/examples/place-order-authentication-fr-fr.yaml?raw';

const value = <T>(raw: string) => (YAML.parse(raw) as { value: T }).value;

const options = value<Schemas['CheckoutOptions']>(optionsFr);

export const checkoutStoryData = {
  optionsGuestFr: options,
  optionsSignedInFr: {
    ...options,
    signedIn: true,
    contact: {
      email: 'camille.lefevre@example.fr',
      civility: 'MS',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      phone: '+33 6 12 34 56 78',
    },
    savedAddresses: [
      {
        id: 'addr-7c1e52',
        label: 'Maison',
        firstName: 'Camille',
        lastName: 'Lefèvre',
        addressLine1: '12 rue de Sèvres',
        city: 'Paris',
        postalCode: '75006',
        country: 'FR',
        isDefault: true,
      },
      {
        id: 'addr-9f3b10',
        label: 'Bureau',
        firstName: 'Camille',
        lastName: 'Lefèvre',
        companyName: 'Atelier Lefèvre',
        addressLine1: '8 place Vendôme',
        city: 'Paris',
        postalCode: '75001',
        country: 'FR',
        isDefault: false,
      },
    ],
  } satisfies Schemas['CheckoutOptions'],
  confirmationFr: value<Schemas['OrderConfirmationPageData']>(confirmationFr),
  authenticationFr: value<Schemas['PaymentAuthentication']>(authenticationFr),
};
