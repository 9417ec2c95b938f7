export { enqueueMail } from './outbox.ts';
export type { MailLine, MailOrder, MailRequest, MailReturn, MailTemplate, MailTemplates } from './outbox.ts';
export type { MailTables } from './tables.ts';
export { BRAND_NAMES, MAIL_LANGUAGES, MAIL_TEMPLATES } from './mail-copy.ts';
export type { MailLanguage } from './mail-copy.ts';
export { MailRenderError } from './render-values.ts';
export { mailLanguageOf, renderMail } from './templates.ts';
export type { RenderedMail, RenderOptions } from './templates.ts';
export {
  MailWorker,
  MailboxTransport,
  SmtpTransport,
  createMailWorker,
  mailFailureCode,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  BATCH_SIZE,
} from './worker.ts';
export type { MailTransport, MailWorkerOptions, MailRunResult, OutgoingMail } from './worker.ts';
export { mountMailbox, mailboxRouter } from './mailbox.ts';
export type { MailboxMessage, MailboxOptions } from './mailbox.ts';
