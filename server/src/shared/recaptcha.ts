import { AppError } from './errors.ts';

/** The token the `test` verifier accepts (documented in docs/reference/configuration.md); every other token is refused. */
export const TEST_RECAPTCHA_TOKEN = 'test-recaptcha-token';
const GOOGLE_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 score under which a token is refused. */
export const RECAPTCHA_MIN_SCORE = 0.5;

export interface RecaptchaOptions {
  mode: 'test' | 'google';
  secret?: string;
  /** Injected for tests of the Google path; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Server-side reCAPTCHA check (spec §8 ERR_RECAPTCHA_1000–1004), run before anything else a form does:
 * missing → 1000 (400); refused → 1002 (403); verifier unreachable → 1001 (502); verifier answered
 * unsuccessfully → 1004 (502); anything unexpected → 1003 (500).
 */
export class RecaptchaVerifier {
  constructor(private readonly options: RecaptchaOptions) {}

  async verify(token: unknown, remoteIp?: string): Promise<void> {
    if (typeof token !== 'string' || token.trim() === '') throw new AppError('ERR_RECAPTCHA_1000');
    if (this.options.mode === 'test') {
      if (token !== TEST_RECAPTCHA_TOKEN)
        throw new AppError('ERR_RECAPTCHA_1002', 'The test verifier accepts only its documented token.');
      return;
    }
    if (!this.options.secret)
      throw new AppError('ERR_RECAPTCHA_1001', 'No reCAPTCHA secret is configured (RECAPTCHA_SECRET).');
    let response: Response;
    try {
      const body = new URLSearchParams({
        secret: this.options.secret,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
      });
      response = await (this.options.fetch ?? fetch)(GOOGLE_VERIFY_URL, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
    } catch {
      throw new AppError('ERR_RECAPTCHA_1001');
    }
    if (!response.ok) throw new AppError('ERR_RECAPTCHA_1004', `The verifier answered ${response.status}.`);
    let result: { success?: boolean; score?: number; 'error-codes'?: string[] };
    try {
      result = (await response.json()) as typeof result;
    } catch {
      throw new AppError('ERR_RECAPTCHA_1003', 'The verifier answered something that is not JSON.');
    }
    if (!result.success)
      throw new AppError('ERR_RECAPTCHA_1002', (result['error-codes'] ?? []).join(', ') || undefined);
    if (typeof result.score === 'number' && result.score < RECAPTCHA_MIN_SCORE)
      throw new AppError('ERR_RECAPTCHA_1002', 'Score too low.');
  }
}
