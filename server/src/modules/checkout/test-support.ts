// Helpers of the checkout and order tests: a product sellable in a market, a filled basket, a valid order body.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { agent } from '../../test/harness.ts';
import { TEST_CARDS } from '../payments/index.ts';

export type Agent = ReturnType<typeof agent>;

/** A size of a product sold online in `currency`, with at least `minStock` units; `offset` picks another one. */
export async function buyableVariant(db: DB, options: { minStock?: number; offset?: number; currency?: string } = {}) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.pid', 'v.pid')
    .innerJoin('product_prices as pr', (j) =>
      j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', options.currency ?? 'EUR'),
    )
    .select(['p.pid', 'v.size', 'v.sku', 'v.stock'])
    .where('p.is_employee_only', '=', false)
    .where('p.is_sellable_online', '=', true)
    .where('p.is_ecom_assortment', '=', true)
    .where('v.stock', '>=', options.minStock ?? 3)
    .orderBy('p.pid')
    .orderBy('v.sku')
    .offset(options.offset ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();
}

export async function setStock(db: DB, sku: string, stock: number): Promise<void> {
  await db.updateTable('product_variants').set({ stock }).where('sku', '=', sku).execute();
}

export async function stockOf(db: DB, sku: string): Promise<number> {
  return (await db.selectFrom('product_variants').select('stock').where('sku', '=', sku).executeTakeFirstOrThrow())
    .stock;
}

/** Orders holding a size (test files share a PostgreSQL database: each counts only its own product's orders). */
export async function orderCount(db: DB, sku: string): Promise<number> {
  return (
    await sql<{ n: number }>`select count(distinct order_id)::int as n from order_items where sku = ${sku}`.execute(db)
  ).rows[0]!.n;
}

/** A new shopper with `quantity` units of the size in the bag. */
export async function shopperWith(
  app: Express,
  v: { pid: string; size: string },
  quantity = 1,
  locale = 'fr-fr',
): Promise<Agent> {
  const a = agent(app);
  await a.post(`/api/data/basket/add-item?locale=${locale}`).send({ pid: v.pid, size: v.size, quantity }).expect(200);
  return a;
}

export const FR_ADDRESS = {
  firstName: 'Camille',
  lastName: 'Martin',
  addressLine1: '12 rue de Sèvres',
  city: 'Paris',
  postalCode: '75006',
  country: 'FR',
};

export function card(number: string = TEST_CARDS.approved) {
  return {
    method: 'card' as const,
    card: {
      number,
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 3,
      cvc: number.startsWith('3') ? '1234' : '123',
      holderName: 'Camille Martin',
    },
  };
}

/** A valid order body from checkout options already read: delivery `-<optionSuffix>` to an address in France, by card. */
export function orderBodyFrom<Option extends { id: string; cost: number }>(
  options: { basket: { subtotal: number }; deliveryOptions: Option[] },
  optionSuffix = 'STD',
) {
  const option = options.deliveryOptions.find((o) => o.id.endsWith(`-${optionSuffix}`));
  if (!option) throw new Error(`no delivery option -${optionSuffix}`);
  const body = {
    email: 'camille.martin@example.fr',
    civility: 'MS',
    firstName: 'Camille',
    lastName: 'Martin',
    phone: '+33 6 12 34 56 78',
    delivery: { optionId: option.id, address: FR_ADDRESS },
    payment: card(),
    expectedTotal: options.basket.subtotal + option.cost,
    acceptTerms: true,
  };
  return { body, option };
}

/** A valid order body for the shopper's basket, from the checkout options (standard delivery to an address). */
export async function orderBody(
  a: Agent,
  overrides: Record<string, unknown> = {},
  locale = 'fr-fr',
  optionSuffix = 'STD',
) {
  const options = (await a.get(`/api/checkout/options?locale=${locale}`).expect(200)).body;
  // The option as the tests read it: every field of the answer.
  const option = options.deliveryOptions.find((o: { id: string }) => o.id.endsWith(`-${optionSuffix}`));
  return { body: { ...orderBodyFrom(options, optionSuffix).body, ...overrides }, options, option };
}

export function place(a: Agent, body: unknown, key: string = randomUUID(), locale = 'fr-fr') {
  return a
    .post(`/api/checkout/place-order?locale=${locale}`)
    .set('Idempotency-Key', key)
    .send(body as object);
}
