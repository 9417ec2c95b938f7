// The lapse of return and exchange requests whose items never reach us. The client hands the items over by
// `return_by` (RETURN_HANDOVER_DAYS after the request); the parcel then has RETURN_LAPSE_GRACE_DAYS to arrive.
// A request still `requested` after that becomes `cancelled` (reason `lapsed`), and in the same transaction:
// an exchange's reserved units go back to the stock they came from, the order lines become returnable again
// (within the return window only), the order's history records it and the client receives an e-mail.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  markReturnLapsed,
  orderRepository,
  returnableFlows,
  RETURN_WINDOW_DAYS,
  type OrderBundle,
  type OrderRow,
} from '../orders/index.ts';
import { lapseNext, lapseOutcome } from './lapse-texts.ts';

/** Days a parcel handed over on its return-by date has to reach the return centre (carrier transit). */
export const RETURN_LAPSE_GRACE_DAYS = 7;
/** Requests lapsed per transaction: few row locks held at once, few round trips per request. */
export const RETURN_LAPSE_BATCH = 20;
const DAY_MS = 86_400_000;

const isoDate = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/**
 * The latest return-by date that has lapsed at `now`: a request lapses at 00:00 UTC on the day
 * RETURN_LAPSE_GRACE_DAYS + 1 after its return-by date (the return-by day itself, then the full grace days).
 */
export function lapsedReturnBy(now: Date): string {
  return isoDate(new Date(now.getTime() - (RETURN_LAPSE_GRACE_DAYS + 1) * DAY_MS));
}

/** The last day a line of the order may still be returned (UTC date), or null when the window has closed. */
function windowEnds(bundle: OrderBundle, lineNos: Set<number>, now: Date): string | null {
  const open = bundle.items.some((i) => lineNos.has(i.line_no) && returnableFlows(bundle, i, now).length > 0);
  if (!open) return null;
  const since =
    bundle.order.channel === 'offline'
      ? new Date(bundle.order.placed_at).getTime()
      : Math.max(...bundle.shipments.map((s) => (s.delivered_at ? new Date(s.delivered_at).getTime() : 0)));
  return isoDate(new Date(since + RETURN_WINDOW_DAYS * DAY_MS));
}

/**
 * Lapses every request still `requested` whose return-by date has passed by more than the grace days, in
 * batches of RETURN_LAPSE_BATCH per transaction. The requests are claimed with FOR UPDATE SKIP LOCKED, so
 * servers sweeping together share them and never release a unit twice; a request marked `received` meanwhile
 * no longer matches (or holds its row lock, and is skipped). Idempotent: a second run finds nothing.
 * Lock order: requests, then their orders by id, then the variants by sku (an exchange request locks an
 * order, then variants by sku), so a sweep and new requests never deadlock. Returns how many lapsed.
 */
export async function sweepLapsedReturns(
  db: DB,
  options: { publicOrigin: string; now?: Date; batch?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = lapsedReturnBy(now);
  const batch = options.batch ?? RETURN_LAPSE_BATCH;
  let lapsed = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const requests = await trx
        .selectFrom('return_requests')
        .select(['id', 'order_id', 'return_number', 'flow_type', 'locale'])
        .where('status', '=', 'requested')
        .where('return_by', '<=', cutoff)
        .orderBy('return_by')
        .orderBy('id')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!requests.length) return 0;
      const ids = requests.map((r) => r.id);
      const orders = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', [...new Set(requests.map((r) => r.order_id))])
        .orderBy('id')
        .forUpdate()
        .execute();
      const lines = await trx
        .selectFrom('return_lines')
        .selectAll()
        .where('return_id', 'in', ids)
        .orderBy('return_id')
        .orderBy('line_no')
        .execute();
      // The exchanges' reserved units, back to the online stock they were taken from (reserveUnits), by sku.
      const units = new Map<string, number>();
      for (const l of lines)
        if (l.replacement_sku) units.set(l.replacement_sku, (units.get(l.replacement_sku) ?? 0) + l.quantity);
      for (const sku of [...units.keys()].sort()) {
        await trx
          .updateTable('product_variants')
          .set({ stock: sql`stock + ${units.get(sku)!}` })
          .where('sku', '=', sku)
          .execute();
      }
      await trx
        .updateTable('return_requests')
        .set({ status: 'cancelled', cancel_reason: 'lapsed', cancelled_at: now })
        .where('id', 'in', ids)
        .execute();
      const byId = new Map<string, OrderRow>(orders.map((o) => [o.id, o]));
      for (const r of requests) {
        const order = byId.get(r.order_id)!;
        await markReturnLapsed(trx, order, `return-lapsed:${r.return_number}`);
        const bundle = await orderRepository.bundle(trx, order);
        const own = lines.filter((l) => l.return_id === r.id);
        const byItem = new Map(bundle.items.map((i) => [i.id, i]));
        const prefix = r.locale === 'en-us' ? '' : `/${r.locale}`;
        await enqueueMail(trx, {
          to: order.email,
          template: 'return-lapsed',
          locale: r.locale,
          data: {
            reference: r.return_number,
            orderNumber: order.order_number,
            items: own
              .map((l) => {
                const item = byItem.get(l.order_item_id)!;
                return `${item.name} (${l.replacement_size ? `${item.size} → ${l.replacement_size}` : item.size}) × ${l.quantity}`;
              })
              .join(', '),
            outcome: lapseOutcome(r.locale, r.flow_type),
            next: lapseNext(r.locale, windowEnds(bundle, new Set(own.map((l) => l.line_no)), now)),
            orderUrl: order.customer_id
              ? `${options.publicOrigin}${prefix}/myaccount/order-online?orderNumber=${encodeURIComponent(order.order_number)}`
              : `${options.publicOrigin}${prefix}/guest/order-online?transactionUuid=${order.transaction_uuid}`,
            firstName: order.first_name,
          },
        });
      }
      return requests.length;
    });
    lapsed += n;
    if (n < batch) return lapsed;
  }
}
