// POST /api/account/migrate: the account-migration modal's call (same-origin, reCAPTCHA-checked; 204 for any address).
import { useMutation } from '@tanstack/react-query';
import { api, type Schemas } from '../../../lib/api-client';
import { noContent } from './account-queries';

export function useMigrateAccount(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['AccountMigrationRequest']) =>
      noContent(await api.POST('/api/account/migrate', { params: { query: { locale } }, body })),
  });
}
