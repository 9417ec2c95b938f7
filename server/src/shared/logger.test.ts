import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { createLogger, requestLogging } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('logger redaction (spec §9)', () => {
  it('never writes email, phone, password, user name, card number or basket customer name', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log.info(
      {
        body: {
          email: 'client@maison.fr',
          password: 'Secret-1',
          phone: '+33612345678',
          userName: 'client',
          cardNumber: '4111111111111111',
          customerName: 'Jeanne',
        },
        req: { headers: { cookie: 'sid=abc', authorization: 'Bearer x' } },
      },
      'sign-in',
    );
    const out = lines.join('');
    for (const secret of [
      'client@maison.fr',
      'Secret-1',
      '+33612345678',
      '4111111111111111',
      'Jeanne',
      'sid=abc',
      'Bearer x',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('sign-in');
  });
});

describe('request logging', () => {
  async function serve(level: string) {
    const { lines, stream } = capture();
    const app = express();
    app.use(
      requestLogging(createLogger(level, stream), {
        genReqId: (_req, res) => (res.setHeader('X-Request-Id', 'req-1'), 'req-1'),
        ignore: () => false,
      }),
    );
    app.get('/quiet', (_req, res) => void res.send('ok'));
    app.get('/warns', (req, res) => {
      req.log.warn('something to look at');
      res.send('ok');
    });
    return { app, lines };
  }

  it('above info: no line for a quiet request, and a logged line bound to its request (id, URL without secrets)', async () => {
    const { app, lines } = await serve('warn');
    const quiet = await request(app).get('/quiet?token=abc').expect(200);
    expect(quiet.headers['x-request-id']).toBe('req-1');
    expect(lines).toEqual([]);
    await request(app).get('/warns?token=secret-value').expect(200);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { msg: string; req: { id: string; url: string } };
    expect(line.msg).toBe('something to look at');
    expect(line.req.id).toBe('req-1');
    expect(line.req.url).toBe('/warns?token=[redacted]');
    expect(lines[0]).not.toContain('secret-value');
  });

  it('at info: one line per answer, as pino-http writes it', async () => {
    const { app, lines } = await serve('info');
    await request(app).get('/quiet').expect(200);
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['request completed']);
  });
});
