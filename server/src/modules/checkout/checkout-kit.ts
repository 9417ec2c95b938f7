// What the checkout's use cases share: the database, the collaborators, the clock, the order's answer, the
// boutiques, the delivery options and the paid order's completion. The use cases are checkout-options.ts,
// place-order.ts (with reserve-order.ts) and authenticate-payment.ts; `CheckoutService` (service.ts) is their door.
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { AddressBook } from '../accounts/index.ts';
import type { BasketService } from '../basket/index.ts';
import { markPaid, orderRepository, toOrderDto, type OrderRow } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { deliveryMethodsOf } from '../products/index.ts';
import type { SessionRef } from '../sessions/index.ts';
import type { StoreService } from '../stores/index.ts';
import { totals, type Market } from '../markets/index.ts';
import * as repo from './repository.ts';

type Order = Schemas['Order'];
type PlaceOrderRequest = Schemas['PlaceOrderRequest'];
type DeliveryOption = Schemas['DeliveryOption'];

/** How long an Idempotency-Key stays valid. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export type PlaceResult = { status: 201; body: Order } | { status: 202; body: Schemas['PaymentAuthentication'] };

/** Called once an order is paid, in its transaction (the confirmation e-mail). */
export type OrderPaidHook = (trx: DB, order: OrderRow, dto: Order) => Promise<void>;

/** The checkout's collaborators. */
export interface CheckoutDeps {
  brand: string;
  basket: BasketService;
  stores: StoreService;
  addresses: AddressBook;
  provider: PaymentProvider;
  onPaid?: OrderPaidHook;
  now?: () => Date;
}

/** The database, the collaborators and the helpers every use case of the checkout reads. */
export class CheckoutKit {
  constructor(
    readonly db: DB,
    readonly deps: CheckoutDeps,
  ) {}

  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The order is paid: the basket is emptied and the confirmation queued, in the caller's transaction. */
  async complete(
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

  async dto(order: OrderRow, market: Market, db: DB = this.db, storeName?: string | null): Promise<Order> {
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
  async storeName(order: Pick<OrderRow, 'store_id'>): Promise<string | null> {
    return order.store_id ? ((await this.deps.stores.data(order.store_id))?.name ?? null) : null;
  }

  /** The market's delivery options for this basket, each with the order's totals if chosen. */
  deliveryOptions(
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
  async pickupStores(
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
  async addressOf(session: SessionRef, body: PlaceOrderRequest): Promise<Schemas['Address'] | undefined> {
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
