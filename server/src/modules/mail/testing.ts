import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createLogger } from '../../shared/logger.ts';
import { TEST_BRAND } from '../../test/settings.ts';
import { BRAND_NAMES, type MailLanguage } from './mail-copy.ts';
import { renderStored } from './templates.ts';
import { MailboxTransport, MailWorker } from './worker.ts';

/** An e-mail as a test reads it: rendered, with its links. */
export interface TestMail {
  id: number;
  to: string;
  template: string;
  locale: string;
  language: MailLanguage;
  status: 'pending' | 'sent' | 'failed';
  subject: string;
  text: string;
  html: string;
  /** The links of the e-mail, the button's first. */
  links: string[];
  createdAt: Date;
}

export interface TestMailOptions {
  /** The brand name e-mails are rendered with (default: the test brand's). */
  brandName?: string;
}

/**
 * Delivers the pending e-mails to this address through the development mailbox (as the app's worker does
 * when no SMTP server is set), then returns every e-mail to it, newest first. Other addresses' e-mails are
 * never touched, so test files sharing a database do not disturb each other.
 */
export async function mailsTo(db: Kysely<Database>, to: string, options: TestMailOptions = {}): Promise<TestMail[]> {
  const recipient = to.toLowerCase();
  const brandName = options.brandName ?? BRAND_NAMES[TEST_BRAND];
  const worker = new MailWorker(db, {
    transport: new MailboxTransport(),
    logger: createLogger('silent'),
    brandName,
    recipient,
  });
  await worker.drain();
  const rows = await db
    .selectFrom('email_outbox')
    .select(['id', 'recipient', 'template', 'locale', 'data', 'status', 'created_at'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => {
    const rendered = renderStored(row, brandName);
    return {
      id: Number(row.id),
      to: row.recipient,
      template: row.template,
      locale: row.locale,
      language: rendered.language,
      status: row.status,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
      createdAt: new Date(row.created_at),
    };
  });
}

/** The newest e-mail to this address, rendered (pending e-mails to it are delivered first); throws when there is none. */
export async function latestMail(db: Kysely<Database>, to: string, options: TestMailOptions = {}): Promise<TestMail> {
  const [latest] = await mailsTo(db, to, options);
  if (!latest) throw new Error('No e-mail to this address.');
  return latest;
}

/** The path and query of an e-mail link, to follow it with supertest against the app. */
export function linkPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
