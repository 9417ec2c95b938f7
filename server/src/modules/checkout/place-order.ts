// Placing an order under an Idempotency-Key: the key claimed (or its stored answer replayed), the order reserved
// (reserve-order.ts), the payment authorised, then the order paid, awaiting the issuer's challenge, or cancelled.
import { createHash } from 'node:crypto';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import {
  cancelAndRelease,
  markAwaitingAuthentication,
  orderRepository,
  PAYMENT_WINDOW_MINUTES,
  type OrderRow,
} from '../orders/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/index.ts';
import type { SessionRef } from '../sessions/index.ts';
import type { Market } from '../markets/index.ts';
import * as repo from './repository.ts';
import { IDEMPOTENCY_KEY_HOURS, type CheckoutKit, type PlaceResult } from './checkout-kit.ts';
import { reserveOrder } from './reserve-order.ts';

type PlaceOrderRequest = Schemas['PlaceOrderRequest'];

/** A key claimed by a request that died before writing an order may be taken over after this delay. */
const STALE_CLAIM_MS = 60_000;

/**
 * Places the order. Phase 1 (one transaction): lock the basket, re-price, reserve stock, write the order.
 * Phase 2: authorise the payment, then pay or cancel the order (stock released) in a second transaction.
 * The key's answer is stored so a replay answers the same.
 */
export async function placeOrder(
  kit: CheckoutKit,
  session: SessionRef | undefined,
  market: Market,
  key: string,
  body: PlaceOrderRequest,
): Promise<PlaceResult> {
  if (!session) throw new AppError('ERR_OCAPI_1013', 'No basket on this session.');
  const scope = `s:${session.id}`;
  const requestHash = createHash('sha256')
    .update(JSON.stringify([market.locale, canonical(body)]))
    .digest('base64url');

  if (!(await repo.claimKey(kit.db, scope, key, requestHash))) {
    const replay = await replayKey(kit, scope, key, requestHash, market);
    if (replay) return replay;
  }

  let order: OrderRow;
  try {
    order = await reserveOrder(kit, session, market, scope, key, body);
  } catch (err) {
    // Refused before any order existed: the key is forgotten, so the corrected request may reuse it.
    await repo.releaseKey(kit.db, scope, key);
    throw err;
  }
  return pay(kit, order, market, scope, key, body);
}

/** The answer to a key already claimed: the stored answer, or why it cannot be given now. */
async function replayKey(
  kit: CheckoutKit,
  scope: string,
  key: string,
  requestHash: string,
  market: Market,
): Promise<PlaceResult | undefined> {
  const row = await repo.findKey(kit.db, scope, key);
  if (!row) throw new AppError('ERR_CHK_1003', 'The key was just released; retry.');
  if (row.request_hash !== requestHash)
    throw new AppError('ERR_CHK_1004', 'The Idempotency-Key was first used with another request body.');
  if (kit.now().getTime() - new Date(row.created_at).getTime() > IDEMPOTENCY_KEY_HOURS * 3_600_000) {
    throw new AppError('ERR_CHK_1005', `The Idempotency-Key is more than ${IDEMPOTENCY_KEY_HOURS} hours old.`);
  }
  if (row.response_status !== null) {
    const stored = (typeof row.response_body === 'string' ? JSON.parse(row.response_body) : row.response_body) as {
      code?: string;
      detail?: string;
    };
    if (row.response_status === 201 || row.response_status === 202)
      return { status: row.response_status, body: stored } as PlaceResult;
    throw new AppError(stored.code as AppError['code'], stored.detail);
  }
  if (
    row.order_id === null &&
    (await repo.takeOverStaleKey(kit.db, scope, key, new Date(kit.now().getTime() - STALE_CLAIM_MS)))
  ) {
    return undefined; // The first request died before writing anything: this one goes on.
  }
  if (row.order_id !== null) {
    // The first request wrote its order but its answer is unknown (it died mid-payment): say what became of it.
    const order = await kit.db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirst();
    if (order && order.payment_status === 'authorised') return { status: 201, body: await kit.dto(order, market) };
    if (order && ['abandoned', 'declined'].includes(order.payment_status)) {
      throw new AppError('ERR_PAY_1003', 'The payment of this order did not complete; nothing was charged.');
    }
  }
  const err = new AppError('ERR_CHK_1003', 'A placement with this key is in progress; retry after a second.');
  err.retryAfterSeconds = 1;
  throw err;
}

async function pay(
  kit: CheckoutKit,
  order: OrderRow,
  market: Market,
  scope: string,
  key: string,
  body: PlaceOrderRequest,
): Promise<PlaceResult> {
  let result: Awaited<ReturnType<PaymentProvider['authorize']>>;
  try {
    result = await kit.deps.provider.authorize({
      reference: order.order_number,
      amount: Number(order.total),
      currency: order.currency,
      method: body.payment.method,
      card: body.payment.card,
      walletToken: body.payment.walletToken,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    await fail(
      kit,
      order,
      scope,
      key,
      'ERR_PAY_1003',
      'abandoned',
      'The payment provider did not answer; nothing was charged.',
    );
    throw new AppError('ERR_PAY_1003', 'The payment provider did not answer; nothing was charged.');
  }
  if (result.status === 'invalid' || result.status === 'declined') {
    const code = result.status === 'invalid' ? 'ERR_PAY_1002' : 'ERR_PAY_1000';
    const detail = `The payment was ${result.status === 'invalid' ? 'refused' : 'declined'} (${result.reason}). Nothing was charged and the order was not placed.`;
    await fail(kit, order, scope, key, code, 'declined', detail);
    throw new AppError(code, detail);
  }
  const payment = { reference: result.pspReference, cardBrand: result.cardBrand, cardLast4: result.cardLast4 };
  if (result.status === 'actionRequired') {
    const body202: Schemas['PaymentAuthentication'] = {
      orderNumber: order.order_number,
      challengeId: result.challengeId,
      expiresAt: new Date(new Date(order.placed_at).getTime() + PAYMENT_WINDOW_MINUTES * 60_000).toISOString(),
    };
    await kit.db.transaction().execute(async (trx) => {
      await markAwaitingAuthentication(trx, order, payment);
      await repo.saveResponse(trx, scope, key, 202, body202);
    });
    return { status: 202, body: body202 };
  }
  const storeName = await kit.storeName(order);
  const dto = await kit.db.transaction().execute(async (trx) => {
    const paid = await kit.complete(trx, order, payment, market, storeName);
    await repo.saveResponse(trx, scope, key, 201, paid);
    return paid;
  });
  return { status: 201, body: dto };
}
async function fail(
  kit: CheckoutKit,
  order: OrderRow,
  scope: string,
  key: string,
  code: string,
  paymentStatus: 'declined' | 'abandoned',
  detail: string,
): Promise<void> {
  await kit.db.transaction().execute(async (trx) => {
    const locked = await orderRepository.lockByNumber(trx, order.order_number);
    if (locked && locked.status === 'placed') {
      await cancelAndRelease(trx, locked, { paymentStatus, reason: `payment ${paymentStatus}`, source: 'payment' });
    }
    await repo.saveResponse(trx, scope, key, code === 'ERR_PAY_1003' ? 502 : code === 'ERR_PAY_1002' ? 422 : 402, {
      code,
      detail,
    });
  });
}

/** A stable serialisation (sorted keys) of a request body, for the key's digest. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
