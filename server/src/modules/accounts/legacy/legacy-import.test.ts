import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyAccount } from '../../../../../fixtures/legacy-accounts/generate.ts';
import { agent, startTestApp, type TestApp } from '../../../test/harness.ts';
import { importLegacyAccounts, parseLegacyExport } from './legacy-import.ts';
import { lastMailData, newEmail, newIp, RECAPTCHA } from '../test-support.ts';

const root = join(import.meta.dirname, '../../../../..');

/** A former account as the former site exports it, of its own (one test owns its rows). */
function former(overrides: Partial<LegacyAccount> = {}): LegacyAccount {
  return {
    customerNumber: `FS-I${randomBytes(4).toString('hex').toUpperCase()}`,
    email: newEmail('imported'),
    title: 'Ms',
    firstName: 'Camille',
    lastName: 'Durand',
    country: 'FR',
    preferredLocale: 'fr-fr',
    telephone: '+33 6 12 34 56 78',
    registeredAt: '2016-09-12T08:30:00Z',
    addresses: [
      {
        kind: 'home',
        first_name: 'Camille',
        last_name: 'Durand',
        street_1: '5 rue de Grenelle',
        zip: '75007',
        town: 'Paris',
        country_code: 'fr',
        preferred: true,
      },
    ],
    ...overrides,
  };
}
const jsonl = (...lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

describe('reading the former site’s export', () => {
  it('takes one account per line, skips blank lines, keeps the shape and upper-cases address countries', () => {
    const a = former();
    const b = former({ email: '  Camille.Durand@Example.COM ' });
    const { accounts, problems } = parseLegacyExport(`${JSON.stringify(a)}\r\n\n${JSON.stringify(b)}\n`);
    expect(problems).toEqual([]);
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toEqual({ ...a, addresses: [{ ...a.addresses[0], country_code: 'FR' }] });
    expect(accounts[1]!.email).toBe('camille.durand@example.com');
  });

  it('names every refused line, field and reason', () => {
    const twin = former();
    const { problems } = parseLegacyExport(
      jsonl(
        former(),
        'not json',
        former({ email: 'nobody@' }),
        { ...former(), loyaltyTier: 'gold' },
        former({ preferredLocale: 'french', country: 'fr' }),
        former({ registeredAt: 'last spring' }),
        former({
          addresses: [
            {
              kind: 'castle',
              first_name: '',
              last_name: 'D',
              street_1: 'x',
              town: 'y',
              country_code: 'FRA',
              preferred: true,
            } as never,
          ],
        }),
        twin,
        { ...former(), customerNumber: twin.customerNumber },
        former({ email: twin.email.toUpperCase() }),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { line: 2, path: '', message: 'is not a JSON object' },
        { line: 3, path: 'email', message: 'is not a valid e-mail address' },
        expect.objectContaining({ line: 4, path: '', message: expect.stringMatching(/loyaltyTier/) }),
        { line: 5, path: 'country', message: 'is not a two-letter country code in capitals' },
        { line: 5, path: 'preferredLocale', message: 'is not a locale like fr-fr' },
        { line: 6, path: 'registeredAt', message: 'is not an ISO 8601 date and time' },
        expect.objectContaining({ line: 7, path: 'addresses.0.kind' }),
        { line: 7, path: 'addresses.0.first_name', message: 'is empty' },
        { line: 7, path: 'addresses.0.country_code', message: 'is not a two-letter country code' },
        { line: 9, path: 'customerNumber', message: 'repeats line 8' },
        { line: 10, path: 'email', message: 'repeats line 8' },
      ]),
    );
    expect(problems.some((p) => p.line === 1 || p.line === 8)).toBe(false);
  });
});

describe('importing the export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.database.db;
  const stored = async (accounts: LegacyAccount[]) =>
    (
      await db()
        .selectFrom('legacy_accounts')
        .select('customer_number')
        .where(
          'customer_number',
          'in',
          accounts.map((a) => a.customerNumber),
        )
        .execute()
    ).length;

  it('writes nothing while one line is refused, everything once it is fixed, and nothing new when run again', async () => {
    const good = [former(), former()];
    const refused = await importLegacyAccounts(db(), jsonl(good[0], former({ country: 'France' }), good[1]));
    expect(refused).toMatchObject({ written: 0, problems: [{ line: 2, path: 'country' }] });
    expect(await stored(good)).toBe(0);

    expect(await importLegacyAccounts(db(), jsonl(...good))).toEqual({ read: 2, written: 2, problems: [] });
    expect(await stored(good)).toBe(2);
    expect(await importLegacyAccounts(db(), jsonl(...good))).toEqual({ read: 2, written: 0, problems: [] });
    // Another number for an address already there: that client is already in the file, left as it is.
    expect(await importLegacyAccounts(db(), jsonl({ ...former(), email: good[0]!.email }))).toMatchObject({
      read: 1,
      written: 0,
    });
  });

  it('lets an imported client retrieve the account: the migration e-mail is sent', async () => {
    const client = former();
    expect((await importLegacyAccounts(db(), jsonl(client))).written).toBe(1);
    await agent(t.app)
      .set('X-Forwarded-For', newIp())
      .post('/api/account/migrate?locale=fr-fr')
      .send({ email: client.email, recaptchaToken: RECAPTCHA })
      .expect(204);
    expect((await lastMailData(db(), client.email, 'account-migration'))?.setPasswordUrl).toMatch(
      /\/fr-fr\/myaccount\/reset-password\?token=/,
    );
  });
});

describe('npm run accounts:import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'legacy-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-legacy-accounts.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: join(dir, 'db'), NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('imports a file into the configured database, refuses a bad one whole, and explains its usage', () => {
    expect(run().status).toBe(2);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, jsonl(former(), former({ email: 'nobody@' })));
    const refused = run(bad);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('line 2, email: is not a valid e-mail address');
    expect(refused.stderr).toContain('nothing imported: 1 problem(s)');
    const good = join(dir, 'good.jsonl');
    writeFileSync(good, jsonl(former(), former(), former()));
    const imported = run(good);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('3 former account(s) read, 3 imported, 0 already there');
    expect(run(good).stdout).toContain('3 former account(s) read, 0 imported, 3 already there');
  }, 240_000);
});
