import type { Story } from '@ladle/react';
import { ReturnsKit } from '../returns-kit';
import { returnsStoryData } from '../returns-story-data';
import { ReturnFlow } from './return-flow';
import { ReturnOrderPage } from './return-order-page';
import { ReturnSteps } from './return-steps';
import { ReturnThankYou } from './return-thank-you';

export default { title: 'Returns' };

// Without a server the forms' calls fail: the lookup form shows its checks and "the service could not be
// reached"; the flow walks its steps on the contract's examples, and sending says the service is unavailable.
const { returnOrderEn, returnOrderFr, guestEn, accountFr, thanksEn, thanksFr } = returnsStoryData;

export const ReturnOrderLookup: Story = () => (
  <ReturnsKit locale="en-us" path="/return-order">
    <ReturnOrderPage data={returnOrderEn} />
  </ReturnsKit>
);

export const ReturnOrderLookupFrench: Story = () => (
  <ReturnsKit locale="fr-fr" path="/fr-fr/return-order">
    <ReturnOrderPage data={returnOrderFr} />
  </ReturnsKit>
);

export const GuestReturnFlow: Story = () => (
  <ReturnsKit locale="en-us" path="/guest/return-exchange">
    <ReturnFlow data={guestEn} guest />
  </ReturnsKit>
);

export const GuestExchangeFlow: Story = () => (
  <ReturnsKit locale="en-us" path="/guest/return-exchange">
    <ReturnFlow data={{ ...guestEn, flowType: 'Exchange' }} guest />
  </ReturnsKit>
);

export const AccountReturnFlowFrench: Story = () => (
  <ReturnsKit locale="fr-fr" path="/fr-fr/myaccount/return-exchange">
    <ReturnFlow data={accountFr} guest={false} />
  </ReturnsKit>
);

export const NothingToReturn: Story = () => (
  <ReturnsKit locale="en-us">
    <ReturnFlow
      data={{
        ...guestEn,
        availableFlowTypes: [],
        lines: guestEn.lines.map((l) => ({ ...l, returnableQuantity: 0, exchangeSizes: [] })),
      }}
      guest
    />
  </ReturnsKit>
);

export const ProgressIndicator: Story = () => (
  <ReturnsKit locale="en-us">
    <div style={{ display: 'grid', gap: '3rem', maxWidth: 960, margin: '2rem auto' }}>
      <ReturnSteps
        steps={['orderDetails', 'productSelection', 'returnProduct', 'shipping', 'refund', 'confirmation']}
        current="orderDetails"
      />
      <ReturnSteps
        steps={['orderDetails', 'productSelection', 'exchangeProduct', 'shipping', 'refund', 'confirmation']}
        current="shipping"
        onSelect={() => undefined}
      />
    </div>
  </ReturnsKit>
);

export const ThankYouReturn: Story = () => (
  <ReturnsKit locale="en-us" path="/myaccount/return-thank-you">
    <ReturnThankYou data={thanksEn} />
  </ReturnsKit>
);

export const ThankYouExchangeGuestFrench: Story = () => (
  <ReturnsKit locale="fr-fr" path="/fr-fr/myaccount/return-thank-you">
    <ReturnThankYou data={{ ...thanksFr, guest: true }} />
  </ReturnsKit>
);

// A request whose parcel never reached the house in time: closed, with what the client can do now.
export const ThankYouClosedRequest: Story = () => (
  <ReturnsKit locale="en-us" path="/myaccount/return-thank-you">
    <ReturnThankYou
      data={{
        ...thanksEn,
        request: { ...thanksEn.request, status: 'cancelled' },
        nextSteps: [
          'Your request was closed on 2 December 2026 because the parcel did not reach us by 24 November 2026.',
          'You may make a new request until 8 December 2026.',
          'If you have already sent the parcel, please contact Client Service with the reference RMA-FR-00001234.',
        ],
      }}
    />
  </ReturnsKit>
);
