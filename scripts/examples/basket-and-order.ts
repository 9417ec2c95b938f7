// The basket's examples of scripts/generate-examples.ts, and the basket → checkout → order story: the checkout's
// options, the placed order and its confirmation page, each in one session per locale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import YAML from 'yaml';
import {
  EXAMPLE_LOCALES,
  STORY_DAY,
  STORY_PID,
  STORY_SIZE,
  STORY_TRANSACTION,
  examplesDirOf,
  label,
  map,
  ok,
  type ExampleSpec,
  type Json,
  type Locale,
} from './settings.ts';
import { dayShift, fixBasketIds, trimPage } from './trim.ts';

/** The basket's four calls, one fresh session per locale. */
export async function collectBaskets(app: Express): Promise<ExampleSpec[]> {
  // Baskets: one fresh session per locale (a browser-like agent keeps the `sid` cookie); the add
  // answer and the following read show the same one-item basket.
  const added: Partial<Record<Locale, Json>> = {};
  const basket: Partial<Record<Locale, Json>> = {};
  const updated: Partial<Record<Locale, Json>> = {};
  const removed: Partial<Record<Locale, Json>> = {};
  for (const l of EXAMPLE_LOCALES) {
    const agent = request.agent(app);
    added[l] = await ok(
      `add ${l}`,
      agent
        .post('/api/data/basket/add-item')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ pid: STORY_PID, size: STORY_SIZE }),
    );
    basket[l] = await ok(`basket ${l}`, agent.get('/api/data/basket/get-basket').query({ locale: l }));
    if (basket[l].items.length !== 1) throw new Error(`basket ${l}: expected one item`);
    const itemId = basket[l].items[0].itemId;
    updated[l] = await ok(
      `update ${l}`,
      agent
        .patch('/api/data/basket/update-item')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ itemId, quantity: 2 }),
    );
    removed[l] = await ok(
      `remove ${l}`,
      agent.delete('/api/data/basket/remove-item').query({ locale: l, itemId }).set('Sec-Fetch-Site', 'same-origin'),
    );
  }

  return [
    {
      pathFile: 'api@data@basket@get-basket.yaml',
      method: 'get',
      operationId: 'getBasket',
      values: map(basket as Record<Locale, Json>, fixBasketIds),
      summary: label('A basket with one item'),
    },
    {
      pathFile: 'api@data@basket@add-item.yaml',
      method: 'post',
      operationId: 'addBasketItem',
      values: map(added as Record<Locale, Json>, fixBasketIds),
      summary: label('The basket after adding one item'),
    },
    {
      pathFile: 'api@data@basket@update-item.yaml',
      method: 'patch',
      operationId: 'updateBasketItem',
      values: map(updated as Record<Locale, Json>, fixBasketIds),
      summary: label('The basket after setting the quantity to 2'),
    },
    {
      pathFile: 'api@data@basket@remove-item.yaml',
      method: 'delete',
      operationId: 'removeBasketItem',
      values: map(removed as Record<Locale, Json>, fixBasketIds),
      summary: label('The basket after removing its only item'),
    },
  ];
}

/** The story's checkout options, placed order and confirmation page, and the order requests it sent. */
export async function collectOrderStory(
  app: Express,
): Promise<{ specs: ExampleSpec[]; orderRequests: Record<Locale, Json> }> {
  // The basket → checkout → order story: one more session per locale adds the story's product, reads the
  // checkout's options, places the order its request example describes (the expected total taken from those
  // options) and reads the order's confirmation page.
  const checkoutOptions: Partial<Record<Locale, Json>> = {};
  const orderRequests: Partial<Record<Locale, Json>> = {};
  const orders: Partial<Record<Locale, Json>> = {};
  const confirmations: Partial<Record<Locale, Json>> = {};
  for (const l of EXAMPLE_LOCALES) {
    const agent = request.agent(app);
    await ok(
      `story add ${l}`,
      agent
        .post('/api/data/basket/add-item')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ pid: STORY_PID, size: STORY_SIZE }),
    );
    const options = await ok(`checkout options ${l}`, agent.get('/api/checkout/options').query({ locale: l }));
    const template = YAML.parse(
      readFileSync(join(examplesDirOf('storefront'), `place-order-request-${l}.yaml`), 'utf8'),
    ) as { summary: string; value: Json };
    const option = options.deliveryOptions.find((o: Json) => o.id === template.value.delivery.optionId);
    if (!option) throw new Error(`checkout options ${l}: no delivery option ${template.value.delivery.optionId}`);
    orderRequests[l] = { summary: template.summary, value: { ...template.value, expectedTotal: option.total.total } };
    const order = await ok(
      `place order ${l}`,
      agent
        .post('/api/checkout/place-order')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .set('Idempotency-Key', `example-order-${l}-0001`)
        .send(orderRequests[l].value),
      201,
    );
    const confirmation = await ok(
      `confirmation ${l}`,
      agent.get('/ssr/checkout/confirmation').query({ locale: l, orderNumber: order.orderNumber }),
    );
    // The server's clock dates the order and its deliveries: moved to the story's day, so that a rerun changes nothing.
    const shift = dayShift(String(order.placedAt).slice(0, 10), STORY_DAY);
    const fixOrder = (o: Json) => ({
      ...shift(o),
      placedAt: `${STORY_DAY}T10:00:00Z`,
      transactionUuid: STORY_TRANSACTION,
    });
    checkoutOptions[l] = shift({ ...options, basket: fixBasketIds(options.basket) });
    orders[l] = fixOrder(order);
    confirmations[l] = { ...trimPage(confirmation, null), order: fixOrder(confirmation.order) };
  }

  const specs: ExampleSpec[] = [
    {
      pathFile: 'api@checkout@options.yaml',
      method: 'get',
      operationId: 'getCheckoutOptions',
      values: checkoutOptions as Record<Locale, Json>,
      summary: label('A basket of one pair of pumps'),
    },
    {
      pathFile: 'api@checkout@place-order.yaml',
      method: 'post',
      operationId: 'placeOrder',
      status: '201',
      values: orders as Record<Locale, Json>,
      summary: label('The paid order'),
    },
    {
      pathFile: 'ssr@checkout@confirmation.yaml',
      method: 'get',
      operationId: 'getOrderConfirmationPageData',
      values: confirmations as Record<Locale, Json>,
      summary: label('The order just placed'),
    },
  ];
  return { specs, orderRequests: orderRequests as Record<Locale, Json> };
}
