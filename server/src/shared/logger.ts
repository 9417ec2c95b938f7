import { pino, type Logger } from 'pino';

// Spec §9: email, phone, password, user name, credit card and basket customer name never reach logs.
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-service-token"]',
  'req.headers["x-internal-token"]',
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

/** Query values that are secrets or personal data (links of e-mails, sign-in codes): logged as `[redacted]`. */
const SECRET_QUERY = /([?&](?:token|userId|code|email|activationToken|state)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[redacted]');
}

/** pino-http's request serializer: the URL and query without secrets. */
export function serializeRequest<T extends { url?: string; query?: Record<string, unknown> }>(req: T): T {
  const out = { ...req, url: redactUrl(req.url) };
  if (req.query) {
    out.query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, /^(token|userId|code|email|activationToken|state)$/i.test(k) ? '[redacted]' : v]));
  }
  return out;
}

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
