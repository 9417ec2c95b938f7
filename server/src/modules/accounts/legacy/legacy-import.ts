import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { LegacyAccount } from '../../../../../reference/legacy-accounts.ts';
import { LegacyAccountRepository } from './migration-repository.ts';
import { checkEmail } from '../validation/email.ts';

// The former site's customer export, read into `legacy_accounts` (the file the account migration looks
// clients up in). Format: JSON Lines, one former account per line, in the former site's shape — the shape of
// `fixtures/legacy-accounts` (docs/accounts.md, "Importing the former site's customers"). The whole file is
// checked before anything is written; one refused line and nothing is written, every problem is listed.

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx'] as const;
const text = (max: number) => z.string().trim().min(1, 'is empty').max(max, `is longer than ${max} characters`);
const optionalText = (max: number) => z.string().max(max, `is longer than ${max} characters`).optional();

const address = z
  .object({
    kind: z.enum(['home', 'office', 'second_home', 'holiday', 'hotel', 'other']),
    nickname: optionalText(100),
    title: z.enum(TITLES).optional(),
    first_name: text(100),
    last_name: text(100),
    company: optionalText(100),
    street_1: text(200),
    street_2: optionalText(200),
    zip: optionalText(20),
    town: text(100),
    state: optionalText(40),
    country_code: z.string().regex(/^[A-Za-z]{2}$/, 'is not a two-letter country code'),
    telephone: optionalText(40),
    preferred: z.boolean(),
  })
  .strict();

const account = z
  .object({
    customerNumber: text(64),
    email: z.string().max(254, 'is longer than 254 characters'),
    title: z.enum(TITLES).nullable(),
    firstName: text(100),
    lastName: text(100),
    country: z.string().regex(/^[A-Z]{2}$/, 'is not a two-letter country code in capitals'),
    preferredLocale: z.string().regex(/^[a-z]{2}-[a-z]{2}$/, 'is not a locale like fr-fr'),
    telephone: z.string().max(40, 'is longer than 40 characters').nullable(),
    registeredAt: z
      .string()
      .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'is not an ISO 8601 date and time'),
    addresses: z.array(address).max(50, 'holds more than 50 addresses'),
  })
  .strict();

export interface ImportProblem {
  /** 1-based line of the file. */
  line: number;
  /** Field of the line's record (`addresses.1.town`), empty for the line itself. */
  path: string;
  message: string;
}

/** Reads and checks an export; `accounts` is complete only when `problems` is empty. */
export function parseLegacyExport(content: string): { accounts: LegacyAccount[]; problems: ImportProblem[] } {
  const accounts: LegacyAccount[] = [];
  const problems: ImportProblem[] = [];
  const numbers = new Map<string, number>();
  const emails = new Map<string, number>();
  content.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push({ line, path: '', message: 'is not a JSON object' });
      return;
    }
    const parsed = account.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ line, path: issue.path.join('.'), message: issue.message });
      return;
    }
    const email = checkEmail(parsed.data.email);
    if (!email.ok) {
      problems.push({ line, path: 'email', message: 'is not a valid e-mail address' });
      return;
    }
    const seenNumber = numbers.get(parsed.data.customerNumber);
    if (seenNumber) problems.push({ line, path: 'customerNumber', message: `repeats line ${seenNumber}` });
    const seenEmail = emails.get(email.email);
    if (seenEmail) problems.push({ line, path: 'email', message: `repeats line ${seenEmail}` });
    if (seenNumber || seenEmail) return;
    numbers.set(parsed.data.customerNumber, line);
    emails.set(email.email, line);
    const a = parsed.data;
    accounts.push({
      ...a,
      email: email.email,
      addresses: a.addresses.map((x) => ({ ...x, country_code: x.country_code.toUpperCase() })),
    } as LegacyAccount);
  });
  return { accounts, problems };
}

export interface ImportResult {
  /** Former accounts in the file. */
  read: number;
  /** Written now; the others were already there (same customer number or e-mail address). */
  written: number;
  problems: ImportProblem[];
}

/**
 * Checks the export, then writes the accounts not there yet in one transaction (running it again writes
 * nothing new; an account already there — possibly migrated since — is left as it is).
 */
export async function importLegacyAccounts(db: Kysely<Database>, content: string): Promise<ImportResult> {
  const { accounts, problems } = parseLegacyExport(content);
  if (problems.length > 0) return { read: accounts.length, written: 0, problems };
  const written = await db.transaction().execute((trx) => new LegacyAccountRepository().insertMissing(trx, accounts));
  return { read: accounts.length, written, problems };
}
