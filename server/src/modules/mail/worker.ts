import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../shared/config.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import { BRAND_NAMES } from './mail-copy.ts';
import { MailRenderError } from './render-values.ts';
import { isMailTemplate, renderStored } from './templates.ts';

/** One e-mail, ready to hand to a transport. */
export interface OutgoingMail {
  /** The outbox row it comes from. */
  outboxId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Newsletter e-mails: the `List-Unsubscribe` link. */
  listUnsubscribe?: string;
}

/** Delivers one e-mail or throws; the worker owns retries. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  close?(): void | Promise<void>;
}

export interface SmtpTransportOptions {
  /** `smtp://user:pass@host:587` or `smtps://…` (SMTP_URL). */
  url: string;
  /** The sender (MAIL_FROM). */
  from: string;
  /** Milliseconds to connect and to be greeted (default 15 s). */
  connectTimeoutMs?: number;
  /** Milliseconds of silence before a send is abandoned (default 60 s). */
  socketTimeoutMs?: number;
}

/** Sends through an SMTP server with nodemailer (STARTTLS when the server offers it). */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  private readonly from: string;

  constructor(options: SmtpTransportOptions) {
    this.from = options.from;
    const connect = options.connectTimeoutMs ?? 15_000;
    // nodemailer's defaults (2 min to connect, 10 min of silence) would hold a whole batch back.
    this.transporter = nodemailer.createTransport({
      url: options.url,
      connectionTimeout: connect,
      greetingTimeout: connect,
      socketTimeout: options.socketTimeoutMs ?? 60_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.listUnsubscribe ? { list: { unsubscribe: mail.listUnsubscribe } } : {}),
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Delivers nowhere: the e-mail stays in the outbox, marked sent, and the development mailbox
 * (`/dev/mailbox`) shows it. The transport when no SMTP server is configured.
 */
export class MailboxTransport implements MailTransport {
  readonly name = 'mailbox';
  async send(): Promise<void> {}
}

/** Waits before the 2nd, 3rd, … attempt: 30 s, 2 min, 10 min, 1 h, 6 h. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
/** After this many failed attempts an e-mail is `failed` and never retried. */
export const MAX_ATTEMPTS = 6;
export const BATCH_SIZE = 20;
/** A claimed row is not claimed again for this long: a worker that dies mid-send lets it go after the lease. */
export const CLAIM_LEASE_MS = 10 * 60_000;

/** The catalogue code a failed e-mail is logged with. */
export function mailFailureCode(template: string): ErrorCode {
  // A template this version does not know (a row from another version): no family to name.
  if (!isMailTemplate(template)) return 'ERR_API_1000';
  if (template.startsWith('password-')) return 'ERR_EMAIL_1001';
  if (template === 'activation' || template === 'welcome' || template.startsWith('account-')) return 'ERR_EMAIL_1000';
  if (template.startsWith('newsletter-')) return 'ERR_GLS_1002';
  if (template.startsWith('contact-')) return 'ERR_GLS_1001';
  if (template.startsWith('store-')) return 'ERR_GLS_1010';
  // Order e-mails belong to the order management system's family.
  if (template.startsWith('order-')) return 'ERR_OMS_1000';
  if (template.startsWith('return-')) return 'ERR_OMS_1000';
  return 'ERR_API_1000';
}

/**
 * An error message fit for logs and the outbox: SMTP replies may quote the recipient, and links hold
 * tokens, so addresses and URLs are masked.
 */
export function safeErrorMessage(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const masked = message
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[link]')
    .replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]')
    .replace(/\s+/g, ' ')
    .trim();
  const prefix = [
    typeof e?.code === 'string' ? e.code : undefined,
    typeof e?.responseCode === 'number' ? String(e.responseCode) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (prefix ? `${prefix}: ${masked}` : masked).slice(0, 500);
}

export interface MailWorkerOptions {
  transport: MailTransport;
  logger: Logger;
  /** The brand name the e-mails are signed with (see `BRAND_NAMES`). */
  brandName: string;
  batchSize?: number;
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  leaseMs?: number;
  /** Only e-mails to this address (lower case): test helpers deliver their own e-mails and no one else's. */
  recipient?: string;
}

export interface MailRunResult {
  sent: number;
  /** Failed and scheduled again. */
  retried: number;
  /** Failed for good. */
  failed: number;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  template: string;
  locale: string;
  data: unknown;
  attempts: number;
}

/**
 * Sends the outbox. Each round claims up to 20 due rows (`for update skip locked`, so any number of
 * workers and instances share the table without sending an e-mail twice), renders and sends them, then
 * marks each `sent`, or schedules it again (30 s, 2 min, 10 min, 1 h, 6 h) until its 6th failed attempt
 * makes it `failed`. Logs name the outbox id and template only, never the address or a link.
 */
export class MailWorker {
  private readonly batchSize: number;
  private readonly delays: readonly number[];
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<MailRunResult> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: MailWorkerOptions,
  ) {
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  }

  get transport(): MailTransport {
    return this.options.transport;
  }

  /** Polls the outbox every `intervalMs` (a round starts only when the previous one is over). */
  start(intervalMs = 5_000): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.drain()
        .catch((err: unknown) =>
          this.options.logger.error(
            { code: 'ERR_API_1003', reason: safeErrorMessage(err) },
            'e-mail outbox round failed',
          ),
        )
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops polling and waits for the round in progress; closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.options.transport.close?.();
  }

  /** Sends every e-mail due now, round after round, and reports what happened (tests, shutdown). */
  drain(): Promise<MailRunResult> {
    // One round at a time per worker: a drain during a scheduled round waits for it, then runs its own.
    const previous = this.running ?? Promise.resolve(undefined);
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const total: MailRunResult = { sent: 0, retried: 0, failed: 0 };
        for (;;) {
          const { claimed, result } = await this.round();
          total.sent += result.sent;
          total.retried += result.retried;
          total.failed += result.failed;
          if (claimed < this.batchSize) return total;
        }
      });
    this.running = run;
    void run
      .finally(() => {
        if (this.running === run) this.running = undefined;
      })
      .catch(() => undefined);
    return run;
  }

  /** One round: claim a batch and send it. */
  private async round(): Promise<{ claimed: number; result: MailRunResult }> {
    const rows = await this.claim();
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0 };
    for (const row of rows) result[await this.deliver(row)]++;
    return { claimed: rows.length, result };
  }

  /**
   * Takes due rows for this worker: counts the attempt and pushes `next_attempt_at` past the lease in the
   * same statement, so the rows are invisible to other workers once it commits, and no transaction stays
   * open while the e-mails are sent (PGlite has a single connection).
   */
  private async claim(): Promise<ClaimedRow[]> {
    const recipient = this.options.recipient?.toLowerCase();
    const due = this.db
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .$if(recipient !== undefined, (q) => q.where('recipient', '=', recipient!))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(this.batchSize)
      .forUpdate()
      .skipLocked();
    const rows = await this.db
      .updateTable('email_outbox')
      .set({
        attempts: sql`attempts + 1`,
        next_attempt_at: sql`now() + ${this.leaseMs / 1000}::float8 * interval '1 second'`,
      })
      .where('id', 'in', due)
      .returning(['id', 'recipient', 'template', 'locale', 'data', 'attempts'])
      .execute();
    return (rows as unknown as ClaimedRow[]).map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  private async deliver(row: ClaimedRow): Promise<keyof MailRunResult> {
    const { logger, transport, brandName } = this.options;
    const where = {
      code: mailFailureCode(row.template),
      outboxId: row.id,
      template: row.template,
      attempt: row.attempts,
    };
    let mail: OutgoingMail;
    try {
      const rendered = renderStored(row, brandName);
      mail = {
        outboxId: row.id,
        to: row.recipient,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      };
      if (rendered.listUnsubscribe) mail.listUnsubscribe = rendered.listUnsubscribe;
    } catch (err) {
      // The same row renders the same way every time: it fails for good at once.
      const reason = safeErrorMessage(err);
      await this.finish(row.id, { status: 'failed', last_error: reason });
      logger.error(
        { ...where, reason },
        err instanceof MailRenderError ? 'e-mail cannot be rendered' : 'e-mail rendering failed',
      );
      return 'failed';
    }
    try {
      await transport.send(mail);
    } catch (err) {
      const reason = safeErrorMessage(err);
      if (row.attempts >= this.maxAttempts) {
        await this.finish(row.id, { status: 'failed', last_error: reason });
        logger.error({ ...where, transport: transport.name, reason }, 'e-mail not sent; no attempt left');
        return 'failed';
      }
      const delayMs = this.delays[Math.min(row.attempts, this.delays.length) - 1] ?? this.delays.at(-1) ?? 60_000;
      await this.finish(row.id, {
        last_error: reason,
        next_attempt_at: sql<Date>`now() + ${delayMs / 1000}::float8 * interval '1 second'` as never,
      });
      logger.warn(
        { ...where, transport: transport.name, retryInSeconds: delayMs / 1000, reason },
        'e-mail not sent; retry scheduled',
      );
      return 'retried';
    }
    await this.finish(row.id, { status: 'sent', sent_at: sql<Date>`now()` as never, last_error: null });
    logger.debug({ outboxId: row.id, template: row.template, transport: transport.name }, 'e-mail sent');
    return 'sent';
  }

  private async finish(
    id: number,
    values: { status?: 'sent' | 'failed'; last_error: string | null; sent_at?: Date; next_attempt_at?: Date },
  ): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set(values)
      .where('id', '=', id as never)
      .where('status', '=', 'pending')
      .execute();
  }
}

export interface CreateMailWorkerOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'brand' | 'smtpUrl' | 'mailFrom'>;
  logger: Logger;
  /** Overrides the transport chosen from the configuration (SMTP when `SMTP_URL` is set, else the mailbox). */
  transport?: MailTransport;
}

/** The worker of this process: SMTP when `SMTP_URL` is set, otherwise the development mailbox. */
export function createMailWorker({ db, config, logger, transport }: CreateMailWorkerOptions): MailWorker {
  const chosen =
    transport ??
    (config.smtpUrl ? new SmtpTransport({ url: config.smtpUrl, from: config.mailFrom }) : new MailboxTransport());
  return new MailWorker(db, { transport: chosen, logger, brandName: BRAND_NAMES[config.brand] });
}
