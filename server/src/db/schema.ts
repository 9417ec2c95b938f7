// The database as Kysely sees it: each module declares its own tables; this composes them.
import type { MarketTables } from '../modules/markets/tables.ts';
import type { CatalogTables } from '../modules/catalog/tables.ts';
import type { SessionTables } from '../modules/sessions/tables.ts';
import type { BasketTables } from '../modules/basket/tables.ts';
import type { ContentTables } from '../modules/content/tables.ts';
import type { StoreTables } from '../modules/stores/tables.ts';
import type { ProductDataTables } from '../modules/products/tables.ts';
import type { SearchTables } from '../modules/search/tables.ts';
import type { AccountTables } from '../modules/accounts/tables.ts';
import type { MailTables } from '../modules/mail/tables.ts';
import type { OrderTables } from '../modules/orders/tables.ts';
import type { ReturnTables } from '../modules/returns/tables.ts';
import type { LegacyAccountTables } from '../modules/accounts/legacy/migration-tables.ts';
import type { JobTables } from './jobs.ts';
import type { MediaTables } from '../modules/media/tables.ts';

export interface Database
  extends
    MarketTables,
    CatalogTables,
    SessionTables,
    BasketTables,
    ContentTables,
    StoreTables,
    ProductDataTables,
    SearchTables,
    AccountTables,
    MailTables,
    OrderTables,
    ReturnTables,
    LegacyAccountTables,
    JobTables,
    MediaTables {}
