// Passwords: recovery by e-mail, the reset (with an optional sign-in code bound to a PKCE challenge), the change
// of an expired password at sign-in, and the signed-in customer's change; each new password checked against
// the rules and the last ones used.
import { AppError } from '../../../shared/errors.ts';
import { enqueueMail } from '../../mail/index.ts';
import type { SessionRef } from '../../sessions/index.ts';
import { dummyVerify, hashPassword, verifyPassword } from './passwords.ts';
import { digestOf, type CustomerRow } from '../repository.ts';
import { checkEmailOrThrow, newPasswordIssue } from '../rules.ts';
import { issueChallengeCode } from '../sign-in/pkce.ts';
import {
  LIMITS,
  PASSWORD_HISTORY,
  RESET_TTL_MS,
  SIGN_IN_CODE_SECONDS,
  type AccountKit,
  type Caller,
} from '../account-kit.ts';
import { verifyAttempt } from '../sign-in/sign-in.ts';
import { mailLimits } from '../activation/account-registration.ts';

/** Whether a recovery token can still be used (the reset page says so before the form is filled). */
export async function resetTokenValid(kit: AccountKit, token: string): Promise<boolean> {
  const row = await kit.db
    .selectFrom('account_tokens')
    .select('customer_id')
    .where('token_hash', '=', digestOf(token))
    .where('kind', '=', 'reset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(kit.clock()))
    .executeTakeFirst();
  return Boolean(row);
}

export async function requestRecovery(
  kit: AccountKit,
  rawEmail: string,
  locale: string,
  caller: Caller,
): Promise<void> {
  const email = checkEmailOrThrow(rawEmail, 'body/email');
  await mailLimits(kit, email, caller.ip);
  const now = kit.clock();
  await kit.db.transaction().execute(async (trx) => {
    const customer = await kit.repo.byEmail(trx, email);
    if (!customer || !['ACTIVE', 'PROVISIONED', 'PASSWORD_EXPIRED'].includes(customer.status)) return;
    const token = await kit.repo.issueToken(trx, customer.id, 'reset', RESET_TTL_MS, now);
    await enqueueMail(trx, {
      to: customer.email,
      template: 'password-reset',
      locale,
      data: {
        resetUrl: kit.url(locale, '/myaccount/reset-password', { token }),
        ...(customer.first_name ? { firstName: customer.first_name } : {}),
      },
    });
  });
}

async function checkNewPassword(
  kit: AccountKit,
  customer: CustomerRow,
  password: string,
  path: string,
): Promise<string> {
  const message = newPasswordIssue(password, {
    email: customer.email,
    firstName: customer.first_name ?? undefined,
    lastName: customer.last_name ?? undefined,
  });
  if (message) throw new AppError('ERR_API_1018', `${path}: ${message}`, [{ path, message }]);
  for (const previous of await kit.repo.recentPasswordHashes(kit.db, customer.id, PASSWORD_HISTORY)) {
    if (await verifyPassword(previous, password)) {
      const m = `must differ from the last ${PASSWORD_HISTORY} passwords`;
      throw new AppError('ERR_API_1018', `${path}: ${m}`, [{ path, message: m }]);
    }
  }
  return hashPassword(password);
}

/** Resets the password; with a PKCE `codeChallenge`, also answers a one-time sign-in code bound to it. */
export async function resetPassword(
  kit: AccountKit,
  token: string,
  newPassword: string,
  locale: string,
  caller: Caller,
  codeChallenge?: string,
): Promise<{ code?: string }> {
  await kit.limits.hit(LIMITS.resetPerIp, caller.ip);
  const now = kit.clock();
  const tokenRow = await kit.db
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
  const customer = await kit.repo.byId(kit.db, tokenRow.customer_id);
  if (!customer) throw invalid();
  const passwordHash = await checkNewPassword(kit, customer, newPassword, 'body/newPassword');
  return kit.db.transaction().execute(async (trx) => {
    const owner = await kit.repo.redeemToken(trx, token, 'reset', now);
    if (owner !== customer.id) throw invalid();
    await kit.repo.setPassword(trx, customer.id, passwordHash, now, true);
    await kit.repo.endSessions(trx, customer.id);
    await enqueueMail(trx, {
      to: customer.email,
      template: 'password-changed',
      locale,
      data: {
        resetUrl: kit.url(locale, '/signin', { forgot: '1' }),
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
export async function changeExpiredPassword(
  kit: AccountKit,
  rawEmail: string,
  current: string,
  next: string,
  locale: string,
  caller: Caller,
): Promise<void> {
  const email = checkEmailOrThrow(rawEmail, 'body/email');
  await kit.limits.hit(LIMITS.authnPerIp, caller.ip);
  const { customer, ok, attempt } = await verifyAttempt(kit, email, current);
  if (!customer || !ok || customer.status !== 'PASSWORD_EXPIRED') throw new AppError('ERR_OKTA_1000');
  // The right password is no failure, even when the new one is refused below.
  await attempt.release();
  if (current.normalize('NFKC') === next.normalize('NFKC')) {
    const m = 'must differ from the current password';
    throw new AppError('ERR_API_1018', `body/newPassword: ${m}`, [{ path: 'body/newPassword', message: m }]);
  }
  const passwordHash = await checkNewPassword(kit, customer, next, 'body/newPassword');
  const now = kit.clock();
  await kit.db.transaction().execute(async (trx) => {
    await kit.repo.setPassword(trx, customer.id, passwordHash, now, true);
    await kit.repo.endSessions(trx, customer.id);
    await enqueueMail(trx, {
      to: customer.email,
      template: 'password-changed',
      locale,
      data: {
        resetUrl: kit.url(locale, '/signin', { forgot: '1' }),
        ...(customer.first_name ? { firstName: customer.first_name } : {}),
      },
    });
  });
  await kit.limits.reset(LIMITS.authnFailPerEmail, email);
}

/** Changes the signed-in customer's password: the other sessions end, this one is rotated. */
export async function changePassword(
  kit: AccountKit,
  session: SessionRef,
  current: string,
  next: string,
  locale: string,
): Promise<{ token: string }> {
  // Wrong current passwords are counted per session. The attempt takes its place before the password is
  // hashed (simultaneous attempts never evaluate more than the limit); once full, even the right password
  // waits for the window. The right one gives its place back.
  const attempt = await kit.limits.reserve(LIMITS.changePerSession, session.id);
  let customer: CustomerRow;
  let ok: boolean;
  try {
    customer = await kit.signedInCustomer(session);
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
      await kit.db
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
  const passwordHash = await checkNewPassword(kit, customer, next, 'body/newPassword');
  const now = kit.clock();
  return kit.db.transaction().execute(async (trx) => {
    await kit.repo.setPassword(trx, customer.id, passwordHash, now, false);
    await kit.repo.endSessions(trx, customer.id, session.id);
    const rotated = await kit.sessions.rotate(trx, session);
    await enqueueMail(trx, {
      to: customer.email,
      template: 'password-changed',
      locale,
      data: {
        resetUrl: kit.url(locale, '/signin', { forgot: '1' }),
        ...(customer.first_name ? { firstName: customer.first_name } : {}),
      },
    });
    return { token: rotated.token };
  });
}
