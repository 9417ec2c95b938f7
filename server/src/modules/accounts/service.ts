import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { adoptCustomerBaskets, detachBasket } from '../basket/index.ts';
import { AppError, type Issue } from '../../shared/errors.ts';
import type { CsSchemas } from '../../shared/http.ts';
import type { RateLimiter, Limit, Reservation } from '../../shared/rate-limit.ts';
import { enqueueMail } from '../mail/index.ts';
import type { SessionRef, SessionService, SignedInFields } from '../sessions/index.ts';
import { hashPassword, verifyPassword, dummyVerify } from './passwords.ts';
import { AccountRepository, digestOf, newSecret, type CustomerRow } from './repository.ts';
import { checkEmailOrThrow, nameIssues, newPasswordIssue, phoneOrIssue } from './rules.ts';
import { issueChallengeCode, s256 } from './pkce.ts';

type Profile = CsSchemas['CustomerProfile'];
type ConsentDecision = CsSchemas['ConsentDecision'];

const MINUTE = 60;
const HOUR = 3600;
/** Spec-facing limits (the contract lists them per operation). */
export const LIMITS = {
  authnFailPerEmail: { bucket: 'authn-fail-email', max: 5, windowSeconds: 15 * MINUTE },
  authnPerIp: { bucket: 'authn-ip', max: 20, windowSeconds: 15 * MINUTE },
  loginPerIp: { bucket: 'login-ip', max: 10, windowSeconds: MINUTE },
  mailPerEmail: { bucket: 'account-mail-email', max: 3, windowSeconds: HOUR },
  mailPerIp: { bucket: 'account-mail-ip', max: 20, windowSeconds: HOUR },
  registerPerIp: { bucket: 'register-ip', max: 5, windowSeconds: HOUR },
  registerPerEmail: { bucket: 'register-email', max: 3, windowSeconds: 24 * HOUR },
  confirmPerIp: { bucket: 'confirm-ip', max: 10, windowSeconds: 15 * MINUTE },
  resetPerIp: { bucket: 'reset-ip', max: 10, windowSeconds: 15 * MINUTE },
  changePerSession: { bucket: 'change-password-session', max: 5, windowSeconds: HOUR },
  updatePerSession: { bucket: 'update-customer-session', max: 30, windowSeconds: HOUR },
  syncPerSession: { bucket: 'es-sync-session', max: 10, windowSeconds: MINUTE },
} satisfies Record<string, Limit>;

export const SIGN_IN_CODE_SECONDS = 60;
export const ACTIVATION_TTL_MS = 7 * 86_400_000;
export const RESET_TTL_MS = 60 * 60_000;
/** A new password may not repeat one of the last 4. */
export const PASSWORD_HISTORY = 4;

/** Personal details a registration gives and a profile change may change. */
interface PersonalDetails {
  civility?: string;
  firstName?: string;
  lastName?: string;
  firstNameKana?: string;
  lastNameKana?: string;
  phone?: string;
  birthDate?: string;
  genderPreference?: string;
  country?: string;
  consents?: ConsentDecision[];
}

export interface Registration extends PersonalDetails {
  emailAddress: string;
  password?: string;
  locale: string;
}

export interface ProfileChanges extends PersonalDetails {
  locale?: string;
  preferredStoreId?: string;
}

/** The market rules registration needs (required fields and consent texts of each market). */
export interface RegistrationRules {
  /** Issues for fields and consents the market requires but the body lacks (ERR_FORM_1000). */
  missingRequired(body: Record<string, unknown>, locale: string): Issue[];
  /** Issues for unknown or stale consents (ERR_API_1018). */
  checkConsents(decisions: readonly ConsentDecision[], locale: string, path: string): Issue[];
}

export interface AccountOptions {
  publicOrigin: string;
  clock?: () => number;
  registration?: RegistrationRules;
}

/** Who asked: the client's address (rate limits) and the session, if the browser has one. */
export interface Caller {
  ip: string;
  session?: SessionRef;
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Digits only, as analytics matching expects (`+33612345678` → `33612345678`). */
export function normalizedPhone(e164: string | null): string | null {
  return e164 ? e164.replace(/^\+/, '') : null;
}

/**
 * Accounts of the customer service: registration, activation, sign-in, passwords and the profile.
 * Every answer that could reveal whether an address has an account is the same for all addresses
 * (status, body and — with a dummy password hash — timing); only the e-mail its owner receives differs.
 */
export class AccountService {
  readonly repo: AccountRepository;
  private readonly clock: () => number;

  constructor(
    private readonly db: DB,
    private readonly sessions: SessionService,
    private readonly limits: RateLimiter,
    private readonly options: AccountOptions,
  ) {
    this.repo = new AccountRepository(db);
    this.clock = options.clock ?? Date.now;
  }

  withRegistrationRules(rules: RegistrationRules): this {
    this.options.registration = rules;
    return this;
  }

  private url(locale: string, path: string, query: Record<string, string> = {}): string {
    const qs = new URLSearchParams(query).toString();
    return `${this.options.publicOrigin}/${locale}${path}${qs ? `?${qs}` : ''}`;
  }

  // ---- sign-in ------------------------------------------------------------------------------------

  /**
   * Verifies the credentials and issues a one-time code bound to the caller's session (created when the
   * caller has none: its token is returned so that the cookie is set).
   */
  async authn(rawEmail: string, password: string, caller: Caller): Promise<{ code: string; newSessionToken?: string }> {
    const email = checkEmailOrThrow(rawEmail, 'body/email');
    await this.limits.hit(LIMITS.authnPerIp, caller.ip);
    const { customer, ok } = await this.verifyAttempt(email, password);
    if (!customer || !ok || customer.status !== 'ACTIVE') throw new AppError('ERR_OKTA_1000');
    await this.limits.reset(LIMITS.authnFailPerEmail, email);
    return this.db.transaction().execute(async (trx) => {
      let session = caller.session;
      let newSessionToken: string | undefined;
      if (!session) {
        const created = await this.sessions.create(trx);
        session = created.ref;
        newSessionToken = created.token;
      } else {
        // The session was read at the start of the request; another request of the same browser (a second
        // sign-in, a sign-out) may have rotated or ended it since (the password check takes a while). Held
        // until the code is written; gone, the sign-in is asked again rather than failing on the foreign key.
        const live = await trx
          .selectFrom('sessions')
          .select('id')
          .where('id', '=', session.id)
          .forKeyShare()
          .executeTakeFirst();
        if (!live)
          throw new AppError(
            'ERR_API_1015',
            'The session changed during the sign-in (another sign-in or a sign-out at the same time). Please sign in again.',
          );
      }
      const { secret, digest } = newSecret();
      await trx
        .insertInto('sign_in_codes')
        .values({
          code_hash: digest,
          customer_id: customer.id,
          session_id: session.id,
          expires_at: new Date(this.clock() + SIGN_IN_CODE_SECONDS * 1000),
        })
        .execute();
      return newSessionToken ? { code: secret, newSessionToken } : { code: secret };
    });
  }

  /**
   * One password attempt for an address: its place among the address's failures is taken before the password
   * is hashed (so a burst of simultaneous attempts never evaluates more than the limit) and stays taken when the
   * attempt fails; an attempt that could not be evaluated gives it back. The caller forgets the failures after
   * a success (`reset`) or gives the place back.
   */
  private async verifyAttempt(
    email: string,
    password: string,
  ): Promise<{ customer: CustomerRow | undefined; ok: boolean; attempt: Reservation }> {
    const attempt = await this.limits.reserve(LIMITS.authnFailPerEmail, email);
    try {
      const customer = await this.repo.byEmail(this.db, email);
      const ok = customer?.password_hash
        ? await verifyPassword(customer.password_hash, password)
        : await dummyVerify(password);
      return { customer, ok, attempt };
    } catch (err) {
      await attempt.release().catch(() => undefined);
      throw err;
    }
  }

  /**
   * Redeems a sign-in code on the session it was issued to — or, for a code bound to a PKCE challenge
   * (activation, password reset), with the verifier of that challenge on the caller's session: signs the
   * customer in and rotates the session id.
   */
  async login(code: string, caller: Caller, codeVerifier?: string): Promise<{ token: string; session: SessionRef }> {
    await this.limits.hit(LIMITS.loginPerIp, caller.ip);
    const session = caller.session;
    if (!session) throw new AppError('ERR_API_1020', 'The sign-in code was issued to another session.');
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const bound = trx
        .updateTable('sign_in_codes')
        .set({ used_at: new Date(now) })
        .where('code_hash', '=', digestOf(code));
      const row = await (
        codeVerifier === undefined
          ? bound.where('session_id', '=', session.id).where('code_challenge', 'is', null)
          : bound.where('code_challenge', '=', s256(codeVerifier)).where('session_id', 'is', null)
      )
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date(now))
        .returning('customer_id')
        .executeTakeFirst();
      if (!row)
        throw new AppError('ERR_API_1020', 'The sign-in code is unknown, expired, used or issued to another session.');
      const rotated = await this.sessions.rotate(trx, session);
      await trx
        .updateTable('sessions')
        .set({ customer_id: row.customer_id, authenticated_at: new Date(now), auth_seen_at: new Date(now) })
        .where('id', '=', rotated.ref.id)
        .execute();
      await adoptCustomerBaskets(trx, rotated.ref.id, row.customer_id);
      return { token: rotated.token, session: { id: rotated.ref.id, customerId: row.customer_id } };
    });
  }

  /** Signs out: the session is ended; its basket stays with the account until the next sign-in. */
  async logout(session: SessionRef | undefined): Promise<void> {
    if (!session?.customerId) throw new AppError('ERR_API_1022');
    const customerId = session.customerId;
    await this.db.transaction().execute(async (trx) => {
      await detachBasket(trx, session.id, customerId);
      await trx.deleteFrom('sessions').where('id', '=', session.id).execute();
    });
  }

  // ---- registration and activation ------------------------------------------------------------

  /** Rules a schema cannot say about personal details (registration and profile alike), as issues. */
  private detailIssues(details: PersonalDetails, marketCountry: string, locale: string): Issue[] {
    const issues: Issue[] = nameIssues(details);
    if (details.country && details.country !== marketCountry)
      issues.push({ path: 'body/country', message: `must be the country of the locale (${marketCountry})` });
    if (details.phone) {
      const p = phoneOrIssue(details.phone, 'body/phone');
      if (p.issue) issues.push(p.issue);
    }
    if (details.birthDate) {
      const issue = birthDateIssue(details.birthDate, this.clock());
      if (issue) issues.push(issue);
    }
    if (details.consents && this.options.registration)
      issues.push(...this.options.registration.checkConsents(details.consents, locale, 'body/consents'));
    return issues;
  }

  async register(body: Registration, marketCountry: string, caller: Caller): Promise<void> {
    const email = checkEmailOrThrow(body.emailAddress, 'body/emailAddress');
    const issues = this.detailIssues(body, marketCountry, body.locale);
    if (body.password) {
      const message = newPasswordIssue(body.password, { email, firstName: body.firstName, lastName: body.lastName });
      if (message) issues.push({ path: 'body/password', message });
    }
    const rules = this.options.registration;
    if (new Set((body.consents ?? []).map((c) => c.id)).size !== (body.consents ?? []).length) {
      issues.push({ path: 'body/consents', message: 'each consent may be answered once' });
    }
    if (issues.length)
      throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
    const missing = rules?.missingRequired(body as unknown as Record<string, unknown>, body.locale) ?? [];
    if (missing.length) throw new AppError('ERR_FORM_1000', missing.map((i) => i.path).join(', '), missing);

    await this.limits.hit(LIMITS.registerPerIp, caller.ip);
    await this.limits.hit(LIMITS.registerPerEmail, email);
    // Hashed whether or not the address has an account: the answer takes the same time either way.
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      // Serialise registrations of one address (two at once must not both create an account).
      await sql`select pg_advisory_xact_lock(hashtext(${email}))`.execute(trx);
      const existing = await this.repo.byEmail(trx, email);
      if (existing) {
        await this.mailExisting(trx, existing, body.locale, now);
        return;
      }
      const customer = await this.repo.insertCustomer(trx, {
        email,
        password_hash: passwordHash,
        status: 'PROVISIONED',
        civility: body.civility ?? null,
        first_name: body.firstName?.trim() ?? null,
        last_name: body.lastName?.trim() ?? null,
        first_name_kana: body.firstNameKana?.trim() ?? null,
        last_name_kana: body.lastNameKana?.trim() ?? null,
        phone: body.phone ?? null,
        birth_date: body.birthDate ?? null,
        gender_preference: body.genderPreference ?? null,
        locale: body.locale,
        country: marketCountry,
        preferred_store_id: null,
        activation_sent_at: new Date(now),
        password_changed_at: passwordHash ? new Date(now) : null,
      });
      if (passwordHash)
        await trx
          .insertInto('password_history')
          .values({ customer_id: customer.id, password_hash: passwordHash })
          .execute();
      if (body.consents?.length) await this.repo.saveConsents(trx, customer.id, body.consents);
      await this.mailActivation(trx, customer, body.locale, now);
    });
  }

  private async mailActivation(
    trx: Kysely<Database>,
    customer: CustomerRow,
    locale: string,
    now: number,
  ): Promise<void> {
    const token = await this.repo.issueToken(trx, customer.id, 'activation', ACTIVATION_TTL_MS, now);
    await trx
      .updateTable('customers')
      .set({ activation_sent_at: new Date(now) })
      .where('id', '=', customer.id)
      .execute();
    await enqueueMail(trx, {
      to: customer.email,
      template: 'activation',
      locale,
      data: {
        activationUrl: this.url(locale, '/myaccount/activate', { userId: customer.user_id, token }),
        ...(customer.first_name ? { firstName: customer.first_name } : {}),
      },
    });
  }

  /** An address that already has an account: its owner learns what to do, nobody else learns anything. */
  async mailExisting(trx: Kysely<Database>, customer: CustomerRow, locale: string, now: number): Promise<void> {
    if (customer.status === 'PROVISIONED') return this.mailActivation(trx, customer, locale, now);
    await enqueueMail(trx, {
      to: customer.email,
      template: 'account-exists',
      locale,
      data: {
        signInUrl: this.url(locale, '/signin'),
        resetUrl: this.url(locale, '/signin', { forgot: '1' }),
        ...(customer.first_name ? { firstName: customer.first_name } : {}),
      },
    });
  }

  private async mailLimits(email: string, ip: string): Promise<void> {
    await this.limits.hit(LIMITS.mailPerIp, ip);
    await this.limits.hit(LIMITS.mailPerEmail, email);
  }

  /** Status check (spec §4): the owner of the address is told what to do next; the answer never says. */
  async checkStatus(rawEmail: string, locale: string, caller: Caller): Promise<void> {
    const email = checkEmailOrThrow(rawEmail, 'body/email');
    await this.mailLimits(email, caller.ip);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const customer = await this.repo.byEmail(trx, email);
      if (customer) return this.mailExisting(trx, customer, locale, now);
      await enqueueMail(trx, {
        to: email,
        template: 'account-none',
        locale,
        data: { signUpUrl: this.url(locale, '/signup') },
      });
    });
  }

  async sendActivation(rawEmail: string, locale: string, caller: Caller): Promise<void> {
    const email = checkEmailOrThrow(rawEmail, 'body/email');
    await this.mailLimits(email, caller.ip);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const customer = await this.repo.byEmail(trx, email);
      if (customer?.status === 'PROVISIONED') await this.mailActivation(trx, customer, locale, now);
    });
  }

  /**
   * Activates the account of a link. With a PKCE `codeChallenge`, an account activated by this call and holding
   * a password also gets a one-time sign-in code bound to that challenge; an account already active never does.
   */
  async confirmActivation(
    userId: string,
    token: string,
    locale: string,
    caller: Caller,
    codeChallenge?: string,
  ): Promise<{ code?: string }> {
    await this.limits.hit(LIMITS.confirmPerIp, caller.ip);
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const customer = await this.repo.byUserId(trx, userId);
      if (customer?.status === 'ACTIVE') return {}; // following the link twice is harmless
      const owner = customer ? await this.repo.redeemToken(trx, token, 'activation', now) : undefined;
      if (!customer || owner !== customer.id)
        throw new AppError('ERR_OKTA_1001', 'The activation link is unknown, used, superseded or expired.');
      await trx
        .updateTable('customers')
        .set({ status: 'ACTIVE', updated_at: new Date(now) })
        .where('id', '=', customer.id)
        .execute();
      await enqueueMail(trx, {
        to: customer.email,
        template: 'welcome',
        locale,
        data: {
          signInUrl: this.url(locale, '/signin'),
          ...(customer.first_name ? { firstName: customer.first_name } : {}),
        },
      });
      if (!codeChallenge || !customer.password_hash) return {};
      return {
        code: await issueChallengeCode(trx, customer.id, codeChallenge, new Date(now + SIGN_IN_CODE_SECONDS * 1000)),
      };
    });
  }

  /** The activation page: where the account of a link stands (a masked address only). */
  async activationState(
    userId: string,
  ): Promise<{ accountStatus: 'PROVISIONED' | 'ACTIVE'; maskedEmail: string } | undefined> {
    const customer = await this.repo.byUserId(this.db, userId);
    if (!customer || (customer.status !== 'PROVISIONED' && customer.status !== 'ACTIVE')) return undefined;
    return { accountStatus: customer.status, maskedEmail: maskEmail(customer.email) };
  }

  // ---- passwords --------------------------------------------------------------------------------

  /** Whether a recovery token can still be used (the reset page says so before the form is filled). */
  async resetTokenValid(token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select('customer_id')
      .where('token_hash', '=', digestOf(token))
      .where('kind', '=', 'reset')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(this.clock()))
      .executeTakeFirst();
    return Boolean(row);
  }

  async requestRecovery(rawEmail: string, locale: string, caller: Caller): Promise<void> {
    const email = checkEmailOrThrow(rawEmail, 'body/email');
    await this.mailLimits(email, caller.ip);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const customer = await this.repo.byEmail(trx, email);
      if (!customer || !['ACTIVE', 'PROVISIONED', 'PASSWORD_EXPIRED'].includes(customer.status)) return;
      const token = await this.repo.issueToken(trx, customer.id, 'reset', RESET_TTL_MS, now);
      await enqueueMail(trx, {
        to: customer.email,
        template: 'password-reset',
        locale,
        data: {
          resetUrl: this.url(locale, '/myaccount/reset-password', { token }),
          ...(customer.first_name ? { firstName: customer.first_name } : {}),
        },
      });
    });
  }

  private async checkNewPassword(customer: CustomerRow, password: string, path: string): Promise<string> {
    const message = newPasswordIssue(password, {
      email: customer.email,
      firstName: customer.first_name ?? undefined,
      lastName: customer.last_name ?? undefined,
    });
    if (message) throw new AppError('ERR_API_1018', `${path}: ${message}`, [{ path, message }]);
    for (const previous of await this.repo.recentPasswordHashes(this.db, customer.id, PASSWORD_HISTORY)) {
      if (await verifyPassword(previous, password)) {
        const m = `must differ from the last ${PASSWORD_HISTORY} passwords`;
        throw new AppError('ERR_API_1018', `${path}: ${m}`, [{ path, message: m }]);
      }
    }
    return hashPassword(password);
  }

  /** Resets the password; with a PKCE `codeChallenge`, also answers a one-time sign-in code bound to it. */
  async resetPassword(
    token: string,
    newPassword: string,
    locale: string,
    caller: Caller,
    codeChallenge?: string,
  ): Promise<{ code?: string }> {
    await this.limits.hit(LIMITS.resetPerIp, caller.ip);
    const now = this.clock();
    const tokenRow = await this.db
      .selectFrom('account_tokens')
      .select('customer_id')
      .where('token_hash', '=', digestOf(token))
      .where('kind', '=', 'reset')
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .executeTakeFirst();
    const invalid = () =>
      new AppError('ERR_API_1018', 'body/token: unknown, expired, used or superseded; request a new e-mail', [
        { path: 'body/token', message: 'unknown, expired, used or superseded; request a new e-mail' },
      ]);
    if (!tokenRow) throw invalid();
    const customer = await this.repo.byId(this.db, tokenRow.customer_id);
    if (!customer) throw invalid();
    const passwordHash = await this.checkNewPassword(customer, newPassword, 'body/newPassword');
    return this.db.transaction().execute(async (trx) => {
      const owner = await this.repo.redeemToken(trx, token, 'reset', now);
      if (owner !== customer.id) throw invalid();
      await this.repo.setPassword(trx, customer.id, passwordHash, now, true);
      await this.repo.endSessions(trx, customer.id);
      await enqueueMail(trx, {
        to: customer.email,
        template: 'password-changed',
        locale,
        data: {
          resetUrl: this.url(locale, '/signin', { forgot: '1' }),
          ...(customer.first_name ? { firstName: customer.first_name } : {}),
        },
      });
      // Only an account the reset leaves active may be signed in (never a locked or suspended one).
      if (!codeChallenge || !['ACTIVE', 'PROVISIONED', 'PASSWORD_EXPIRED'].includes(customer.status)) return {};
      return {
        code: await issueChallengeCode(trx, customer.id, codeChallenge, new Date(now + SIGN_IN_CODE_SECONDS * 1000)),
      };
    });
  }

  /**
   * Replaces an expired password: the address and the expired password prove the account. Any other case
   * (wrong password, unknown address, password not expired) is the sign-in's ERR_OKTA_1000, timed alike.
   */
  async changeExpiredPassword(
    rawEmail: string,
    current: string,
    next: string,
    locale: string,
    caller: Caller,
  ): Promise<void> {
    const email = checkEmailOrThrow(rawEmail, 'body/email');
    await this.limits.hit(LIMITS.authnPerIp, caller.ip);
    const { customer, ok, attempt } = await this.verifyAttempt(email, current);
    if (!customer || !ok || customer.status !== 'PASSWORD_EXPIRED') throw new AppError('ERR_OKTA_1000');
    // The right password is no failure, even when the new one is refused below.
    await attempt.release();
    if (current.normalize('NFKC') === next.normalize('NFKC')) {
      const m = 'must differ from the current password';
      throw new AppError('ERR_API_1018', `body/newPassword: ${m}`, [{ path: 'body/newPassword', message: m }]);
    }
    const passwordHash = await this.checkNewPassword(customer, next, 'body/newPassword');
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.setPassword(trx, customer.id, passwordHash, now, true);
      await this.repo.endSessions(trx, customer.id);
      await enqueueMail(trx, {
        to: customer.email,
        template: 'password-changed',
        locale,
        data: {
          resetUrl: this.url(locale, '/signin', { forgot: '1' }),
          ...(customer.first_name ? { firstName: customer.first_name } : {}),
        },
      });
    });
    await this.limits.reset(LIMITS.authnFailPerEmail, email);
  }

  /** Changes the signed-in customer's password: the other sessions end, this one is rotated. */
  async changePassword(session: SessionRef, current: string, next: string, locale: string): Promise<{ token: string }> {
    // Wrong current passwords are counted per session. The attempt takes its place before the password is
    // hashed (simultaneous attempts never evaluate more than the limit); once full, even the right password
    // waits for the window. The right one gives its place back.
    const attempt = await this.limits.reserve(LIMITS.changePerSession, session.id);
    let customer: CustomerRow;
    let ok: boolean;
    try {
      customer = await this.signedInCustomer(session);
      ok = customer.password_hash ? await verifyPassword(customer.password_hash, current) : await dummyVerify(current);
    } catch (err) {
      await attempt.release().catch(() => undefined);
      throw err;
    }
    if (ok) await attempt.release();
    else {
      // The fifth wrong current password also signs this session out: a session left open cannot be used
      // to guess the password.
      if (attempt.full)
        await this.db
          .updateTable('sessions')
          .set({ customer_id: null, authenticated_at: null, auth_seen_at: null })
          .where('id', '=', session.id)
          .execute();
      const m = 'is not the current password';
      throw new AppError('ERR_API_1018', `body/currentPassword: ${m}`, [{ path: 'body/currentPassword', message: m }]);
    }
    if (current.normalize('NFKC') === next.normalize('NFKC')) {
      const m = 'must differ from the current password';
      throw new AppError('ERR_API_1018', `body/newPassword: ${m}`, [{ path: 'body/newPassword', message: m }]);
    }
    const passwordHash = await this.checkNewPassword(customer, next, 'body/newPassword');
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      await this.repo.setPassword(trx, customer.id, passwordHash, now, false);
      await this.repo.endSessions(trx, customer.id, session.id);
      const rotated = await this.sessions.rotate(trx, session);
      await enqueueMail(trx, {
        to: customer.email,
        template: 'password-changed',
        locale,
        data: {
          resetUrl: this.url(locale, '/signin', { forgot: '1' }),
          ...(customer.first_name ? { firstName: customer.first_name } : {}),
        },
      });
      return { token: rotated.token };
    });
  }

  // ---- profile ----------------------------------------------------------------------------------

  /** The signed-in customer of a session, or the 401 that says why there is none. */
  async signedInCustomer(session: SessionRef | undefined, cookieSent = true): Promise<CustomerRow> {
    if (!session) throw new AppError(cookieSent ? 'ERR_API_1020' : 'ERR_HLP_1000');
    if (session.lapsed) throw new AppError('ERR_MWR_1000');
    if (!session.customerId) throw new AppError('ERR_API_1020');
    const customer = await this.repo.byId(this.db, session.customerId);
    if (!customer) throw new AppError('ERR_API_1020');
    return customer;
  }

  async profile(customer: CustomerRow, withConsents: boolean): Promise<Profile> {
    const profile: Profile = {
      clientId: customer.client_id,
      customerUUID: customer.id,
      emailAddress: customer.email,
      locale: customer.locale,
      country: customer.country,
      accountStatus: customer.status === 'PROVISIONED' ? 'PROVISIONED' : 'ACTIVE',
    };
    if (customer.civility) profile.civility = customer.civility as Profile['civility'];
    if (customer.first_name) profile.firstName = customer.first_name;
    if (customer.last_name) profile.lastName = customer.last_name;
    if (customer.first_name_kana) profile.firstNameKana = customer.first_name_kana;
    if (customer.last_name_kana) profile.lastNameKana = customer.last_name_kana;
    if (customer.phone) profile.phone = customer.phone;
    if (customer.birth_date) profile.birthDate = isoDate(customer.birth_date);
    if (customer.gender_preference === 'U' || customer.gender_preference === 'D')
      profile.genderPreference = customer.gender_preference;
    if (withConsents) profile.consents = await this.repo.consents(this.db, customer.id);
    return profile;
  }

  async updateProfile(
    session: SessionRef,
    clientId: string,
    changes: ProfileChanges,
    marketCountry: string,
    locale: string,
  ): Promise<CustomerRow> {
    const customer = await this.signedInCustomer(session);
    if (clientId !== customer.client_id)
      throw new AppError('ERR_API_1001', "The client id is not the signed-in customer's.");
    await this.limits.hit(LIMITS.updatePerSession, session.id);
    const issues = this.detailIssues(changes, marketCountry, locale);
    if (issues.length)
      throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const set: Record<string, unknown> = { updated_at: new Date(now) };
      const columns: [keyof ProfileChanges, string][] = [
        ['civility', 'civility'],
        ['firstName', 'first_name'],
        ['lastName', 'last_name'],
        ['firstNameKana', 'first_name_kana'],
        ['lastNameKana', 'last_name_kana'],
        ['phone', 'phone'],
        ['birthDate', 'birth_date'],
        ['genderPreference', 'gender_preference'],
        ['locale', 'locale'],
        ['country', 'country'],
        ['preferredStoreId', 'preferred_store_id'],
      ];
      for (const [key, column] of columns) {
        const value = changes[key];
        if (typeof value === 'string') set[column] = key === 'firstName' || key === 'lastName' ? value.trim() : value;
      }
      const row = await trx
        .updateTable('customers')
        .set(set as never)
        .where('id', '=', customer.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (changes.consents?.length) await this.repo.saveConsents(trx, customer.id, changes.consents);
      return row;
    });
  }

  /** Session fields of a signed-in customer (spec §3), for the customer session answer. */
  sessionFields(customer: CustomerRow): SignedInFields {
    const e164 = customer.phone ?? null;
    return {
      customerAuthenticated: true,
      keringClientId: customer.client_id,
      customerUUID: customer.id,
      phoneNumberE164: e164,
      phoneNumberNormalized: normalizedPhone(e164),
      emailSha256: sha256Hex(customer.email),
      isEmployee: customer.is_employee,
    };
  }
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  // A fixed number of dots: the length of the address is not disclosed either.
  return `${local.slice(0, 1)}•••••@${domain}`;
}

function isoDate(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const y = value.getFullYear();
  return `${y}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

/** Birth dates (contract `BirthDate`): a real calendar date after 1900-01-01, the customer at least 16. */
export function birthDateIssue(value: string, now: number): Issue | undefined {
  const path = 'body/birthDate';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!m || !date || date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3]))
    return { path, message: 'must be a calendar date (YYYY-MM-DD)' };
  const today = new Date(now);
  const age =
    today.getUTCFullYear() -
    date.getUTCFullYear() -
    (today.getUTCMonth() < date.getUTCMonth() ||
    (today.getUTCMonth() === date.getUTCMonth() && today.getUTCDate() < date.getUTCDate())
      ? 1
      : 0);
  if (age < 16) return { path, message: 'the account holder must be at least 16 years old' };
  if (date.getTime() <= Date.UTC(1900, 0, 1)) return { path, message: 'must be after 1900-01-01' };
  return undefined;
}
