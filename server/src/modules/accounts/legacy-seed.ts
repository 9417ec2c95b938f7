// Demo seeding of the former site's customer file (decision 0166: demo tooling, which may read fixtures/).
import type { DB } from '../../db/database.ts';
import { generateLegacyAccounts } from '../../../../fixtures/legacy-accounts/generate.ts';
import { LegacyAccountRepository } from './legacy/migration-repository.ts';

/** The documented demo address (README "Try it"): a former client of Paris with three addresses. */
export { DEMO_LEGACY_EMAIL } from '../../../../fixtures/legacy-accounts/generate.ts';

/**
 * Writes the former site's accounts of the fixtures (301 with the demo `heritage@example.com`) that are not
 * there yet. Demo data (`DEMO_CLIENT=true`); a real deployment loads the former site's export instead.
 */
export async function seedLegacyAccounts(db: DB, accounts = generateLegacyAccounts()): Promise<number> {
  return new LegacyAccountRepository().insertMissing(db, accounts);
}
