import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/logger.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { enqueueMail } from './outbox.ts';
import { MailWorker, SmtpTransport } from './worker.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server (RFC 5321 without extensions): enough for nodemailer to deliver to it, and to refuse
 * recipients on demand. No STARTTLS is offered, so the conversation stays in clear on loopback.
 */
function smtpServer(options: { refuse?: (rcpt: string) => boolean } = {}) {
  const received: Received[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250 localhost');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const rcpt = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (options.refuse?.(rcpt)) reply(`550 5.1.1 <${rcpt}>: Recipient address rejected: user unknown`);
          else {
            current.to.push(rcpt);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 command not recognised');
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    received,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return address.port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body (the message's parts are in it). */
const unQuote = (s: string) => s.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const run = Math.random().toString(36).slice(2, 8);
const FROM = 'Client Service <client-service@shop.example.org>';

describe('SmtpTransport', () => {
  it('delivers an outbox e-mail to the SMTP server: sender, recipient, subject, text and HTML parts', async () => {
    const server = smtpServer();
    const port = await server.listen();
    const to = `smtp.${run}@example.org`;
    try {
      await enqueueMail(t.database.db, { to, template: 'newsletter-welcome', locale: 'en-gb', data: { unsubscribeUrl: 'https://shop.example.org/en-gb/newsletter/unsubscribe?token=abc' } });
      const transport = new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM });
      const worker = new MailWorker(t.database.db, { transport, logger: createLogger('silent'), brandName: 'Alexander McQueen', recipient: to });
      expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      await worker.stop();
      expect(server.received).toHaveLength(1);
      const message = server.received[0]!;
      expect(message.from).toBe('client-service@shop.example.org');
      expect(message.to).toEqual([to]);
      // Headers may be folded over lines (RFC 5322 §2.2.3).
      const data = unQuote(message.data).replace(/\r\n[ \t]+/g, ' ');
      expect(data).toMatch(/^From: Client Service <client-service@shop\.example\.org>$/m);
      expect(data).toMatch(new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm'));
      expect(data).toMatch(/^Subject: Welcome to the Alexander McQueen newsletter$/m);
      expect(data).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\.org\/en-gb\/newsletter\/unsubscribe\?token=abc>$/m);
      expect(data).toMatch(/Content-Type: multipart\/alternative/);
      expect(data).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(data).toMatch(/Content-Type: text\/html; charset=utf-8/);
      expect(data).toContain('Your subscription to the Alexander McQueen newsletter is confirmed.');
      expect(data).toContain('<!DOCTYPE html>');
    } finally {
      await server.close();
    }
  });

  it('a refused recipient is retried later, logged with its code and without the address', async () => {
    const server = smtpServer({ refuse: (rcpt) => rcpt.startsWith('refused.') });
    const port = await server.listen();
    const to = `refused.${run}@example.org`;
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    try {
      await enqueueMail(t.database.db, { to, template: 'password-changed', locale: 'de-de', data: { resetUrl: 'https://shop.example.org/de-de/reset?token=secret-1' } });
      const transport = new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM });
      const worker = new MailWorker(t.database.db, { transport, logger: createLogger('warn', sink), brandName: 'Balenciaga', recipient: to });
      expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
      await worker.stop();
      const row = await t.database.db.selectFrom('email_outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/^EENVELOPE 550: .*Recipient address rejected/);
      expect(row.last_error).not.toContain(to);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ code: 'ERR_EMAIL_1001', outboxId: Number(row.id), template: 'password-changed', transport: 'smtp', retryInSeconds: 30 });
      expect(lines[0]).not.toContain(to);
      expect(lines[0]).not.toContain('secret-1');
    } finally {
      await server.close();
    }
  });

  it('an unreachable server is a retry too', async () => {
    const server = smtpServer();
    const port = await server.listen();
    await server.close();
    const to = `down.${run}@example.org`;
    await enqueueMail(t.database.db, { to, template: 'contact-ack', locale: 'fr-fr', data: { reference: 'CS-9', subject: 'Retour' } });
    const worker = new MailWorker(t.database.db, {
      transport: new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM, connectTimeoutMs: 2_000 }),
      logger: createLogger('silent'),
      brandName: 'Saint Laurent',
      recipient: to,
    });
    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await t.database.db.selectFrom('email_outbox').select(['status', 'last_error']).where('recipient', '=', to).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
  });
});
