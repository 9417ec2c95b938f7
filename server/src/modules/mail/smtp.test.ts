import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/logger.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { smtpServer } from '../../test/smtp-server.ts';
import { enqueueMail } from './outbox.ts';
import { MailWorker, SmtpTransport } from './worker.ts';

/** Decodes a quoted-printable body (the message's parts are in it). */
const unQuote = (s: string) =>
  s.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

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
      await enqueueMail(t.database.db, {
        to,
        template: 'newsletter-welcome',
        locale: 'en-gb',
        data: { unsubscribeUrl: 'https://shop.example.org/en-gb/newsletter/unsubscribe?token=abc' },
      });
      const transport = new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM });
      const worker = new MailWorker(t.database.db, {
        transport,
        logger: createLogger('silent'),
        brandName: 'Alexander McQueen',
        recipient: to,
      });
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
      expect(data).toMatch(
        /^List-Unsubscribe: <https:\/\/shop\.example\.org\/en-gb\/newsletter\/unsubscribe\?token=abc>$/m,
      );
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
      await enqueueMail(t.database.db, {
        to,
        template: 'password-changed',
        locale: 'de-de',
        data: { resetUrl: 'https://shop.example.org/de-de/reset?token=secret-1' },
      });
      const transport = new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM });
      const worker = new MailWorker(t.database.db, {
        transport,
        logger: createLogger('warn', sink),
        brandName: 'Balenciaga',
        recipient: to,
      });
      expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
      await worker.stop();
      const row = await t.database.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('recipient', '=', to)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/^EENVELOPE 550: .*Recipient address rejected/);
      expect(row.last_error).not.toContain(to);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        code: 'ERR_EMAIL_1001',
        outboxId: Number(row.id),
        template: 'password-changed',
        transport: 'smtp',
        retryInSeconds: 30,
      });
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
    await enqueueMail(t.database.db, {
      to,
      template: 'contact-ack',
      locale: 'fr-fr',
      data: { reference: 'CS-9', subject: 'Retour' },
    });
    const worker = new MailWorker(t.database.db, {
      transport: new SmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM, connectTimeoutMs: 2_000 }),
      logger: createLogger('silent'),
      brandName: 'Saint Laurent',
      recipient: to,
    });
    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await t.database.db
      .selectFrom('email_outbox')
      .select(['status', 'last_error'])
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
  });
});
