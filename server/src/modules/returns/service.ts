import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { enqueueMail } from '../mail/index.ts';
import type { Market } from '../markets/index.ts';
import {
  markReturnRequested,
  orderRepository,
  returnableFlows,
  RETURN_WINDOW_DAYS,
  type OrderRow,
  type OrderService,
} from '../orders/index.ts';
import type { StoreService } from '../stores/index.ts';
import * as repo from './repository.ts';
import type { ReturnFlow } from './tables.ts';
import { returnReasons } from './texts.ts';
import { checkLine, checkShape, money, refundOf } from './request-checks.ts';
import { toReturnRequestDto } from './return-dto.ts';

type ReturnRequest = Schemas['ReturnRequest'];
type Input = Schemas['ReturnRequestInput'];

/** Days the client has to hand the items over (carrier or boutique) after the request. */
export const RETURN_HANDOVER_DAYS = 14;
const DAY_MS = 86_400_000;

/** The steps of each flow, in order (spec §2). */
export const RETURN_STEPS: Record<ReturnFlow, Schemas['ReturnFlowStep'][]> = {
  Return: ['orderDetails', 'productSelection', 'returnProduct', 'shipping', 'refund', 'confirmation'],
  Exchange: ['orderDetails', 'productSelection', 'exchangeProduct', 'shipping', 'refund', 'confirmation'],
};

/** The boutiques of the store master data, as this module needs them. */
export type ReturnStores = Pick<StoreService, 'data' | 'list' | 'toDto'>;

/** Who asks: a signed-in customer (by order number) or the bearer of a guest order's transaction id. */
export interface ReturnCaller {
  customerId?: string;
  lapsed?: boolean;
}

/**
 * Returns and exchanges of online orders. Every rule is checked under the order's row lock, in the transaction
 * that writes the request, reserves the replacement sizes and marks the order lines; a refusal writes nothing.
 */
export class ReturnService {
  constructor(
    private readonly db: DB,
    private readonly deps: { orders: OrderService; stores: ReturnStores; publicOrigin: string; now?: () => Date },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The order a caller may return from: a customer's own online order, or a guest's by its transaction. */
  async orderOf(caller: ReturnCaller, ref: { orderNumber?: string; transactionUuid?: string }): Promise<OrderRow> {
    if (ref.transactionUuid) return this.deps.orders.ofTransaction(ref.transactionUuid);
    if (!caller.customerId) throw new AppError(caller.lapsed ? 'ERR_MWR_1000' : 'ERR_API_1020');
    return this.deps.orders.ofCustomer(caller.customerId, ref.orderNumber ?? '', 'online');
  }

  /** The boutiques of a country that take online orders back. */
  async returnStores(country: string, market: Market): Promise<Schemas['ReturnStore'][]> {
    const { stores } = await this.deps.stores.list(country, market);
    return stores
      .filter((s) => s.services.includes('returnsInStore'))
      .map((s) => ({
        id: s.id,
        name: s.name,
        addressLines: s.address.formatted ?? [],
        city: s.address.city,
        url: s.url,
      }));
  }

  /** What the return pages need beyond the order: units left per line, exchange sizes, methods, boutiques. */
  async options(
    order: OrderRow,
    market: Market,
  ): Promise<
    Pick<
      Schemas['ReturnExchangePageData'],
      'lines' | 'availableFlowTypes' | 'returnReasons' | 'returnMethods' | 'handovers' | 'stores' | 'returnWindowDays'
    >
  > {
    const bundle = await orderRepository.bundle(this.db, order);
    const requested = await repo.requestedUnits(this.db, order.id);
    const pids = [...new Set(bundle.items.map((i) => i.pid))];
    const [sizes, prices, stores] = await Promise.all([
      repo.sizesOf(this.db, pids),
      repo.pricesOf(this.db, pids, order.currency),
      this.returnStores(order.country, market),
    ]);
    const now = this.now();
    const flows = new Set<ReturnFlow>();
    const lines = bundle.items.map((item) => {
      const open = returnableFlows(bundle, item, now);
      const left = open.length ? Math.max(0, item.quantity - (requested.get(item.id) ?? 0)) : 0;
      if (left > 0) open.forEach((f) => flows.add(f));
      const price = prices.get(item.pid);
      const exchangeSizes =
        left > 0 && open.includes('Exchange') && price !== undefined
          ? sizes
              .filter((s) => s.pid === item.pid && s.size !== item.size && s.stock > 0)
              .map((s) => ({
                size: s.size,
                unitPrice: money(price),
                priceDifference: money(price - Number(item.unit_price)),
              }))
          : [];
      return { itemId: String(item.line_no), returnableQuantity: left, exchangeSizes };
    });
    return {
      lines,
      availableFlowTypes: (['Return', 'Exchange'] as const).filter((f) => flows.has(f)),
      returnReasons: returnReasons(market.locale),
      returnMethods: stores.length ? ['ShipToReturnCenter', 'ShipToStore'] : ['ShipToReturnCenter'],
      handovers: order.delivery_method === 'ShipToAddress' ? ['pickUp', 'dropOff'] : ['dropOff'],
      stores,
      returnWindowDays: RETURN_WINDOW_DAYS,
    };
  }

  /**
   * Registers a return or exchange request. Shape rules first (ERR_API_1018), then the order (404s), the
   * boutique, and in one transaction holding the order's row lock: each line's flow and units left
   * (ERR_API_1025), the replacement's price (ERR_API_1026) and stock (ERR_OCAPI_1011, reserved at once).
   */
  async create(input: Input, caller: ReturnCaller, market: Market): Promise<ReturnRequest> {
    checkShape(input);
    const found = await this.orderOf(caller, input);
    // Master data read before the transaction (an embedded database has one connection).
    let store: Schemas['Store'] | null = null;
    if (input.returnMethod === 'ShipToStore') {
      const data = await this.deps.stores.data(input.storeId!);
      if (!data || !data.services.includes('returnsInStore') || data.address.country !== found.country) {
        throw new AppError('ERR_GLS_1006', `Boutique ${input.storeId} takes no returns in ${found.country}.`);
      }
      store = this.deps.stores.toDto(data, market);
    }
    if (input.handover === 'pickUp' && found.delivery_method !== 'ShipToAddress') {
      throw new AppError(
        'ERR_FORM_1008',
        'A courier pick-up needs an order delivered to an address; choose a drop-off point or a boutique.',
      );
    }
    const now = this.now();
    const created = await this.db.transaction().execute(async (trx) => {
      const order = (await orderRepository.lockByNumber(trx, found.order_number))!;
      const bundle = await orderRepository.bundle(trx, order);
      const requested = await repo.requestedUnits(trx, order.id);
      const pids = [...new Set(bundle.items.map((i) => i.pid))];
      const [sizes, prices] = await Promise.all([repo.sizesOf(trx, pids), repo.pricesOf(trx, pids, order.currency)]);
      const lines = input.lines.map((line) => checkLine(bundle, line, input.flowType, requested, now, sizes, prices));
      // Replacement units, in a stable order (sku) so concurrent requests lock the rows alike.
      for (const l of [...lines]
        .filter((l) => l.replacement)
        .sort((a, b) => a.replacement!.sku.localeCompare(b.replacement!.sku))) {
        if (!(await repo.reserveUnits(trx, l.replacement!.sku, l.quantity))) {
          throw new AppError(
            'ERR_OCAPI_1011',
            `Size ${l.replacement!.size} of ${l.item.pid} has fewer than ${l.quantity} unit(s) in stock.`,
          );
        }
      }
      const totals = refundOf(order, input.flowType, lines);
      const returnNumber = await repo.nextReturnNumber(trx);
      const returnBy = new Date(now.getTime() + RETURN_HANDOVER_DAYS * DAY_MS).toISOString().slice(0, 10);
      const request = await repo.insertRequest(trx, {
        return_number: returnNumber,
        order_id: order.id,
        flow_type: input.flowType,
        requested_by: input.transactionUuid ? 'guest' : 'customer',
        return_method: input.returnMethod,
        handover: input.returnMethod === 'ShipToReturnCenter' ? (input.handover ?? null) : null,
        store_id: store?.id ?? null,
        comment: input.comment?.trim() || null,
        locale: market.locale,
        currency: order.currency,
        items_amount: totals.items,
        tax_amount: totals.tax,
        refund_total: totals.total,
        return_by: returnBy,
      });
      const rows = await repo.insertLines(
        trx,
        lines.map((l) => ({
          return_id: request.id,
          order_item_id: l.item.id,
          line_no: l.item.line_no,
          quantity: l.quantity,
          reason_id: l.reasonId,
          unit_price: Number(l.item.unit_price),
          amount: l.amount,
          replacement_sku: l.replacement?.sku ?? null,
          replacement_size: l.replacement?.size ?? null,
        })),
      );
      const full = lines
        .filter((l) => (requested.get(l.item.id) ?? 0) + l.quantity >= l.item.quantity)
        .map((l) => l.item.line_no);
      await markReturnRequested(trx, order.id, full, `return:${returnNumber}`);
      const dto = toReturnRequestDto(order, bundle, request, rows, store, market);
      await enqueueMail(trx, {
        to: order.email,
        template: 'return-request',
        locale: market.locale,
        data: {
          reference: returnNumber,
          orderNumber: order.order_number,
          request: {
            currency: dto.refund.currencyCode,
            flow: dto.flowType,
            lines: dto.lines.map((l) => ({
              name: l.name,
              color: l.color,
              size: l.size,
              newSize: l.exchangeSize ?? null,
              quantity: l.quantity,
              amount: l.amount,
              imageUrl: new URL(l.image.src, `${this.deps.publicOrigin}/`).href,
              imageAlt: l.image.alt,
            })),
            refund: {
              items: dto.refund.itemsAmount,
              tax: dto.refund.taxAmount,
              shipping: dto.refund.shippingAmount,
              total: dto.refund.total,
            },
            payment: dto.refund.method
              ? { method: dto.refund.method, cardBrand: dto.refund.cardBrand, cardLast4: dto.refund.cardLast4 }
              : null,
          },
          handover: dto.instructions[1] ?? '',
          outcome: dto.instructions[2] ?? '',
          detailsUrl: this.thankYouUrl(order, market, input.transactionUuid !== undefined),
          firstName: order.first_name,
        },
      });
      return dto;
    });
    return created;
  }

  /** The thank-you page of the request (a guest's by the transaction id, which the order e-mail carries too). */
  thankYouUrl(order: OrderRow, market: Market, guest: boolean): string {
    const prefix = market.locale === 'en-us' ? '' : `/${market.locale}`;
    const query = guest
      ? `transactionUuid=${order.transaction_uuid}`
      : `orderNumber=${encodeURIComponent(order.order_number)}`;
    return `${this.deps.publicOrigin}${prefix}/myaccount/return-thank-you?${query}`;
  }

  /** The newest request of an order (thank-you page); undefined when it has none. */
  async latest(order: OrderRow, market: Market): Promise<ReturnRequest | undefined> {
    const found = await repo.latestOfOrder(this.db, order.id);
    if (!found) return undefined;
    const bundle = await orderRepository.bundle(this.db, order);
    const data = found.request.store_id ? await this.deps.stores.data(found.request.store_id) : undefined;
    return toReturnRequestDto(
      order,
      bundle,
      found.request,
      found.lines,
      data ? this.deps.stores.toDto(data, market) : null,
      market,
    );
  }
}
