import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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
    out.query = Object.fromEntries(
      Object.entries(req.query).map(([k, v]) => [
        k,
        /^(token|userId|code|email|activationToken|state)$/i.test(k) ? '[redacted]' : v,
      ]),
    );
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

/**
 * The request logging middleware: a request id (`req.id`, echoed in `X-Request-Id`) and `req.log`, a logger
 * bound to the request. pino-http writes one line per answer at `info`; when the level is above `info` (the
 * production default, `warn`) it writes none, yet it still built a child logger per request and serialised the
 * request into it (about a tenth of a cached page's CPU). Then `req.log` is made on first use instead: only a
 * request that logs something (a failure, a warning) pays for it, and its lines are the same.
 */
export function requestLogging(
  logger: Logger,
  options: {
    genReqId: (req: IncomingMessage, res: ServerResponse) => string;
    ignore: (req: IncomingMessage) => boolean;
  },
): RequestHandler {
  const full = pinoHttp({
    logger,
    genReqId: options.genReqId,
    autoLogging: { ignore: options.ignore },
    serializers: { req: serializeRequest },
  });
  if (logger.isLevelEnabled('info')) return full;
  const bound = full.logger;
  return (req, res, next) => {
    req.id = options.genReqId(req, res);
    let child: Logger | undefined;
    const log = {
      get: () => (child ??= bound.child({ req })),
      set: (value: Logger) => void (child = value),
      configurable: true,
      enumerable: false,
    };
    Object.defineProperty(req, 'log', log);
    Object.defineProperty(res, 'log', log);
    next();
  };
}
