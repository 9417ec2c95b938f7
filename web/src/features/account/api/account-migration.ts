// POST /api/account/migrate: the account-migration modal's call (same-origin, reCAPTCHA-checked; 204 for any address).
import { api, type Schemas } from '../../../lib/api-client';
import { noContent } from './account-queries';
import { useMutation } from '../../../lib/mutation';

export function useMigrateAccount(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['AccountMigrationRequest']) =>
      noContent(await api.POST('/api/account/migrate', { params: { query: { locale } }, body })),
  });
}
