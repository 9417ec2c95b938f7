import type { Generated } from 'kysely';

export interface MailTables {
  email_outbox: {
    /** A bigint identity; read as a JS number (the database handle parses int8 as number). */
    id: Generated<number>;
    recipient: string;
    template: string;
    locale: string;
    data: Generated<Record<string, unknown>>;
    status: Generated<'pending' | 'sent' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    last_error: string | null;
    created_at: Generated<Date>;
    sent_at: Date | null;
  };
}
