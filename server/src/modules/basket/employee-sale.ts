import type { DB } from '../../db/database.ts';
import { EMPLOYEE_SALE_TAG, type SessionData, type SessionRef } from '../sessions/index.ts';

/**
 * Whether the session was synced from the employee-sale site (spec §6): a signed-in employee whose session
 * carries the internal employee-sale tag. Only such sessions see and buy OnlyForEmployee products.
 */
export async function isEmployeeSaleSession(db: DB, session: SessionRef | undefined): Promise<boolean> {
  if (!session?.customerId) return false;
  const row = await db.selectFrom('sessions').select('data').where('id', '=', session.id).executeTakeFirst();
  const data = (row?.data ?? {}) as SessionData;
  return data.isEmployee === true && (data.contextTags ?? []).includes(EMPLOYEE_SALE_TAG);
}
