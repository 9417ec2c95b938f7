// How database failures are told apart and answered, without a database: the PostgreSQL fault test
// (database-partition.test.ts) shows them end to end.
import express from 'express';
import { createServer } from 'node:http';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { problemHandler } from '../shared/error-handler.ts';
import { AppError } from '../shared/errors.ts';
import { startingHandler } from '../modules/ops/index.ts';
import { isConnectionLost, isDatabaseUnavailable, untilDatabaseAnswers, withinTime } from './availability.ts';

const pgError = (message: string, code: string, severity = 'ERROR') =>
  Object.assign(new Error(message), { code, severity });

describe('database availability', () => {
  it('tells a database that does not answer from a statement that is wrong', () => {
    for (const err of [
      new Error('Connection terminated due to connection timeout'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      pgError('canceling statement due to statement timeout', '57014'),
      pgError('terminating connection due to administrator command', '57P01', 'FATAL'),
      pgError('the database system is starting up', '57P03', 'FATAL'),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
      expect(isDatabaseUnavailable(Object.assign(new Error('outer'), { cause: err })), err.message).toBe(true);
    }
    for (const err of [
      pgError('duplicate key value violates unique constraint', '23505'),
      pgError('syntax error', '42601'),
      pgError('password authentication failed for user "shop"', '28P01', 'FATAL'),
      pgError('database "shop" does not exist', '3D000', 'FATAL'),
      new Error('Query read'),
      new TypeError('x is undefined'),
      'a string',
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
    // A statement past its limit leaves a usable connection; a FATAL answer or a silent one does not.
    expect(isConnectionLost(pgError('canceling statement due to statement timeout', '57014'))).toBe(false);
    expect(
      isConnectionLost(pgError('terminating connection due to idle-in-transaction timeout', '25P03', 'FATAL')),
    ).toBe(true);
    expect(isConnectionLost(new Error('Query read timeout'))).toBe(true);
  });

  it('the problem handler answers a raw database failure 503 ERR_API_1003 with Retry-After, logged in one line', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = express();
    app.get('/x', () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.use(problemHandler(logger, new Map()));
    const res = await request(app).get('/x').expect(503);
    expect(res.body).toMatchObject({ code: 'ERR_API_1003', status: 503 });
    expect(res.headers['retry-after']).toBe('5');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 40,
      code: 'ERR_API_1003',
      reason: 'Connection terminated unexpectedly',
      msg: 'database unavailable',
    });
    expect(lines[0]).not.toContain('stack');
  });

  it('withinTime: ERR_API_1003 once the limit passes without an answer', async () => {
    const started = Date.now();
    const late = await withinTime(new Promise(() => undefined), 50, 'ping').catch((err: unknown) => err);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).code).toBe('ERR_API_1003');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await withinTime(Promise.resolve(7), 50, 'ping')).toBe(7);
  });

  it('untilDatabaseAnswers: tries again while the database does not answer, logs that once, and throws anything else', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    let calls = 0;
    const result = await untilDatabaseAnswers(
      async () => {
        if (++calls < 4) throw new Error('Connection terminated due to connection timeout');
        return 'started';
      },
      logger,
      20,
    );
    expect(result).toBe('started');
    expect(calls).toBe(4);
    expect(lines.filter((l) => l.includes('database unreachable at start'))).toHaveLength(1);
    expect(lines.some((l) => l.includes('"stack"'))).toBe(false);
    await expect(
      untilDatabaseAnswers(
        async () => Promise.reject(pgError('password authentication failed', '28P01', 'FATAL')),
        logger,
        20,
      ),
    ).rejects.toThrow(/password/);
  });

  it('while starting: liveness 200, everything else 503 ERR_API_1003 with Retry-After', async () => {
    const server = createServer(startingHandler());
    const health = await request(server).get('/healthz').expect(200);
    expect(health.body).toEqual({ status: 'ok' });
    for (const path of ['/readyz', '/api/data/category/women?locale=en-us', '/']) {
      const res = await request(server).get(path).expect(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(JSON.parse(res.text)).toMatchObject({ code: 'ERR_API_1003', status: 503 });
    }
  });

  it('while starting: a shopper loading a page reads the short unavailable page in its language, which reloads by itself', async () => {
    const server = createServer(startingHandler());
    const page = await request(server).get('/fr-fr/ca/women-bags').set('Sec-Fetch-Mode', 'navigate').expect(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain('Notre boutique en ligne est momentanément indisponible');
    expect(page.text).toContain('data-error-code="ERR_API_1003"');
    expect(page.text).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(page.text).not.toContain('<script');
    // No locale in the path: the browser's language.
    const home = await request(server)
      .get('/')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'ja-JP,ja;q=0.9')
      .expect(503);
    expect(home.text).toContain('オンラインブティック');
    // An API call stays a problem, even from a browser tab.
    const api = await request(server)
      .get('/api/data/category/women?locale=fr-fr')
      .set('Sec-Fetch-Mode', 'navigate')
      .expect(503);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
