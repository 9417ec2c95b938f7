import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Limit, RateLimiter, Reservation } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { Market } from '../markets/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { cancelAndRelease } from './lifecycle.ts';
import * as repo from './repository.ts';
import type { OrderRow } from './repository.ts';
import { isCancellable, toOrderDto } from './view.ts';

type Order = Schemas['Order'];

const HOUR = 3600;
/**
 * Order tracking (spec: the e-mail must match the order), which guest returns use to find the order too. Guessing
 * is capped where it comes from — the client's IP address, and that address on one order number — so that
 * someone else's wrong guesses never lock the owner out. The per-order cap is for a guess spread over many
 * addresses: far above anything a shopper's typos reach.
 */
export const TRACK_LIMITS = {
  /** Every look-up. */
  perIp: { bucket: 'track-ip', max: 20, windowSeconds: HOUR },
  /** Look-ups that found nothing (no such order, or not with this e-mail address). */
  failuresPerIp: { bucket: 'track-fail-ip', max: 10, windowSeconds: HOUR },
  failuresPerIpAndOrder: { bucket: 'track-fail-ip-order', max: 5, windowSeconds: HOUR },
  failuresPerOrder: { bucket: 'track-fail-order', max: 50, windowSeconds: HOUR },
} satisfies Record<string, Limit>;

/** Called after an order is cancelled by its customer, in the cancellation's transaction (the e-mail). */
export type OrderCancelledHook = (trx: DB, order: OrderRow, dto: Order) => Promise<void>;

/** Store names for order pages (the stores module's master data). */
export interface StoreNames {
  data(storeId: string): Promise<{ name: string } | undefined>;
}

/** Reading, tracking and cancelling orders; every read names its owner (customer, session or e-mail). */
export class OrderService {
  constructor(
    private readonly db: DB,
    private readonly deps: {
      recaptcha: RecaptchaVerifier;
      limits: RateLimiter;
      provider: PaymentProvider;
      stores: StoreNames;
      onCancelled?: OrderCancelledHook;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async dto(
    order: OrderRow,
    market: Market,
    options: { includeTransaction?: boolean; db?: DB; storeName?: string | null } = {},
  ): Promise<Order> {
    const bundle = await repo.bundle(options.db ?? this.db, order);
    const storeName =
      options.storeName !== undefined
        ? options.storeName
        : order.store_id
          ? ((await this.deps.stores.data(order.store_id))?.name ?? null)
          : null;
    return toOrderDto(bundle, {
      language: market.language,
      now: this.now(),
      storeName,
      includeTransaction: options.includeTransaction ?? false,
    });
  }

  /** One page of the signed-in customer's orders of a channel. */
  async list(
    customerId: string,
    market: Market,
    channel: 'online' | 'offline' = 'online',
    page = 1,
    pageSize = 10,
  ): Promise<Schemas['OrderList']> {
    const { rows, total } = await repo.pageOfCustomer(this.db, customerId, channel, page, pageSize);
    const bundles = await repo.bundles(this.db, rows);
    const names = new Map<string, string | null>();
    for (const id of new Set(rows.map((r) => r.store_id).filter((s): s is string => Boolean(s))))
      names.set(id, (await this.deps.stores.data(id))?.name ?? null);
    const now = this.now();
    return {
      channel,
      orders: bundles.map((b) =>
        toOrderDto(b, {
          language: market.language,
          now,
          storeName: b.order.store_id ? (names.get(b.order.store_id) ?? null) : null,
          includeTransaction: true,
        }),
      ),
      page,
      pageSize,
      total,
    };
  }

  /** An order of the signed-in customer (another customer's is the same 404 as an unknown number). */
  async ofCustomer(customerId: string, orderNumber: string, channel?: 'online' | 'offline'): Promise<OrderRow> {
    const order = await repo.findByNumber(this.db, orderNumber);
    if (!order || order.customer_id !== customerId || (channel && order.channel !== channel) || hidden(order)) {
      throw new AppError('ERR_API_1023', `No order ${orderNumber.toUpperCase()} for this customer.`);
    }
    return order;
  }

  /** The order just placed, for its confirmation page: the placing session, or the signed-in owner. */
  async ofPlacer(session: { id: string; customerId?: string } | undefined, orderNumber: string): Promise<OrderRow> {
    const order = await repo.findByNumber(this.db, orderNumber);
    const mine =
      order &&
      session &&
      (order.session_id === session.id || (session.customerId && order.customer_id === session.customerId));
    if (!order || !mine || hidden(order))
      throw new AppError('ERR_API_1023', `No order ${orderNumber.toUpperCase()} for this session.`);
    return order;
  }

  /** A guest's order, by the transaction id of its e-mail link or of a successful tracking. */
  async ofTransaction(transactionUuid: string): Promise<OrderRow> {
    const order = await repo.findByTransaction(this.db, transactionUuid);
    if (!order || order.channel !== 'online' || hidden(order))
      throw new AppError('ERR_GUEST_API_1001', 'No guest order for this transaction.');
    return order;
  }

  /**
   * Order tracking for anyone: the number and the e-mail address given when ordering. "No such order" and "not
   * with this e-mail address" are one answer (404 ERR_API_1023, same detail, same work), so that nobody learns
   * which order numbers exist. Each look-up takes its place among the failures of its IP address, of that
   * address on this order number and of the order number before the order is read (simultaneous guesses never
   * exceed the limits); a look-up that finds the order gives them back.
   */
  async track(input: Schemas['OrderTrackRequest'], caller: { ip: string }, market: Market): Promise<Order> {
    await this.deps.limits.hit(TRACK_LIMITS.perIp, caller.ip);
    await this.deps.recaptcha.verify(input.recaptchaToken, caller.ip);
    const orderNumber = input.orderNumber.toUpperCase();
    const attempts = await this.reserveAll([
      [TRACK_LIMITS.failuresPerIp, caller.ip],
      [TRACK_LIMITS.failuresPerIpAndOrder, `${caller.ip} ${orderNumber}`],
      [TRACK_LIMITS.failuresPerOrder, orderNumber],
    ]);
    let order: OrderRow | undefined;
    try {
      order = await repo.findByNumber(this.db, orderNumber);
    } catch (err) {
      await releaseAll(attempts);
      throw err;
    }
    if (!order || hidden(order) || order.email !== input.email.trim().toLowerCase()) {
      throw new AppError('ERR_API_1023', 'No order with this number and e-mail address.');
    }
    await releaseAll(attempts);
    return this.dto(order, market, { includeTransaction: true });
  }

  /** Takes a place in each limit, or none: a refusal gives back the places already taken. */
  private async reserveAll(limits: [Limit, string][]): Promise<Reservation[]> {
    const taken: Reservation[] = [];
    try {
      for (const [limit, key] of limits) taken.push(await this.deps.limits.reserve(limit, key));
      return taken;
    } catch (err) {
      await releaseAll(taken);
      throw err;
    }
  }

  /**
   * Cancels a whole online order of the signed-in customer: only before it ships (paid or processing).
   * The payment is voided, the stock released, in one transaction holding the order's row lock.
   */
  async cancel(customerId: string, input: Schemas['OrderCancelRequest'], market: Market): Promise<Order> {
    const owned = await this.ofCustomer(customerId, input.orderNumber);
    // Master data read before the transaction (an embedded database has one connection).
    const storeName = owned.store_id ? ((await this.deps.stores.data(owned.store_id))?.name ?? null) : null;
    return this.db.transaction().execute(async (trx) => {
      const order = (await repo.lockByNumber(trx, input.orderNumber))!;
      if (!isCancellable(order)) {
        throw new AppError(
          'ERR_API_1024',
          `Order ${order.order_number} is ${order.channel === 'offline' ? 'an in-boutique purchase' : order.status}; only paid or processing online orders can be cancelled.`,
        );
      }
      try {
        if (order.payment_reference) await this.deps.provider.void(order.payment_reference);
      } catch (err) {
        throw Object.assign(
          new AppError('ERR_CO_API_1004', 'The payment could not be voided; nothing was cancelled.'),
          { cause: err },
        );
      }
      await cancelAndRelease(trx, order, {
        paymentStatus: 'voided',
        reason: input.comment ? `${input.reason}: ${input.comment}` : input.reason,
        source: 'customer',
      });
      const fresh = (await repo.findByNumber(trx, order.order_number))!;
      const dto = await this.dto(fresh, market, { includeTransaction: true, db: trx, storeName });
      await this.deps.onCancelled?.(trx, fresh, dto);
      return dto;
    });
  }
}

async function releaseAll(reservations: Reservation[]): Promise<void> {
  await Promise.all(reservations.map((r) => r.release().catch(() => undefined)));
}

/** Orders whose payment never went through belong to nobody's history. */
function hidden(order: OrderRow): boolean {
  return (repo.HIDDEN_PAYMENT_STATUSES as readonly string[]).includes(order.payment_status);
}
