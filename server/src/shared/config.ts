import { availableParallelism } from 'node:os';
import { z } from 'zod';

const BRANDS = ['amq', 'ysl', 'bv', 'bal'] as const;

// Every setting the server reads from the environment, parsed once at start. Defaults make
// `npm start` work with no env file: embedded database under .data/, port 3000, brand ysl.
// An empty variable means unset (a common way to clear one in shells and CI).
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
/** A duration in milliseconds from `min` to `max`; unset or empty = `fallback`. */
const millis = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(min).max(max).default(fallback));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BRAND: z.enum(BRANDS).default('ysl'),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: optionalUrl,
  /**
   * Connections to PostgreSQL. Unset: as many as this machine has cores when the database runs on it
   * (loopback host or Unix socket: more connections than cores only make the backends, Node and each
   * other queue for the same CPUs), 10 otherwise. See `databasePoolSize`.
   */
  DATABASE_POOL_SIZE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(200).optional(),
  ),
  /** Opening a PostgreSQL connection, or waiting for a free one of the pool, before the request fails with 503. */
  DATABASE_CONNECT_TIMEOUT_MS: millis(100, 120_000, 5000),
  /**
   * A statement's limit on the PostgreSQL server (`statement_timeout`); the server process also gives up on
   * its own one second later, for when the server cannot tell it (a network partition). 0 = no limit.
   * Migrations and seeding at start run without it.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: millis(0, 3_600_000, 5000),
  /** A transaction left idle this long is rolled back by PostgreSQL, which frees its locks (`idle_in_transaction_session_timeout`). 0 = no limit. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(0, 3_600_000, 15_000),
  /** How long `/readyz` waits for the database's answer before it answers 503. */
  READINESS_TIMEOUT_MS: millis(50, 30_000, 1000),
  /** PGlite data directory; `memory://` keeps it in memory. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Where imported product photos and their derivatives are kept (`npm run media:import`). */
  MEDIA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('.data/media')),
  /** Catalogue size seeded on an empty database. */
  CATALOG_PRODUCTS: z.coerce.number().int().min(1).max(200000).default(2000),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  /** Validate responses against the contract (default: on outside production). */
  VALIDATE_RESPONSES: z.enum(['true', 'false']).optional(),
  /** Public origin used in canonical and hreflang links. */
  PUBLIC_ORIGIN: optionalUrl,
  /**
   * Which proxies' `X-Forwarded-For` names the client (Express `trust proxy`): a comma-separated list of
   * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. Default `loopback`; behind a
   * proxy on another address (a container network, a load balancer) add its range, e.g. `loopback, uniquelocal`.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(
        /^\s*[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*\s*$/,
        'a comma-separated list of addresses, ranges or loopback/linklocal/uniquelocal',
      )
      .default('loopback'),
  ),
  /** Serve the web app through Vite's dev server (HMR) instead of the production build. */
  VITE_DEV: z.enum(['true', 'false']).default('false'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(10000),
  /**
   * How long an idle kept-alive connection stays open. Longer than a load balancer's or proxy's own idle timeout
   * (60 s for most), so that the proxy, never this server, closes an idle connection: the other way round, a
   * request the proxy sends just as this server closes the socket is lost (a 502, a reset).
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600000).default(65000),
  /** Seconds public page data, listings and rendered pages are kept in memory (0 = off). */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Answer a URL whose public cached answer the full path has prepared (page data, a page's HTML) again before the
   * Express stack, while its page-cache entry lives (docs/scaling.md#throughput). `false`: every request takes the
   * full path.
   */
  READY_ANSWERS: z.enum(['true', 'false']).default('true'),
  /** How long the catalogue's in-memory indexes answer without a catch-up read when no write was seen (ms; 0 = never). */
  CATALOGUE_FRESH_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  /** Request header carrying the visitor's country as detected at the edge (Cloudflare: `cf-ipcountry`). */
  VISITOR_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name')
    .default('cf-ipcountry'),
  /** Secret of `POST /internal/cache/bust` (`X-Internal-Token`); unset = every bust is refused. */
  CACHE_BUST_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /** Secret of `GET /internal/metrics` (`X-Internal-Token`); unset = the endpoint is off. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /** Characters a search query needs (spec §5: 1 in every locale); read leniently, see `searchMinChars`. */
  SEARCH_MIN_CHARS: z.string().optional(),
  /**
   * Which reCAPTCHA verifier checks form tokens: `test` accepts only the documented test token, `google`
   * verifies with Google (`RECAPTCHA_SECRET`; until connected, every token is refused). Default: `test`
   * outside production, `google` in production — the demo launcher (`npm start`) and the browser tests
   * choose `test` explicitly.
   */
  RECAPTCHA_VERIFIER: z.enum(['test', 'google']).optional(),
  /** Public site key of reCAPTCHA v3, given to the forms (empty with the test verifier). */
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  /** Secret key of the Google verifier (`RECAPTCHA_VERIFIER=google`). */
  RECAPTCHA_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** SMTP server of outgoing e-mail (`smtp://user:pass@host:587`); unset = e-mails stay in the outbox and the mailbox page. */
  SMTP_URL: optionalUrl,
  /** Sender of outgoing e-mail. */
  MAIL_FROM: z.string().default('Client Service <client-service@localhost>'),
  /**
   * The development mailbox page `/dev/mailbox`: on by default outside production; in production only when
   * set to `true` (the demo launcher `npm start` and the browser tests do; never on a real deployment).
   */
  MAILBOX: z.enum(['true', 'false']).optional(),
  /** Redis for shared counters (rate limits) and cache invalidation between instances; unset = the database (counters) and LISTEN/NOTIFY. */
  REDIS_URL: optionalUrl,
  /** Base URL of the customer service API; unset = this process serves it on a loopback port. */
  CUSTOMER_SERVICE_URL: optionalUrl,
  CUSTOMER_SERVICE_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  /** Shared secret (HMAC-SHA256) of the employee-sale site's session-sync tokens; unset = every token is refused. */
  EMPLOYEE_SALE_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  /**
   * Demo fulfilment: paid orders move on (processing, shipped or ready for pickup, delivered) every this many
   * seconds, until a warehouse reports real events. Unset = off. `npm start` sets 60.
   */
  FULFILMENT_STEP_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /** Demo client account with an order history (`client@example.com`, docs/checkout.md). `npm start` sets it; never on by default. */
  DEMO_CLIENT: z.enum(['true', 'false']).optional(),
  /**
   * Worker processes on this machine (node:cluster), each with its own connections and caches. Unset: as many
   * as the cores in production on PostgreSQL, 1 otherwise (and always 1 on the embedded PGlite database, which
   * one process only can open). See `webConcurrency`.
   */
  WEB_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(64).optional()),
  /** Every periodic job's period (sweeps, pruning, demo fulfilment), whatever its own: for tests and demos. Unset = each job's own. */
  JOB_PERIOD_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(100).max(86_400_000).optional(),
  ),
});

/** The names of every environment variable the server reads (deployment files are checked against them). */
export const CONFIG_VARIABLES: readonly string[] = Object.freeze(Object.keys(schema.shape));

/** Whether a PostgreSQL connection string names a server on this machine (loopback address, `localhost` or a Unix socket). */
export function isLocalDatabase(url: string): boolean {
  const u = new URL(url);
  const socket = u.searchParams.get('host');
  if (socket?.startsWith('/')) return true;
  const host = decodeURIComponent(u.hostname)
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * Size of the PostgreSQL pool. A database on this machine shares its cores with Node: measured on the
 * 2-core machine (docs/catalogue-queries.md, "Connections"), 2 connections against 10 cut the p99 of
 * autocomplete at 10 concurrent shoppers from 55–59 ms to 38 ms and the PostgreSQL CPU per request by a
 * quarter. A remote server keeps the usual 10.
 */
export function databasePoolSize(
  url: string | undefined,
  explicit: number | undefined,
  cores = availableParallelism(),
): number | undefined {
  if (!url) return undefined;
  return explicit ?? (isLocalDatabase(url) ? Math.max(2, cores) : 10);
}

/**
 * Worker processes (WEB_CONCURRENCY). PGlite is embedded: one process opens its data directory, so more than one
 * is refused (`refused` says so, and 1 runs). Unset: the cores in production on PostgreSQL, otherwise 1.
 */
export function webConcurrency(
  explicit: number | undefined,
  env: { production: boolean; databaseUrl: string | undefined },
  cores = availableParallelism(),
): { workers: number; refused?: number } {
  const wanted = explicit ?? (env.production && env.databaseUrl ? cores : 1);
  if (wanted > 1 && !env.databaseUrl) return { workers: 1, refused: wanted };
  return { workers: wanted };
}

/** A setting that was not usable and fell back to its default: logged (with its internal code) at start. */
export interface ConfigWarning {
  code: 'ERR_ALG_2000';
  message: string;
}

export const DEFAULT_SEARCH_MIN_CHARS = 1;
const MAX_SEARCH_MIN_CHARS = 10;

/**
 * Spec §8: a bad search minimum must not stop the storefront — it falls back to 1 character and is
 * reported as ERR_ALG_2000. Unset or empty means the default, silently.
 */
function searchMinChars(raw: string | undefined, warnings: ConfigWarning[]): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SEARCH_MIN_CHARS;
  const value = Number(raw.trim());
  if (Number.isInteger(value) && value >= 1 && value <= MAX_SEARCH_MIN_CHARS) return value;
  warnings.push({
    code: 'ERR_ALG_2000',
    message: `SEARCH_MIN_CHARS "${raw}" is not a whole number from 1 to ${MAX_SEARCH_MIN_CHARS}; ${DEFAULT_SEARCH_MIN_CHARS} character is used.`,
  });
  return DEFAULT_SEARCH_MIN_CHARS;
}

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  brand: (typeof BRANDS)[number];
  databaseUrl: string | undefined;
  /** Connections of the PostgreSQL pool (undefined with PGlite). */
  databasePoolSize: number | undefined;
  /** Limits of the PostgreSQL connections (ms; 0 = none); PGlite, in process, has no network to wait for. */
  databaseTimeouts: Readonly<{ connectMs: number; statementMs: number; idleInTransactionMs: number }>;
  /** How long `/readyz` waits for the database (ms). */
  readinessTimeoutMs: number;
  pgliteDir: string;
  /** Folder of the imported product photos' files (relative paths: from the working directory). */
  mediaDir: string;
  catalogProducts: number;
  logLevel: string;
  validateResponses: boolean;
  publicOrigin: string;
  /** Addresses and ranges whose `X-Forwarded-For` is believed (Express `trust proxy`). */
  trustProxy: readonly string[];
  viteDev: boolean;
  shutdownGraceMs: number;
  keepAliveTimeoutMs: number;
  secureCookies: boolean;
  cacheTtlMs: number;
  /** Cached public answers answered before the Express stack (READY_ANSWERS). */
  readyAnswers: boolean;
  /** The catalogue indexes' catch-up window (docs/catalogue-queries.md#freshness-the-catch-up-window). */
  catalogueFreshMs: number;
  /** Lower-case name of the visitor-country request header. */
  visitorCountryHeader: string;
  cacheBustToken: string | undefined;
  /** Secret of the metrics endpoint; undefined = metrics off. */
  metricsToken: string | undefined;
  recaptchaVerifier: 'test' | 'google';
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Serve the development mailbox (`/dev/mailbox`). */
  mailbox: boolean;
  customerServiceUrl: string | undefined;
  /** Secret of the storefront's server-to-server calls to the customer service (`X-Service-Token`); unset = a random one per process. */
  customerServiceToken: string | undefined;
  redisUrl: string | undefined;
  employeeSaleSecret: string | undefined;
  /** Demo fulfilment step (seconds), or undefined when orders wait for real fulfilment events. */
  fulfilmentStepSeconds: number | undefined;
  /** Seed the demo client and its orders at start. */
  demoClient: boolean;
  /** Characters a search query needs after trimming. */
  searchMinChars: number;
  /** Worker processes (node:cluster); 1 = this process serves. */
  webConcurrency: number;
  /** WEB_CONCURRENCY asked for more than one process on PGlite: how many (1 runs). */
  webConcurrencyRefused: number | undefined;
  /** Every periodic job's period when set (JOB_PERIOD_MS). */
  jobPeriodMs: number | undefined;
  /** Settings that fell back to their default; logged by the app at start. */
  warnings: readonly ConfigWarning[];
}>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const warnings: ConfigWarning[] = [];
  const concurrency = webConcurrency(e.WEB_CONCURRENCY, { production, databaseUrl: e.DATABASE_URL });
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    brand: e.BRAND,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: databasePoolSize(e.DATABASE_URL, e.DATABASE_POOL_SIZE),
    databaseTimeouts: Object.freeze({
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
    readinessTimeoutMs: e.READINESS_TIMEOUT_MS,
    pgliteDir: e.PGLITE_DIR,
    mediaDir: e.MEDIA_DIR,
    catalogProducts: e.CATALOG_PRODUCTS,
    // Spec §9: debug in development, warn otherwise.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'development' ? 'debug' : e.NODE_ENV === 'test' ? 'silent' : 'warn'),
    validateResponses: e.VALIDATE_RESPONSES ? e.VALIDATE_RESPONSES === 'true' : !production,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: Object.freeze(e.TRUST_PROXY.split(',').map((s) => s.trim())),
    viteDev: e.VITE_DEV === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    cacheTtlMs: e.CACHE_TTL_SECONDS * 1000,
    readyAnswers: e.READY_ANSWERS === 'true',
    catalogueFreshMs: e.CATALOGUE_FRESH_MS,
    visitorCountryHeader: e.VISITOR_COUNTRY_HEADER.toLowerCase(),
    cacheBustToken: e.CACHE_BUST_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    recaptchaVerifier: e.RECAPTCHA_VERIFIER ?? (production ? 'google' : 'test'),
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailbox: production ? e.MAILBOX === 'true' : e.MAILBOX !== 'false',
    customerServiceUrl: e.CUSTOMER_SERVICE_URL?.replace(/\/$/, ''),
    customerServiceToken: e.CUSTOMER_SERVICE_TOKEN,
    redisUrl: e.REDIS_URL,
    employeeSaleSecret: e.EMPLOYEE_SALE_SECRET,
    fulfilmentStepSeconds: e.FULFILMENT_STEP_SECONDS,
    demoClient: e.DEMO_CLIENT === 'true',
    secureCookies: production && (e.PUBLIC_ORIGIN ?? '').startsWith('https://'),
    searchMinChars: searchMinChars(e.SEARCH_MIN_CHARS, warnings),
    webConcurrency: concurrency.workers,
    webConcurrencyRefused: concurrency.refused,
    jobPeriodMs: e.JOB_PERIOD_MS,
    warnings: Object.freeze(warnings),
  });
}
