// Registration and activation: a new account (or, for an address that has one, an e-mail to its owner only),
// the activation e-mail and its link, the status check, and the activation page's state.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../shared/errors.ts';
import { maskEmail } from '../../../shared/redaction.ts';
import { enqueueMail } from '../../mail/index.ts';
import { hashPassword } from '../passwords/passwords.ts';
import type { CustomerRow } from '../repository.ts';
import { checkEmailOrThrow, newPasswordIssue } from '../rules.ts';
import { issueChallengeCode } from '../sign-in/pkce.ts';
import {
  ACTIVATION_TTL_MS,
  LIMITS,
  SIGN_IN_CODE_SECONDS,
  type AccountKit,
  type Caller,
  type Registration,
} from '../account-kit.ts';

export async function register(
  kit: AccountKit,
  body: Registration,
  marketCountry: string,
  caller: Caller,
): Promise<void> {
  const email = checkEmailOrThrow(body.emailAddress, 'body/emailAddress');
  const issues = kit.detailIssues(body, marketCountry, body.locale);
  if (body.password) {
    const message = newPasswordIssue(body.password, { email, firstName: body.firstName, lastName: body.lastName });
    if (message) issues.push({ path: 'body/password', message });
  }
  const rules = kit.options.registration;
  if (new Set((body.consents ?? []).map((c) => c.id)).size !== (body.consents ?? []).length) {
    issues.push({ path: 'body/consents', message: 'each consent may be answered once' });
  }
  if (issues.length)
    throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
  const missing = rules?.missingRequired(body as unknown as Record<string, unknown>, body.locale) ?? [];
  if (missing.length) throw new AppError('ERR_FORM_1000', missing.map((i) => i.path).join(', '), missing);

  await kit.limits.hit(LIMITS.registerPerIp, caller.ip);
  await kit.limits.hit(LIMITS.registerPerEmail, email);
  // Hashed whether or not the address has an account: the answer takes the same time either way.
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const now = kit.clock();
  await kit.db.transaction().execute(async (trx) => {
    // Serialise registrations of one address (two at once must not both create an account).
    await sql`select pg_advisory_xact_lock(hashtext(${email}))`.execute(trx);
    const existing = await kit.repo.byEmail(trx, email);
    if (existing) {
      await mailExisting(kit, trx, existing, body.locale, now);
      return;
    }
    const customer = await kit.repo.insertCustomer(trx, {
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
    if (body.consents?.length) await kit.repo.saveConsents(trx, customer.id, body.consents);
    await mailActivation(kit, trx, customer, body.locale, now);
  });
}

async function mailActivation(
  kit: AccountKit,
  trx: Kysely<Database>,
  customer: CustomerRow,
  locale: string,
  now: number,
): Promise<void> {
  const token = await kit.repo.issueToken(trx, customer.id, 'activation', ACTIVATION_TTL_MS, now);
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
      activationUrl: kit.url(locale, '/myaccount/activate', { userId: customer.user_id, token }),
      ...(customer.first_name ? { firstName: customer.first_name } : {}),
    },
  });
}

/** An address that already has an account: its owner learns what to do, nobody else learns anything. */
export async function mailExisting(
  kit: AccountKit,
  trx: Kysely<Database>,
  customer: CustomerRow,
  locale: string,
  now: number,
): Promise<void> {
  if (customer.status === 'PROVISIONED') return mailActivation(kit, trx, customer, locale, now);
  await enqueueMail(trx, {
    to: customer.email,
    template: 'account-exists',
    locale,
    data: {
      signInUrl: kit.url(locale, '/signin'),
      resetUrl: kit.url(locale, '/signin', { forgot: '1' }),
      ...(customer.first_name ? { firstName: customer.first_name } : {}),
    },
  });
}

export async function mailLimits(kit: AccountKit, email: string, ip: string): Promise<void> {
  await kit.limits.hit(LIMITS.mailPerIp, ip);
  await kit.limits.hit(LIMITS.mailPerEmail, email);
}

/** Status check (spec §4): the owner of the address is told what to do next; the answer never says. */
export async function checkStatus(kit: AccountKit, rawEmail: string, locale: string, caller: Caller): Promise<void> {
  const email = checkEmailOrThrow(rawEmail, 'body/email');
  await mailLimits(kit, email, caller.ip);
  const now = kit.clock();
  await kit.db.transaction().execute(async (trx) => {
    const customer = await kit.repo.byEmail(trx, email);
    if (customer) return mailExisting(kit, trx, customer, locale, now);
    await enqueueMail(trx, {
      to: email,
      template: 'account-none',
      locale,
      data: { signUpUrl: kit.url(locale, '/signup') },
    });
  });
}

export async function sendActivation(kit: AccountKit, rawEmail: string, locale: string, caller: Caller): Promise<void> {
  const email = checkEmailOrThrow(rawEmail, 'body/email');
  await mailLimits(kit, email, caller.ip);
  const now = kit.clock();
  await kit.db.transaction().execute(async (trx) => {
    const customer = await kit.repo.byEmail(trx, email);
    if (customer?.status === 'PROVISIONED') await mailActivation(kit, trx, customer, locale, now);
  });
}

/**
 * Activates the account of a link. With a PKCE `codeChallenge`, an account activated by this call and holding
 * a password also gets a one-time sign-in code bound to that challenge; an account already active never does.
 */
export async function confirmActivation(
  kit: AccountKit,
  userId: string,
  token: string,
  locale: string,
  caller: Caller,
  codeChallenge?: string,
): Promise<{ code?: string }> {
  await kit.limits.hit(LIMITS.confirmPerIp, caller.ip);
  const now = kit.clock();
  return kit.db.transaction().execute(async (trx) => {
    const customer = await kit.repo.byUserId(trx, userId);
    if (customer?.status === 'ACTIVE') return {}; // following the link twice is harmless
    const owner = customer ? await kit.repo.redeemToken(trx, token, 'activation', now) : undefined;
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
        signInUrl: kit.url(locale, '/signin'),
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
export async function activationState(
  kit: AccountKit,
  userId: string,
): Promise<{ accountStatus: 'PROVISIONED' | 'ACTIVE'; maskedEmail: string } | undefined> {
  const customer = await kit.repo.byUserId(kit.db, userId);
  if (!customer || (customer.status !== 'PROVISIONED' && customer.status !== 'ACTIVE')) return undefined;
  return { accountStatus: customer.status, maskedEmail: maskEmail(customer.email) };
}
