// What the account use cases share (sign-in.ts, account-registration.ts, password-changes.ts, profile.ts): the
// limits and lifetimes, the shapes of registration and profile changes, the database, sessions and rate limits,
// the links of the e-mails, the checks of personal details and the signed-in customer.
import { createHash } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { AppError, type Issue } from '../../shared/errors.ts';
import type { CsSchemas } from '../../shared/http.ts';
import type { RateLimiter, Limit } from '../../shared/rate-limit.ts';
import type { SessionRef, SessionService } from '../sessions/index.ts';
import { AccountRepository, type CustomerRow } from './repository.ts';
import { nameIssues, phoneOrIssue } from './rules.ts';

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
  readonly registration?: RegistrationRules;
}

/** Who asked: the client's address (rate limits) and the session, if the browser has one. */
export interface Caller {
  ip: string;
  session?: SessionRef;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Digits only, as analytics matching expects (`+33612345678` → `33612345678`). */
export function normalizedPhone(e164: string | null): string | null {
  return e164 ? e164.replace(/^\+/, '') : null;
}

/** The database, sessions, rate limits and options every account use case reads. */
export class AccountKit {
  readonly repo: AccountRepository;
  readonly clock: () => number;

  constructor(
    readonly db: DB,
    readonly sessions: SessionService,
    readonly limits: RateLimiter,
    readonly options: AccountOptions,
  ) {
    this.repo = new AccountRepository(db);
    this.clock = options.clock ?? Date.now;
  }

  url(locale: string, path: string, query: Record<string, string> = {}): string {
    const qs = new URLSearchParams(query).toString();
    return `${this.options.publicOrigin}/${locale}${path}${qs ? `?${qs}` : ''}`;
  }

  /** Rules a schema cannot say about personal details (registration and profile alike), as issues. */
  detailIssues(details: PersonalDetails, marketCountry: string, locale: string): Issue[] {
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

  /** The signed-in customer of a session, or the 401 that says why there is none. */
  async signedInCustomer(session: SessionRef | undefined, cookieSent = true): Promise<CustomerRow> {
    if (!session) throw new AppError(cookieSent ? 'ERR_API_1020' : 'ERR_HLP_1000');
    if (session.lapsed) throw new AppError('ERR_MWR_1000');
    if (!session.customerId) throw new AppError('ERR_API_1020');
    const customer = await this.repo.byId(this.db, session.customerId);
    if (!customer) throw new AppError('ERR_API_1020');
    return customer;
  }
}

export function isoDate(value: string | Date): string {
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
