import type { Generated } from 'kysely';
import type { Schemas } from '../../shared/http.ts';

/** The contract's order statuses (generated types, never a copy). */
export type OrderStatus = Schemas['OrderStatus'];
export type PaymentStatus =
  'pending' | 'actionRequired' | 'authorised' | 'declined' | 'abandoned' | 'voided' | 'refunded' | 'captured';
export type OrderDeliveryMethod = 'ShipToAddress' | 'ShipToStore' | 'PickUpAtStore';

export interface OrderTables {
  orders: {
    id: Generated<string>;
    order_number: string;
    transaction_uuid: Generated<string>;
    channel: Schemas['OrderChannel'];
    status: OrderStatus;
    brand: string;
    country: string;
    locale: string;
    currency: string;
    customer_id: string | null;
    session_id: string | null;
    basket_id: string | null;
    email: string;
    civility: string | null;
    first_name: string;
    last_name: string;
    phone: string | null;
    delivery_method: OrderDeliveryMethod;
    delivery_kind: string | null;
    shipping_method_id: string | null;
    store_id: string | null;
    shipping_address: unknown | null;
    billing_address: unknown | null;
    gift: unknown | null;
    /** numeric columns arrive as strings from both drivers. */
    subtotal: string | number;
    shipping: string | number;
    tax: string | number;
    discount: Generated<string | number>;
    total: string | number;
    is_employee_sale: Generated<boolean>;
    payment_status: PaymentStatus;
    payment_method: string | null;
    payment_reference: string | null;
    card_brand: string | null;
    card_last4: string | null;
    estimated_from: string | Date | null;
    estimated_to: string | Date | null;
    cancel_reason: string | null;
    placed_at: Generated<Date>;
    paid_at: Date | null;
    cancelled_at: Date | null;
    updated_at: Generated<Date>;
  };
  order_items: {
    id: Generated<string>;
    order_id: string;
    line_no: number;
    pid: string;
    sku: string;
    size: string;
    name: string;
    color: Generated<string>;
    quantity: number;
    unit_price: string | number;
    line_total: string | number;
    status: OrderStatus;
  };
  order_shipments: {
    id: Generated<string>;
    order_id: string;
    shipment_no: number;
    delivery_method: string;
    status: OrderStatus;
    carrier: string | null;
    tracking_number: string | null;
    estimated_delivery_date: string | Date | null;
    shipped_at: Date | null;
    delivered_at: Date | null;
    pickup_store_id: string | null;
    item_line_nos: number[];
  };
  order_events: {
    id: Generated<string>;
    order_id: string;
    status: OrderStatus;
    source: string;
    at: Generated<Date>;
  };
  idempotency_keys: {
    scope: string;
    key: string;
    request_hash: string;
    order_id: string | null;
    response_status: number | null;
    response_body: unknown | null;
    created_at: Generated<Date>;
  };
}
