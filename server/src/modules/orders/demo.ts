import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { hashPassword, newClientId, newUserId } from '../accounts/index.ts';
import { nextOrderNumber, setStatus } from './repository.ts';

/**
 * The demo client of `npm start` (DEMO_CLIENT=true, never a production default): an active account with an
 * address, two online orders (one delivered a week ago, so it can be returned or exchanged; one on its way)
 * and two in-boutique purchases from the client file. Written once; later starts find it.
 */
export const DEMO_CLIENT = { email: 'client@example.com', password: 'Maison-Montaigne-2026' } as const;

export async function seedDemoClient(db: DB, brand: string, boutiqueId: string | undefined): Promise<boolean> {
  if (await db.selectFrom('customers').select('id').where('email', '=', DEMO_CLIENT.email).executeTakeFirst())
    return false;
  const products = await db
    .selectFrom('products as p')
    .innerJoin('product_variants as v', 'v.pid', 'p.pid')
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'EUR'))
    .innerJoin('product_translations as t', (j) => j.onRef('t.pid', '=', 'p.pid').on('t.language', '=', 'fr'))
    .select(['p.pid', 'v.sku', 'v.size', 't.name', 't.color_name', 'pr.list_price', 'pr.sale_price'])
    .where('p.is_employee_only', '=', false)
    .where('p.is_sellable_online', '=', true)
    .where('v.stock', '>', 2)
    .orderBy('p.pid')
    .orderBy('v.sku')
    .limit(400)
    .execute();
  // Four different products, each with another size in stock (for an exchange).
  const picks = [...new Map(products.map((p) => [p.pid, p])).values()]
    .filter((p) => products.filter((o) => o.pid === p.pid).length > 1)
    .slice(0, 4);
  if (picks.length < 4) return false;
  const hash = await hashPassword(DEMO_CLIENT.password);
  await db.transaction().execute(async (trx) => {
    const customerId = randomUUID();
    await trx
      .insertInto('customers')
      .values({
        id: customerId,
        client_id: newClientId(),
        user_id: newUserId(),
        email: DEMO_CLIENT.email,
        password_hash: hash,
        status: 'ACTIVE',
        civility: 'MS',
        first_name: 'Claire',
        last_name: 'Dumont',
        first_name_kana: null,
        last_name_kana: null,
        phone: '+33612345678',
        birth_date: null,
        gender_preference: null,
        locale: 'fr-fr',
        country: 'FR',
        preferred_store_id: boutiqueId ?? null,
        activation_sent_at: null,
        password_changed_at: new Date(),
      })
      .execute();
    await trx.insertInto('password_history').values({ customer_id: customerId, password_hash: hash }).execute();
    const address = {
      type: 'HOME',
      label: 'Maison',
      civility: 'MS',
      firstName: 'Claire',
      lastName: 'Dumont',
      addressLine1: '24 rue du Faubourg Saint-Honoré',
      city: 'Paris',
      postalCode: '75008',
      country: 'FR',
      phone: '+33612345678',
    };
    await trx
      .insertInto('customer_addresses')
      .values({
        id: 'addr-demo-home',
        customer_id: customerId,
        position: 0,
        is_default: true,
        data: JSON.stringify(address) as never,
      })
      .execute();

    const day = 86_400_000;
    const now = Date.now();
    const orders: {
      channel: 'online' | 'offline';
      daysAgo: number;
      status: 'delivered' | 'shipped' | 'completed';
      item: (typeof picks)[number];
    }[] = [
      { channel: 'online', daysAgo: 9, status: 'delivered', item: picks[0]! },
      { channel: 'online', daysAgo: 2, status: 'shipped', item: picks[1]! },
      { channel: 'offline', daysAgo: 40, status: 'completed', item: picks[2]! },
      { channel: 'offline', daysAgo: 120, status: 'completed', item: picks[3]! },
    ];
    for (const [n, o] of orders.entries()) {
      const price = Number(o.item.sale_price ?? o.item.list_price);
      const placedAt = new Date(now - o.daysAgo * day);
      const online = o.channel === 'online';
      const number = online
        ? await nextOrderNumber(trx, brand, 'FR')
        : `75001${placedAt.toISOString().slice(0, 10).replaceAll('-', '')}${String(n).padStart(2, '0')}`;
      const order = await trx
        .insertInto('orders')
        .values({
          order_number: number,
          channel: o.channel,
          status: 'placed',
          brand,
          country: 'FR',
          locale: 'fr-fr',
          currency: 'EUR',
          customer_id: customerId,
          session_id: null,
          basket_id: null,
          email: DEMO_CLIENT.email,
          civility: 'MS',
          first_name: 'Claire',
          last_name: 'Dumont',
          phone: '+33612345678',
          delivery_method: online ? 'ShipToAddress' : 'PickUpAtStore',
          delivery_kind: online ? 'standard delivery' : null,
          shipping_method_id: online ? 'FR-STD' : null,
          store_id: online ? null : (boutiqueId ?? null),
          shipping_address: online ? (JSON.stringify(address) as never) : null,
          billing_address: null,
          gift: null,
          subtotal: price,
          shipping: 0,
          tax: Math.round((price - price / 1.2) * 100) / 100,
          total: price,
          payment_status: online ? 'authorised' : 'captured',
          payment_method: 'card',
          payment_reference: `demo_${number}`,
          card_brand: 'visa',
          card_last4: '4242',
          estimated_from: online ? new Date(placedAt.getTime() + 2 * day).toISOString().slice(0, 10) : null,
          estimated_to: online ? new Date(placedAt.getTime() + 4 * day).toISOString().slice(0, 10) : null,
          placed_at: placedAt,
          paid_at: placedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_items')
        .values({
          order_id: order.id,
          line_no: 1,
          pid: o.item.pid,
          sku: o.item.sku,
          size: o.item.size,
          name: o.item.name,
          color: o.item.color_name ?? '',
          quantity: 1,
          unit_price: price,
          line_total: price,
          status: 'placed',
        })
        .execute();
      if (online) {
        await trx
          .insertInto('order_shipments')
          .values({
            order_id: order.id,
            shipment_no: 1,
            delivery_method: 'ShipToAddress',
            status: o.status,
            carrier: 'DHL Express',
            tracking_number: `JD${number.replace(/\D/g, '').padStart(10, '0')}`,
            estimated_delivery_date: new Date(placedAt.getTime() + 3 * day).toISOString().slice(0, 10),
            shipped_at: new Date(placedAt.getTime() + day),
            delivered_at: o.status === 'delivered' ? new Date(placedAt.getTime() + 2 * day) : null,
            item_line_nos: [1],
          })
          .execute();
      }
      await setStatus(trx, order.id, o.status, 'demo');
      await trx
        .updateTable('orders')
        .set({ updated_at: sql`${new Date(placedAt.getTime() + 2 * day)}` })
        .where('id', '=', order.id)
        .execute();
    }
  });
  return true;
}
