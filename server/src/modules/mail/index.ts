export { enqueueMail } from './outbox.ts';
export type { MailOrder } from './outbox.ts';
export { createMailWorker } from './worker.ts';
export { mountMailbox } from './mailbox.ts';
