import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/**
 * For the returns module, in its transaction (which holds the order's row lock): marks the order lines whose
 * every unit is now in a return or exchange request `returnRequested`, the order too once every line is, and
 * records the request in the order's history (`source` names it, e.g. `return:RMA-00030001`).
 */
export async function markReturnRequested(trx: Q, orderId: string, fullyRequestedLineNos: readonly number[], source: string): Promise<void> {
  if (fullyRequestedLineNos.length) {
    await trx.updateTable('order_items').set({ status: 'returnRequested' }).where('order_id', '=', orderId).where('line_no', 'in', [...fullyRequestedLineNos]).execute();
  }
  const open = await trx
    .selectFrom('order_items')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', orderId)
    .where('status', '!=', 'returnRequested')
    .executeTakeFirstOrThrow();
  if (open.n === 0) await trx.updateTable('orders').set({ status: 'returnRequested', updated_at: sql`now()` }).where('id', '=', orderId).execute();
  await trx.insertInto('order_events').values({ order_id: orderId, status: 'returnRequested', source }).execute();
}
