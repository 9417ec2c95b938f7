import { createHash, randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Request, Response, NextFunction } from 'express';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Idle timeout: a guest basket survives 30 days without a visit. */
export const SESSION_IDLE_DAYS = 30;
/** Absolute lifetime, the longest cookie duration the spec allows (90 days). */
export const SESSION_ABSOLUTE_DAYS = 90;
const DAY_MS = 86_400_000;

export interface SessionRef {
  /** Database key: SHA-256 of the cookie token. */
  id: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export class SessionService {
  readonly cookieName: string;
  constructor(
    private readonly db: DB,
    private readonly secure: boolean,
  ) {
    // `__Host-` binds the cookie to this exact origin over HTTPS (no Domain, Path=/).
    this.cookieName = secure ? '__Host-sid' : 'sid';
  }

  /** Express middleware: attaches `res.locals.session` when the request carries a live session cookie. */
  middleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      const token = (req.cookies as Record<string, string> | undefined)?.[this.cookieName];
      if (token && /^[A-Za-z0-9_-]{22}$/.test(token)) {
        const id = hashToken(token);
        const row = await this.db
          .selectFrom('sessions')
          .select(['id', 'last_seen_at'])
          .where('id', '=', id)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (row) {
          res.locals.session = { id } satisfies SessionRef;
          // Slide the idle timeout at most once a day, capped by the absolute lifetime.
          if (Date.now() - new Date(row.last_seen_at).getTime() > DAY_MS) {
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
      .values({ id, expires_at: new Date(Date.now() + SESSION_IDLE_DAYS * DAY_MS) })
      .execute();
    return { ref: { id }, token };
  }

  setCookie(res: Response, token: string): void {
    res.cookie(this.cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: SESSION_IDLE_DAYS * DAY_MS,
    });
  }
}

export function sessionOf(res: Response): SessionRef | undefined {
  return res.locals.session as SessionRef | undefined;
}
