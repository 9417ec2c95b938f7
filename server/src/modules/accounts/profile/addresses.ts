import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError, type Issue } from '../../../shared/errors.ts';
import type { Schemas } from '../../../shared/http.ts';
import { nameIssues } from '../rules.ts';

type Address = Schemas['Address'];
/** Most addresses an address book keeps (the contract's `maxItems`). */
export const MAX_ADDRESSES = 10;

/**
 * The address book of a customer. Reads and writes always name the owner: an address id of another
 * customer is simply not found (404 for a page, a new address for a write — never someone else's).
 */
export class AddressBook {
  constructor(private readonly db: Kysely<Database>) {}

  async list(customerId: string): Promise<Address[]> {
    const rows = await this.db
      .selectFrom('customer_addresses')
      .select(['id', 'is_default', 'data'])
      .where('customer_id', '=', customerId)
      .orderBy('is_default', 'desc')
      .orderBy('position')
      .execute();
    return rows.map((r) => ({ ...(r.data as Address), id: r.id, isDefault: r.is_default }));
  }

  async find(customerId: string, addressId: string): Promise<Address | undefined> {
    return (await this.list(customerId)).find((a) => a.id === addressId);
  }

  /** Rules the schema cannot say: one default at most, ids unique in the body, names with a letter (spec §5). */
  static check(addresses: readonly Address[]): Issue[] {
    const issues: Issue[] = addresses.flatMap((a, i) => nameIssues(a, `body/addresses/${i}`));
    if (addresses.filter((a) => a.isDefault).length > 1)
      issues.push({ path: 'body/addresses', message: 'at most one address may be the default' });
    const ids = addresses.map((a) => a.id).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      issues.push({ path: 'body/addresses', message: 'an address id appears twice' });
    return issues;
  }

  /**
   * Replaces the whole address book in the caller's transaction. Ids the customer does not own become new
   * addresses (with new ids): an id can never reach another customer's address.
   */
  async replace(trx: Kysely<Database>, customerId: string, addresses: readonly Address[]): Promise<void> {
    const issues = AddressBook.check(addresses);
    if (issues.length)
      throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
    const owned = new Set(
      (
        await trx
          .selectFrom('customer_addresses')
          .select('id')
          .where('customer_id', '=', customerId)
          .forUpdate()
          .execute()
      ).map((r) => r.id),
    );
    await trx.deleteFrom('customer_addresses').where('customer_id', '=', customerId).execute();
    let position = 0;
    for (const address of addresses) {
      const { id, isDefault, ...data } = address;
      const keep = id && owned.has(id) ? id : `addr-${randomBytes(6).toString('hex')}`;
      const normalised = { ...data, ...(data.postalCode ? { postalCode: data.postalCode.toUpperCase() } : {}) };
      await trx
        .insertInto('customer_addresses')
        .values({
          id: keep,
          customer_id: customerId,
          position: position++,
          is_default: isDefault === true,
          data: JSON.stringify(normalised) as never,
        })
        .execute();
    }
  }
}
