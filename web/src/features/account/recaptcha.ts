// The reCAPTCHA token of an account form (one per submission, valid 2 minutes). The same rule as the
// product feature's helper, kept here because features do not import each other: with Google's script
// on the page (`window.grecaptcha`) and a site key (the page data's `recaptchaSiteKey`, or
// `<meta name="recaptcha-site-key">`) the token is Google's; otherwise (development, tests, the demo) the
// test verifier's documented token, which only a non-production server accepts.

type Grecaptcha = { ready(cb: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };

export const TEST_RECAPTCHA_TOKEN = 'test-recaptcha-token';

/** reCAPTCHA actions of the account forms (the server verifies the token for its operation). */
export type RecaptchaAction = 'login' | 'register' | 'password_reset' | 'account_activation' | 'password_change_expired';

export async function recaptchaToken(action: RecaptchaAction, siteKey?: string | null): Promise<string> {
  if (typeof window === 'undefined') return TEST_RECAPTCHA_TOKEN;
  const key = siteKey || document.querySelector('meta[name="recaptcha-site-key"]')?.getAttribute('content');
  const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!g || !key) return TEST_RECAPTCHA_TOKEN;
  return new Promise((resolve, reject) => g.ready(() => g.execute(key, { action }).then(resolve, reject)));
}
