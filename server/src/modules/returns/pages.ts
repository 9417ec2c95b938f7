import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import type { OrderRow, OrderService } from '../orders/index.ts';
import type { Visitor } from '../sessions/index.ts';
import { RETURN_STEPS, type ReturnCaller, type ReturnService } from './service.ts';
import { returnPageTitle } from './texts.ts';

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

/**
 * Data of the return pages: the guest's start (`/return-order`), the flow for a guest (`/guest/return-exchange`)
 * and a customer (`/myaccount/return-exchange`), and the thank-you page. All personal: private, never indexed.
 */
export class ReturnPages {
  constructor(
    private readonly returns: ReturnService,
    private readonly orders: OrderService,
    private readonly deps: { shells: Shells; recaptchaSiteKey: string },
  ) {}

  private async caller(visitor: Visitor): Promise<ReturnCaller> {
    const s = await visitor.session();
    return { ...(s?.customerId ? { customerId: s.customerId } : {}), ...(s?.lapsed ? { lapsed: true } : {}) };
  }

  async returnOrder(market: Market): Promise<Schemas['ReturnOrderPageData']> {
    return {
      ...(await this.deps.shells.privateShell(
        'return-order',
        market,
        '/return-order',
        returnPageTitle(market.locale, 'returnOrder'),
      )),
      content: null,
      formId: 'trackOrder',
      recaptchaSiteKey: this.deps.recaptchaSiteKey,
      flowTypes: ['Return', 'Exchange'],
      steps: RETURN_STEPS.Return,
    };
  }

  private async flowPage(
    type: 'guest-return-exchange' | 'my-account-return-exchange',
    path: string,
    order: OrderRow,
    market: Market,
    flow: string | undefined,
  ): Promise<Schemas['ReturnExchangePageData']> {
    const flowType = flow === 'Exchange' ? 'Exchange' : 'Return';
    const [shell, dto, options] = await Promise.all([
      this.deps.shells.privateShell(type, market, path, returnPageTitle(market.locale, 'returnExchange')),
      this.orders.dto(order, market, { includeTransaction: true }),
      this.returns.options(order, market),
    ]);
    return { ...shell, order: dto, flowType, steps: RETURN_STEPS[flowType], currentStep: 'orderDetails', ...options };
  }

  async guest(market: Market, transactionUuid: string, flow?: string): Promise<Schemas['ReturnExchangePageData']> {
    const order = await this.orders.ofTransaction(transactionUuid);
    return this.flowPage('guest-return-exchange', '/guest/return-exchange', order, market, flow);
  }

  async account(
    visitor: Visitor,
    market: Market,
    orderNumber: string,
    flow?: string,
  ): Promise<Schemas['ReturnExchangePageData']> {
    const order = await this.returns.orderOf(await this.caller(visitor), { orderNumber });
    return this.flowPage('my-account-return-exchange', '/myaccount/return-exchange', order, market, flow);
  }

  async thankYou(
    visitor: Visitor,
    market: Market,
    ref: { orderNumber?: string; transactionUuid?: string },
  ): Promise<Schemas['ReturnThankYouPageData']> {
    if (!ref.orderNumber && !ref.transactionUuid)
      throw new AppError('ERR_CO_API_1000', 'The page needs orderNumber (signed in) or transactionUuid (guest).');
    const guest = Boolean(ref.transactionUuid);
    const order = await this.returns.orderOf(guest ? {} : await this.caller(visitor), ref);
    const request = await this.returns.latest(order, market);
    if (!request)
      throw new AppError(
        guest ? 'ERR_GUEST_API_1001' : 'ERR_API_1023',
        `Order ${order.order_number} has no return request.`,
      );
    const dto = await this.orders.dto(order, market, { includeTransaction: true });
    const lineIds = new Set(request.lines.map((l) => l.itemId));
    return {
      ...(await this.deps.shells.privateShell(
        'my-account-return-thank-you',
        market,
        '/myaccount/return-thank-you',
        returnPageTitle(market.locale, 'thankYou'),
      )),
      orderNumber: order.order_number,
      returnNumber: request.returnNumber,
      flowType: request.flowType,
      items: dto.items.filter((i) => lineIds.has(i.itemId)),
      returnMethod: request.returnMethod,
      returnLabelUrl: request.returnLabelUrl,
      nextSteps: request.instructions,
      request,
      guest,
    };
  }
}
