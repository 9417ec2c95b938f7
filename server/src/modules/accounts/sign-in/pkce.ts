import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { newSecret } from '../repository.ts';

/**
 * OAuth 2.0 authorization codes with PKCE (RFC 7636, method S256 only) for the sign-ins that follow an account
 * activation or a password reset: the code is bound to the challenge and the account (not to a session) and is
 * redeemed once, within its lifetime, only with the verifier whose SHA-256 is the challenge.
 */

/** The S256 challenge of a verifier: base64url (no padding) of its SHA-256. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A PKCE verifier: 256 random bits, base64url (43 characters). */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** A sign-in `state`: 128 random bits, base64url (22 characters). */
export function newState(): string {
  return randomBytes(16).toString('base64url');
}

/** Issues a one-time code bound to `challenge` and the customer; only its digest is stored. */
export async function issueChallengeCode(
  trx: Kysely<Database>,
  customerId: string,
  challenge: string,
  expiresAt: Date,
): Promise<string> {
  const { secret, digest } = newSecret();
  await trx
    .insertInto('sign_in_codes')
    .values({
      code_hash: digest,
      customer_id: customerId,
      session_id: null,
      code_challenge: challenge,
      expires_at: expiresAt,
    })
    .execute();
  return secret;
}
