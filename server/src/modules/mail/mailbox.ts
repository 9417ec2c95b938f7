import { Router, type Express, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../shared/config.ts';
import { AppError, problemOf } from '../../shared/errors.ts';
import { BRAND_NAMES, MAIL_COPY } from './mail-copy.ts';
import { escapeHtml, mailLanguageOf, renderStored, type RenderedMail } from './templates.ts';

/** How many e-mails the mailbox lists. */
export const MAILBOX_LIMIT = 100;

export interface MailboxOptions {
  config: Pick<Config, 'env' | 'mailbox' | 'brand'>;
  /** Overrides the brand name of the configuration's brand. */
  brandName?: string;
}

interface OutboxRow {
  id: number;
  recipient: string;
  template: string;
  locale: string;
  data: unknown;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** The newest e-mail as browser tests read it from `GET /dev/mailbox/latest.json`. */
export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

const address = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase().slice(0, 254) : undefined;

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

function tryRender(row: OutboxRow, brandName: string): RenderedMail | Error {
  try {
    return renderStored(row, brandName);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

// The only styles of the pages: one inline <style> (helmet's default style-src allows it), no script at all.
const STYLE = `
body{margin:0;font:14px/1.5 'Helvetica Neue',Helvetica,Arial,sans-serif;color:#000;background:#fff}
main{max-width:1100px;margin:0 auto;padding:32px 24px}
h1{font-size:20px;font-weight:normal;margin:0 0 24px}
a{color:#000}
form{margin:0 0 24px;display:flex;gap:8px;align-items:center}
input{font:inherit;padding:6px 8px;border:1px solid #999;min-width:280px}
button{font:inherit;padding:6px 14px;border:1px solid #000;background:#000;color:#fff;cursor:pointer}
table.list{border-collapse:collapse;width:100%}
.list th,.list td{text-align:left;padding:8px 10px;border-bottom:1px solid #e0e0e0;vertical-align:top}
.list th{font-weight:normal;color:#555;font-size:12px;text-transform:uppercase;letter-spacing:.06em}
.status-failed{color:#a00}
.status-pending{color:#555}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 24px}
dt{color:#555}
dd{margin:0}
.mail{border:1px solid #e0e0e0;margin:0 0 24px}
pre{white-space:pre-wrap;word-break:break-word;border:1px solid #e0e0e0;padding:16px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace}
.muted{color:#555}
`;

function page(title: string, body: string): string {
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<meta name="robots" content="noindex, nofollow">\n<title>${escapeHtml(title)}</title>\n<style>${STYLE}</style>\n</head>\n` +
    `<body>\n<main>\n${body}\n</main>\n</body>\n</html>\n`
  );
}

/** The `<body>` content of a rendered e-mail, to show it inside the mailbox page. */
function emailBody(html: string): string {
  const match = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return match?.[1] ?? html;
}

/**
 * The development mailbox: every e-mail of the outbox, rendered as it is (or would be) sent, so the
 * storefront's e-mail flows can be followed without an SMTP server, by people and by browser tests.
 */
export function mailboxRouter(db: Kysely<Database>, options: { brandName: string }): Router {
  const { brandName } = options;
  const router = Router();
  const outbox = () =>
    db
      .selectFrom('email_outbox')
      .select([
        'id',
        'recipient',
        'template',
        'locale',
        'data',
        'status',
        'attempts',
        'last_error',
        'created_at',
        'sent_at',
      ]);

  // Never indexed, never cached: the pages show e-mail addresses and one-time links.
  const headers: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    res.set('X-Robots-Tag', 'noindex, nofollow');
    next();
  };
  router.use(headers);

  router.get('/', async (req, res) => {
    const to = address(req.query.to);
    const rows = (await outbox()
      .$if(to !== undefined, (q) => q.where('recipient', '=', to!))
      .orderBy('id', 'desc')
      .limit(MAILBOX_LIMIT)
      .execute()) as OutboxRow[];
    const e = escapeHtml;
    const lines = rows.map((row) => {
      const rendered = tryRender(row, brandName);
      const subject = rendered instanceof Error ? `(cannot be rendered: ${rendered.message})` : rendered.subject;
      const status =
        row.status === 'pending' && row.attempts > 0 ? `pending (attempt ${row.attempts} failed)` : row.status;
      return (
        `<tr><td>${e(iso(row.created_at))}</td>` +
        `<td><a href="/dev/mailbox?to=${e(encodeURIComponent(row.recipient))}">${e(row.recipient)}</a></td>` +
        `<td><a href="/dev/mailbox/${row.id}">${e(subject)}</a></td>` +
        `<td>${e(row.template)}</td><td>${e(row.locale)} (${e(mailLanguageOf(row.locale))})</td>` +
        `<td class="status-${e(row.status)}">${e(status)}</td></tr>`
      );
    });
    const body =
      `<h1>Mailbox${to ? ` — ${e(to)}` : ''}</h1>\n` +
      `<form method="get" action="/dev/mailbox"><label for="to">Recipient</label>` +
      `<input id="to" name="to" type="email" value="${e(to ?? '')}" placeholder="name@example.org"><button type="submit">Filter</button>` +
      (to ? ` <a href="/dev/mailbox">All e-mails</a>` : '') +
      `</form>\n` +
      (rows.length === 0
        ? `<p class="muted">No e-mail${to ? ' to this address' : ''} yet.</p>`
        : `<p class="muted">The latest ${rows.length} e-mail${rows.length === 1 ? '' : 's'}, newest first.</p>\n` +
          `<table class="list"><thead><tr><th>Time</th><th>Recipient</th><th>Subject</th><th>Template</th><th>Locale</th><th>Status</th></tr></thead>\n` +
          `<tbody>\n${lines.join('\n')}\n</tbody></table>`);
    res.type('html').send(page('Mailbox', body));
  });

  router.get('/latest.json', async (req, res) => {
    const to = address(req.query.to);
    const row = (await outbox()
      .$if(to !== undefined, (q) => q.where('recipient', '=', to!))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as OutboxRow | undefined;
    if (!row) {
      res
        .status(404)
        .type('application/problem+json')
        .json(problemOf(new AppError('ERR_API_1002', to ? 'No e-mail to this address.' : 'No e-mail yet.')));
      return;
    }
    const rendered = tryRender(row, brandName);
    if (rendered instanceof Error) {
      res
        .status(500)
        .type('application/problem+json')
        .json(problemOf(new AppError('ERR_API_1000', `E-mail ${row.id} cannot be rendered: ${rendered.message}`)));
      return;
    }
    const message: MailboxMessage = {
      id: Number(row.id),
      to: row.recipient,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
      createdAt: iso(row.created_at),
    };
    res.json(message);
  });

  router.get('/:id', async (req, res) => {
    const id = /^\d{1,18}$/.test(req.params.id) ? Number(req.params.id) : undefined;
    const row =
      id === undefined
        ? undefined
        : ((await outbox().where('id', '=', id).executeTakeFirst()) as OutboxRow | undefined);
    const e = escapeHtml;
    if (!row) {
      res
        .status(404)
        .type('html')
        .send(
          page('E-mail not found', `<h1>E-mail not found</h1>\n<p><a href="/dev/mailbox">Back to the mailbox</a></p>`),
        );
      return;
    }
    const rendered = tryRender(row, brandName);
    const meta =
      `<dl><dt>To</dt><dd><a href="/dev/mailbox?to=${e(encodeURIComponent(row.recipient))}">${e(row.recipient)}</a></dd>` +
      `<dt>Template</dt><dd>${e(row.template)}</dd><dt>Locale</dt><dd>${e(row.locale)} (${e(mailLanguageOf(row.locale))})</dd>` +
      `<dt>Created</dt><dd>${e(iso(row.created_at))}</dd><dt>Status</dt><dd class="status-${e(row.status)}">${e(row.status)}</dd>` +
      `<dt>Attempts</dt><dd>${row.attempts}</dd>` +
      (row.sent_at ? `<dt>Sent</dt><dd>${e(iso(row.sent_at))}</dd>` : '') +
      (row.last_error ? `<dt>Last error</dt><dd>${e(row.last_error)}</dd>` : '') +
      `</dl>`;
    const back = `<p><a href="/dev/mailbox">← Mailbox</a></p>`;
    if (rendered instanceof Error) {
      res
        .type('html')
        .send(
          page(
            `E-mail ${row.id}`,
            `${back}\n<h1>E-mail ${row.id} cannot be rendered</h1>\n${meta}\n<pre>${e(rendered.message)}</pre>`,
          ),
        );
      return;
    }
    const body =
      `${back}\n<h1>${e(rendered.subject)}</h1>\n${meta}\n` +
      `<section class="mail" lang="${e(MAIL_COPY[rendered.language].htmlLang)}">${emailBody(rendered.html)}</section>\n` +
      `<h2 class="muted">Plain text</h2>\n<pre>${e(rendered.text)}</pre>`;
    res.type('html').send(page(rendered.subject, body));
  });

  return router;
}

/**
 * Mounts the development mailbox at `/dev/mailbox` when `MAILBOX` allows it (on by default outside
 * production; in production only with an explicit `MAILBOX=true`, as the demo launcher sets it). Returns
 * whether it was mounted.
 */
export function mountMailbox(app: Express, db: Kysely<Database>, options: MailboxOptions): boolean {
  const { config } = options;
  if (!config.mailbox) return false;
  app.use('/dev/mailbox', mailboxRouter(db, { brandName: options.brandName ?? BRAND_NAMES[config.brand] }));
  return true;
}
