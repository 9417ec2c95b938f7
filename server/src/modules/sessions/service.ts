import { createHash, randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Request, Response, NextFunction } from 'express';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Idle timeout: a guest basket survives 30 days without a visit. */
export const SESSION_IDLE_DAYS = 30;
/** Absolute lifetime, the longest cookie duration the spec allows (90 days). */
export const SESSION_ABSOLUTE_DAYS = 90;
/** The signed-in state lapses after 24 hours without activity… */
export const AUTH_IDLE_HOURS = 24;
/** …and 30 days after the sign-in, whatever the activity (the session then goes on as anonymous). */
export const AUTH_ABSOLUTE_DAYS = 30;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Signed-in activity is written at most this often. */
const AUTH_TOUCH_MS = 5 * 60_000;

export interface SessionRef {
  /** Database key: SHA-256 of the cookie token. */
  id: string;
  /** The signed-in customer, when the session is signed in. */
  customerId?: string;
  /** The signed-in state lapsed on this request (timeouts): the session goes on as anonymous. */
  lapsed?: boolean;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The browser session: an opaque 128-bit token in an HttpOnly, SameSite=Lax cookie (Secure and `__Host-`
 * over HTTPS); only its SHA-256 digest is stored. The storefront API names the cookie `sid`, the customer
 * service `cs_sid`: both carry the same token, one session for the browser.
 */
export class SessionService {
  readonly cookieName: string;
  readonly serviceCookieName: string;
  constructor(
    private readonly db: DB,
    private readonly secure: boolean,
    private readonly clock: () => number = Date.now,
  ) {
    // `__Host-` binds the cookie to this exact origin over HTTPS (no Domain, Path=/).
    this.cookieName = secure ? '__Host-sid' : 'sid';
    this.serviceCookieName = secure ? '__Host-cs_sid' : 'cs_sid';
  }

  /** The session token the request carries, if well-formed. */
  tokenOf(req: Request): string | undefined {
    const cookies = req.cookies as Record<string, string> | undefined;
    for (const name of [this.cookieName, this.serviceCookieName]) {
      const token = cookies?.[name];
      if (token && TOKEN.test(token)) return token;
    }
    return undefined;
  }

  /** Whether the request sent a session cookie at all (readable or not). */
  sentCookie(req: Request): boolean {
    const cookies = req.cookies as Record<string, string> | undefined;
    return Boolean(cookies?.[this.cookieName] ?? cookies?.[this.serviceCookieName]);
  }

  /** The request's shopper for a service: its session, read by the middleware at first use. */
  visitor(req: Request, res: Response): Visitor {
    return {
      session: async () => {
        if (res.locals.session === undefined)
          await new Promise<void>(
            (resolve, reject) => void this.middleware()(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
          );
        return sessionOf(res);
      },
    };
  }

  /** Express middleware: attaches `res.locals.session` when the request carries a live session cookie. */
  middleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      if (res.locals.session) return next();
      const token = this.tokenOf(req);
      if (token) {
        const id = hashToken(token);
        const row = await this.db
          .selectFrom('sessions')
          .select(['id', 'last_seen_at', 'customer_id', 'authenticated_at', 'auth_seen_at'])
          .where('id', '=', id)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (row) {
          const ref: SessionRef = { id };
          const now = this.clock();
          if (row.customer_id) {
            const seen = new Date(row.auth_seen_at ?? row.authenticated_at ?? 0).getTime();
            const since = new Date(row.authenticated_at ?? 0).getTime();
            if (now - seen > AUTH_IDLE_HOURS * HOUR_MS || now - since > AUTH_ABSOLUTE_DAYS * DAY_MS) {
              await this.db
                .updateTable('sessions')
                .set({ customer_id: null, authenticated_at: null, auth_seen_at: null })
                .where('id', '=', id)
                .execute();
              ref.lapsed = true;
            } else {
              ref.customerId = row.customer_id;
              if (now - seen > AUTH_TOUCH_MS) {
                await this.db
                  .updateTable('sessions')
                  .set({ auth_seen_at: new Date(now) })
                  .where('id', '=', id)
                  .execute();
              }
            }
          }
          res.locals.session = ref;
          // Slide the idle timeout at most once a day, capped by the absolute lifetime.
          if (now - new Date(row.last_seen_at).getTime() > DAY_MS) {
            await this.db
              .updateTable('sessions')
              .set({
                last_seen_at: sql`now()`,
                expires_at: sql`least(now() + make_interval(days => ${SESSION_IDLE_DAYS}), created_at + make_interval(days => ${SESSION_ABSOLUTE_DAYS}))`,
              })
              .where('id', '=', id)
              .execute();
            this.setCookie(res, token);
          }
        }
      }
      next();
    };
  }

  /** Creates a session inside the caller's transaction; the cookie is set only once that commits. */
  async create(trx: Transaction<Database>): Promise<{ ref: SessionRef; token: string }> {
    const token = randomBytes(16).toString('base64url');
    const id = hashToken(token);
    await trx
      .insertInto('sessions')
      .values({ id, expires_at: new Date(this.clock() + SESSION_IDLE_DAYS * DAY_MS) })
      .execute();
    return { ref: { id }, token };
  }

  /**
   * Gives the session a new id (sign-in, sign-out): a token seen before is worthless after. The basket and
   * anything else keyed on the session follow (foreign keys `on update cascade`).
   */
  async rotate(trx: Transaction<Database>, ref: SessionRef): Promise<{ ref: SessionRef; token: string }> {
    const token = randomBytes(16).toString('base64url');
    const id = hashToken(token);
    await trx.updateTable('sessions').set({ id }).where('id', '=', ref.id).execute();
    return { ref: { ...ref, id }, token };
  }

  setCookie(res: Response, token: string): void {
    const options = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.secure,
      path: '/',
      maxAge: SESSION_IDLE_DAYS * DAY_MS,
    };
    res.cookie(this.cookieName, token, options);
    res.cookie(this.serviceCookieName, token, options);
  }

  clearCookie(res: Response): void {
    const options = { httpOnly: true, sameSite: 'lax' as const, secure: this.secure, path: '/' };
    res.clearCookie(this.cookieName, options);
    res.clearCookie(this.serviceCookieName, options);
  }
}

/**
 * The shopper behind a request, as services read it: no Express objects. The session is loaded at first use
 * when no session middleware ran (the SSR host has none per route), once.
 */
export interface Visitor {
  session(): Promise<SessionRef | undefined>;
}

export function sessionOf(res: Response): SessionRef | undefined {
  return res.locals.session as SessionRef | undefined;
}
