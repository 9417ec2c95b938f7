// Phase 1 of placing an order, in one transaction: the basket locked and re-priced, its rules checked again,
// the stock reserved (warehouse or boutique) and the order written, linked to its Idempotency-Key.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import {
  basketRepository,
  isEmployeeSaleSession,
  EMPLOYEE_SALE_QUOTA,
  MAX_QUANTITY_PER_PRODUCT,
} from '../basket/index.ts';
import { cancelAndRelease, insertOrder, orderRepository, type OrderRow } from '../orders/index.ts';
import { luhnValid } from '../payments/index.ts';
import type { SessionRef } from '../sessions/index.ts';
import { takeStoreStock } from '../stores/index.ts';
import { sameAmount, totals, type Market } from '../markets/index.ts';
import * as repo from './repository.ts';
import { checkOrderContact } from './contact-rules.ts';
import type { CheckoutKit } from './checkout-kit.ts';

type PlaceOrderRequest = Schemas['PlaceOrderRequest'];

interface Line {
  pid: string;
  sku: string;
  size: string;
  name: string;
  color: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  employeeOnly: boolean;
}

export async function reserveOrder(
  kit: CheckoutKit,
  session: SessionRef,
  market: Market,
  scope: string,
  key: string,
  body: PlaceOrderRequest,
): Promise<OrderRow> {
  const currency = market.currency;
  if (!currency) throw new AppError('ERR_OCAPI_1012', `The ${market.country} site does not sell online.`);
  if (body.acceptTerms !== true) throw new AppError('ERR_CHK_1008', 'acceptTerms must be true.');
  checkOrderContact(body);
  checkPaymentDetails(body.payment, kit.now());
  const employee = await isEmployeeSaleSession(kit.db, session);
  // Read outside the transaction: an embedded database has one connection, held by the transaction.
  const boutiques = await kit.deps.stores.pickupStores(market.country, market);
  const address = await kit.addressOf(session, body);

  return kit.db.transaction().execute(async (trx) => {
    const basket = await repo.lockSessionBasket(trx, session.id);
    if (!basket) throw new AppError('ERR_OCAPI_1013', 'No basket on this session.');
    const pending = await repo.pendingOrderOfBasket(trx, basket.id);
    if (pending) {
      const order = (await orderRepository.lockByNumber(trx, pending))!;
      if (order.payment_status !== 'actionRequired') {
        // Another request of this basket is authorising its payment right now.
        const err = new AppError('ERR_CHK_1003', `Order ${pending} of this basket awaits its payment.`);
        err.retryAfterSeconds = 1;
        throw err;
      }
      // The shopper left the issuer's challenge unanswered and places again (another card): that attempt ends here.
      await cancelAndRelease(trx, order, {
        paymentStatus: 'abandoned',
        reason: 'replaced by a new placement',
        source: 'checkout',
      });
    }
    const rows = await basketRepository.basketLines(trx, basket.id, market.language, currency, employee);
    if (!rows.length) throw new AppError('ERR_OCAPI_1013', 'The basket is empty.');
    const lines: Line[] = [];
    for (const r of rows) {
      const unit = r.list_price === null ? null : Number(r.sale_price ?? r.list_price);
      if (!r.sellable || unit === null)
        throw new AppError('ERR_CHK_1002', `${r.pid} size ${r.size} can no longer be bought.`);
      lines.push({
        pid: r.pid,
        sku: r.sku,
        size: r.size,
        name: r.name ?? r.pid,
        color: r.color_name ?? '',
        quantity: r.quantity,
        unitPrice: unit,
        lineTotal: round2(unit * r.quantity),
        employeeOnly: r.employee_only,
      });
    }
    checkBasketRules(lines);
    const isEmployeeSale = lines.some((l) => l.employeeOnly);
    if (isEmployeeSale && session.customerId) {
      const bought = await basketRepository.employeeSaleUnitsBought(trx, session.customerId);
      const units = lines.reduce((s, l) => s + l.quantity, 0);
      if (bought + units > EMPLOYEE_SALE_QUOTA)
        throw new AppError('ERR_OCAPI_1017', `At most ${EMPLOYEE_SALE_QUOTA} employee sale units; ${bought} bought.`);
    }

    // Delivery: the option, and the address or boutique its method needs.
    const pickup = await kit.pickupStores(market, basket.id, trx, boutiques);
    const option = kit
      .deliveryOptions(
        market,
        pickup.stores.length > 0,
        pickup.stores.some((s) => s.pickUpAtStore),
        0,
      )
      .find((o) => o.id === body.delivery.optionId);
    if (!option) throw new AppError('ERR_CHK_1006', `Delivery option ${body.delivery.optionId} is not offered here.`);
    let shippingAddress: Schemas['Address'] | null = null;
    let storeId: string | null = null;
    if (option.deliveryMethod === 'ShipToAddress') {
      if (!address)
        throw new AppError(
          'ERR_CHK_1007',
          body.delivery.addressId ? `No saved address ${body.delivery.addressId}.` : 'A delivery address is required.',
        );
      shippingAddress = address;
      if (shippingAddress.country !== market.country) {
        throw new AppError(
          'ERR_CHK_1007',
          `The delivery address is in ${shippingAddress.country}; this site delivers in ${market.country}.`,
        );
      }
    } else {
      const store = pickup.stores.find((s) => s.storeId === body.delivery.storeId);
      if (!body.delivery.storeId || !store)
        throw new AppError(
          'ERR_CHK_1006',
          `Boutique ${body.delivery.storeId ?? '(none)'} does not collect online orders here.`,
        );
      if (option.deliveryMethod === 'PickUpAtStore' && !store.pickUpAtStore) {
        throw new AppError(
          'ERR_CHK_1006',
          `Boutique ${store.storeId} does not hold every item of the basket for PickUpAtStore.`,
        );
      }
      storeId = store.storeId;
    }

    const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
    const amounts = totals(market.country, currency, subtotal, option.cost);
    if (!sameAmount(amounts.total, body.expectedTotal, currency)) {
      throw new AppError(
        'ERR_CHK_1001',
        `The reviewed total was ${body.expectedTotal} ${currency}; the order now totals ${amounts.total} ${currency}.`,
      );
    }

    // Stock: one conditional decrement per size, in a fixed order (no deadlock between two baskets).
    for (const line of [...lines].sort((a, b) => a.sku.localeCompare(b.sku))) {
      const taken =
        option.deliveryMethod === 'PickUpAtStore'
          ? await takeStoreStock(trx, storeId!, line.sku, line.quantity)
          : await repo.takeWarehouseStock(trx, line.sku, line.quantity);
      if (!taken)
        throw new AppError('ERR_CHK_1002', `${line.pid} size ${line.size}: fewer than ${line.quantity} left.`);
    }

    const order = await insertOrder(trx, {
      brand: kit.deps.brand,
      country: market.country,
      locale: market.locale,
      currency,
      customerId: session.customerId ?? null,
      sessionId: session.id,
      basketId: basket.id,
      email: body.email.toLowerCase(),
      civility: body.civility ?? null,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone ?? null,
      deliveryMethod: option.deliveryMethod as 'ShipToAddress' | 'ShipToStore' | 'PickUpAtStore',
      deliveryKind: option.kind,
      shippingMethodId: option.id,
      storeId,
      shippingAddress,
      billingAddress: body.billingAddress ?? shippingAddress,
      gift: body.gift?.wrap || body.gift?.message ? body.gift : null,
      totals: amounts,
      isEmployeeSale,
      paymentMethod: body.payment.method,
      estimatedFrom: option.estimatedFrom,
      estimatedTo: option.estimatedTo,
      lines,
    });
    await repo.linkKey(trx, scope, key, order.id);
    return order;
  });
}

/** Rules of the basket checked again at placement (a basket may have been filled before a rule changed). */
function checkBasketRules(lines: Line[]): void {
  const perProduct = new Map<string, number>();
  for (const l of lines) perProduct.set(l.pid, (perProduct.get(l.pid) ?? 0) + l.quantity);
  for (const [pid, n] of perProduct) {
    if (n > MAX_QUANTITY_PER_PRODUCT)
      throw new AppError(
        'ERR_OCAPI_1010',
        `At most ${MAX_QUANTITY_PER_PRODUCT} units of product ${pid}; the basket holds ${n}.`,
      );
  }
  if (lines.some((l) => l.employeeOnly) && lines.some((l) => !l.employeeOnly)) {
    throw new AppError('ERR_API_1019', 'The basket mixes employee sale items and regular items.');
  }
}

/** Card rules of any provider, checked before anything is written: a typo costs no order. */
function checkPaymentDetails(payment: PlaceOrderRequest['payment'], now: Date): void {
  if (payment.method === 'expressPay') {
    if (!payment.walletToken) throw new AppError('ERR_PAY_1002', 'walletToken is required for expressPay.');
    return;
  }
  const card = payment.card;
  if (!card) throw new AppError('ERR_PAY_1002', 'card is required for the card method.');
  const digits = card.number.replace(/\s+/g, '');
  if (digits.length < 12 || digits.length > 19 || !luhnValid(digits))
    throw new AppError('ERR_PAY_1002', 'The card number is not valid.');
  if (Date.UTC(card.expiryYear, card.expiryMonth, 1) <= now.getTime()) {
    throw new AppError(
      'ERR_PAY_1002',
      `The card expired in ${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}.`,
    );
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
