import type { DB } from '../../db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import { productImage, productUrl } from '../catalog/index.ts';
import { taxIncluded, totals } from '../markets/index.ts';
import { deliveryMethodsOf } from '../products/index.ts';
import type { SessionRef, SessionService } from '../sessions/index.ts';
import * as repo from './repository.ts';
import { isEmployeeSaleSession } from './employee-sale.ts';

/**
 * The most units of one product (all sizes together) a basket may hold. The spec leaves the value
 * open; 5 is a common ceiling for luxury houses (it deters resellers without bothering clients).
 */
export const MAX_QUANTITY_PER_PRODUCT = 5;
/**
 * Employee-sale allowance: the most units of OnlyForEmployee products one employee may buy (orders not
 * cancelled, plus the basket). The spec names the quota but not its value.
 */
export const EMPLOYEE_SALE_QUOTA = 10;

type Basket = Schemas['Basket'];

export class BasketService {
  constructor(
    private readonly db: DB,
    private readonly sessions: SessionService,
  ) {}

  async get(session: SessionRef | undefined, market: Market): Promise<Basket> {
    const basketId = session ? await repo.findBasketId(this.db, session.id) : undefined;
    return this.view(basketId, market, session);
  }

  /**
   * Adds units of one size. Everything is checked before anything is written; the per-product and
   * stock ceilings are checked again under the basket's row lock, so concurrent adds cannot pass them.
   */
  async add(
    session: SessionRef | undefined,
    input: { pid: string; size: string; quantity?: number | undefined; applePay?: boolean | undefined },
    market: Market,
  ): Promise<{ basket: Basket; newSessionToken?: string }> {
    const quantity = input.quantity ?? 1;
    const pid = input.pid.toUpperCase();
    const employee = await isEmployeeSaleSession(this.db, session);
    const product = await this.db
      .selectFrom('products as p')
      .leftJoin('product_prices as pr', (j) =>
        j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', market.currency ?? '-'),
      )
      .select(['p.pid', 'p.is_employee_only', 'p.is_sellable_online', 'p.is_ecom_assortment', 'pr.list_price'])
      .where('p.pid', '=', pid)
      .executeTakeFirst();
    // OnlyForEmployee products exist only for sessions synced from the employee-sale site.
    if (!product || (product.is_employee_only && !employee))
      throw new AppError('ERR_PDT_API_1001', `No product ${pid}.`);
    if (!market.currency) throw new AppError('ERR_OCAPI_1012', `The ${market.country} site does not sell online.`);
    if (product.list_price === null) throw new AppError('ERR_PDT_API_1001', `No product ${pid} in this market.`);
    const variant = await this.db
      .selectFrom('product_variants')
      .select(['sku', 'stock'])
      .where('pid', '=', pid)
      .where('size', '=', input.size)
      .executeTakeFirst();
    if (!variant) throw new AppError('ERR_PDT_API_1007', `Product ${pid} has no size "${input.size}".`);
    if (!product.is_sellable_online || !product.is_ecom_assortment) {
      throw new AppError('ERR_OCAPI_1011', `Product ${pid} is not sold online.`);
    }

    let newSessionToken: string | undefined;
    const basketId = await this.db.transaction().execute(async (trx) => {
      let ref = session;
      if (!ref) {
        const created = await this.sessions.create(trx);
        ref = created.ref;
        newSessionToken = created.token;
      }
      const id = await repo.lockOrCreateBasket(trx, ref.id, ref.customerId);
      const contents = await repo.contents(trx, id);
      if (input.applePay && contents.units > 0) {
        throw new AppError(
          'ERR_BSK_1008',
          `Express checkout starts from an empty basket; this one holds ${contents.units} items.`,
        );
      }
      // Employee-sale baskets hold only OnlyForEmployee products, and regular baskets none.
      if (contents.units > 0 && (product.is_employee_only ? contents.regularUnits > 0 : contents.employeeUnits > 0)) {
        throw new AppError(
          'ERR_API_1019',
          product.is_employee_only ? 'The basket holds regular items.' : 'The basket holds employee sale items.',
        );
      }
      if (product.is_employee_only) {
        const bought = ref.customerId ? await repo.employeeSaleUnitsBought(trx, ref.customerId) : 0;
        if (bought + contents.employeeUnits + quantity > EMPLOYEE_SALE_QUOTA) {
          throw new AppError(
            'ERR_OCAPI_1017',
            `At most ${EMPLOYEE_SALE_QUOTA} employee sale units per employee; ${bought + contents.employeeUnits} bought or in the basket.`,
          );
        }
      }
      const inBasket = await repo.quantityOfProduct(trx, id, pid);
      if (inBasket + quantity > MAX_QUANTITY_PER_PRODUCT) {
        throw new AppError(
          'ERR_OCAPI_1010',
          `At most ${MAX_QUANTITY_PER_PRODUCT} units of product ${pid}; the basket already holds ${inBasket}.`,
        );
      }
      const line = await repo.findLine(trx, id, { sku: variant.sku });
      const stock = await repo.variantStock(trx, variant.sku);
      if ((line?.quantity ?? 0) + quantity > stock) {
        throw new AppError('ERR_OCAPI_1011', `Only ${stock} left in size ${input.size}.`);
      }
      await repo.upsertLine(trx, id, pid, variant.sku, quantity);
      return id;
    });
    const basket = await this.view(basketId, market, session);
    return newSessionToken ? { basket, newSessionToken } : { basket };
  }

  async update(
    session: SessionRef | undefined,
    input: { itemId: string; quantity: number },
    market: Market,
  ): Promise<Basket> {
    const basketId = await this.db.transaction().execute(async (trx) => {
      const id = session ? await repo.lockBasket(trx, session.id) : undefined;
      if (!id) throw new AppError('ERR_BSK_1003');
      const line = await repo.findLine(trx, id, { itemId: input.itemId });
      if (!line) throw new AppError('ERR_BSK_1005', `No line ${input.itemId} in the basket.`);
      const others = await repo.quantityOfProduct(trx, id, line.pid, line.id);
      if (others + input.quantity > MAX_QUANTITY_PER_PRODUCT) {
        throw new AppError('ERR_OCAPI_1010', `At most ${MAX_QUANTITY_PER_PRODUCT} units of product ${line.pid}.`);
      }
      if (line.employee_only && input.quantity > line.quantity) {
        const contents = await repo.contents(trx, id);
        const bought = session?.customerId ? await repo.employeeSaleUnitsBought(trx, session.customerId) : 0;
        if (bought + contents.employeeUnits - line.quantity + input.quantity > EMPLOYEE_SALE_QUOTA) {
          throw new AppError('ERR_OCAPI_1017', `At most ${EMPLOYEE_SALE_QUOTA} employee sale units per employee.`);
        }
      }
      const stock = await repo.variantStock(trx, line.sku);
      if (input.quantity > stock) throw new AppError('ERR_BSK_1007', `Only ${stock} left.`);
      await repo.setLineQuantity(trx, line.id, input.quantity);
      return id;
    });
    return this.view(basketId, market, session);
  }

  async remove(session: SessionRef | undefined, itemId: string, market: Market): Promise<Basket> {
    const basketId = await this.db.transaction().execute(async (trx) => {
      const id = session ? await repo.lockBasket(trx, session.id) : undefined;
      if (!id) throw new AppError('ERR_BSK_1002');
      const line = await repo.findLine(trx, id, { itemId });
      if (!line) throw new AppError('ERR_BSK_1004', `No line ${itemId} in the basket.`);
      await repo.deleteLine(trx, line.id);
      return id;
    });
    return this.view(basketId, market, session);
  }

  /** The basket priced for the market; prices and availability are read fresh every time. */
  async view(basketId: string | undefined, market: Market, session: SessionRef | undefined): Promise<Basket> {
    const employee = basketId ? await isEmployeeSaleSession(this.db, session) : false;
    const lines = basketId ? await repo.basketLines(this.db, basketId, market.language, market.currency, employee) : [];
    const items: Schemas['BasketItem'][] = lines.map((l) => {
      const unit = market.currency && l.list_price !== null ? (l.sale_price ?? l.list_price) : null;
      const name = l.name ?? l.pid;
      return {
        itemId: l.id,
        pid: l.pid,
        size: l.size,
        sizeLabel: l.size,
        name,
        url: productUrl(l.slug, l.pid, { language: market.language, name }),
        image: productImage(l.pid, 1, `${name} — ${l.color_name ?? ''}`),
        color: l.color_name ?? '',
        quantity: l.quantity,
        unitPrice: unit,
        lineTotal: unit === null ? null : round2(unit * l.quantity),
        available: l.sellable && unit !== null && l.stock >= l.quantity,
      };
    });
    const priced = items.filter((i) => i.lineTotal !== null);
    const subtotal = market.currency ? round2(priced.reduce((s, i) => s + (i.lineTotal ?? 0), 0)) : null;
    // The bag's estimate is the checkout summary's first figures: the market's standard delivery.
    const standard = deliveryMethodsOf(new Date(), market, false)?.find((m) => m.kind === 'standard delivery');
    return {
      id: basketId ?? null,
      market: toMarketDto(market),
      currencyCode: market.currency,
      items,
      itemCount: items.reduce((s, i) => s + i.quantity, 0),
      subtotal,
      estimatedTotals:
        market.currency && subtotal !== null && items.length > 0
          ? totals(market.country, market.currency, subtotal, standard?.cost ?? 0)
          : null,
      taxIncluded: taxIncluded(market.country),
      maxQuantityPerProduct: MAX_QUANTITY_PER_PRODUCT,
    };
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
