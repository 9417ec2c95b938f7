import type { Generated } from 'kysely';

export interface BasketTables {
  baskets: {
    id: Generated<string>;
    session_id: string;
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
