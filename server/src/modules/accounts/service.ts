// The accounts' door: one service over its use cases — sign-in.ts, account-registration.ts,
// password-changes.ts and profile.ts — which share account-kit.ts.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { CsSchemas } from '../../shared/http.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { SessionRef, SessionService, SignedInFields } from '../sessions/index.ts';
import type { AccountRepository, CustomerRow } from './repository.ts';
import { AccountKit, type AccountOptions, type Caller, type ProfileChanges, type Registration } from './account-kit.ts';
import { authn, login, logout } from './sign-in/sign-in.ts';
import {
  activationState,
  checkStatus,
  confirmActivation,
  mailExisting,
  register,
  sendActivation,
} from './activation/account-registration.ts';
import {
  changeExpiredPassword,
  changePassword,
  requestRecovery,
  resetPassword,
  resetTokenValid,
} from './passwords/password-changes.ts';
import { profile, sessionFields, updateProfile } from './profile/profile.ts';

export { ACTIVATION_TTL_MS, LIMITS, RESET_TTL_MS, SIGN_IN_CODE_SECONDS, type Caller } from './account-kit.ts';

/**
 * Accounts of the customer service: registration, activation, sign-in, passwords and the profile.
 * Every answer that could reveal whether an address has an account is the same for all addresses
 * (status, body and — with a dummy password hash — timing); only the e-mail its owner receives differs.
 */
export class AccountService {
  private readonly kit: AccountKit;

  constructor(db: DB, sessions: SessionService, limits: RateLimiter, options: AccountOptions) {
    this.kit = new AccountKit(db, sessions, limits, options);
  }

  get repo(): AccountRepository {
    return this.kit.repo;
  }

  // ---- sign-in ------------------------------------------------------------------------------------

  /**
   * Verifies the credentials and issues a one-time code bound to the caller's session (created when the
   * caller has none: its token is returned so that the cookie is set).
   */
  authn(rawEmail: string, password: string, caller: Caller): Promise<{ code: string; newSessionToken?: string }> {
    return authn(this.kit, rawEmail, password, caller);
  }

  /**
   * Redeems a sign-in code on the session it was issued to — or, for a code bound to a PKCE challenge
   * (activation, password reset), with the verifier of that challenge on the caller's session: signs the
   * customer in and rotates the session id.
   */
  login(code: string, caller: Caller, codeVerifier?: string): Promise<{ token: string; session: SessionRef }> {
    return login(this.kit, code, caller, codeVerifier);
  }

  /** Signs out: the session is ended; its basket stays with the account until the next sign-in. */
  logout(session: SessionRef | undefined): Promise<void> {
    return logout(this.kit, session);
  }

  // ---- registration and activation ------------------------------------------------------------

  register(body: Registration, marketCountry: string, caller: Caller): Promise<void> {
    return register(this.kit, body, marketCountry, caller);
  }

  /** An address that already has an account: its owner learns what to do, nobody else learns anything. */
  mailExisting(trx: Kysely<Database>, customer: CustomerRow, locale: string, now: number): Promise<void> {
    return mailExisting(this.kit, trx, customer, locale, now);
  }

  /** Status check (spec §4): the owner of the address is told what to do next; the answer never says. */
  checkStatus(rawEmail: string, locale: string, caller: Caller): Promise<void> {
    return checkStatus(this.kit, rawEmail, locale, caller);
  }

  sendActivation(rawEmail: string, locale: string, caller: Caller): Promise<void> {
    return sendActivation(this.kit, rawEmail, locale, caller);
  }

  /**
   * Activates the account of a link. With a PKCE `codeChallenge`, an account activated by this call and holding
   * a password also gets a one-time sign-in code bound to that challenge; an account already active never does.
   */
  confirmActivation(
    userId: string,
    token: string,
    locale: string,
    caller: Caller,
    codeChallenge?: string,
  ): Promise<{ code?: string }> {
    return confirmActivation(this.kit, userId, token, locale, caller, codeChallenge);
  }

  /** The activation page: where the account of a link stands (a masked address only). */
  activationState(
    userId: string,
  ): Promise<{ accountStatus: 'PROVISIONED' | 'ACTIVE'; maskedEmail: string } | undefined> {
    return activationState(this.kit, userId);
  }

  // ---- passwords --------------------------------------------------------------------------------

  /** Whether a recovery token can still be used (the reset page says so before the form is filled). */
  resetTokenValid(token: string): Promise<boolean> {
    return resetTokenValid(this.kit, token);
  }

  requestRecovery(rawEmail: string, locale: string, caller: Caller): Promise<void> {
    return requestRecovery(this.kit, rawEmail, locale, caller);
  }

  /** Resets the password; with a PKCE `codeChallenge`, also answers a one-time sign-in code bound to it. */
  resetPassword(
    token: string,
    newPassword: string,
    locale: string,
    caller: Caller,
    codeChallenge?: string,
  ): Promise<{ code?: string }> {
    return resetPassword(this.kit, token, newPassword, locale, caller, codeChallenge);
  }

  /**
   * Replaces an expired password: the address and the expired password prove the account. Any other case
   * (wrong password, unknown address, password not expired) is the sign-in's ERR_OKTA_1000, timed alike.
   */
  changeExpiredPassword(
    rawEmail: string,
    current: string,
    next: string,
    locale: string,
    caller: Caller,
  ): Promise<void> {
    return changeExpiredPassword(this.kit, rawEmail, current, next, locale, caller);
  }

  /** Changes the signed-in customer's password: the other sessions end, this one is rotated. */
  changePassword(session: SessionRef, current: string, next: string, locale: string): Promise<{ token: string }> {
    return changePassword(this.kit, session, current, next, locale);
  }

  // ---- profile ----------------------------------------------------------------------------------

  /** The signed-in customer of a session, or the 401 that says why there is none. */
  signedInCustomer(session: SessionRef | undefined, cookieSent = true): Promise<CustomerRow> {
    return this.kit.signedInCustomer(session, cookieSent);
  }

  profile(customer: CustomerRow, withConsents: boolean): Promise<CsSchemas['CustomerProfile']> {
    return profile(this.kit, customer, withConsents);
  }

  updateProfile(
    session: SessionRef,
    clientId: string,
    changes: ProfileChanges,
    marketCountry: string,
    locale: string,
  ): Promise<CustomerRow> {
    return updateProfile(this.kit, session, clientId, changes, marketCountry, locale);
  }

  /** Session fields of a signed-in customer (spec §3), for the customer session answer. */
  sessionFields(customer: CustomerRow): SignedInFields {
    return sessionFields(this.kit, customer);
  }
}
