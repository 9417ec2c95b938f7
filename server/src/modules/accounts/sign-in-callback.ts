import { createHash } from 'node:crypto';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import type { DB } from '../../db/database.ts';
import { toAppError } from '../../shared/error-handler.ts';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import { escapeHtml } from '../../shared/html.ts';
import type { Schemas } from '../../shared/http.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { acceptedTextLanguage, textLanguageOf, textsOf, type TextLanguage, type TextTable } from '../../shared/text-language.ts';
import { isPageLoad, NOTICE_CSP, noticePage } from '../../shared/notice-page.ts';
import { hashToken, sessionOf, type SessionService } from '../sessions/index.ts';
import type { CustomerServiceGateway } from './gateway.ts';
import { newCodeVerifier, newState, s256 } from './pkce.ts';
import { digestOf } from './repository.ts';

/** A pending sign-in's `state` is valid 10 minutes (the code it travels with, 60 seconds). */
export const SIGN_IN_STATE_SECONDS = 600;
const CALLBACK_PATH = '/api/auth/callback';

const CODE = /^[A-Za-z0-9_-]{43}$/;
/** The only pages a sign-in continues to: a localised path of this site (also a check constraint of the table). */
const SAME_SITE_PAGE = /^\/[a-z]{2}-[a-z]{2}\/[a-z0-9/_-]*$/;

const TEXTS: TextTable<{ title: string; link: string }> = {
  en: { title: 'Signing you in…', link: 'Continue to your account' },
  fr: { title: 'Connexion en cours…', link: 'Accéder à votre compte' },
  de: { title: 'Sie werden angemeldet…', link: 'Weiter zu Ihrem Konto' },
  es: { title: 'Iniciando sesión…', link: 'Continuar a su cuenta' },
  it: { title: 'Accesso in corso…', link: 'Prosegui verso il suo account' },
  ja: { title: 'ログインしています…', link: 'マイアカウントへ進む' },
  ko: { title: '로그인 중입니다…', link: '내 계정으로 이동' },
  pt: { title: 'Entrando na sua conta…', link: 'Continuar para a sua conta' },
  zh: { title: '正在登录…', link: '前往我的账户' },
  'zh-hant': { title: '正在登入…', link: '前往我的帳戶' },
};

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111;background:#fff}a{color:inherit}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
/** The continuation page runs no script and loads nothing: the strictest policy that still shows it. */
const PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;



/** The page a sign-in continues to, if it is one of this site's; anything else (`//host`, `https:`…) is never followed. */
export function sameSitePage(path: string): string | undefined {
  return SAME_SITE_PAGE.test(path) && !path.includes('//') ? path : undefined;
}

/** The HTML continuation page: a meta refresh and a link (no script), titled in the flow's language. */
export function continuationPage(path: string, locale: string): string {
  const texts = textsOf(TEXTS, locale);
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
  async continuation(req: Request, res: Response, code: string, verifier: string, locale: string): Promise<Schemas['SignInContinuation']> {
    // The customer service opens (or confirms) the browser's session; a new one is relayed as its cookie.
    await this.gateway.call(res, this.gateway.client(req, res).GET('/session', { params: { query: { locale } } }));
    const token = (res.locals.sessionToken as string | undefined) ?? (res.locals.sessionCleared ? undefined : this.sessions.tokenOf(req));
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
    await this.db.deleteFrom('sign_in_states').where('expires_at', '<', new Date(this.clock() - 86_400_000)).execute();
    return { continueTo: `${CALLBACK_PATH}?code=${code}&state=${state}` };
  }

  /** The callback: answers the continuation page, or throws the contract's error (nothing signed in). */
  async complete(req: Request, res: Response): Promise<string> {
    const code = String(req.query.code);
    const state = String(req.query.state);
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
    if (!pending) throw new AppError('ERR_AUTH_API_1003', 'The state is unknown, expired, used or issued to another session.');
    const client = this.gateway.client(req, res);
    let answer;
    try {
      answer = await this.gateway.call(res, client.POST('/login', { params: { query: { locale: pending.locale, code } }, body: { codeVerifier: pending.code_verifier } }));
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

interface RefusalTexts {
  /** The link cannot be used (4xx): expired, followed twice, opened in another browser. */
  gone: { title: string; body: string };
  /** Sign-in is momentarily unavailable (5xx). */
  unavailable: { title: string; body: string };
  signIn: string;
}

const REFUSAL_TEXTS: TextTable<RefusalTexts> = {
  en: {
    gone: { title: 'This sign-in link can no longer be used', body: 'It has expired, was already followed or was opened in another browser. Please sign in with your e-mail address and password.' },
    unavailable: { title: 'Sign-in is momentarily unavailable', body: 'Please try again in a moment.' },
    signIn: 'Sign in',
  },
  fr: {
    gone: { title: 'Ce lien de connexion n’est plus utilisable', body: 'Il a expiré, a déjà été suivi ou a été ouvert dans un autre navigateur. Veuillez vous connecter avec votre adresse e-mail et votre mot de passe.' },
    unavailable: { title: 'La connexion est momentanément indisponible', body: 'Veuillez réessayer dans un instant.' },
    signIn: 'Se connecter',
  },
  de: {
    gone: { title: 'Dieser Anmeldelink kann nicht mehr verwendet werden', body: 'Er ist abgelaufen, wurde bereits aufgerufen oder in einem anderen Browser geöffnet. Bitte melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.' },
    unavailable: { title: 'Die Anmeldung ist vorübergehend nicht verfügbar', body: 'Bitte versuchen Sie es in einem Moment erneut.' },
    signIn: 'Anmelden',
  },
  es: {
    gone: { title: 'Este enlace de inicio de sesión ya no puede utilizarse', body: 'Ha caducado, ya se ha seguido o se ha abierto en otro navegador. Inicie sesión con su dirección de correo electrónico y su contraseña.' },
    unavailable: { title: 'El inicio de sesión no está disponible en este momento', body: 'Vuelva a intentarlo en unos instantes.' },
    signIn: 'Iniciar sesión',
  },
  it: {
    gone: { title: 'Questo link di accesso non è più utilizzabile', body: 'È scaduto, è già stato seguito o è stato aperto in un altro browser. Acceda con il suo indirizzo e-mail e la sua password.' },
    unavailable: { title: 'L’accesso è momentaneamente non disponibile', body: 'La preghiamo di riprovare tra un istante.' },
    signIn: 'Accedi',
  },
  ja: {
    gone: { title: 'このログインリンクはご利用いただけません', body: '有効期限が切れているか、すでに使用されたか、別のブラウザで開かれました。メールアドレスとパスワードでログインしてください。' },
    unavailable: { title: 'ただいまログインをご利用いただけません', body: 'しばらくしてから再度お試しください。' },
    signIn: 'ログイン',
  },
  ko: {
    gone: { title: '이 로그인 링크는 더 이상 사용할 수 없습니다', body: '만료되었거나 이미 사용되었거나 다른 브라우저에서 열렸습니다. 이메일 주소와 비밀번호로 로그인해 주십시오.' },
    unavailable: { title: '현재 로그인을 이용할 수 없습니다', body: '잠시 후 다시 시도해 주십시오.' },
    signIn: '로그인',
  },
  pt: {
    gone: { title: 'Este link de acesso não pode mais ser utilizado', body: 'Ele expirou, já foi utilizado ou foi aberto em outro navegador. Entre com o seu endereço de e-mail e a sua senha.' },
    unavailable: { title: 'O acesso está momentaneamente indisponível', body: 'Tente novamente em alguns instantes.' },
    signIn: 'Entrar',
  },
  zh: {
    gone: { title: '此登录链接已无法使用', body: '该链接已过期、已被使用或在其他浏览器中打开。请使用您的电子邮箱地址和密码登录。' },
    unavailable: { title: '登录服务暂时无法使用', body: '请稍后再试。' },
    signIn: '登录',
  },
  'zh-hant': {
    gone: { title: '此登入連結已無法使用', body: '該連結已過期、已被使用或在其他瀏覽器中開啟。請使用您的電子郵件地址和密碼登入。' },
    unavailable: { title: '登入服務暫時無法使用', body: '請稍後再試。' },
    signIn: '登入',
  },
};

/** The page of a refused callback (no script; the code in `data-error-code`). */
export function refusalPage(code: ErrorCode, status: number, language: TextLanguage): string {
  const texts = REFUSAL_TEXTS[language];
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
    res.status(error.status).set('Content-Security-Policy', NOTICE_CSP).type('html').send(refusalPage(error.code, error.status, acceptedTextLanguage(req.get('accept-language'))));
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
  ops.on('completeSignInCallback', sessions.middleware(), async (req, res) => {
    const page = await handoff.complete(req, res);
    res.set('Content-Security-Policy', PAGE_CSP);
    res.type('html').send(page);
  });
}

// Kept where the callback's tests import it from.
export { acceptedTextLanguage };
