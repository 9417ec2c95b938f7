export {
  insertOrder,
  markPaid,
  markAwaitingAuthentication,
  cancelAndRelease,
  sweepUnpaidOrders,
  PAYMENT_WINDOW_MINUTES,
} from './lifecycle.ts';
export type { NewOrder } from './lifecycle.ts';
export * as orderRepository from './repository.ts';
export type { OrderRow, OrderItemRow, OrderBundle } from './repository.ts';
export { toOrderDto, returnableFlows, isCancellable, RETURN_WINDOW_DAYS, CANCELLABLE_STATUSES } from './view.ts';
export type { OrderTables, OrderStatus, PaymentStatus } from './tables.ts';
export { OrderService, TRACK_LIMITS } from './service.ts';
export type { OrderCancelledHook } from './service.ts';
export { OrderPages, ORDER_PAGE_KINDS } from './pages.ts';
export { advanceOrders } from './fulfilment.ts';
export { markReturnRequested, markReturnLapsed } from './returns-support.ts';
export { orderMails } from './mail.ts';
export { seedDemoClient, DEMO_CLIENT } from './demo.ts';
export { ordersModule } from './module.ts';
