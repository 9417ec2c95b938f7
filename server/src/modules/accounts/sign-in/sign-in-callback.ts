import { createHash } from 'node:crypto';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import type { DB } from '../../../db/database.ts';
import { toAppError } from '../../../shared/error-handler.ts';
import { AppError, type ErrorCode } from '../../../shared/errors.ts';
import { escapeHtml } from '../../../shared/html.ts';
import type { Schemas } from '../../../shared/http.ts';
import type { OperationRegistry } from '../../../shared/operations.ts';
import { acceptedTextLanguage, type TextLanguage } from '../../../shared/text-language.ts';
import { serverTexts } from '../../../locales/index.ts';
import { isPageLoad, NOTICE_CSP, noticePage } from '../../../shared/notice-page.ts';
import { hashToken, sessionOf, type SessionService } from '../../sessions/index.ts';
import type { CustomerServiceGateway } from '../customer-service/gateway.ts';
import { newCodeVerifier, newState, s256 } from './pkce.ts';
import { digestOf } from '../repository.ts';

/** A pending sign-in's `state` is valid 10 minutes (the code it travels with, 60 seconds). */
export const SIGN_IN_STATE_SECONDS = 600;
const CALLBACK_PATH = '/api/auth/callback';

const CODE = /^[A-Za-z0-9_-]{43}$/;
/** The only pages a sign-in continues to: a localised path of this site (also a check constraint of the table). */
const SAME_SITE_PAGE = /^\/[a-z]{2}-[a-z]{2}\/[a-z0-9/_-]*$/;

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111;background:#fff}a{color:inherit}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
/** The continuation page runs no script and loads nothing: the strictest policy that still shows it. */
const PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The page a sign-in continues to, if it is one of this site's; anything else (`//host`, `https:`…) is never followed. */
export function sameSitePage(path: string): string | undefined {
  return SAME_SITE_PAGE.test(path) && !path.includes('//') ? path : undefined;
}

/** The HTML continuation page: a meta refresh and a link (no script), titled in the flow's language. */
export function continuationPage(path: string, locale: string): string {
  const texts = serverTexts('accounts', locale).signInContinuation;
  const lang = locale.split('-')[0] ?? 'en';
  const url = escapeHtml(path);
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<meta http-equiv="refresh" content="0;url=${url}"><title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head>` +
    `<body><main><p><a href="${url}">${escapeHtml(texts.link)}</a></p></main></body></html>`
  );
}

/**
 * The storefront's side of the sign-in that follows an activation or a password reset (OAuth 2.0 authorization
 * code with PKCE; the identity provider is the customer service). `begin` makes the verifier whose challenge is
 * sent with the activation or the reset; `continuation` keeps the verifier with a fresh `state` against the
 * browser's session and answers the callback's address; `complete` (the callback) checks the state, redeems the
 * code with the verifier through the generated client and answers the continuation page.
 */
export class SignInHandoff {
  constructor(
    private readonly db: DB,
    private readonly sessions: SessionService,
    private readonly gateway: CustomerServiceGateway,
    private readonly clock: () => number = Date.now,
  ) {}

  begin(): { verifier: string; challenge: string } {
    const verifier = newCodeVerifier();
    return { verifier, challenge: s256(verifier) };
  }

  /** Binds a new `state` and the verifier to the browser's session; answers where the browser goes next. */
  async continuation(
    req: Request,
    res: Response,
    code: string,
    verifier: string,
    locale: string,
  ): Promise<Schemas['SignInContinuation']> {
    // The customer service opens (or confirms) the browser's session; a new one is relayed as its cookie.
    await this.gateway.call(res, this.gateway.client(req, res).GET('/session', { params: { query: { locale } } }));
    const token =
      (res.locals.sessionToken as string | undefined) ??
      (res.locals.sessionCleared ? undefined : this.sessions.tokenOf(req));
    if (!token) throw new AppError('ERR_API_1016');
    const state = newState();
    await this.db
      .insertInto('sign_in_states')
      .values({
        state_hash: digestOf(state),
        session_id: hashToken(token),
        code_verifier: verifier,
        continue_to: `/${locale}/myaccount`,
        locale,
        expires_at: new Date(this.clock() + SIGN_IN_STATE_SECONDS * 1000),
      })
      .execute();
    await this.db
      .deleteFrom('sign_in_states')
      .where('expires_at', '<', new Date(this.clock() - 86_400_000))
      .execute();
    return { continueTo: `${CALLBACK_PATH}?code=${code}&state=${state}` };
  }

  /** The callback: answers the continuation page, or throws the contract's error (nothing signed in). */
  async complete({ code, state }: { code: string; state: string }, req: Request, res: Response): Promise<string> {
    // The customer service's codes are 43 characters: refused before the state is spent.
    if (!CODE.test(code)) throw new AppError('ERR_AUTH_API_1001', 'The authorization code is malformed.');
    const session = sessionOf(res);
    if (!session) throw new AppError('ERR_AUTH_API_1003', 'The state was not issued to this session.');
    const now = new Date(this.clock());
    // Spent at the first use, whatever follows: a state is never tried twice.
    const pending = await this.db
      .updateTable('sign_in_states')
      .set({ used_at: now })
      .where('state_hash', '=', digestOf(state))
      .where('session_id', '=', session.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['code_verifier', 'continue_to', 'locale'])
      .executeTakeFirst();
    if (!pending)
      throw new AppError('ERR_AUTH_API_1003', 'The state is unknown, expired, used or issued to another session.');
    const client = this.gateway.client(req, res);
    let answer;
    try {
      answer = await this.gateway.call(
        res,
        client.POST('/login', {
          params: { query: { locale: pending.locale, code } },
          body: { codeVerifier: pending.code_verifier },
        }),
      );
    } catch (err) {
      throw callbackError(err);
    }
    if (!answer) throw new AppError('ERR_API_1017');
    return continuationPage(sameSitePage(pending.continue_to) ?? `/${pending.locale}/myaccount`, pending.locale);
  }
}

/** The customer service's refusals, in the callback's codes. */
function callbackError(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  switch (err.code) {
    case 'ERR_API_1020':
    case 'ERR_OKTA_1000':
      return new AppError('ERR_OKTA_1000', 'The authorization code is unknown, expired, used or not of this verifier.');
    case 'ERR_AUTH_API_1001':
    case 'ERR_AUTH_API_1002':
    case 'ERR_API_1017':
    case 'ERR_API_1015':
      return err;
    case 'ERR_API_1016':
    case 'ERR_API_1028':
      return new AppError('ERR_API_1015', err.detail);
    default:
      return new AppError('ERR_AUTH_API_1002', err.detail);
  }
}

/** The page of a refused callback (no script; the code in `data-error-code`). */
export function refusalPage(code: ErrorCode, status: number, language: TextLanguage): string {
  // The link cannot be used (4xx: expired, followed twice, opened in another browser), or sign-in is momentarily
  // unavailable (5xx): accounts.json `signInRefusal`.
  const texts = serverTexts('accounts', language).signInRefusal;
  const { title, body } = status >= 500 ? texts.unavailable : texts.gone;
  return noticePage({ language, code, title, body, link: { href: '/signin', text: texts.signIn } });
}

/**
 * Mounted just before the problem handler: a refused callback loaded as a page answers the same status and code
 * as a short page in the shopper's language with a way to sign in, rather than JSON the shopper cannot read.
 */
export function signInCallbackRefusalPage(codesByLocation: Map<string, ErrorCode>): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (req.path !== CALLBACK_PATH || res.headersSent || !isPageLoad(req)) return next(err);
    const error = toAppError(err, codesByLocation, 'completeSignInCallback');
    if (!error) return next(err);
    if (error.status >= 500) (req.log ?? undefined)?.error({ err }, 'sign-in callback failed');
    res
      .status(error.status)
      .set('Content-Security-Policy', NOTICE_CSP)
      .type('html')
      .send(refusalPage(error.code, error.status, acceptedTextLanguage(req.get('accept-language'))));
  };
}

/**
 * Mounted before request validation: every answer of the callback, refusals of the contract included, is
 * `no-store` and `no-referrer` (its address carries the code and the state).
 */
export function signInCallbackHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === CALLBACK_PATH) res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    next();
  };
}

/** `GET /api/auth/callback` (completeSignInCallback). */
export function signInCallbackRoutes(ops: OperationRegistry, sessions: SessionService, handoff: SignInHandoff): void {
  ops.handle('completeSignInCallback', {
    use: [sessions.middleware()],
    run: async ({ query, req, res }) => {
      const page = await handoff.complete(query, req, res);
      res.set('Content-Security-Policy', PAGE_CSP);
      res.type('html').send(page);
    },
  });
}

// Kept where the callback's tests import it from.
export { acceptedTextLanguage };
