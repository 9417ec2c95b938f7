import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('works with an empty environment (npm start needs no env file)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ env: 'development', port: 3000, brand: 'ysl', databaseUrl: undefined, pgliteDir: '.data/pglite', logLevel: 'debug' });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('logs at warn outside development (spec §9) and validates responses outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ logLevel: 'warn', validateResponses: false, secureCookies: false });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example' }).secureCookies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).validateResponses).toBe(true);
  });

  it('verifies reCAPTCHA tokens with the test verifier only outside production, unless told', () => {
    expect(loadConfig({}).recaptchaVerifier).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production' }).recaptchaVerifier).toBe('google');
    expect(loadConfig({ NODE_ENV: 'production', RECAPTCHA_VERIFIER: 'test' }).recaptchaVerifier).toBe('test');
    expect(() => loadConfig({ RECAPTCHA_VERIFIER: 'none' })).toThrow(/RECAPTCHA_VERIFIER/);
  });

  it('refuses bad values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', BRAND: 'gucci', DATABASE_URL: 'not a url' })).toThrow(/PORT[\s\S]*BRAND[\s\S]*DATABASE_URL/);
  });
});
