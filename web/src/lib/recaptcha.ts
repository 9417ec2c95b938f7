// The reCAPTCHA token of a form (one per submission, valid 2 minutes). With Google's script on the page
// (`window.grecaptcha`) and a site key (the page data's `recaptchaSiteKey`, or
// `<meta name="recaptcha-site-key">`) the token is Google's; otherwise (development, tests, the demo) the
// test verifier's documented token, which only a server running the test verifier accepts.
declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      execute(siteKey: string, options: { action: string }): Promise<string>;
    };
  }
}

export const TEST_RECAPTCHA_TOKEN = 'test-recaptcha-token';

export async function recaptchaToken(action: string, siteKey?: string | null): Promise<string> {
  const key =
    siteKey ||
    (typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="recaptcha-site-key"]')?.getAttribute('content'));
  const g = typeof window === 'undefined' ? undefined : window.grecaptcha;
  if (!g || !key) return TEST_RECAPTCHA_TOKEN;
  return new Promise((resolve, reject) => g.ready(() => g.execute(key, { action }).then(resolve, reject)));
}
