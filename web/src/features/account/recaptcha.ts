// reCAPTCHA actions of the account forms (the server verifies the token for its operation).
export { recaptchaToken } from '../../lib/recaptcha';
export type RecaptchaAction =
  'login' | 'register' | 'password_reset' | 'account_activation' | 'password_change_expired' | 'account_migration';
