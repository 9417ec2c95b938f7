// The confirmation page's rules, without React: the token of the e-mail's link (in the URL fragment, which is
// never sent to a server), and what the page says for each answer of POST /api/newsletter/confirm.
import { ApiError } from '../../lib/api-client';

/** The contract's token pattern (256 random bits in base64url are 43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** The token of a fragment `#token=…` (the e-mail's link), or null when there is none or it is malformed. */
export function tokenOfHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return value !== null && TOKEN.test(value) ? value : null;
}

export type ConfirmState =
  /** Before the fragment is read (the server's rendering, the first paint). */
  | { kind: 'reading' }
  | { kind: 'confirming' }
  | { kind: 'confirmed' }
  | { kind: 'already-confirmed' }
  /** The link cannot confirm anything: unknown, expired, superseded, cut short, or no token at all. */
  | { kind: 'invalid' }
  /** The service failed or the visitor is rate limited: the link stays valid, try again. */
  | { kind: 'failed'; message: string };

/** The page's state after an answer: `errors:<code>` is the i18n key of a failure's message. */
export function stateOfAnswer(answer: { status: 'confirmed' | 'alreadyConfirmed' } | { error: unknown }): ConfirmState {
  if (!('error' in answer))
    return answer.status === 'confirmed' ? { kind: 'confirmed' } : { kind: 'already-confirmed' };
  const err = answer.error;
  // 410 ERR_NWS_API_1003, or 400 ERR_API_1018 for a token the contract refuses (a link cut short by a mail client).
  if (
    err instanceof ApiError &&
    (err.code === 'ERR_NWS_API_1003' || (err.status === 400 && err.code === 'ERR_API_1018'))
  )
    return { kind: 'invalid' };
  const code = err instanceof ApiError && err.code !== 'API_UNKNOWN_ERROR' ? err.code : 'ERR_NWS_API_1002';
  return { kind: 'failed', message: `errors:${code}` };
}
