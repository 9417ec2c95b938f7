import type { Generated } from 'kysely';
import type { StoreFixture } from '../../../../fixtures/stores/stores.ts';

export type StoreData = StoreFixture;

export interface StoreTables {
  stores: { id: string; brand: string; country: string; data: StoreData; updated_at: Generated<Date> };
}
