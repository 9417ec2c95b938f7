import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/logger.ts';
import { loadConfig } from '../../shared/config.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseKind } from '../../test/settings.ts';
import { enqueueMail, type MailRequest, type MailTemplate } from './outbox.ts';
import { MAIL_TEMPLATES } from './mail-copy.ts';
import {
  BATCH_SIZE,
  MAX_ATTEMPTS,
  MailboxTransport,
  MailWorker,
  RETRY_DELAYS_MS,
  SmtpTransport,
  createMailWorker,
  mailFailureCode,
  safeErrorMessage,
  type MailTransport,
  type OutgoingMail,
} from './worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// Each run writes its own addresses (the PostgreSQL test database is shared by the run's files), and every
// worker here is limited to one address, so no other file's e-mails are claimed.
const run = Math.random().toString(36).slice(2, 8);
let n = 0;
const newAddress = (name: string) => `${name}.${run}.${++n}@example.org`;
const TOKEN = 'tok3n-s3cr3t';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger('debug', sink), lines, raw };
}

/** Records what it is given; fails while `failing` is true, with an error quoting the address and a link. */
class RecordingTransport implements MailTransport {
  readonly name = 'recording';
  readonly sent: OutgoingMail[] = [];
  failing = false;
  close?: () => void;
  async send(mail: OutgoingMail): Promise<void> {
    if (this.failing) {
      const err = new Error(
        `550 5.1.1 <${mail.to}>: Recipient address rejected; see https://example.org/help?token=${TOKEN}`,
      ) as Error & { responseCode: number; code: string };
      err.responseCode = 550;
      err.code = 'EENVELOPE';
      throw err;
    }
    this.sent.push(mail);
  }
}

const activation = (to: string, locale = 'fr-fr'): MailRequest<'activation'> => ({
  to,
  template: 'activation',
  locale,
  data: { activationUrl: `https://shop.example.org/${locale}/activate?token=${TOKEN}`, firstName: 'Claire' },
});
const rowsOf = (to: string) =>
  t.database.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('recipient', '=', to.toLowerCase())
    .orderBy('id')
    .execute();
/** Seconds from the database clock to the row's next attempt. */
const dueIn = async (id: number) =>
  (
    await sql<{
      s: number;
    }>`select extract(epoch from (next_attempt_at - now()))::float8 as s from email_outbox where id = ${id}`.execute(
      t.database.db,
    )
  ).rows[0]!.s;
const makeDue = (id: number) =>
  sql`update email_outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`.execute(t.database.db);

describe('failure codes', () => {
  it('logs account e-mails with ERR_EMAIL_1000, password e-mails with ERR_EMAIL_1001, newsletter and contact with ERR_GLS', () => {
    const expected: Record<MailTemplate, string> = {
      activation: 'ERR_EMAIL_1000',
      welcome: 'ERR_EMAIL_1000',
      'account-exists': 'ERR_EMAIL_1000',
      'account-none': 'ERR_EMAIL_1000',
      'password-reset': 'ERR_EMAIL_1001',
      'password-changed': 'ERR_EMAIL_1001',
      'account-migration': 'ERR_EMAIL_1000',
      'newsletter-confirm': 'ERR_GLS_1002',
      'newsletter-welcome': 'ERR_GLS_1002',
      'contact-ack': 'ERR_GLS_1001',
      'store-reservation-ack': 'ERR_GLS_1010',
      'store-appointment-ack': 'ERR_GLS_1010',
      'order-confirmation': 'ERR_OMS_1000',
      'order-shipped': 'ERR_OMS_1000',
      'order-ready': 'ERR_OMS_1000',
      'order-cancelled': 'ERR_OMS_1000',
      'return-request': 'ERR_OMS_1000',
      'return-lapsed': 'ERR_OMS_1000',
    };
    for (const template of MAIL_TEMPLATES) expect(mailFailureCode(template), template).toBe(expected[template]);
  });

  it('masks addresses and links in error messages', () => {
    const err = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 <Claire.M@example.org>: no such user, see https://x.test/?t=1",
      ),
      {
        code: 'EENVELOPE',
        responseCode: 550,
      },
    );
    expect(safeErrorMessage(err)).toBe(
      "EENVELOPE 550: Can't send mail - all recipients were rejected: 550 <[address]>: no such user, see [link]",
    );
  });
});

describe('MailWorker', () => {
  it('sends a pending e-mail, rendered in its language, and marks it sent', async () => {
    const to = newAddress('Sent');
    await enqueueMail(t.database.db, activation(to));
    const transport = new RecordingTransport();
    const { logger, raw } = capture();
    const worker = new MailWorker(t.database.db, {
      transport,
      logger,
      brandName: 'Saint Laurent',
      recipient: to.toLowerCase(),
    });
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(transport.sent).toHaveLength(1);
    const mail = transport.sent[0]!;
    expect(mail.to).toBe(to.toLowerCase());
    expect(mail.subject).toBe('Activez votre compte Saint Laurent');
    expect(mail.text).toContain(`activate?token=${TOKEN}`);
    const [row] = await rowsOf(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).toBeInstanceOf(Date);
    expect(mail.outboxId).toBe(Number(row!.id));
    // Nothing more to do.
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(transport.sent).toHaveLength(1);
    for (const line of raw) {
      expect(line).not.toContain(to.toLowerCase());
      expect(line).not.toContain(TOKEN);
    }
  });

  it('retries with backoff (30 s, 2 min, 10 min, 1 h, 6 h), then gives up after the 6th attempt', async () => {
    const to = newAddress('retry');
    await enqueueMail(t.database.db, {
      to,
      template: 'password-reset',
      locale: 'ja-jp',
      data: { resetUrl: `https://shop.example.org/ja-jp/reset?token=${TOKEN}` },
    });
    const transport = new RecordingTransport();
    transport.failing = true;
    const { logger, lines, raw } = capture();
    const worker = new MailWorker(t.database.db, { transport, logger, brandName: 'Saint Laurent', recipient: to });
    const [first] = await rowsOf(to);
    const id = Number(first!.id);

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await worker.drain(), `attempt ${attempt}`).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await rowsOf(to);
      expect(row, `attempt ${attempt}`).toMatchObject({ status: 'pending', attempts: attempt, sent_at: null });
      expect(row!.last_error).toBe('EENVELOPE 550: 550 5.1.1 <[address]>: Recipient address rejected; see [link]');
      const wait = RETRY_DELAYS_MS[attempt - 1]! / 1000;
      expect(await dueIn(id), `attempt ${attempt}`).toBeGreaterThan(wait - 5);
      expect(await dueIn(id), `attempt ${attempt}`).toBeLessThanOrEqual(wait);
      // Not due yet: a new round leaves it alone.
      expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
      await makeDue(id);
    }
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await rowsOf(to);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sent_at: null });
    // Failed for good: never claimed again, even when due.
    await makeDue(id);
    transport.failing = false;
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(transport.sent).toHaveLength(0);

    const warnings = lines.filter((l) => l.level === 40);
    const errors = lines.filter((l) => l.level === 50);
    expect(warnings).toHaveLength(MAX_ATTEMPTS - 1);
    expect(errors).toHaveLength(1);
    expect(warnings.map((l) => l.retryInSeconds)).toEqual(RETRY_DELAYS_MS.map((ms) => ms / 1000));
    for (const line of [...warnings, ...errors]) {
      expect(line).toMatchObject({
        code: 'ERR_EMAIL_1001',
        outboxId: id,
        template: 'password-reset',
        transport: 'recording',
      });
    }
    expect(errors[0]).toMatchObject({ attempt: MAX_ATTEMPTS });
    for (const line of raw) {
      expect(line).not.toContain(to);
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('shop.example.org');
    }
  });

  it('logs each family with its catalogue code', async () => {
    const to = newAddress('codes');
    const url = `https://shop.example.org/en-us/x?token=${TOKEN}`;
    await enqueueMail(t.database.db, { to, template: 'account-none', locale: 'en-us', data: { signUpUrl: url } });
    await enqueueMail(t.database.db, {
      to,
      template: 'newsletter-confirm',
      locale: 'en-us',
      data: { confirmUrl: url },
    });
    await enqueueMail(t.database.db, {
      to,
      template: 'contact-ack',
      locale: 'en-us',
      data: { reference: 'CS-1', subject: 'Hello' },
    });
    const transport = new RecordingTransport();
    transport.failing = true;
    const { logger, lines } = capture();
    await new MailWorker(t.database.db, { transport, logger, brandName: 'Balenciaga', recipient: to }).drain();
    const codes = Object.fromEntries(lines.filter((l) => l.level === 40).map((l) => [l.template, l.code]));
    expect(codes).toEqual({
      'account-none': 'ERR_EMAIL_1000',
      'newsletter-confirm': 'ERR_GLS_1002',
      'contact-ack': 'ERR_GLS_1001',
    });
  });

  it('fails a row that cannot be rendered at once, without retrying it', async () => {
    const to = newAddress('broken');
    await enqueueMail(t.database.db, {
      to,
      template: 'activation',
      locale: 'en-us',
      data: { activationUrl: 'javascript:alert(1)' },
    });
    await t.database.db
      .insertInto('email_outbox')
      .values({ recipient: to, template: 'order-teleported', locale: 'en-us', data: JSON.stringify({}) as never })
      .execute();
    const transport = new RecordingTransport();
    const { logger, lines } = capture();
    expect(
      await new MailWorker(t.database.db, { transport, logger, brandName: 'Balenciaga', recipient: to }).drain(),
    ).toEqual({ sent: 0, retried: 0, failed: 2 });
    expect(transport.sent).toHaveLength(0);
    const rows = await rowsOf(to);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(rows[0]!.last_error).toBe('activationUrl is not an http(s) URL.');
    expect(lines.filter((l) => l.level === 50).map((l) => l.code)).toEqual(['ERR_EMAIL_1000', 'ERR_API_1000']);
  });

  it(`claims ${BATCH_SIZE} at a time, oldest first, until nothing is due`, async () => {
    const to = newAddress('batch');
    for (let i = 0; i < 45; i++)
      await enqueueMail(t.database.db, {
        ...activation(to, 'en-us'),
        data: { activationUrl: `https://shop.example.org/a?i=${i}` },
      });
    const batches: number[][] = [];
    const transport: MailTransport = {
      name: 'batches',
      async send(mail) {
        const last = batches.at(-1);
        if (!last || last.length === BATCH_SIZE) batches.push([mail.outboxId]);
        else last.push(mail.outboxId);
      },
    };
    const worker = new MailWorker(t.database.db, {
      transport,
      logger: createLogger('silent'),
      brandName: 'Balenciaga',
      recipient: to,
    });
    expect(await worker.drain()).toEqual({ sent: 45, retried: 0, failed: 0 });
    expect(batches.map((b) => b.length)).toEqual([20, 20, 5]);
    const ids = batches.flat();
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(45);
  });

  it('leaves a claimed row to the worker sending it: another worker does not take it meanwhile', async () => {
    const to = newAddress('lease');
    await enqueueMail(t.database.db, activation(to));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inSend = new Promise<void>((resolve) => (entered = resolve));
    const slow: MailTransport = {
      name: 'slow',
      async send() {
        entered();
        await gate;
      },
    };
    const other = new RecordingTransport();
    const a = new MailWorker(t.database.db, {
      transport: slow,
      logger: createLogger('silent'),
      brandName: 'Saint Laurent',
      recipient: to,
    });
    const b = new MailWorker(t.database.db, {
      transport: other,
      logger: createLogger('silent'),
      brandName: 'Saint Laurent',
      recipient: to,
    });
    const first = a.drain();
    await inSend;
    expect(await b.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    release();
    expect(await first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(other.sent).toHaveLength(0);
    expect((await rowsOf(to))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('polls with start() and stops cleanly with stop()', async () => {
    const to = newAddress('poll');
    const transport = new RecordingTransport();
    let closed = false;
    transport.close = () => void (closed = true);
    const worker = new MailWorker(t.database.db, {
      transport,
      logger: createLogger('silent'),
      brandName: 'Saint Laurent',
      recipient: to,
    });
    worker.start(20);
    await enqueueMail(t.database.db, activation(to));
    const deadline = Date.now() + 10_000;
    while (transport.sent.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(transport.sent).toHaveLength(1);
    await worker.stop();
    expect(closed).toBe(true);
    await enqueueMail(t.database.db, activation(to));
    await new Promise((r) => setTimeout(r, 100));
    expect(transport.sent).toHaveLength(1);
    expect((await rowsOf(to)).map((r) => r.status)).toEqual(['sent', 'pending']);
  });

  it('createMailWorker chooses SMTP when SMTP_URL is set, the mailbox otherwise', async () => {
    const logger = createLogger('silent');
    const mailbox = createMailWorker({ db: t.database.db, config: loadConfig({ NODE_ENV: 'test' }), logger });
    expect(mailbox.transport).toBeInstanceOf(MailboxTransport);
    const smtp = createMailWorker({
      db: t.database.db,
      config: loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:2525' }),
      logger,
    });
    expect(smtp.transport).toBeInstanceOf(SmtpTransport);
    await smtp.stop();

    // The mailbox transport marks e-mails delivered without any network.
    const to = newAddress('mailbox');
    await enqueueMail(t.database.db, activation(to));
    const worker = new MailWorker(t.database.db, {
      transport: new MailboxTransport(),
      logger,
      brandName: 'Saint Laurent',
      recipient: to,
    });
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await rowsOf(to))[0]).toMatchObject({ status: 'sent' });
  });
});

// PGlite has a single connection and serialises everything: only PostgreSQL proves `skip locked`.
describe.skipIf(testDatabaseKind() !== 'postgres')('MailWorker on PostgreSQL', () => {
  it('skips rows another transaction holds, and sends them once it lets go', async () => {
    const to = newAddress('locked');
    for (let i = 0; i < 10; i++) await enqueueMail(t.database.db, activation(to, 'en-us'));
    const ids = (await rowsOf(to)).map((r) => Number(r.id));
    const locked = ids.slice(0, 3);
    const transport = new RecordingTransport();
    const worker = new MailWorker(t.database.db, {
      transport,
      logger: createLogger('silent'),
      brandName: 'Saint Laurent',
      recipient: to,
    });
    await t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('email_outbox').select('id').where('id', 'in', locked).forUpdate().execute();
      // Without skip locked this round would wait for the transaction, which waits for the round.
      expect(await worker.drain()).toEqual({ sent: 7, retried: 0, failed: 0 });
    });
    expect(transport.sent.map((m) => m.outboxId).sort((a, b) => a - b)).toEqual(ids.slice(3));
    const held = (await rowsOf(to)).filter((r) => locked.includes(Number(r.id)));
    expect(held.map((r) => [r.status, r.attempts])).toEqual(locked.map(() => ['pending', 0]));
    expect(await worker.drain()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(new Set(transport.sent.map((m) => m.outboxId)).size).toBe(10);
  });

  it('lets concurrent workers share the outbox without sending an e-mail twice', async () => {
    const to = newAddress('concurrent');
    for (let i = 0; i < 60; i++) await enqueueMail(t.database.db, activation(to, 'en-us'));
    const sent: number[] = [];
    const transport: MailTransport = {
      name: 'shared',
      async send(mail) {
        await new Promise((r) => setTimeout(r, 2));
        sent.push(mail.outboxId);
      },
    };
    const workers = Array.from(
      { length: 4 },
      () =>
        new MailWorker(t.database.db, {
          transport,
          logger: createLogger('silent'),
          brandName: 'Saint Laurent',
          recipient: to,
          batchSize: 5,
        }),
    );
    const results = await Promise.all(workers.map((w) => w.drain()));
    expect(results.reduce((s, r) => s + r.sent, 0)).toBe(60);
    expect(sent).toHaveLength(60);
    expect(new Set(sent).size).toBe(60);
    // More than one worker did some of the work.
    expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
    expect((await rowsOf(to)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
