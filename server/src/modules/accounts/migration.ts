// Account migration of the former site's customers (issue #6, spec "account migration", form `accountMigration`).
//
//   browser ── POST /api/account/migrate {email, recaptchaToken} ──▶ storefront (AccountMigration)
//     reCAPTCHA, e-mail checks, limits; the former account of the address (legacy_accounts), if any
//       ── POST /customer-service/v1/customer/migration (X-Service-Token) ──▶ customer service (CustomerMigration)
//          one transaction: the account (PROVISIONED, no password) + a 7-day set-password token + the e-mail
//     one transaction: the former addresses into the address book, the former account marked migrated
//   ◀── 204, the same answer for every address, never sooner than ANSWER_FLOOR_MS
import { timingSafeEqual, createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Request } from 'express';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/errors.ts';
import type { CsSchemas } from '../../shared/http.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { Limit, RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { enqueueMail } from '../mail/index.ts';
import type { MarketService } from '../markets/index.ts';
import { AddressBook } from './addresses.ts';
import type { CustomerServiceGateway } from './gateway.ts';
import { civilityOf, importableAddresses } from './legacy-addresses.ts';
import { LegacyAccountRepository, type LegacyAccountRow } from './migration-repository.ts';
import { checkEmailOrThrow, phoneOrIssue } from './rules.ts';
import type { AccountService } from './service.ts';
import { checkName } from './validation/names.ts';
import { normaliseEmail } from './validation/email.ts';
import { parsePhone } from './validation/phone.ts';

type MigrateCustomerRequest = CsSchemas['MigrateCustomerRequest'];
type MigrateCustomerResult = CsSchemas['MigrateCustomerResult'];

const HOUR = 3600;
/** The browser's requests (contract of `migrateAccount`): every address counts, known or not. */
export const MIGRATION_LIMITS = {
  perEmail: { bucket: 'migrate-email', max: 3, windowSeconds: HOUR },
  perIp: { bucket: 'migrate-ip', max: 20, windowSeconds: HOUR },
} satisfies Record<string, Limit>;
/** The set-password link of the `account-migration` e-mail is valid 7 days. */
export const MIGRATION_TOKEN_TTL_MS = 7 * 86_400_000;
/**
 * Every 204 of `migrateAccount` leaves no sooner than this after the request arrived, so that an unknown
 * address (one lookup) and a former account (the customer service call, two transactions) take the same
 * time. Measured work of a migration: 20–80 ms on PGlite, less on PostgreSQL; the floor leaves a wide margin.
 */
export const ANSWER_FLOOR_MS = 400;

// ---- customer service side ----------------------------------------------------------------------

/**
 * The customer service's part: the sign-in account and customer record of a former customer, PROVISIONED
 * without a password, and the e-mail with the link to choose one (the reset-password page; choosing it makes
 * the account ACTIVE, see `AccountRepository.setPassword`).
 */
export class CustomerMigration {
  constructor(
    private readonly db: DB,
    private readonly accounts: AccountService,
    private readonly options: { publicOrigin: string; clock?: () => number },
  ) {}

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  async migrate(
    body: MigrateCustomerRequest,
    marketCountry: string,
    mailLocale: string,
  ): Promise<MigrateCustomerResult> {
    const email = checkEmailOrThrow(body.email, 'body/email');
    if (body.phone) {
      const { issue } = phoneOrIssue(body.phone, 'body/phone');
      if (issue) throw new AppError('ERR_API_1018', `${issue.path}: ${issue.message}`, [issue]);
    }
    const repo = this.accounts.repo;
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      // Serialised with registrations of the same address (the same lock as AccountService.register).
      await sql`select pg_advisory_xact_lock(hashtext(${email}))`.execute(trx);
      const existing = await repo.byEmail(trx, email);
      if (existing && existing.status === 'PROVISIONED' && !existing.password_hash) {
        await this.mailSetPassword(trx, existing.id, existing.email, existing.first_name, mailLocale, now);
        return { outcome: 'pending', customerUUID: existing.id };
      }
      if (existing) {
        await this.accounts.mailExisting(trx, existing, mailLocale, now);
        return { outcome: 'existing', customerUUID: existing.id };
      }
      const customer = await repo.insertCustomer(trx, {
        email,
        password_hash: null,
        status: 'PROVISIONED',
        civility: body.civility ?? null,
        first_name: body.firstName?.trim() ?? null,
        last_name: body.lastName?.trim() ?? null,
        first_name_kana: null,
        last_name_kana: null,
        phone: body.phone ?? null,
        birth_date: null,
        gender_preference: null,
        locale: body.locale,
        country: marketCountry,
        preferred_store_id: null,
        activation_sent_at: null,
        password_changed_at: null,
      });
      await this.mailSetPassword(trx, customer.id, customer.email, customer.first_name, mailLocale, now);
      return { outcome: 'created', customerUUID: customer.id };
    });
  }

  private async mailSetPassword(
    trx: Kysely<Database>,
    customerId: string,
    email: string,
    firstName: string | null,
    locale: string,
    now: number,
  ): Promise<void> {
    // A reset token: the reset-password page takes it as it is; a newer e-mail supersedes it.
    const token = await this.accounts.repo.issueToken(trx, customerId, 'reset', MIGRATION_TOKEN_TTL_MS, now);
    await enqueueMail(trx, {
      to: email,
      template: 'account-migration',
      locale,
      data: {
        // `welcome`: the page greets a client moving from the former site instead of speaking of a "new" password.
        setPasswordUrl: `${this.options.publicOrigin}/${locale}/myaccount/reset-password?${new URLSearchParams({ token, welcome: '1' }).toString()}`,
        ...(firstName ? { firstName } : {}),
      },
    });
  }
}

// ---- storefront side ----------------------------------------------------------------------------

export interface MigrationCaller {
  ip: string;
}

/**
 * The storefront's part: it owns the former accounts. Checks the request, asks the customer service for the
 * account of a former customer, then imports the former addresses. The answer never depends on the address.
 */
export class AccountMigration {
  private readonly legacy = new LegacyAccountRepository();

  constructor(
    private readonly db: DB,
    private readonly limits: RateLimiter,
    private readonly markets: MarketService,
    private readonly options: { clock?: () => number; floorMs?: number } = {},
  ) {}

  /** The former profile as the customer service takes it; details it could not accept are left out. */
  profileOf(row: LegacyAccountRow): MigrateCustomerRequest {
    const market = this.markets.resolve(row.preferred_locale);
    const profile: MigrateCustomerRequest = {
      email: row.email,
      legacyCustomerNumber: row.customer_number,
      locale: market.locale,
    };
    const civility = civilityOf(row.civility);
    if (civility) profile.civility = civility;
    const first = row.first_name ? checkName(row.first_name.trim()) : undefined;
    if (first?.ok) profile.firstName = first.value;
    const last = row.last_name ? checkName(row.last_name.trim()) : undefined;
    if (last?.ok) profile.lastName = last.value;
    if (row.phone) {
      const phone = parsePhone(row.phone, row.country);
      if (phone.ok) profile.phone = phone.e164;
    }
    return profile;
  }

  async migrate(
    rawEmail: string,
    caller: MigrationCaller,
    createAccount: (profile: MigrateCustomerRequest) => Promise<MigrateCustomerResult>,
  ): Promise<void> {
    const clock = this.options.clock ?? Date.now;
    const started = clock();
    const email = checkEmailOrThrow(normaliseEmail(rawEmail), 'body/email');
    await this.limits.hit(MIGRATION_LIMITS.perIp, caller.ip);
    await this.limits.hit(MIGRATION_LIMITS.perEmail, email);
    let former: LegacyAccountRow | undefined;
    try {
      former = await this.legacy.byEmail(this.db, email);
    } catch (err) {
      const error = new AppError('ERR_EMAIL_1002', 'The former accounts could not be read.');
      error.cause = err;
      throw error;
    }
    if (former) await this.migrateFormer(former, createAccount);
    // The same time for every address: an unknown one waits as long as a migration takes.
    const wait = (this.options.floorMs ?? ANSWER_FLOOR_MS) - (clock() - started);
    if (wait > 0) await sleep(wait);
  }

  private async migrateFormer(
    former: LegacyAccountRow,
    createAccount: (profile: MigrateCustomerRequest) => Promise<MigrateCustomerResult>,
  ): Promise<void> {
    let result: MigrateCustomerResult;
    try {
      result = await createAccount(this.profileOf(former));
    } catch (err) {
      if (err instanceof AppError && err.status < 500) throw err;
      throw new AppError(
        'ERR_OKTA_1004',
        err instanceof AppError ? err.detail : 'The customer service did not create the account.',
      );
    }
    // An address that already had an account of the new site: its owner was told; nothing is imported.
    if (result.outcome === 'existing' || former.migrated_at) return;
    const now = (this.options.clock ?? Date.now)();
    await this.db.transaction().execute(async (trx) => {
      const row = await this.legacy.lockByEmail(trx, former.email);
      if (!row || row.migrated_at) return; // a concurrent request did it
      const owned = await trx
        .selectFrom('customer_addresses')
        .select('id')
        .where('customer_id', '=', result.customerUUID)
        .limit(1)
        .execute();
      if (owned.length === 0) await new AddressBook(trx).replace(trx, result.customerUUID, importableAddresses(row));
      await this.legacy.markMigrated(trx, row.customer_number, result.customerUUID, now);
    });
  }
}

// ---- routes ----------------------------------------------------------------------------------------

export interface AccountMigrationDeps {
  db: DB;
  accounts: AccountService;
  gateway: CustomerServiceGateway;
  markets: MarketService;
  recaptcha: RecaptchaVerifier;
  limits: RateLimiter;
  publicOrigin: string;
  /** Secret of the `X-Service-Token` header shared by the storefront and the customer service. */
  serviceToken: string;
  floorMs?: number;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Only the storefront's server: the service token, and no sign of a browser (Fetch Metadata, Origin). */
function serviceCallRefusal(req: Request, token: string): AppError | undefined {
  const sent = req.get('x-service-token') ?? '';
  // (Node's fetch sends `Sec-Fetch-Mode` itself, never `Sec-Fetch-Site` or `Origin`.)
  const browser = req.get('sec-fetch-site') !== undefined || req.get('origin') !== undefined;
  if (browser || !timingSafeEqual(digest(sent), digest(token)))
    return new AppError('ERR_API_1001', "This operation is for the storefront's server only.");
  return undefined;
}

/** `POST /api/account/migrate` (storefront) and `POST /customer-service/v1/customer/migration` (customer service). */
export function accountMigrationRoutes(ops: OperationRegistry, deps: AccountMigrationDeps): void {
  const migration = new AccountMigration(
    deps.db,
    deps.limits,
    deps.markets,
    deps.floorMs === undefined ? {} : { floorMs: deps.floorMs },
  );
  const customerMigration = new CustomerMigration(deps.db, deps.accounts, { publicOrigin: deps.publicOrigin });

  ops.handle('migrateAccount', {
    run: async ({ query, body, req, res }) => {
      res.set('Cache-Control', 'no-store');
      const locale = query.locale ?? 'en-us';
      await deps.recaptcha.verify(body.recaptchaToken, req.ip);
      await migration.migrate(body.email, { ip: req.ip ?? 'unknown' }, async (profile) => {
        const client = deps.gateway.client(req, res, { 'X-Service-Token': deps.serviceToken });
        const answer = await deps.gateway.call(
          res,
          client.POST('/customer/migration', { params: { query: { locale } }, body: profile }),
        );
        if (!answer) throw new AppError('ERR_OKTA_1004', 'The customer service answered no result.');
        return answer;
      });
      res.status(204).end();
    },
  });

  ops.handle('csMigrateCustomer', {
    run: ({ query, body, req, res }) => {
      res.set('Cache-Control', 'no-store');
      const refused = serviceCallRefusal(req, deps.serviceToken);
      if (refused) throw refused;
      const market = deps.markets.resolve(body.locale);
      return customerMigration.migrate({ ...body, locale: market.locale }, market.country, query.locale ?? 'en-us');
    },
  });
}
