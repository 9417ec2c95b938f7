import { createHash } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { AddressBook } from '../accounts/index.ts';
import {
  basketRepository,
  isEmployeeSaleSession,
  type BasketService,
  EMPLOYEE_SALE_QUOTA,
  MAX_QUANTITY_PER_PRODUCT,
} from '../basket/index.ts';
import {
  cancelAndRelease,
  insertOrder,
  markAwaitingAuthentication,
  markPaid,
  orderRepository,
  PAYMENT_WINDOW_MINUTES,
  toOrderDto,
  type OrderRow,
} from '../orders/index.ts';
import { luhnValid, PaymentProviderError, type PaymentProvider } from '../payments/index.ts';
import { deliveryMethodsOf } from '../products/index.ts';
import type { SessionRef } from '../sessions/index.ts';
import { takeStoreStock, type StoreService } from '../stores/index.ts';
import { sameAmount, taxIncluded, totals, type Market } from '../markets/index.ts';
import * as repo from './repository.ts';
import { checkOrderContact } from './contact-rules.ts';

type Order = Schemas['Order'];
type PlaceOrderRequest = Schemas['PlaceOrderRequest'];
type DeliveryOption = Schemas['DeliveryOption'];

/** How long an Idempotency-Key stays valid. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A key claimed by a request that died before writing an order may be taken over after this delay. */
const STALE_CLAIM_MS = 60_000;

export type PlaceResult = { status: 201; body: Order } | { status: 202; body: Schemas['PaymentAuthentication'] };

/** Called once an order is paid, in its transaction (the confirmation e-mail). */
export type OrderPaidHook = (trx: DB, order: OrderRow, dto: Order) => Promise<void>;

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

/**
 * The checkout of the session's basket: the options of each step, order placement (stock reserved in
 * the order's transaction, an Idempotency-Key against doubles) and the payment with its authentication.
 */
export class CheckoutService {
  constructor(
    private readonly db: DB,
    private readonly deps: {
      brand: string;
      basket: BasketService;
      stores: StoreService;
      addresses: AddressBook;
      provider: PaymentProvider;
      onPaid?: OrderPaidHook;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async options(session: SessionRef | undefined, market: Market): Promise<Schemas['CheckoutOptions']> {
    if (!market.currency) throw new AppError('ERR_OCAPI_1012', `The ${market.country} site does not sell online.`);
    const basket = await this.deps.basket.get(session, market);
    if (!session || basket.items.length === 0)
      throw new AppError('ERR_OCAPI_1013', 'The session has no basket, or it is empty.');
    const pickup = await this.pickupStores(market, basket.id!);
    const deliveryOptions = this.deliveryOptions(
      market,
      pickup.stores.length > 0,
      pickup.stores.some((s) => s.pickUpAtStore),
      basket.subtotal ?? 0,
    );
    const customer = session.customerId ? await repo.customerContact(this.db, session.customerId) : undefined;
    const savedAddresses = session.customerId
      ? (await this.deps.addresses.list(session.customerId)).filter((a) => a.country === market.country)
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

  /**
   * Places the order. Phase 1 (one transaction): lock the basket, re-price, reserve stock, write the order.
   * Phase 2: authorise the payment, then pay or cancel the order (stock released) in a second transaction.
   * The key's answer is stored so a replay answers the same.
   */
  async place(
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

    if (!(await repo.claimKey(this.db, scope, key, requestHash))) {
      const replay = await this.replay(scope, key, requestHash, market);
      if (replay) return replay;
    }

    let order: OrderRow;
    try {
      order = await this.reserve(session, market, scope, key, body);
    } catch (err) {
      // Refused before any order existed: the key is forgotten, so the corrected request may reuse it.
      await repo.releaseKey(this.db, scope, key);
      throw err;
    }
    return this.pay(order, market, scope, key, body);
  }

  /** The answer to a key already claimed: the stored answer, or why it cannot be given now. */
  private async replay(
    scope: string,
    key: string,
    requestHash: string,
    market: Market,
  ): Promise<PlaceResult | undefined> {
    const row = await repo.findKey(this.db, scope, key);
    if (!row) throw new AppError('ERR_CHK_1003', 'The key was just released; retry.');
    if (row.request_hash !== requestHash)
      throw new AppError('ERR_CHK_1004', 'The Idempotency-Key was first used with another request body.');
    if (this.now().getTime() - new Date(row.created_at).getTime() > IDEMPOTENCY_KEY_HOURS * 3_600_000) {
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
      (await repo.takeOverStaleKey(this.db, scope, key, new Date(this.now().getTime() - STALE_CLAIM_MS)))
    ) {
      return undefined; // The first request died before writing anything: this one goes on.
    }
    if (row.order_id !== null) {
      // The first request wrote its order but its answer is unknown (it died mid-payment): say what became of it.
      const order = await this.db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirst();
      if (order && order.payment_status === 'authorised') return { status: 201, body: await this.dto(order, market) };
      if (order && ['abandoned', 'declined'].includes(order.payment_status)) {
        throw new AppError('ERR_PAY_1003', 'The payment of this order did not complete; nothing was charged.');
      }
    }
    const err = new AppError('ERR_CHK_1003', 'A placement with this key is in progress; retry after a second.');
    err.retryAfterSeconds = 1;
    throw err;
  }

  private async reserve(
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
    checkPaymentDetails(body.payment, this.now());
    const employee = await isEmployeeSaleSession(this.db, session);
    // Read outside the transaction: an embedded database has one connection, held by the transaction.
    const boutiques = await this.deps.stores.pickupStores(market.country, market);
    const address = await this.addressOf(session, body);

    return this.db.transaction().execute(async (trx) => {
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
      const pickup = await this.pickupStores(market, basket.id, trx, boutiques);
      const option = this.deliveryOptions(
        market,
        pickup.stores.length > 0,
        pickup.stores.some((s) => s.pickUpAtStore),
        0,
      ).find((o) => o.id === body.delivery.optionId);
      if (!option) throw new AppError('ERR_CHK_1006', `Delivery option ${body.delivery.optionId} is not offered here.`);
      let shippingAddress: Schemas['Address'] | null = null;
      let storeId: string | null = null;
      if (option.deliveryMethod === 'ShipToAddress') {
        if (!address)
          throw new AppError(
            'ERR_CHK_1007',
            body.delivery.addressId
              ? `No saved address ${body.delivery.addressId}.`
              : 'A delivery address is required.',
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
        brand: this.deps.brand,
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

  private async pay(
    order: OrderRow,
    market: Market,
    scope: string,
    key: string,
    body: PlaceOrderRequest,
  ): Promise<PlaceResult> {
    let result: Awaited<ReturnType<PaymentProvider['authorize']>>;
    try {
      result = await this.deps.provider.authorize({
        reference: order.order_number,
        amount: Number(order.total),
        currency: order.currency,
        method: body.payment.method,
        card: body.payment.card,
        walletToken: body.payment.walletToken,
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      await this.fail(
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
      await this.fail(order, scope, key, code, 'declined', detail);
      throw new AppError(code, detail);
    }
    const payment = { reference: result.pspReference, cardBrand: result.cardBrand, cardLast4: result.cardLast4 };
    if (result.status === 'actionRequired') {
      const body202: Schemas['PaymentAuthentication'] = {
        orderNumber: order.order_number,
        challengeId: result.challengeId,
        expiresAt: new Date(new Date(order.placed_at).getTime() + PAYMENT_WINDOW_MINUTES * 60_000).toISOString(),
      };
      await this.db.transaction().execute(async (trx) => {
        await markAwaitingAuthentication(trx, order, payment);
        await repo.saveResponse(trx, scope, key, 202, body202);
      });
      return { status: 202, body: body202 };
    }
    const storeName = await this.storeName(order);
    const dto = await this.db.transaction().execute(async (trx) => {
      const paid = await this.complete(trx, order, payment, market, storeName);
      await repo.saveResponse(trx, scope, key, 201, paid);
      return paid;
    });
    return { status: 201, body: dto };
  }

  /** The order is paid: the basket is emptied and the confirmation queued, in the caller's transaction. */
  private async complete(
    trx: DB,
    order: OrderRow,
    payment: { reference: string; cardBrand: string | null; cardLast4: string | null },
    market: Market,
    storeName: string | null,
  ): Promise<Order> {
    await markPaid(trx, order, payment);
    if (order.basket_id) await repo.emptyBasket(trx, order.basket_id);
    const fresh = (await orderRepository.findByNumber(trx, order.order_number))!;
    const dto = await this.dto(fresh, market, trx, storeName);
    await this.deps.onPaid?.(trx, fresh, dto);
    return dto;
  }

  private async fail(
    order: OrderRow,
    scope: string,
    key: string,
    code: string,
    paymentStatus: 'declined' | 'abandoned',
    detail: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
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

  /** The shopper's answer to the issuer's challenge. Only the session that placed the order may answer. */
  async authenticate(
    session: SessionRef | undefined,
    market: Market,
    input: Schemas['PaymentAuthenticationRequest'],
  ): Promise<Order> {
    const found = await orderRepository.findByNumber(this.db, input.orderNumber);
    if (!found || !session || found.session_id !== session.id)
      throw new AppError('ERR_API_1023', `No order ${input.orderNumber} for this session.`);
    const storeName = await this.storeName(found);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const order = (await orderRepository.lockByNumber(trx, input.orderNumber))!;
      if (order.payment_status !== 'actionRequired' || order.status !== 'placed') {
        throw new AppError(
          'ERR_PAY_1004',
          `Order ${order.order_number} does not await an authentication (${order.status}).`,
        );
      }
      if (this.now().getTime() - new Date(order.placed_at).getTime() > PAYMENT_WINDOW_MINUTES * 60_000) {
        await cancelAndRelease(trx, order, {
          paymentStatus: 'abandoned',
          reason: 'authentication expired',
          source: 'payment',
        });
        return { expired: true as const };
      }
      let answer: Awaited<ReturnType<PaymentProvider['authenticate']>>;
      try {
        answer = await this.deps.provider.authenticate({
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
        order: await this.complete(
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

  // ---- helpers ----------------------------------------------------------------------------------

  private async dto(order: OrderRow, market: Market, db: DB = this.db, storeName?: string | null): Promise<Order> {
    const bundle = await orderRepository.bundle(db, order);
    const name = storeName !== undefined ? storeName : await this.storeName(order);
    return toOrderDto(bundle, {
      language: market.language,
      now: this.now(),
      storeName: name,
      includeTransaction: true,
    });
  }

  /** The boutique's name, read before a transaction (master data, outside it). */
  private async storeName(order: Pick<OrderRow, 'store_id'>): Promise<string | null> {
    return order.store_id ? ((await this.deps.stores.data(order.store_id))?.name ?? null) : null;
  }

  /** The market's delivery options for this basket, each with the order's totals if chosen. */
  private deliveryOptions(
    market: Market,
    hasPickupStore: boolean,
    anyStoreHoldsAll: boolean,
    subtotal: number,
  ): DeliveryOption[] {
    const methods = deliveryMethodsOf(this.now(), market, hasPickupStore) ?? [];
    const currency = market.currency ?? 'EUR';
    const option = (o: Omit<DeliveryOption, 'total'>): DeliveryOption => ({
      ...o,
      total: totals(market.country, currency, subtotal, o.cost),
    });
    const out: DeliveryOption[] = [];
    for (const m of methods) {
      if (m.kind !== 'pickup in store') {
        out.push(
          option({
            id: m.id,
            kind: m.kind,
            deliveryMethod: 'ShipToAddress',
            label: m.label,
            cost: m.cost,
            estimatedFrom: m.from,
            estimatedTo: m.to,
          }),
        );
        continue;
      }
      // Collect in a boutique: sent from the warehouse (ShipToStore), or taken from the boutique's own stock today.
      out.push(
        option({
          id: `${market.country}-STS`,
          kind: m.kind,
          deliveryMethod: 'ShipToStore',
          label: m.label,
          cost: 0,
          estimatedFrom: m.from,
          estimatedTo: m.to,
        }),
      );
      if (anyStoreHoldsAll) {
        out.push(
          option({
            id: `${market.country}-PUS`,
            kind: m.kind,
            deliveryMethod: 'PickUpAtStore',
            label: m.sameDayLabel,
            cost: 0,
            estimatedFrom: m.today,
            estimatedTo: m.today,
          }),
        );
      }
    }
    return out;
  }

  /**
   * The market's click-and-collect boutiques, and whether each holds the whole basket now. The master data
   * (`stores`) is read before any transaction; `db` may be the placement's transaction.
   */
  private async pickupStores(
    market: Market,
    basketId: string,
    db: DB = this.db,
    masterData?: Schemas['Store'][],
  ): Promise<{ stores: Schemas['PickupStore'][] }> {
    const stores = masterData ?? (await this.deps.stores.pickupStores(market.country, market));
    if (!stores.length) return { stores: [] };
    const holding = await repo.storesHolding(
      db,
      stores.map((s) => s.id),
      await repo.basketSkus(db, basketId),
    );
    return {
      stores: stores.map((s) => ({
        storeId: s.id,
        name: s.name,
        city: s.address.city,
        addressLines: s.address.formatted ?? [],
        pickUpAtStore: holding.has(s.id),
      })),
    };
  }

  /** The delivery address given, or the signed-in customer's saved one it names (only their own). */
  private async addressOf(session: SessionRef, body: PlaceOrderRequest): Promise<Schemas['Address'] | undefined> {
    if (body.delivery.address)
      return {
        ...body.delivery.address,
        ...(body.delivery.address.postalCode ? { postalCode: body.delivery.address.postalCode.toUpperCase() } : {}),
      };
    if (body.delivery.addressId && session.customerId)
      return this.deps.addresses.find(session.customerId, body.delivery.addressId);
    return undefined;
  }
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

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
