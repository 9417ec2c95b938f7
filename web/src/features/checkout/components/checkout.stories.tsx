import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import frErrors from '../../../locales/fr/errors.json';
import { seededClient, ShopKit } from '../../../stories/shop-kit';
import { checkoutOptionsKey } from '../api/checkout-queries';
import { checkoutStoryData } from '../checkout-story-data';
import { AuthenticationDialog } from './authentication-dialog';
import { CheckoutPage } from './checkout-page';
import { ConfirmationPage } from './confirmation-page';

export default { title: 'Checkout' };

// Without a server the placement fails ("the service could not be reached" at the review): the stories show
// the steps, their checks (spec §5, card number and expiry), the summary and the confirmation.
const { optionsGuestFr, optionsSignedInFr, confirmationFr, authenticationFr } = checkoutStoryData;

export const GuestCheckout: Story = () => (
  <ShopKit
    locale="fr-fr"
    path="/fr-fr/checkout"
    queryClient={seededClient([[checkoutOptionsKey('fr-fr'), optionsGuestFr]])}
  >
    <CheckoutPage />
  </ShopKit>
);

export const SignedInWithSavedAddresses: Story = () => (
  <ShopKit
    locale="fr-fr"
    path="/fr-fr/checkout"
    queryClient={seededClient([[checkoutOptionsKey('fr-fr'), optionsSignedInFr]])}
  >
    <CheckoutPage />
  </ShopKit>
);

export const ExpressCheckout: Story = () => (
  <ShopKit
    locale="fr-fr"
    path="/fr-fr/checkout?express=1"
    queryClient={seededClient([[checkoutOptionsKey('fr-fr'), optionsSignedInFr]])}
  >
    <CheckoutPage express />
  </ShopKit>
);

export const EnglishGuestCheckout: Story = () => (
  <ShopKit locale="en-us" path="/checkout" queryClient={seededClient([[checkoutOptionsKey('en-us'), optionsGuestFr]])}>
    <CheckoutPage />
  </ShopKit>
);

export const ConfirmationGuest: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/checkout/confirmation">
    <ConfirmationPage data={confirmationFr} />
  </ShopKit>
);

export const ConfirmationSignedIn: Story = () => (
  <ShopKit locale="fr-fr" path="/fr-fr/checkout/confirmation">
    <ConfirmationPage data={{ ...confirmationFr, signedIn: true }} />
  </ShopKit>
);

export const IssuerAuthentication: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <ShopKit locale="fr-fr">
      <Button onPress={() => setOpen(true)}>Ouvrir</Button>
      <AuthenticationDialog
        isOpen={open}
        onOpenChange={setOpen}
        amount="1 015,00 €"
        expiresAt={authenticationFr.expiresAt.slice(11, 16)}
        onConfirm={() => undefined}
        isPending={false}
      />
    </ShopKit>
  );
};

export const IssuerAuthenticationRefused: Story = () => (
  <ShopKit locale="fr-fr">
    <AuthenticationDialog
      isOpen
      onOpenChange={() => undefined}
      amount="1 015,00 €"
      expiresAt="10:15"
      onConfirm={() => undefined}
      isPending={false}
      error={frErrors.ERR_PAY_1001}
    />
  </ShopKit>
);
