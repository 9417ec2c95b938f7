import type { Generated } from 'kysely';

export interface ProductDataTables {
  back_in_stock_subscriptions: {
    id: Generated<number>;
    sku: string;
    pid: string;
    /** Lower-cased. */
    email: string;
    locale: string;
    created_at: Generated<Date>;
    notified_at: Date | null;
  };
}
