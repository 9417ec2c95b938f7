export {
  insertOrder,
  markPaid,
  markAwaitingAuthentication,
  cancelAndRelease,
  sweepUnpaidOrders,
  PAYMENT_WINDOW_MINUTES,
} from './lifecycle.ts';
export * as orderRepository from './repository.ts';
export type { OrderRow, OrderBundle } from './repository.ts';
export { toOrderDto, returnableFlows, RETURN_WINDOW_DAYS } from './view.ts';
export { OrderService } from './service.ts';
export { advanceOrders } from './fulfilment.ts';
export { markReturnRequested, markReturnLapsed } from './returns-support.ts';
export { orderMails } from './mail.ts';
export { seedDemoClient, DEMO_CLIENT } from './demo.ts';
export { ordersModule } from './module.ts';
