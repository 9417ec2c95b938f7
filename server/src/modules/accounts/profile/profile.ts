// The signed-in customer's profile: reading it (with consents), changing it, and the session's fields.
import { AppError } from '../../../shared/errors.ts';
import type { CsSchemas } from '../../../shared/http.ts';
import type { SessionRef, SignedInFields } from '../../sessions/index.ts';
import type { CustomerRow } from '../repository.ts';
import { LIMITS, isoDate, normalizedPhone, sha256Hex, type AccountKit, type ProfileChanges } from '../account-kit.ts';

type Profile = CsSchemas['CustomerProfile'];

export async function profile(kit: AccountKit, customer: CustomerRow, withConsents: boolean): Promise<Profile> {
  const profile: Profile = {
    clientId: customer.client_id,
    customerUUID: customer.id,
    emailAddress: customer.email,
    locale: customer.locale,
    country: customer.country,
    accountStatus: customer.status === 'PROVISIONED' ? 'PROVISIONED' : 'ACTIVE',
  };
  if (customer.civility) profile.civility = customer.civility as Profile['civility'];
  if (customer.first_name) profile.firstName = customer.first_name;
  if (customer.last_name) profile.lastName = customer.last_name;
  if (customer.first_name_kana) profile.firstNameKana = customer.first_name_kana;
  if (customer.last_name_kana) profile.lastNameKana = customer.last_name_kana;
  if (customer.phone) profile.phone = customer.phone;
  if (customer.birth_date) profile.birthDate = isoDate(customer.birth_date);
  if (customer.gender_preference === 'U' || customer.gender_preference === 'D')
    profile.genderPreference = customer.gender_preference;
  if (withConsents) profile.consents = await kit.repo.consents(kit.db, customer.id);
  return profile;
}

export async function updateProfile(
  kit: AccountKit,
  session: SessionRef,
  clientId: string,
  changes: ProfileChanges,
  marketCountry: string,
  locale: string,
): Promise<CustomerRow> {
  const customer = await kit.signedInCustomer(session);
  if (clientId !== customer.client_id)
    throw new AppError('ERR_API_1001', "The client id is not the signed-in customer's.");
  await kit.limits.hit(LIMITS.updatePerSession, session.id);
  const issues = kit.detailIssues(changes, marketCountry, locale);
  if (issues.length)
    throw new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
  const now = kit.clock();
  return kit.db.transaction().execute(async (trx) => {
    const set: Record<string, unknown> = { updated_at: new Date(now) };
    const columns: [keyof ProfileChanges, string][] = [
      ['civility', 'civility'],
      ['firstName', 'first_name'],
      ['lastName', 'last_name'],
      ['firstNameKana', 'first_name_kana'],
      ['lastNameKana', 'last_name_kana'],
      ['phone', 'phone'],
      ['birthDate', 'birth_date'],
      ['genderPreference', 'gender_preference'],
      ['locale', 'locale'],
      ['country', 'country'],
      ['preferredStoreId', 'preferred_store_id'],
    ];
    for (const [key, column] of columns) {
      const value = changes[key];
      if (typeof value === 'string') set[column] = key === 'firstName' || key === 'lastName' ? value.trim() : value;
    }
    const row = await trx
      .updateTable('customers')
      .set(set as never)
      .where('id', '=', customer.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (changes.consents?.length) await kit.repo.saveConsents(trx, customer.id, changes.consents);
    return row;
  });
}

/** Session fields of a signed-in customer (spec §3), for the customer session answer. */
export function sessionFields(kit: AccountKit, customer: CustomerRow): SignedInFields {
  const e164 = customer.phone ?? null;
  return {
    customerAuthenticated: true,
    keringClientId: customer.client_id,
    customerUUID: customer.id,
    phoneNumberE164: e164,
    phoneNumberNormalized: normalizedPhone(e164),
    emailSha256: sha256Hex(customer.email),
    isEmployee: customer.is_employee,
  };
}
