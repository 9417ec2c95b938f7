import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { PhotoRecord } from './photos.ts';

/** The `product_photos` rows: what photo each product view has. */
export class PhotoRepository {
  constructor(private readonly db: DB) {}

  async all(): Promise<PhotoRecord[]> {
    return this.db
      .selectFrom('product_photos')
      .select(['pid', 'view', 'hash', 'width', 'height', 'widths', 'formats', 'placeholder'])
      .execute();
  }

  async get(pid: string, view: number): Promise<PhotoRecord | undefined> {
    return this.db
      .selectFrom('product_photos')
      .select(['pid', 'view', 'hash', 'width', 'height', 'widths', 'formats', 'placeholder'])
      .where('pid', '=', pid)
      .where('view', '=', view)
      .executeTakeFirst();
  }

  /** A cheap fingerprint of the table: changes whenever a row is written or removed. */
  async version(): Promise<string> {
    const row = await this.db
      .selectFrom('product_photos')
      .select([sql<string>`count(*)::text`.as('n'), sql<string | null>`max(imported_at)::text`.as('latest')])
      .executeTakeFirstOrThrow();
    return `${row.n}/${row.latest ?? ''}`;
  }

  /** Records (or replaces) a view's photo: one statement, written after its files. */
  async save(record: PhotoRecord & { sourceName: string }): Promise<void> {
    const values = {
      pid: record.pid,
      view: record.view,
      hash: record.hash,
      width: record.width,
      height: record.height,
      widths: [...record.widths],
      formats: [...record.formats],
      placeholder: record.placeholder,
      source_name: record.sourceName,
    };
    await this.db
      .insertInto('product_photos')
      .values(values)
      .onConflict((oc) => oc.columns(['pid', 'view']).doUpdateSet({ ...values, imported_at: sql`now()` }))
      .execute();
  }

  /** The products that exist, with their number of views, among `pids`. */
  async products(pids: readonly string[]): Promise<Map<string, number>> {
    if (pids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('products')
      .select(['pid', 'image_count'])
      .where('pid', 'in', [...pids])
      .execute();
    return new Map(rows.map((r) => [r.pid, r.image_count]));
  }
}
