// Signing in and out: a password attempt for an address (rate limited, the same answer and timing for every
// address), the one-time sign-in code it answers, the code redeemed on the session (PKCE when bound to a
// challenge), and signing out.
import { adoptCustomerBaskets, detachBasket } from '../../basket/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Reservation } from '../../../shared/rate-limit.ts';
import type { SessionRef } from '../../sessions/index.ts';
import { verifyPassword, dummyVerify } from '../passwords/passwords.ts';
import { digestOf, newSecret, type CustomerRow } from '../repository.ts';
import { checkEmailOrThrow } from '../rules.ts';
import { s256 } from './pkce.ts';
import { LIMITS, SIGN_IN_CODE_SECONDS, type AccountKit, type Caller } from '../account-kit.ts';

/**
 * Verifies the credentials and issues a one-time code bound to the caller's session (created when the
 * caller has none: its token is returned so that the cookie is set).
 */
export async function authn(
  kit: AccountKit,
  rawEmail: string,
  password: string,
  caller: Caller,
): Promise<{ code: string; newSessionToken?: string }> {
  const email = checkEmailOrThrow(rawEmail, 'body/email');
  await kit.limits.hit(LIMITS.authnPerIp, caller.ip);
  const { customer, ok } = await verifyAttempt(kit, email, password);
  if (!customer || !ok || customer.status !== 'ACTIVE') throw new AppError('ERR_OKTA_1000');
  await kit.limits.reset(LIMITS.authnFailPerEmail, email);
  return kit.db.transaction().execute(async (trx) => {
    let session = caller.session;
    let newSessionToken: string | undefined;
    if (!session) {
      const created = await kit.sessions.create(trx);
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
        expires_at: new Date(kit.clock() + SIGN_IN_CODE_SECONDS * 1000),
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
export async function verifyAttempt(
  kit: AccountKit,
  email: string,
  password: string,
): Promise<{ customer: CustomerRow | undefined; ok: boolean; attempt: Reservation }> {
  const attempt = await kit.limits.reserve(LIMITS.authnFailPerEmail, email);
  try {
    const customer = await kit.repo.byEmail(kit.db, email);
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
export async function login(
  kit: AccountKit,
  code: string,
  caller: Caller,
  codeVerifier?: string,
): Promise<{ token: string; session: SessionRef }> {
  await kit.limits.hit(LIMITS.loginPerIp, caller.ip);
  const session = caller.session;
  if (!session) throw new AppError('ERR_API_1020', 'The sign-in code was issued to another session.');
  const now = kit.clock();
  return kit.db.transaction().execute(async (trx) => {
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
    const rotated = await kit.sessions.rotate(trx, session);
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
export async function logout(kit: AccountKit, session: SessionRef | undefined): Promise<void> {
  if (!session?.customerId) throw new AppError('ERR_API_1022');
  const customerId = session.customerId;
  await kit.db.transaction().execute(async (trx) => {
    await detachBasket(trx, session.id, customerId);
    await trx.deleteFrom('sessions').where('id', '=', session.id).execute();
  });
}
