import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import supertest from 'supertest';
import type { Database } from '../../db/schema.ts';
import { BUNDLED_CONTRACT_PATH, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from '../../shared/contract.ts';
import { RateLimiter, type Limit } from '../../shared/rate-limit.ts';
import { type agent } from '../../test/harness.ts';
import { hashToken } from '../sessions/service.ts';
import { hashPassword } from './passwords/passwords.ts';
import { newClientId, newUserId } from './repository.ts';
import type { AccountStatus } from './tables.ts';

/** The data of the newest queued e-mail of a template to an address (its links hold the tokens). */
export async function lastMailData(
  db: Kysely<Database>,
  to: string,
  template: string,
): Promise<Record<string, string> | undefined> {
  const row = await db
    .selectFrom('email_outbox')
    .select('data')
    .where('recipient', '=', to.toLowerCase())
    .where('template', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? (row.data as Record<string, string>) : undefined;
}

export async function mailCount(db: Kysely<Database>, to: string): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('recipient', '=', to.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Query values of a link (`userId`, `token`). */
export function linkParams(url: string | undefined): URLSearchParams {
  return new URL(url ?? 'http://invalid/').searchParams;
}

// ---- helpers of the accounts API and attack tests ------------------------------------------------------

/** The token the test reCAPTCHA verifier accepts. */
export const RECAPTCHA = 'test-recaptcha-token';

/**
 * A client address of its own (rate limits count per IP; the app trusts `X-Forwarded-For` from loopback).
 * Random, so that files sharing one PostgreSQL database never count each other's calls.
 */
export function newIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A new, lower-case address (limits also count per address). */
export function newEmail(tag = 'client'): string {
  return `${tag}.${randomBytes(6).toString('hex')}@example.com`;
}

const hashes = new Map<string, Promise<string>>();
/** The argon2id hash of a password, computed once per password and run. */
export function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface TestCustomer {
  id: string;
  clientId: string;
  userId: string;
  email: string;
  password: string;
}

export const DEFAULT_PASSWORD = 'amber-quill-meridian-58';

/** An account written straight into `customers` (no e-mail, no argon2 run per account): ACTIVE unless told. */
export async function insertCustomer(
  db: Kysely<Database>,
  options: {
    email?: string;
    password?: string | null;
    status?: AccountStatus;
    firstName?: string;
    lastName?: string;
    isEmployee?: boolean;
    locale?: string;
    country?: string;
  } = {},
): Promise<TestCustomer> {
  const email = options.email ?? newEmail();
  const password = options.password === null ? '' : (options.password ?? DEFAULT_PASSWORD);
  const passwordHash = options.password === null ? null : await passwordHashOf(password);
  const row = await db
    .insertInto('customers')
    .values({
      id: randomUUID(),
      client_id: newClientId(),
      user_id: newUserId(),
      email,
      password_hash: passwordHash,
      status: options.status ?? 'ACTIVE',
      civility: null,
      first_name: options.firstName ?? 'Camille',
      last_name: options.lastName ?? 'Lefevre',
      first_name_kana: null,
      last_name_kana: null,
      phone: null,
      birth_date: null,
      gender_preference: null,
      locale: options.locale ?? 'fr-fr',
      country: options.country ?? 'FR',
      preferred_store_id: null,
      is_employee: options.isEmployee ?? false,
      activation_sent_at: null,
      password_changed_at: passwordHash ? new Date() : null,
    })
    .returning(['id', 'client_id', 'user_id'])
    .executeTakeFirstOrThrow();
  if (passwordHash)
    await db.insertInto('password_history').values({ customer_id: row.id, password_hash: passwordHash }).execute();
  return { id: row.id, clientId: row.client_id, userId: row.user_id, email, password };
}

/** What a request may have written for an address: accounts, queued e-mails and addresses. */
export async function footprint(
  db: Kysely<Database>,
  email: string,
): Promise<{ customers: number; mails: number; addresses: number }> {
  const address = email.toLowerCase();
  const customers = await db.selectFrom('customers').select('id').where('email', '=', address).execute();
  const addresses = customers.length
    ? Number(
        (
          await db
            .selectFrom('customer_addresses')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(
              'customer_id',
              'in',
              customers.map((c) => c.id),
            )
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  return { customers: customers.length, mails: await mailCount(db, address), addresses };
}

/** Every row of the tables an account request writes (PGlite: each file has its own database). */
export async function tableCounts(
  db: Kysely<Database>,
): Promise<{ customers: number; mails: number; addresses: number }> {
  const n = async (table: 'customers' | 'email_outbox' | 'customer_addresses') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { customers: await n('customers'), mails: await n('email_outbox'), addresses: await n('customer_addresses') };
}

/** The `Set-Cookie` line of a cookie in an answer, if any: the last one, which is the one the browser keeps. */
export function setCookieLine(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const lines = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return lines.filter((l) => l.startsWith(`${name}=`)).at(-1);
}

/** The value a cookie is set to in an answer (empty string when cleared), if it is set. */
export function setCookieValue(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const line = setCookieLine(res, name);
  return line === undefined ? undefined : decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '');
}

/** The database id of the session a cookie token names. */
export function sessionIdOf(token: string): string {
  return hashToken(token);
}

/** Fills a rate-limit window as if `hits` calls had been counted (saves running argon2 for each). */
export async function fillLimit(db: Kysely<Database>, limit: Limit, key: string, hits = limit.max): Promise<void> {
  const ms = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(Date.now() / ms) * ms);
  await db
    .insertInto('rate_limit_hits')
    .values({ bucket: limit.bucket, key_hash: RateLimiter.digest(key), window_start: start, hits })
    .onConflict((oc) => oc.columns(['bucket', 'key_hash', 'window_start']).doUpdateSet({ hits }))
    .execute();
}

/** The sessions signed in for a customer. */
export async function signedInSessions(db: Kysely<Database>, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

type Browser = ReturnType<typeof agent>;

/** Signs a browser in through the storefront (`POST /api/auth/login`), from its own client address. */
export async function signIn(
  browser: Browser,
  customer: { email: string; password: string },
  ip = newIp(),
  locale = 'fr-fr',
) {
  const res = await browser
    .post(`/api/auth/login?locale=${locale}`)
    .set('X-Forwarded-For', ip)
    .send({ email: customer.email, password: customer.password, recaptchaToken: RECAPTCHA });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

/** Asserts a problem answer (RFC 9457) with its catalogue code. */
export function expectProblem(
  res: { status: number; body: { code?: string }; headers: Record<string, unknown> },
  status: number,
  code: string,
): void {
  if (res.status !== status || res.body.code !== code)
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  if (!String(res.headers['content-type']).startsWith('application/problem+json'))
    throw new Error(`not a problem answer: ${String(res.headers['content-type'])}`);
}

/**
 * Rate limits count in fixed windows aligned on the clock (`RateLimiter`): a burst that straddles the end of
 * one would start afresh in the next and never reach its limit. Before a burst against a short window, this
 * waits for the next window when fewer than `needSeconds` are left in the current one (the wait is rare and
 * short: at most `needSeconds`).
 */
export async function awayFromWindowEnd(windowSeconds: number, needSeconds = 15): Promise<void> {
  const ms = windowSeconds * 1000;
  const left = ms - (Date.now() % ms);
  if (left < needSeconds * 1000) await new Promise((r) => setTimeout(r, left + 50));
}

/** Asserts a 429 with a usable Retry-After (seconds, at most the window). */
export function expectTooMany(
  res: { status: number; body: { code?: string }; headers: Record<string, unknown> },
  windowSeconds: number,
): void {
  expectProblem(res, 429, 'ERR_API_1028');
  const retryAfter = Number(res.headers['retry-after']);
  if (!Number.isInteger(retryAfter) || retryAfter < 1 || retryAfter > windowSeconds)
    throw new Error(`bad Retry-After: ${String(res.headers['retry-after'])}`);
}

/** A problem body without its request id (two answers compared whole). */
export function withoutRequestId(body: Record<string, unknown>): Record<string, unknown> {
  const { requestId: _id, ...rest } = body;
  return rest;
}

type Json = Record<string, unknown>;
let contracts: Json[] | undefined;
function resolveRef(contract: Json, node: unknown): Json {
  let cur = node as Json;
  while (cur && typeof cur.$ref === 'string')
    cur = (cur.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>((acc, p) => acc?.[p] as Json, contract);
  return cur;
}
/**
 * The error codes the contract documents for an operation's answer of a status (the examples and the
 * description of the response), in the storefront or the customer service contract.
 */
export function documentedCodes(operationId: string, status: number): string[] {
  contracts ??= [loadContract(BUNDLED_CONTRACT_PATH), loadContract(CUSTOMER_SERVICE_CONTRACT_PATH)];
  for (const contract of contracts) {
    for (const item of Object.values((contract.paths ?? {}) as Record<string, Json>)) {
      for (const op of Object.values(item) as Json[]) {
        if (op?.operationId !== operationId) continue;
        const response = resolveRef(contract, (op.responses as Json | undefined)?.[String(status)]);
        if (!response) return [];
        const codes = new Set<string>(String(response.description ?? '').match(/ERR_[A-Z0-9_]+/g) ?? []);
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
          for (const example of Object.values((media.examples ?? {}) as Record<string, unknown>)) {
            const code = (resolveRef(contract, example).value as { code?: unknown } | undefined)?.code;
            if (typeof code === 'string') codes.add(code);
          }
        }
        return [...codes];
      }
    }
  }
  throw new Error(`operation ${operationId} is not in the contracts`);
}

const SAMPLE_VALUES: Record<string, string> = {
  firstName: 'Camille',
  lastName: 'Lefevre',
  firstNameKana: 'カミーユ',
  lastNameKana: 'ルフェーブル',
  birthDate: '1990-05-17',
};
const SAMPLE_PHONES: Record<string, string> = { JP: '+819012345678', US: '+12125550123', GB: '+447911123456' };
const marketParts = new Map<string, Promise<Record<string, unknown>>>();
/**
 * What the market of a locale requires of a registration besides the address and the password (its fields and
 * its required consents, granted), read from the customer service's registration form
 * (`GET /fields-and-consent`); nothing when the form is not served.
 */
export function marketRequired(app: Express, locale: string): Promise<Record<string, unknown>> {
  let parts = marketParts.get(locale);
  if (!parts) {
    parts = (async () => {
      const res = await supertest(app).get(`/customer-service/v1/fields-and-consent?locale=${locale}`);
      if (res.status !== 200) return {};
      const form = res.body as {
        country: string;
        fields: { name: string; required: boolean; options?: { value: string }[] }[];
        consents: { id: string; required: boolean; version: string }[];
      };
      const out: Record<string, unknown> = {};
      for (const f of form.fields) {
        if (!f.required || ['country', 'emailAddress', 'password'].includes(f.name)) continue;
        out[f.name] =
          f.name === 'civility'
            ? f.options?.[0]?.value
            : f.name === 'phone'
              ? (SAMPLE_PHONES[form.country] ?? '+33612345678')
              : SAMPLE_VALUES[f.name];
      }
      const consents = form.consents
        .filter((c) => c.required)
        .map((c) => ({ id: c.id, granted: true, version: c.version }));
      if (consents.length) out.consents = consents;
      return out;
    })();
    marketParts.set(locale, parts);
  }
  return parts;
}
