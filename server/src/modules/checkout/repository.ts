import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** The session's basket, locked until the transaction ends: one placement at a time per basket. */
export async function lockSessionBasket(trx: Q, sessionId: string): Promise<{ id: string } | undefined> {
  return trx.selectFrom('baskets').select('id').where('session_id', '=', sessionId).forUpdate().executeTakeFirst();
}

/** An order of this basket whose payment is still being decided (a second placement must wait). */
export async function pendingOrderOfBasket(trx: Q, basketId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select('order_number')
    .where('basket_id', '=', basketId)
    .where('payment_status', 'in', ['pending', 'actionRequired'])
    .executeTakeFirst();
  return row?.order_number;
}

/** Takes units from the warehouse stock; false (nothing changed) when fewer are left. Never below zero. */
export async function takeWarehouseStock(trx: Q, sku: string, quantity: number): Promise<boolean> {
  const res = await trx
    .updateTable('product_variants')
    .set({ stock: sql`stock - ${quantity}` })
    .where('sku', '=', sku)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The boutiques (of `storeIds`) that hold every line in its quantity now. Reads the stores module's
 * `store_stock` (the same table its takeStoreStock() decrements).
 */
export async function storesHolding(
  db: Q,
  storeIds: string[],
  lines: { sku: string; quantity: number }[],
): Promise<Set<string>> {
  if (!storeIds.length || !lines.length) return new Set();
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.quantity);
  const { rows } = await sql<{ store_id: string; sku: string; quantity: number }>`
    select store_id, sku, quantity from store_stock
    where store_id in (${sql.join(storeIds)}) and sku in (${sql.join([...wanted.keys()])})`.execute(db);
  const holding = new Set<string>();
  for (const id of storeIds) {
    const ok = [...wanted].every(([sku, q]) =>
      rows.some((r) => r.store_id === id && r.sku === sku && Number(r.quantity) >= q),
    );
    if (ok) holding.add(id);
  }
  return holding;
}

export async function emptyBasket(trx: Q, basketId: string): Promise<void> {
  await trx.deleteFrom('basket_items').where('basket_id', '=', basketId).execute();
}

// ---- idempotency keys ------------------------------------------------------------------------------

export interface KeyRow {
  request_hash: string;
  order_id: string | null;
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

/** Claims a key for this request; false when the key exists (another request owns or owned it). */
export async function claimKey(db: Q, scope: string, key: string, requestHash: string): Promise<boolean> {
  const res = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findKey(db: Q, scope: string, key: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'order_id', 'response_status', 'response_body', 'created_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Takes over a key whose request died before it wrote an order (a crash); true when this request now owns it. */
export async function takeOverStaleKey(db: Q, scope: string, key: string, staleBefore: Date): Promise<boolean> {
  const res = await db
    .updateTable('idempotency_keys')
    .set({ created_at: sql`now()` })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('order_id', 'is', null)
    .where('response_status', 'is', null)
    .where('created_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function linkKey(trx: Q, scope: string, key: string, orderId: string): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ order_id: orderId })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

export async function saveResponse(db: Q, scope: string, key: string, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: JSON.stringify(body) as never })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Forgets a key whose request was refused before any order was written: the shopper may correct and retry. */
export async function releaseKey(db: Q, scope: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('order_id', 'is', null)
    .execute();
}

export async function basketSkus(db: Q, basketId: string): Promise<{ sku: string; quantity: number }[]> {
  return db.selectFrom('basket_items').select(['sku', 'quantity']).where('basket_id', '=', basketId).execute();
}

/** The signed-in customer's contact details, to prefill the checkout (the accounts module's customer file). */
export async function customerContact(db: Q, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['email', 'civility', 'first_name', 'last_name', 'phone'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}
