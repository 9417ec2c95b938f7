import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { MAX_QUANTITY_PER_PRODUCT } from './service.ts';

type Q = Kysely<Database>;

/**
 * Sign-out: a signed-in shopper's basket stays with the account (the session row is deleted next, and with
 * it only an anonymous basket).
 */
export async function detachBasket(trx: Q, sessionId: string, customerId: string): Promise<void> {
  await trx
    .updateTable('baskets')
    .set({ session_id: null, customer_id: customerId })
    .where('session_id', '=', sessionId)
    .execute();
}

/**
 * Sign-in: the session's (guest) basket becomes the customer's, and the baskets the customer left signed out
 * are merged into it — each line capped by the per-product maximum and the stock of its size — then deleted.
 * Runs in the sign-in transaction, after the session id rotated.
 */
export async function adoptCustomerBaskets(trx: Q, sessionId: string, customerId: string): Promise<void> {
  const detached = await trx
    .selectFrom('baskets')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('session_id', 'is', null)
    .orderBy('updated_at', 'desc')
    .forUpdate()
    .execute();
  const current = await trx
    .selectFrom('baskets')
    .select('id')
    .where('session_id', '=', sessionId)
    .forUpdate()
    .executeTakeFirst();
  if (!detached.length) {
    if (current)
      await trx.updateTable('baskets').set({ customer_id: customerId }).where('id', '=', current.id).execute();
    return;
  }
  let target = current?.id;
  if (!target) {
    // No guest basket: the newest detached basket simply moves to this session.
    const [keep, ...rest] = detached;
    await trx.updateTable('baskets').set({ session_id: sessionId }).where('id', '=', keep!.id).execute();
    if (!rest.length) return;
    target = keep!.id;
    detached.splice(0, detached.length, ...rest);
  } else {
    await trx.updateTable('baskets').set({ customer_id: customerId }).where('id', '=', target).execute();
  }
  const ids = detached.map((b) => b.id);
  const lines = await trx
    .selectFrom('basket_items as i')
    .innerJoin('product_variants as v', 'v.sku', 'i.sku')
    .select(['i.pid', 'i.sku', 'i.quantity', 'v.stock'])
    .where('i.basket_id', 'in', ids)
    .orderBy('i.added_at')
    .execute();
  for (const line of lines) {
    const existing = await trx
      .selectFrom('basket_items')
      .select([
        sql<number>`coalesce(sum(quantity), 0)::int`.as('product'),
        sql<number>`coalesce(sum(quantity) filter (where sku = ${line.sku}), 0)::int`.as('size'),
      ])
      .where('basket_id', '=', target)
      .where('pid', '=', line.pid)
      .executeTakeFirstOrThrow();
    const room = Math.min(line.quantity, MAX_QUANTITY_PER_PRODUCT - existing.product, line.stock - existing.size);
    if (room <= 0) continue;
    await trx
      .insertInto('basket_items')
      .values({ basket_id: target, pid: line.pid, sku: line.sku, quantity: room })
      .onConflict((oc) =>
        oc.columns(['basket_id', 'sku']).doUpdateSet({ quantity: sql`basket_items.quantity + excluded.quantity` }),
      )
      .execute();
  }
  await trx.deleteFrom('baskets').where('id', 'in', ids).execute();
}
