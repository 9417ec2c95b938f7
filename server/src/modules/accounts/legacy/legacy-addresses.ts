import { validatePostalCode } from '../../../../../reference/markets/addresses.ts';
import type { LegacyAddress } from '../../../../../reference/legacy-accounts.ts';
import type { Schemas } from '../../../shared/http.ts';
import { MAX_ADDRESSES } from '../profile/addresses.ts';
import type { LegacyAccountRow } from './migration-repository.ts';
import { checkName } from '../validation/names.ts';
import { parsePhone } from '../validation/phone.ts';

// The former site's addresses in the address book's shape, when an account is migrated (`migration.ts`).

type Address = Schemas['Address'];

const KIND_TO_TYPE: Record<LegacyAddress['kind'], NonNullable<Address['type']>> = {
  home: 'HOME',
  office: 'WORK',
  second_home: 'VACATION_HOME',
  holiday: 'HOLIDAY_HOUSE',
  hotel: 'HOTEL',
  other: 'OTHER_1',
};
const TITLE_TO_CIVILITY: Record<string, NonNullable<Address['civility']>> = {
  Mr: 'MR',
  Mrs: 'MRS',
  Ms: 'MS',
  Miss: 'MS',
  Mx: 'MX',
};

export function civilityOf(title: string | null | undefined): Address['civility'] | undefined {
  return title ? TITLE_TO_CIVILITY[title] : undefined;
}

function nameOr(value: string | undefined, fallback: string | null): string | undefined {
  for (const candidate of [value, fallback]) {
    if (!candidate) continue;
    const checked = checkName(candidate.trim());
    if (checked.ok) return checked.value;
  }
  return undefined;
}

function clip(value: string | undefined, max: number): string | undefined {
  const v = value?.trim();
  return v ? v.slice(0, max) : undefined;
}

/**
 * One former address in the address book's shape, following the country's rules (postal code upper-cased
 * and checked against the country's format, state code, E.164 phone); undefined when it cannot be one (a
 * postal code the country requires is missing or malformed, no usable name, street or town). Optional
 * details the new site cannot hold (a phone it cannot read, a postal code typed where none exists) are left out.
 */
export function mapLegacyAddress(
  legacy: LegacyAddress,
  owner: { firstName: string | null; lastName: string | null },
): Address | undefined {
  const country = String(legacy.country_code ?? '')
    .trim()
    .toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return undefined;
  const firstName = nameOr(legacy.first_name, owner.firstName);
  const lastName = nameOr(legacy.last_name, owner.lastName);
  const addressLine1 = clip(legacy.street_1, 100);
  const city = clip(legacy.town, 60);
  if (!firstName || !lastName || !addressLine1 || !city) return undefined;
  const postal = validatePostalCode(country, legacy.zip);
  let postalCode: string | undefined;
  if (postal.valid) postalCode = postal.value ?? undefined;
  else if (validatePostalCode(country, '').valid)
    postalCode = undefined; // none needed there: a stray value is dropped
  else return undefined;
  const address: Address = { firstName, lastName, addressLine1, city, country };
  const type = KIND_TO_TYPE[legacy.kind];
  if (type) address.type = type;
  const label = clip(legacy.nickname, 40);
  if (label) address.label = label;
  const civility = civilityOf(legacy.title);
  if (civility) address.civility = civility;
  const company = clip(legacy.company, 60);
  if (company) address.companyName = company;
  const line2 = clip(legacy.street_2, 100);
  if (line2) address.addressLine2 = line2;
  const state = legacy.state?.trim().toUpperCase();
  if (state && /^[A-Z0-9]{1,3}$/.test(state)) address.stateCode = state;
  if (postalCode) address.postalCode = postalCode;
  if (legacy.telephone) {
    const phone = parsePhone(legacy.telephone, country);
    if (phone.ok) address.phone = phone.e164;
  }
  return address;
}

/** The former addresses that can be imported, the former preferred one as the default (else the first). */
export function importableAddresses(row: Pick<LegacyAccountRow, 'addresses' | 'first_name' | 'last_name'>): Address[] {
  const legacy = Array.isArray(row.addresses) ? (row.addresses as LegacyAddress[]) : [];
  const mapped: { address: Address; preferred: boolean }[] = [];
  for (const l of legacy) {
    const address = mapLegacyAddress(l, { firstName: row.first_name, lastName: row.last_name });
    if (address) mapped.push({ address, preferred: l.preferred === true });
  }
  const kept = mapped.slice(0, MAX_ADDRESSES);
  const preferred = Math.max(
    0,
    kept.findIndex((m) => m.preferred),
  );
  return kept.map((m, i) => ({ ...m.address, isDefault: i === preferred }));
}
