import type { Generated } from 'kysely';

export interface SessionTables {
  sessions: {
    id: string;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    expires_at: Date;
    data: Generated<Record<string, unknown>>;
  };
}
