// The markets' examples of scripts/generate-examples.ts: the address format and boutiques of each locale's
// country, and an anonymous session opened there.
import type { Express } from 'express';
import request from 'supertest';
import type { DatabaseHandle } from '../../server/src/db/database.ts';
import { MarketService } from '../../server/src/modules/markets/index.ts';
import { StoreService } from '../../server/src/modules/stores/index.ts';
import {
  BRAND,
  LOCALE_COUNTRY,
  LOCALE_LABEL,
  MAX_STORES,
  STORES_DATE,
  USID,
  label,
  ok,
  per,
  type ExampleSpec,
  type Json,
} from './settings.ts';

/** The markets' answers: address formats, boutiques (special hours of a fixed day), an anonymous session. */
export async function collectMarkets(app: Express, db: DatabaseHandle['db']): Promise<ExampleSpec[]> {
  // Markets: address format and boutiques of the locale's country; an anonymous session opened there.
  const addressFormats = await per((l) =>
    ok(
      `country-addresses ${l}`,
      request(app).get('/api/data/country-addresses').query({ locale: l, country: LOCALE_COUNTRY[l] }),
    ),
  );
  const fixedClockStores = new StoreService(db, BRAND, () => new Date(STORES_DATE));
  const marketService = await MarketService.load(db);
  const storeLists = await per(async (l) => {
    const body = await ok(`stores ${l}`, request(app).get('/api/data/locale-mdm/stores').query({ locale: l }));
    // The special hours of a fixed day, so that regenerating gives the same files.
    const fixed = await fixedClockStores.list(body.country, marketService.resolve(l));
    const stores = body.stores
      .slice(0, MAX_STORES)
      .map((s: Json) => ({ ...s, specialHours: fixed.stores.find((f) => f.id === s.id)?.specialHours ?? [] }));
    return { ...body, stores };
  });
  const customerSessions = await per(async (l) => {
    const body = await ok(
      `session ${l}`,
      request(app)
        .post('/api/data/session')
        .query({ locale: l })
        .set('Sec-Fetch-Site', 'same-origin')
        .set('CF-IPCountry', LOCALE_COUNTRY[l]),
    );
    return { ...body, usid: USID };
  });

  return [
    {
      pathFile: 'api@data@country-addresses.yaml',
      method: 'get',
      operationId: 'getCountryAddressFormats',
      values: addressFormats,
      summary: (l) => `Address format of ${l ? LOCALE_COUNTRY[l] : 'US'} — ${l ? LOCALE_LABEL[l] : ''}`,
    },
    {
      pathFile: 'api@data@locale-mdm@stores.yaml',
      method: 'get',
      operationId: 'getStores',
      values: storeLists,
      summary: label(`Boutiques of the market (first ${MAX_STORES})`),
    },
    {
      pathFile: 'api@data@session.yaml',
      method: 'post',
      operationId: 'getCustomerSession',
      values: customerSessions,
      summary: label('Anonymous visitor'),
    },
  ];
}
