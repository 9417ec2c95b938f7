import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import type { SessionRef, Visitor } from '../sessions/index.ts';
import { orderPageTitle, type OrderPageKey } from './page-texts.ts';
import type { OrderRow } from './repository.ts';
import type { OrderService } from './service.ts';

type PageType = Schemas['PageType'];

/** The envelope of a private page (the page-data module's privateShell). */
export interface Shells {
  privateShell<T extends PageType>(
    pageType: T,
    market: Market,
    path: string,
    title: string,
  ): Promise<Omit<Schemas['PageEnvelope'], 'pageType'> & { pageType: T }>;
}
/** The visitor's bag as the bag's page shows it (the basket module's `get`). */
export interface BasketReader {
  get(session: SessionRef | undefined, market: Market): Promise<Schemas['Basket']>;
}

/** The visitor's checkout options as the checkout page shows them (the checkout module's `options`). */
export type CheckoutOptionsReader = (
  session: SessionRef | undefined,
  market: Market,
) => Promise<Schemas['CheckoutOptions']>;

export interface StoreDetails {
  get(storeId: string, market: Market): Promise<Schemas['Store']>;
}

/**
 * Data of the basket, checkout, confirmation, tracking and order pages. Every one is personal or a form:
 * private, never indexed; an order is shown only to its owner (customer, placing session, or the bearer
 * of the guest transaction id).
 */
export class OrderPages {
  constructor(
    private readonly orders: OrderService,
    private readonly deps: {
      shells: Shells;
      stores: StoreDetails;
      basket: BasketReader;
      checkoutOptions: CheckoutOptionsReader;
      recaptchaSiteKey: string;
    },
  ) {}

  private shell<T extends PageType>(type: T, market: Market, path: string, key: OrderPageKey) {
    return this.deps.shells.privateShell(type, market, path, orderPageTitle(market.locale, key));
  }

  private async customer(visitor: Visitor): Promise<string> {
    const session = await visitor.session();
    if (!session?.customerId) throw new AppError(session?.lapsed ? 'ERR_MWR_1000' : 'ERR_API_1020');
    return session.customerId;
  }

  private async store(order: OrderRow, market: Market): Promise<Schemas['Store'] | null> {
    if (!order.store_id) return null;
    return this.deps.stores.get(order.store_id, market).catch(() => null);
  }

  /** The bag's page, with the visitor's bag: its lines are in the page's first HTML (read-only: no bag is made). */
  async basket(visitor: Visitor, market: Market): Promise<Schemas['CheckoutPageData']> {
    const [shell, basket] = await Promise.all([
      this.shell('basket', market, '/basket', 'basket'),
      visitor.session().then((session) => this.deps.basket.get(session, market)),
    ]);
    return { ...shell, basket };
  }

  /**
   * The checkout, with the visitor's options: the page's first HTML shows the checkout. Options the checkout
   * refuses to give (an empty bag, a market that does not sell online) are left out: the browser asks for them
   * and shows what the refusal says.
   */
  async checkout(visitor: Visitor, market: Market): Promise<Schemas['CheckoutPageData']> {
    const [shell, checkoutOptions] = await Promise.all([
      this.shell('checkout', market, '/checkout', 'checkout'),
      visitor
        .session()
        .then((session) => this.deps.checkoutOptions(session, market))
        .catch((err: unknown) => {
          if (err instanceof AppError) return undefined;
          throw err;
        }),
    ]);
    return checkoutOptions ? { ...shell, checkoutOptions } : shell;
  }

  async confirmation(
    visitor: Visitor,
    market: Market,
    orderNumber: string,
  ): Promise<Schemas['OrderConfirmationPageData']> {
    const session = await visitor.session();
    const order = await this.orders.ofPlacer(session, orderNumber);
    return {
      ...(await this.shell('checkout-confirmation', market, '/checkout/confirmation', 'confirmation')),
      order: await this.orders.dto(order, market, { includeTransaction: true }),
      store: await this.store(order, market),
      signedIn: Boolean(session?.customerId),
    };
  }

  async trackOrder(market: Market): Promise<Schemas['TrackOrderPageData']> {
    return {
      ...(await this.shell('track-order', market, '/track-order', 'trackOrder')),
      content: null,
      formId: 'trackOrder',
      recaptchaSiteKey: this.deps.recaptchaSiteKey,
      signInUrl: '/signin?returnUrl=/myaccount/orders',
    };
  }

  async history(visitor: Visitor, market: Market): Promise<Schemas['OrderHistoryPageData']> {
    const customerId = await this.customer(visitor);
    const [online, offline] = await Promise.all([
      this.orders.list(customerId, market, 'online'),
      this.orders.list(customerId, market, 'offline'),
    ]);
    return { ...(await this.shell('my-account-orders', market, '/myaccount/orders', 'orders')), online, offline };
  }

  async customerOrder(
    visitor: Visitor,
    market: Market,
    channel: 'online' | 'offline',
    orderNumber: string,
  ): Promise<Schemas['OrderDetailPageData']> {
    const customerId = await this.customer(visitor);
    const order = await this.orders.ofCustomer(customerId, orderNumber, channel);
    const dto = await this.orders.dto(order, market, { includeTransaction: true });
    const type = channel === 'online' ? 'my-account-order-online' : 'my-account-order-offline';
    return {
      ...(await this.shell(type, market, `/myaccount/order-${channel}`, 'order')),
      order: dto,
      store: await this.store(order, market),
      returnUrl: dto.items.some((i) => i.returnableFlows.length)
        ? `/myaccount/return-exchange?orderNumber=${encodeURIComponent(dto.orderNumber)}`
        : null,
    };
  }

  async guestOrder(market: Market, transactionUuid: string): Promise<Schemas['OrderDetailPageData']> {
    const order = await this.orders.ofTransaction(transactionUuid);
    const dto = await this.orders.dto(order, market, { includeTransaction: true });
    return {
      ...(await this.shell('guest-order-online', market, '/guest/order-online', 'order')),
      order: dto,
      store: await this.store(order, market),
      returnUrl: dto.items.some((i) => i.returnableFlows.length)
        ? `/guest/return-exchange?transactionUuid=${order.transaction_uuid}`
        : null,
    };
  }

  /** Saved cards: the checkout never stores card details (the provider would keep them), so there are none. */
  async payment(visitor: Visitor, market: Market): Promise<Schemas['PaymentPageData']> {
    await this.customer(visitor);
    return { ...(await this.shell('my-account-payment', market, '/myaccount/payment', 'payment')), cards: [] };
  }
}
