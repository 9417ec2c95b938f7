import type { Generated } from 'kysely';

export interface BasketTables {
  baskets: {
    id: Generated<string>;
    /** Null once detached from a signed-out session: the basket waits for its customer's next sign-in. */
    session_id: string | null;
    customer_id: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  basket_items: {
    id: Generated<string>;
    basket_id: string;
    pid: string;
    sku: string;
    quantity: number;
    added_at: Generated<Date>;
  };
}
