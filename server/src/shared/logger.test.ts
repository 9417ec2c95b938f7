import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

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
        body: { email: 'client@maison.fr', password: 'Secret-1', phone: '+33612345678', userName: 'client', cardNumber: '4111111111111111', customerName: 'Jeanne' },
        req: { headers: { cookie: 'sid=abc', authorization: 'Bearer x' } },
      },
      'sign-in',
    );
    const out = lines.join('');
    for (const secret of ['client@maison.fr', 'Secret-1', '+33612345678', '4111111111111111', 'Jeanne', 'sid=abc', 'Bearer x']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('sign-in');
  });
});
