// The checkout's first step: what the shopper may choose for the session's basket (contact, delivery options,
// click-and-collect boutiques, saved addresses, payment methods) with the order's totals.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { SessionRef } from '../sessions/index.ts';
import { taxIncluded, totals, type Market } from '../markets/index.ts';
import * as repo from './repository.ts';
import type { CheckoutKit } from './checkout-kit.ts';

export async function checkoutOptions(
  kit: CheckoutKit,
  session: SessionRef | undefined,
  market: Market,
): Promise<Schemas['CheckoutOptions']> {
  if (!market.currency) throw new AppError('ERR_OCAPI_1012', `The ${market.country} site does not sell online.`);
  const basket = await kit.deps.basket.get(session, market);
  if (!session || basket.items.length === 0)
    throw new AppError('ERR_OCAPI_1013', 'The session has no basket, or it is empty.');
  const pickup = await kit.pickupStores(market, basket.id!);
  const deliveryOptions = kit.deliveryOptions(
    market,
    pickup.stores.length > 0,
    pickup.stores.some((s) => s.pickUpAtStore),
    basket.subtotal ?? 0,
  );
  const customer = session.customerId ? await repo.customerContact(kit.db, session.customerId) : undefined;
  const savedAddresses = session.customerId
    ? (await kit.deps.addresses.list(session.customerId)).filter((a) => a.country === market.country)
    : [];
  return {
    basket,
    signedIn: Boolean(session.customerId),
    contact: {
      email: customer?.email ?? null,
      civility: customer?.civility ?? null,
      firstName: customer?.first_name ?? null,
      lastName: customer?.last_name ?? null,
      phone: customer?.phone ?? null,
    },
    deliveryOptions,
    pickupStores: pickup.stores,
    savedAddresses,
    paymentMethods: ['card', 'expressPay'],
    taxIncluded: taxIncluded(market.country),
    giftWrap: true,
    total: totals(market.country, market.currency, basket.subtotal ?? 0, deliveryOptions[0]?.cost ?? 0),
  };
}
