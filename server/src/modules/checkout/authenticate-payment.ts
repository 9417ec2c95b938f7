// The shopper's answer to the issuer's challenge (3-D Secure): the order awaiting authentication is paid or
// cancelled, and the answer is the order.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { cancelAndRelease, orderRepository, PAYMENT_WINDOW_MINUTES } from '../orders/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/index.ts';
import type { SessionRef } from '../sessions/index.ts';
import type { Market } from '../markets/index.ts';
import type { CheckoutKit } from './checkout-kit.ts';

type Order = Schemas['Order'];

/** The shopper's answer to the issuer's challenge. Only the session that placed the order may answer. */
export async function authenticatePayment(
  kit: CheckoutKit,
  session: SessionRef | undefined,
  market: Market,
  input: Schemas['PaymentAuthenticationRequest'],
): Promise<Order> {
  const found = await orderRepository.findByNumber(kit.db, input.orderNumber);
  if (!found || !session || found.session_id !== session.id)
    throw new AppError('ERR_API_1023', `No order ${input.orderNumber} for this session.`);
  const storeName = await kit.storeName(found);
  const outcome = await kit.db.transaction().execute(async (trx) => {
    const order = (await orderRepository.lockByNumber(trx, input.orderNumber))!;
    if (order.payment_status !== 'actionRequired' || order.status !== 'placed') {
      throw new AppError(
        'ERR_PAY_1004',
        `Order ${order.order_number} does not await an authentication (${order.status}).`,
      );
    }
    if (kit.now().getTime() - new Date(order.placed_at).getTime() > PAYMENT_WINDOW_MINUTES * 60_000) {
      await cancelAndRelease(trx, order, {
        paymentStatus: 'abandoned',
        reason: 'authentication expired',
        source: 'payment',
      });
      return { expired: true as const };
    }
    let answer: Awaited<ReturnType<PaymentProvider['authenticate']>>;
    try {
      answer = await kit.deps.provider.authenticate({
        pspReference: order.payment_reference ?? '',
        challengeId: input.challengeId,
        code: input.code,
      });
    } catch (err) {
      if (err instanceof PaymentProviderError)
        throw new AppError('ERR_PAY_1003', 'The payment provider did not answer.');
      throw err;
    }
    if (answer.status !== 'authorised') {
      await cancelAndRelease(trx, order, {
        paymentStatus: 'declined',
        reason: 'authentication failed',
        source: 'payment',
      });
      return { declined: true as const };
    }
    return {
      order: await kit.complete(
        trx,
        order,
        { reference: order.payment_reference ?? '', cardBrand: order.card_brand, cardLast4: order.card_last4 },
        market,
        storeName,
      ),
    };
  });
  if ('expired' in outcome)
    throw new AppError(
      'ERR_PAY_1004',
      `The authentication of ${input.orderNumber} expired after ${PAYMENT_WINDOW_MINUTES} minutes; the order was cancelled.`,
    );
  if ('declined' in outcome)
    throw new AppError(
      'ERR_PAY_1001',
      `The authentication failed; order ${input.orderNumber} was cancelled and its stock released.`,
    );
  return outcome.order;
}
