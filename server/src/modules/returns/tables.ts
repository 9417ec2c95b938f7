import type { Generated } from 'kysely';
import type { Schemas } from '../../shared/http.ts';

/** The contract's types (generated, never a copy). */
export type ReturnFlow = Schemas['ReturnFlowType'];
export type ReturnStatus = Schemas['ReturnRequest']['status'];
export type ReturnMethod = Schemas['ReturnMethod'];
export type ReturnHandover = Schemas['ReturnHandover'];

export interface ReturnTables {
  return_requests: {
    id: Generated<string>;
    return_number: string;
    order_id: string;
    flow_type: ReturnFlow;
    status: Generated<ReturnStatus>;
    requested_by: 'customer' | 'guest';
    return_method: ReturnMethod;
    handover: ReturnHandover | null;
    store_id: string | null;
    comment: string | null;
    locale: string;
    currency: string;
    /** numeric columns arrive as strings from both drivers. */
    items_amount: string | number;
    tax_amount: string | number;
    shipping_amount: Generated<string | number>;
    refund_total: string | number;
    return_by: string | Date;
    created_at: Generated<Date>;
    /** Why a `cancelled` request was closed: `lapsed` (the items never reached us, see lapse.ts). */
    cancel_reason: Generated<'lapsed' | null>;
    cancelled_at: Generated<Date | null>;
  };
  return_lines: {
    id: Generated<string>;
    return_id: string;
    order_item_id: string;
    line_no: number;
    quantity: number;
    reason_id: string;
    unit_price: string | number;
    amount: string | number;
    replacement_sku: string | null;
    replacement_size: string | null;
  };
}
