import { describe, expect, it } from 'vitest';
import { databasePoolSize, isLocalDatabase, loadConfig, webConcurrency } from './config.ts';

describe('config', () => {
  it('works with an empty environment (npm start needs no env file)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      brand: 'ysl',
      databaseUrl: undefined,
      pgliteDir: '.data/pglite',
      logLevel: 'debug',
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('logs at warn outside development (spec §9) and validates responses outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      logLevel: 'warn',
      validateResponses: false,
      secureCookies: false,
    });
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
    expect(() => loadConfig({ PORT: 'eighty', BRAND: 'gucci', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*BRAND[\s\S]*DATABASE_URL/,
    );
  });

  it('runs one process per core in production on PostgreSQL, one otherwise, and never more than one on PGlite', () => {
    const pg = 'postgres://u@db.internal/shop';
    expect(webConcurrency(undefined, { production: true, databaseUrl: pg }, 4)).toEqual({ workers: 4 });
    expect(webConcurrency(undefined, { production: false, databaseUrl: pg }, 4)).toEqual({ workers: 1 });
    expect(webConcurrency(3, { production: false, databaseUrl: pg }, 4)).toEqual({ workers: 3 });
    expect(webConcurrency(undefined, { production: true, databaseUrl: undefined }, 4)).toEqual({ workers: 1 });
    expect(webConcurrency(2, { production: true, databaseUrl: undefined }, 4)).toEqual({ workers: 1, refused: 2 });
    expect(loadConfig({ WEB_CONCURRENCY: '2' })).toMatchObject({ webConcurrency: 1, webConcurrencyRefused: 2 });
    expect(loadConfig({ WEB_CONCURRENCY: '' })).toMatchObject({ webConcurrency: 1, webConcurrencyRefused: undefined });
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('sizes the PostgreSQL pool by where the database runs, unless told', () => {
    for (const url of [
      'postgres://u@127.0.0.1:5432/db',
      'postgres://u@localhost/db',
      'postgres://u@[::1]:5432/db',
      'postgres:///db?host=/var/run/postgresql',
      'postgres://u@%2Fvar%2Frun%2Fpostgresql/db',
    ]) {
      expect(isLocalDatabase(url), url).toBe(true);
    }
    for (const url of ['postgres://u@db.internal:5432/db', 'postgres://u@10.0.0.5/db', 'postgres://u@128.0.0.1/db'])
      expect(isLocalDatabase(url), url).toBe(false);
    expect(databasePoolSize('postgres://u@127.0.0.1/db', undefined, 2)).toBe(2);
    expect(databasePoolSize('postgres://u@127.0.0.1/db', undefined, 1)).toBe(2);
    expect(databasePoolSize('postgres://u@127.0.0.1/db', undefined, 16)).toBe(16);
    expect(databasePoolSize('postgres://u@db.internal/db', undefined, 2)).toBe(10);
    expect(databasePoolSize('postgres://u@db.internal/db', 25, 2)).toBe(25);
    expect(databasePoolSize(undefined, 25, 2)).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.internal/db', DATABASE_POOL_SIZE: '7' }).databasePoolSize).toBe(
      7,
    );
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.internal/db', DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(
      10,
    );
    for (const bad of ['0', '201', 'many', '2.5'])
      expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: bad }), bad).toThrow(
        /DATABASE_POOL_SIZE/,
      );
  });

  it('database timeouts: defaults, empty means default, 0 turns the server-side ones off, nonsense is refused', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 5000, statementMs: 5000, idleInTransactionMs: 15000 });
    expect(loadConfig({}).readinessTimeoutMs).toBe(1000);
    const set = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '',
      READINESS_TIMEOUT_MS: '800',
    });
    expect(set.databaseTimeouts).toEqual({ connectMs: 1500, statementMs: 0, idleInTransactionMs: 15000 });
    expect(set.readinessTimeoutMs).toBe(800);
    for (const bad of ['0', '-1', 'soon', '1.5'])
      expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: bad }), bad).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ READINESS_TIMEOUT_MS: '60000' })).toThrow(/READINESS_TIMEOUT_MS/);
  });
});
