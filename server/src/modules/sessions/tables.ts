import type { Generated } from 'kysely';

export interface SessionTables {
  sessions: {
    id: string;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    expires_at: Date;
    data: Generated<Record<string, unknown>>;
    /** The signed-in customer, null while anonymous. */
    customer_id: string | null;
    authenticated_at: Date | null;
    /** Last signed-in activity: the signed-in state lapses after 24 h without one. */
    auth_seen_at: Date | null;
  };
}
