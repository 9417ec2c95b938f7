import { z } from 'zod';

const BRANDS = ['amq', 'ysl', 'bv', 'bal'] as const;

// Every setting the server reads from the environment, parsed once at start. Defaults make
// `npm start` work with no env file: embedded database under .data/, port 3000, brand ysl.
// An empty variable means unset (a common way to clear one in shells and CI).
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BRAND: z.enum(BRANDS).default('ysl'),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: optionalUrl,
  /** PGlite data directory; `memory://` keeps it in memory. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Catalogue size seeded on an empty database. */
  CATALOG_PRODUCTS: z.coerce.number().int().min(1).max(200000).default(2000),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  /** Validate responses against the contract (default: on outside production). */
  VALIDATE_RESPONSES: z.enum(['true', 'false']).optional(),
  /** Public origin used in canonical and hreflang links. */
  PUBLIC_ORIGIN: optionalUrl,
  /** Serve the web app through Vite's dev server (HMR) instead of the production build. */
  VITE_DEV: z.enum(['true', 'false']).default('false'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(10000),
  /** Seconds public page data, listings and rendered pages are kept in memory (0 = off). */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Request header carrying the visitor's country as detected at the edge (Cloudflare: `cf-ipcountry`). */
  VISITOR_COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name').default('cf-ipcountry'),
  /** Secret of `POST /internal/cache/bust` (`X-Internal-Token`); unset = every bust is refused. */
  CACHE_BUST_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  brand: (typeof BRANDS)[number];
  databaseUrl: string | undefined;
  pgliteDir: string;
  catalogProducts: number;
  logLevel: string;
  validateResponses: boolean;
  publicOrigin: string;
  viteDev: boolean;
  shutdownGraceMs: number;
  secureCookies: boolean;
  cacheTtlMs: number;
  /** Lower-case name of the visitor-country request header. */
  visitorCountryHeader: string;
  cacheBustToken: string | undefined;
}>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    brand: e.BRAND,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    catalogProducts: e.CATALOG_PRODUCTS,
    // Spec §9: debug in development, warn otherwise.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'development' ? 'debug' : e.NODE_ENV === 'test' ? 'silent' : 'warn'),
    validateResponses: e.VALIDATE_RESPONSES ? e.VALIDATE_RESPONSES === 'true' : !production,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    viteDev: e.VITE_DEV === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    cacheTtlMs: e.CACHE_TTL_SECONDS * 1000,
    visitorCountryHeader: e.VISITOR_COUNTRY_HEADER.toLowerCase(),
    cacheBustToken: e.CACHE_BUST_TOKEN,
    secureCookies: production && (e.PUBLIC_ORIGIN ?? '').startsWith('https://'),
  });
}
