import { pino, type Logger } from 'pino';

// Spec §9: email, phone, password, user name, credit card and basket customer name never reach logs.
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.email',
  '*.emailAddress',
  '*.phone',
  '*.phoneNumber',
  '*.password',
  '*.newPassword',
  '*.username',
  '*.userName',
  '*.creditCard',
  '*.cardNumber',
  '*.customerName',
  '*.*.email',
  '*.*.password',
  '*.*.customerName',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: undefined,
    },
    destination as pino.DestinationStream | undefined,
  );
}
export type { Logger };
