import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RateLimiter } from '../../../shared/rate-limit.ts';
import { AppError } from '../../../shared/errors.ts';
import type { CustomerRow } from '../repository.ts';

/** Audience the employee-sale site writes in its tokens for this storefront. */
export const EMPLOYEE_SALE_AUDIENCE = 'storefront';
/** Longest life of a token (spec: short-lived; the contract says 5 minutes). */
export const EMPLOYEE_SALE_MAX_SECONDS = 300;

interface Claims {
  aud?: unknown;
  exp?: unknown;
  iat?: unknown;
  jti?: unknown;
  clientId?: unknown;
  sid?: unknown;
}

function b64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/** Signs a token the way the employee-sale site does (HS256 compact JWS); used by tests and the demo. */
export function signEmployeeSaleToken(secret: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/**
 * Session sync with the employee-sale site (spec §6): an HS256 token signed with the shared secret, for
 * this audience, expiring within 5 minutes, single use (`jti`), for the session's client id, and an
 * account flagged as employee. Every refusal is the same ERR_API_1001.
 */
export class EmployeeSaleSync {
  constructor(
    private readonly secret: string | undefined,
    private readonly limits: RateLimiter,
    private readonly clock: () => number = Date.now,
  ) {}

  async verify(token: string, customer: CustomerRow, sessionId: string): Promise<void> {
    await this.limits.hit({ bucket: 'es-sync-session', max: 10, windowSeconds: 60 }, sessionId);
    const refuse = () => new AppError('ERR_API_1001', 'The employee-sale token was refused.');
    if (!this.secret) throw refuse();
    const [head, body, sig] = token.split('.');
    if (!head || !body || !sig) throw refuse();
    let header: { alg?: unknown };
    let claims: Claims;
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    } catch {
      throw refuse();
    }
    if (header.alg !== 'HS256') throw refuse();
    const expected = createHmac('sha256', this.secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
    const now = Math.floor(this.clock() / 1000);
    if (claims.aud !== EMPLOYEE_SALE_AUDIENCE) throw refuse();
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + EMPLOYEE_SALE_MAX_SECONDS)
      throw refuse();
    if (typeof claims.jti !== 'string' || claims.jti.length < 8) throw refuse();
    if (claims.clientId !== customer.client_id || !customer.is_employee) throw refuse();
    // Single use: the id is kept until the token expires (the `exp` is the same for any replay).
    if (!(await this.limits.once('es-jti', `${claims.jti}`, new Date(claims.exp * 1000)))) throw refuse();
  }
}
