import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { Schemas } from '../../shared/http.ts';
import type { SessionRef, SessionService } from './service.ts';

type CustomerSession = Schemas['CustomerSession'];

/** What the server keeps in `sessions.data` for the customer session (spec §3). */
export interface SessionData {
  usid?: string;
  contextTags?: string[];
  visitorCountry?: string;
  /** Raw employee flag of the account: kept server-side only (spec §6). */
  isEmployee?: boolean;
  isEmployeeTraffic?: boolean;
}

/** Spec §6: the internal employee-sale tag never leaves the server. */
export const EMPLOYEE_SALE_TAG = 'employee-sale';
/** Tags derived from the market and the visitor's status; recomputed on every call. */
const DERIVED_TAG = /^(market|lang|region|segment)-/;

/** The signed-in customer's part of the session (spec §3). */
export interface SignedInFields {
  customerAuthenticated: true;
  keringClientId: string;
  customerUUID: string;
  phoneNumberE164: string | null;
  phoneNumberNormalized: string | null;
  emailSha256: string;
  /** Raw employee flag of the account: stored, never answered. */
  isEmployee: boolean;
}

export interface MarketOfSession {
  country: string;
  language: string;
  businessRegion: string;
}

/** Context tags of a market for a guest: market, language, business region and segment. */
export function marketContextTags(market: MarketOfSession, authenticated = false): string[] {
  return [
    `market-${market.country.toLowerCase()}`,
    `lang-${market.language.toLowerCase()}`,
    `region-${market.businessRegion.toLowerCase()}`,
    authenticated ? 'segment-registered' : 'segment-guest',
  ];
}

let regionNames: Intl.DisplayNames | undefined;
/** Codes Intl knows but that are not countries (unknown region, EU, eurozone, UN, outlying Oceania). */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB']);

/**
 * The edge's country header: a known ISO 3166-1 alpha-2 code upper-cased, else `unknown`
 * (Cloudflare sends `XX` for an unknown origin and `T1` for Tor).
 */
export function visitorCountryOf(header: string | string[] | undefined): string {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(raw) || NOT_COUNTRIES.has(raw)) return 'unknown';
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(raw) ? raw : 'unknown';
}

export class CustomerSessionService {
  constructor(
    private readonly db: DB,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Opens the session when the browser has none (its token is returned so that the caller sets the
   * cookie once this has committed), otherwise refreshes its market tags and visitor country.
   */
  async open(
    ref: SessionRef | undefined,
    market: MarketOfSession,
    visitorCountry: string,
    customer?: SignedInFields,
  ): Promise<{ session: CustomerSession; newSessionToken?: string }> {
    return this.db.transaction().execute(async (trx) => {
      let id = ref?.id;
      let newSessionToken: string | undefined;
      let data: SessionData = {};
      if (id) {
        const row = await trx.selectFrom('sessions').select('data').where('id', '=', id).forUpdate().executeTakeFirst();
        if (row) data = row.data as SessionData;
        else id = undefined;
      }
      if (!id) {
        const created = await this.sessions.create(trx);
        id = created.ref.id;
        newSessionToken = created.token;
      }
      const kept = (data.contextTags ?? []).filter((t) => !DERIVED_TAG.test(t));
      const next: SessionData = {
        ...data,
        usid: data.usid ?? randomUUID(),
        contextTags: [...marketContextTags(market, Boolean(customer)), ...kept],
        visitorCountry,
        // The raw flag of the account is kept on the server session only (spec §6).
        ...(customer ? { isEmployee: customer.isEmployee } : {}),
      };
      await trx
        .updateTable('sessions')
        .set({ data: JSON.stringify(next) as never })
        .where('id', '=', id)
        .execute();
      const session: CustomerSession = {
        usid: next.usid as string,
        customerAuthenticated: customer?.customerAuthenticated ?? false,
        keringClientId: customer?.keringClientId ?? null,
        customerUUID: customer?.customerUUID ?? null,
        phoneNumberE164: customer?.phoneNumberE164 ?? null,
        phoneNumberNormalized: customer?.phoneNumberNormalized ?? null,
        emailSha256: customer?.emailSha256 ?? null,
        // Spec §6: the effective flag is always false; the raw one stays in `data.isEmployee`.
        isEmployee: false,
        isEmployeeTraffic: next.isEmployeeTraffic === true,
        currentContextTags: (next.contextTags ?? []).filter((t) => t !== EMPLOYEE_SALE_TAG),
        visitorCountry,
      };
      return newSessionToken ? { session, newSessionToken } : { session };
    });
  }

  /** Marks the session as employee-sale traffic (spec §6 session sync): the internal tag is added, never answered. */
  async markEmployeeTraffic(ref: SessionRef): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sessions')
        .select('data')
        .where('id', '=', ref.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const data = row.data as SessionData;
      const tags = data.contextTags ?? [];
      const next: SessionData = {
        ...data,
        isEmployeeTraffic: true,
        isEmployee: true,
        contextTags: tags.includes(EMPLOYEE_SALE_TAG) ? tags : [...tags, EMPLOYEE_SALE_TAG],
      };
      await trx
        .updateTable('sessions')
        .set({ data: JSON.stringify(next) as never })
        .where('id', '=', ref.id)
        .execute();
    });
  }
}
