import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/**
 * For the returns module, in its transaction (which holds the order's row lock): marks the order lines whose
 * every unit is now in a return or exchange request `returnRequested`, the order too once every line is, and
 * records the request in the order's history (`source` names it, e.g. `return:RMA-00030001`).
 */
export async function markReturnRequested(
  trx: Q,
  orderId: string,
  fullyRequestedLineNos: readonly number[],
  source: string,
): Promise<void> {
  if (fullyRequestedLineNos.length) {
    await trx
      .updateTable('order_items')
      .set({ status: 'returnRequested' })
      .where('order_id', '=', orderId)
      .where('line_no', 'in', [...fullyRequestedLineNos])
      .execute();
  }
  const open = await trx
    .selectFrom('order_items')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', orderId)
    .where('status', '!=', 'returnRequested')
    .executeTakeFirstOrThrow();
  if (open.n === 0)
    await trx
      .updateTable('orders')
      .set({ status: 'returnRequested', updated_at: sql`now()` })
      .where('id', '=', orderId)
      .execute();
  await trx.insertInto('order_events').values({ order_id: orderId, status: 'returnRequested', source }).execute();
}

/**
 * For the returns module, in its transaction (which holds the order's row lock), after a request lapsed (its
 * status already `cancelled`): the lines it had marked `returnRequested` whose units are no longer all in an
 * open request go back to what they were (`delivered`, `completed` in a boutique), the order too if it was
 * `returnRequested`; the lapse is recorded in the order's history (`source`, e.g. `return-lapsed:RMA-00030001`).
 * Whether a line can be returned again is then the window's rule alone (`returnableFlows`).
 */
export async function markReturnLapsed(
  trx: Q,
  order: { id: string; channel: 'online' | 'offline' },
  source: string,
): Promise<void> {
  const before = order.channel === 'offline' ? 'completed' : 'delivered';
  await sql`
    update order_items i set status = ${before}
    where i.order_id = ${order.id} and i.status = 'returnRequested'
      and i.quantity > coalesce((
        select sum(l.quantity) from return_lines l join return_requests r on r.id = l.return_id
        where l.order_item_id = i.id and r.status != 'cancelled'), 0)`.execute(trx);
  const row = await trx
    .updateTable('orders')
    .set({ status: before, updated_at: sql`now()` })
    .where('id', '=', order.id)
    .where('status', '=', 'returnRequested')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_items')
          .select('id')
          .where('order_id', '=', order.id)
          .where('status', '!=', 'returnRequested'),
      ),
    )
    .returning('status')
    .executeTakeFirst();
  const status =
    row?.status ??
    (await trx.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status;
  await trx.insertInto('order_events').values({ order_id: order.id, status, source }).execute();
}
