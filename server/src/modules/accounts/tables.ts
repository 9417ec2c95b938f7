import type { Generated } from 'kysely';

export type AccountStatus = 'PROVISIONED' | 'ACTIVE' | 'PASSWORD_EXPIRED' | 'LOCKED_OUT' | 'SUSPENDED';

export interface AccountTables {
  customers: {
    id: string;
    client_id: string;
    user_id: string;
    email: string;
    password_hash: string | null;
    status: AccountStatus;
    civility: string | null;
    first_name: string | null;
    last_name: string | null;
    first_name_kana: string | null;
    last_name_kana: string | null;
    phone: string | null;
    birth_date: string | Date | null;
    gender_preference: string | null;
    locale: string;
    country: string;
    preferred_store_id: string | null;
    is_employee: Generated<boolean>;
    activation_sent_at: Date | null;
    password_changed_at: Date | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  customer_addresses: {
    id: string;
    customer_id: string;
    position: number;
    is_default: Generated<boolean>;
    data: Record<string, unknown>;
    updated_at: Generated<Date>;
  };
  customer_consents: {
    customer_id: string;
    consent_id: string;
    granted: boolean;
    version: string;
    updated_at: Generated<Date>;
  };
  password_history: {
    id: Generated<string>;
    customer_id: string;
    password_hash: string;
    created_at: Generated<Date>;
  };
  sign_in_codes: {
    code_hash: string;
    customer_id: string;
    /** The session of `POST /authn`; null for a code bound to a PKCE challenge instead. */
    session_id: string | null;
    /** PKCE S256 challenge (base64url SHA-256 of the verifier) of a code that signs in at once. */
    code_challenge: string | null;
    expires_at: Date;
    used_at: Date | null;
  };
  /** Pending sign-ins of the storefront (the callback's `state`), bound to the browser's session. */
  sign_in_states: {
    state_hash: string;
    session_id: string;
    code_verifier: string;
    continue_to: string;
    locale: string;
    expires_at: Date;
    used_at: Date | null;
  };
  account_tokens: {
    token_hash: string;
    customer_id: string;
    kind: 'activation' | 'reset';
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
  rate_limit_hits: {
    bucket: string;
    key_hash: string;
    window_start: Date;
    hits: Generated<number>;
  };
  newsletter_subscriptions: {
    email: string;
    country: string;
    civility: string;
    locale: string;
    source: string;
    consents: unknown;
    status: 'pending' | 'subscribed';
    confirm_token_hash: string | null;
    /** When the confirmation link lapses (migration 0019). */
    confirm_token_expires_at: Date | null;
    confirmed_at: Date | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  contact_requests: {
    id: Generated<string>;
    reference: string;
    customer_id: string | null;
    email: string;
    locale: string;
    data: unknown;
    created_at: Generated<Date>;
  };
}
