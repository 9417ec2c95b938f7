// Find in store, reserve in store, book an appointment: every operation and every code of the contract, on
// the real app (PGlite, or PostgreSQL with TEST_DB=postgres), and nothing written when a request is refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { stores as fixtures } from '../../../../reference/stores/stores.ts';
import { addDays, appointmentRefusal, appointmentSlots, localNow } from '../../../../reference/stores/hours.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { TEST_RECAPTCHA_TOKEN } from '../../shared/recaptcha.ts';
import { RateLimiter } from '../../shared/rate-limit.ts';
import { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { MarketService } from '../markets/index.ts';
import {
  InStoreService,
  STORE_LIMITS,
  StoreService,
  appointmentReasons,
  returnStoreStock,
  stockStatus,
  takeStoreStock,
} from './index.ts';
import * as repository from './repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// Each run writes its own addresses and counts its own IP addresses: the PostgreSQL database is shared.
const run = Math.random().toString(36).slice(2, 8);
const address = (name: string) => `${name}.${run}@example.org`;
let ipCounter = 0;
const nextIp = () =>
  `10.${Math.floor(Math.random() * 200) + 1}.${++ipCounter % 250}.${Math.floor(Math.random() * 250) + 1}`;

const MONTAIGNE = '1042'; // flagship, every service
const GALERIES = '1045'; // department store: reservations and appointments only
const CANNES = '1044'; // boutique, lunch break 13:00–14:00, closed on Sundays
const RIVE_DROITE = '1057'; // appointments (and personal shopping), no reservations
const OUTLET_LIKE_NONE = '9999'; // no such boutique
const BALENCIAGA = '2001'; // another house's boutique: unknown to this deployment

type Problem = { code: string; errors?: { path: string; message: string }[] };

const post = (
  path: string,
  body: unknown,
  {
    locale = 'fr-fr',
    ip = nextIp(),
    headers = {},
  }: { locale?: string; ip?: string; headers?: Record<string, string> } = {},
) => {
  const req = request(t.app)
    .post(`${path}?locale=${locale}`)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', ip);
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return req.send(body as object);
};

/** A size held in a boutique (quantity ≥ `min`, ≤ `max`), with no reservation on it yet. */
async function heldSize(storeId: string, min: number, max = 99, skip = 0) {
  const row = await t.database.db
    .selectFrom('store_stock as s')
    .innerJoin('product_variants as v', 'v.sku', 's.sku')
    .innerJoin('products as p', 'p.pid', 'v.pid')
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.pid', '=', 'p.pid').on('pr.currency', '=', 'EUR'))
    .select(['p.pid', 'v.size', 'v.sku', 's.quantity'])
    .where('s.store_id', '=', storeId)
    .where('s.quantity', '>=', min)
    .where('s.quantity', '<=', max)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('store_reservations as r')
            .select('r.id')
            .whereRef('r.sku', '=', 's.sku')
            .where('r.store_id', '=', storeId),
        ),
      ),
    )
    .orderBy('s.sku')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

const reservation = (over: Record<string, unknown> = {}) => ({
  storeId: MONTAIGNE,
  pid: 'X',
  size: 'TU',
  quantity: 1,
  civility: 'MRS',
  firstName: 'Camille',
  lastName: 'Lefèvre',
  email: address('camille'),
  phone: '+33612345678',
  consent: true,
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  ...over,
});

const reservationsOf = (email: string) =>
  t.database.db.selectFrom('store_reservations').selectAll().where('email', '=', email).orderBy('id').execute();
const appointmentsOf = (email: string) =>
  t.database.db.selectFrom('store_appointments').selectAll().where('email', '=', email).orderBy('id').execute();
const mailsOf = (email: string) =>
  t.database.db
    .selectFrom('email_outbox')
    .select(['template', 'locale', 'data'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

/** A bookable date and time of a boutique (local), `days` days or more ahead, from the shared slot rule. */
async function bookable(storeId: string, minDays = 7): Promise<{ date: string; time: string }> {
  const service = new StoreService(t.database.db, TEST_BRAND);
  const data = (await service.data(storeId))!;
  const hours = service.hoursOf(data, 95);
  const today = localNow(data.timeZone, new Date()).date;
  for (let i = minDays; i < minDays + 30; i++) {
    const date = addDays(today, i);
    const slots = appointmentSlots(hours, data.timeZone, date, new Date());
    const time = slots.find((s) => s === '15:00') ?? slots[Math.floor(slots.length / 2)];
    if (time) return { date, time };
  }
  throw new Error(`No bookable slot at ${storeId}`);
}

describe('stock statuses and reasons', () => {
  it('maps units to statuses: none unavailable, 1–2 limited, 3 and more available', () => {
    expect([0, 1, 2, 3, 4].map(stockStatus)).toEqual(['unavailable', 'limited', 'limited', 'available', 'available']);
  });
  it('offers the reasons of the services the boutique has', () => {
    const montaigne = fixtures.find((s) => s.id === MONTAIGNE)!;
    expect(appointmentReasons(montaigne.services)).toEqual([
      'discovery',
      'personalShopping',
      'productTryOn',
      'alterations',
      'afterSales',
      'leatherCare',
    ]);
    expect(appointmentReasons(fixtures.find((s) => s.id === GALERIES)!.services)).toEqual([
      'discovery',
      'productTryOn',
      'afterSales',
    ]);
    expect(appointmentReasons(['returnsInStore'])).toEqual([]);
  });
});

describe('seeded boutique stock', () => {
  it('is deterministic, 1 to 4 units a row, only in the house boutiques, never for employee-only or coming-soon products', async () => {
    const stats = await sql<{ rows: number; min: number; max: number; stores: number; bad: number }>`
      select count(*)::int as rows, min(quantity)::int as min, max(quantity)::int as max, count(distinct store_id)::int as stores,
             count(*) filter (where p.is_employee_only or p.is_coming_soon or p.brand <> ${TEST_BRAND})::int as bad
      from store_stock s join product_variants v on v.sku = s.sku join products p on p.pid = v.pid`.execute(
      t.database.db,
    );
    const s = stats.rows[0]!;
    expect(s.rows).toBeGreaterThan(1000);
    expect(s.bad).toBe(0);
    expect(s.min).toBeGreaterThanOrEqual(0);
    expect(s.max).toBeLessThanOrEqual(4);
    // Outlets hold nothing; every other boutique of the house holds something.
    const ours = fixtures.filter((f) => f.brand === TEST_BRAND && f.type !== 'outlet');
    expect(s.stores).toBe(ours.length);
    // Some boutiques hold nothing of a product.
    const gaps = await sql<{ n: number }>`
      select count(*)::int as n from products p
      where p.brand = ${TEST_BRAND} and not p.is_employee_only and not p.is_coming_soon
        and not exists (select 1 from store_stock s join product_variants v on v.sku = s.sku where v.pid = p.pid and s.store_id = ${MONTAIGNE})`.execute(
      t.database.db,
    );
    expect(gaps.rows[0]!.n).toBeGreaterThan(0);
  });

  it('is the same hash on every database, and seeding again adds nothing', async () => {
    const { seedStoreStock } = await import('./seed.ts');
    expect(await seedStoreStock(t.database.db, TEST_BRAND)).toBe(0);
    const row = await heldSize(MONTAIGNE, 1);
    const expected =
      Number.parseInt(
        (await import('node:crypto')).createHash('md5').update(`${MONTAIGNE}:${row.sku}`).digest('hex').slice(0, 7),
        16,
      ) % 5;
    expect(row.quantity).toBe(expected);
  });
});

describe('POST /api/data/stores/product-availability', () => {
  it('answers each known boutique in request order, with each size and whether it can be reserved', async () => {
    const held = await heldSize(MONTAIGNE, 1);
    const res = await post('/api/data/stores/product-availability', {
      pid: held.pid,
      storeIds: [RIVE_DROITE, OUTLET_LIKE_NONE, MONTAIGNE, BALENCIAGA],
    }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.pid).toBe(held.pid);
    expect(res.body.size).toBeNull();
    expect(res.body.stores.map((s: { storeId: string }) => s.storeId)).toEqual([RIVE_DROITE, MONTAIGNE]);
    const montaigne = res.body.stores[1];
    expect(montaigne.name).toBe('Saint Laurent Avenue Montaigne');
    const size = montaigne.sizes.find((s: { size: string }) => s.size === held.size);
    expect(size.status).toBe(stockStatus(held.quantity));
    expect(montaigne.canReserve).toBe(true);
    // The rive droite boutique holds only its own pieces and takes no reservations.
    expect(res.body.stores[0]).toMatchObject({ status: 'unavailable', canReserve: false });
  });

  it('answers one size when asked, in any case', async () => {
    const held = await heldSize(MONTAIGNE, 3);
    const res = await post('/api/data/stores/product-availability', {
      pid: held.pid.toLowerCase(),
      size: held.size.toLowerCase(),
      storeIds: [MONTAIGNE],
    }).expect(200);
    expect(res.body).toEqual({
      pid: held.pid,
      size: held.size,
      stores: [
        {
          storeId: MONTAIGNE,
          name: 'Saint Laurent Avenue Montaigne',
          status: 'available',
          canReserve: true,
          sizes: [{ size: held.size, status: 'available' }],
        },
      ],
    });
  });

  it('names boutiques in the language of the locale', async () => {
    const res = await post(
      '/api/data/stores/product-availability',
      { pid: (await heldSize('1701', 1)).pid, storeIds: ['1701'] },
      { locale: 'ja-jp' },
    );
    // A product not priced in JPY is not sold in Japan.
    if (res.status === 200) expect(res.body.stores[0].name).toBe('サンローラン 銀座');
    else expect(res.body.code).toBe('ERR_PDT_API_1001');
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['no pid', { storeIds: [MONTAIGNE] }, 400, 'ERR_STORE_API_1004'],
    ['no boutiques', { pid: 'AB12' }, 400, 'ERR_STORE_API_1004'],
    ['an empty list of boutiques', { pid: 'AB12', storeIds: [] }, 400, 'ERR_STORE_API_1004'],
    [
      '21 boutiques',
      { pid: 'AB12', storeIds: Array.from({ length: 21 }, (_, i) => String(1000 + i)) },
      400,
      'ERR_STORE_API_1004',
    ],
    ['a malformed boutique id', { pid: 'AB12', storeIds: ['10a'] }, 400, 'ERR_STORE_API_1004'],
    ['a repeated boutique', { pid: 'AB12', storeIds: [MONTAIGNE, MONTAIGNE] }, 400, 'ERR_STORE_API_1004'],
    ['a malformed pid', { pid: 'AB-12', storeIds: [MONTAIGNE] }, 400, 'ERR_API_1009'],
    ['an undocumented property', { pid: 'AB12', storeIds: [MONTAIGNE], brand: 'ysl' }, 400, 'ERR_API_1018'],
    ['an unknown product', { pid: 'ZZZZ0000NOPE', storeIds: [MONTAIGNE] }, 404, 'ERR_PDT_API_1001'],
  ])('refuses %s', async (_what, body, status, code) => {
    const res = await post('/api/data/stores/product-availability', body).expect(status);
    expect(res.body.code).toBe(code);
  });

  it('refuses an unknown size (ERR_PDT_API_1007), a malformed locale (ERR_API_1005) and a cross-site call (ERR_API_1001)', async () => {
    const held = await heldSize(MONTAIGNE, 1);
    expect(
      (
        await post('/api/data/stores/product-availability', {
          pid: held.pid,
          size: 'XXL9',
          storeIds: [MONTAIGNE],
        }).expect(404)
      ).body.code,
    ).toBe('ERR_PDT_API_1007');
    expect(
      (
        await post(
          '/api/data/stores/product-availability',
          { pid: held.pid, storeIds: [MONTAIGNE] },
          { locale: 'fr' },
        ).expect(400)
      ).body.code,
    ).toBe('ERR_API_1005');
    expect(
      (
        await post(
          '/api/data/stores/product-availability',
          { pid: held.pid, storeIds: [MONTAIGNE] },
          { headers: { 'Sec-Fetch-Site': 'cross-site' } },
        ).expect(403)
      ).body.code,
    ).toBe('ERR_API_1001');
  });

  it('answers ERR_API_1013 when the boutique stock fails', async () => {
    const held = await heldSize(MONTAIGNE, 1);
    const spy = vi.spyOn(repository, 'availableUnits').mockRejectedValueOnce(new Error('connection reset'));
    const res = await post('/api/data/stores/product-availability', { pid: held.pid, storeIds: [MONTAIGNE] }).expect(
      502,
    );
    expect(res.body.code).toBe('ERR_API_1013');
    spy.mockRestore();
  });
});

describe('POST /api/store/reserve-product', () => {
  it('registers a reservation, holds its units and acknowledges it by e-mail', async () => {
    const held = await heldSize(MONTAIGNE, 2, 2);
    const email = address('reserve-ok');
    const before = await post('/api/data/stores/product-availability', {
      pid: held.pid,
      size: held.size,
      storeIds: [MONTAIGNE],
    }).expect(200);
    expect(before.body.stores[0].status).toBe('limited');
    const res = await post(
      '/api/store/reserve-product',
      reservation({
        pid: held.pid,
        size: held.size,
        email: email.toUpperCase(),
        message: '  Pour un essayage samedi.  ',
      }),
    ).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      status: 'requested',
      storeId: MONTAIGNE,
      storeName: 'Saint Laurent Avenue Montaigne',
      pid: held.pid,
      size: held.size,
      quantity: 1,
    });
    expect(res.body.reservationId).toMatch(/^RES-\d{8}-[A-Z0-9]{6}$/);
    expect(res.body.productName.length).toBeGreaterThan(0);
    // Held until closing time (Paris) on the third day.
    expect(res.body.holdUntil).toMatch(/^\d{4}-\d{2}-\d{2}T(19:30|19:00|16:00|17:00):00\+0[12]:00$/);
    const [row] = await reservationsOf(email);
    expect(row).toMatchObject({
      reference: res.body.reservationId,
      email,
      first_name: 'Camille',
      phone: '+33612345678',
      message: 'Pour un essayage samedi.',
      locale: 'fr-fr',
      sku: held.sku,
      status: 'requested',
    });
    expect(await mailsOf(email)).toEqual([
      {
        template: 'store-reservation-ack',
        locale: 'fr-fr',
        data: {
          reference: res.body.reservationId,
          storeName: 'Saint Laurent Avenue Montaigne',
          productName: res.body.productName,
          size: held.size === 'TU' ? 'taille unique' : `taille ${held.size}`,
          storeUrl: 'http://localhost:3000/fr-fr/stores/saint-laurent-avenue-montaigne-1042',
          firstName: 'Camille',
        },
      },
    ]);
    // One unit of two is held: the size is still "limited", with one unit left to reserve.
    const after = await post('/api/data/stores/product-availability', {
      pid: held.pid,
      size: held.size,
      storeIds: [MONTAIGNE],
    }).expect(200);
    expect(after.body.stores[0]).toMatchObject({ status: 'limited', canReserve: true });
    // The same request again (a second click): the same reservation, no second e-mail.
    const again = await post(
      '/api/store/reserve-product',
      reservation({ pid: held.pid, size: held.size, email }),
    ).expect(201);
    expect(again.body.reservationId).toBe(res.body.reservationId);
    expect(await reservationsOf(email)).toHaveLength(1);
    expect(await mailsOf(email)).toHaveLength(1);
    // Another client takes the last unit; a third finds none.
    await post(
      '/api/store/reserve-product',
      reservation({ pid: held.pid, size: held.size, email: address('reserve-second') }),
    ).expect(201);
    const none = await post('/api/data/stores/product-availability', {
      pid: held.pid,
      size: held.size,
      storeIds: [MONTAIGNE],
    }).expect(200);
    expect(none.body.stores[0]).toMatchObject({ status: 'unavailable', canReserve: false });
    const refused = await post(
      '/api/store/reserve-product',
      reservation({ pid: held.pid, size: held.size, email: address('reserve-third') }),
    ).expect(409);
    expect(refused.body.code).toBe('ERR_STORE_API_1005');
    expect(await reservationsOf(address('reserve-third'))).toHaveLength(0);
  });

  it('keeps a guest reservation without a customer', async () => {
    const held = await heldSize(GALERIES, 1);
    const email = address('reserve-guest');
    await post(
      '/api/store/reserve-product',
      reservation({ storeId: GALERIES, pid: held.pid, size: held.size, email, quantity: 1 }),
    ).expect(201);
    expect((await reservationsOf(email))[0]?.customer_id).toBeNull();
  });

  const refusals: [
    string,
    (held: { pid: string; size: string }) => Record<string, unknown>,
    number,
    string,
    string?,
  ][] = [
    [
      'no boutique',
      (h) => {
        const { storeId: _, ...b } = reservation(h);
        return b;
      },
      400,
      'ERR_STORE_API_1000',
      'body/storeId',
    ],
    [
      'a malformed boutique id',
      (h) => reservation({ ...h, storeId: '10-42' }),
      400,
      'ERR_STORE_API_1000',
      'body/storeId',
    ],
    [
      'no size',
      (h) => {
        const { size: _, ...b } = reservation(h);
        return b;
      },
      400,
      'ERR_STORE_API_1000',
      'body/size',
    ],
    [
      'no phone',
      (h) => {
        const { phone: _, ...b } = reservation(h);
        return b;
      },
      400,
      'ERR_STORE_API_1000',
      'body/phone',
    ],
    [
      'a phone not in E.164',
      (h) => reservation({ ...h, phone: '06 12 34 56 78' }),
      400,
      'ERR_STORE_API_1000',
      'body/phone',
    ],
    [
      'an impossible phone number',
      (h) => reservation({ ...h, phone: '+33012345678' }),
      400,
      'ERR_STORE_API_1000',
      'body/phone',
    ],
    [
      'a name with digits',
      (h) => reservation({ ...h, firstName: 'C4mille' }),
      400,
      'ERR_STORE_API_1000',
      'body/firstName',
    ],
    [
      'a typo in the address',
      (h) => reservation({ ...h, email: address('typo').replace('example.org', 'gmail.con') }),
      400,
      'ERR_STORE_API_1000',
      'body/email',
    ],
    ['no consent', (h) => reservation({ ...h, consent: false }), 400, 'ERR_STORE_API_1000', 'body/consent'],
    ['three units', (h) => reservation({ ...h, quantity: 3 }), 400, 'ERR_STORE_API_1000', 'body/quantity'],
    ['zero units', (h) => reservation({ ...h, quantity: 0 }), 400, 'ERR_STORE_API_1000', 'body/quantity'],
    [
      'no pid',
      (h) => {
        const { pid: _, ...b } = reservation(h);
        return b;
      },
      400,
      'ERR_STORE_API_1000',
    ],
    ['a malformed pid', (h) => reservation({ ...h, pid: 'AB_12' }), 400, 'ERR_API_1009'],
    [
      'no reCAPTCHA token',
      (h) => {
        const { recaptchaToken: _, ...b } = reservation(h);
        return b;
      },
      400,
      'ERR_RECAPTCHA_1000',
    ],
    ['an empty reCAPTCHA token', (h) => reservation({ ...h, recaptchaToken: '' }), 400, 'ERR_RECAPTCHA_1000'],
    ['an undocumented property', (h) => reservation({ ...h, status: 'confirmed' }), 400, 'ERR_API_1018'],
    ['a failed reCAPTCHA check', (h) => reservation({ ...h, recaptchaToken: 'forged' }), 403, 'ERR_RECAPTCHA_1002'],
    ['an unknown boutique', (h) => reservation({ ...h, storeId: OUTLET_LIKE_NONE }), 404, 'ERR_GLS_1006'],
    ["another house's boutique", (h) => reservation({ ...h, storeId: BALENCIAGA }), 404, 'ERR_GLS_1006'],
    ['an unknown product', (h) => reservation({ ...h, pid: 'ZZZZ0000NOPE' }), 404, 'ERR_PDT_API_1001'],
    ['an unknown size', (h) => reservation({ ...h, size: 'XXL9' }), 404, 'ERR_PDT_API_1007'],
    [
      'a boutique without reservations',
      (h) => reservation({ ...h, storeId: RIVE_DROITE }),
      400,
      'ERR_STORE_API_1000',
      'body/storeId',
    ],
  ];
  it.each(refusals)('refuses %s and writes nothing', async (_what, build, status, code, path) => {
    const held = await heldSize(MONTAIGNE, 1);
    const email = address(`refused-${code.toLowerCase()}-${Math.random().toString(36).slice(2, 6)}`);
    const body = {
      ...build({ pid: held.pid, size: held.size }),
      ...(code === 'ERR_STORE_API_1000' && path === 'body/email' ? {} : { email }),
    };
    const res = await post('/api/store/reserve-product', body).expect(status);
    expect((res.body as Problem).code).toBe(code);
    if (path) expect((res.body as Problem).errors?.map((e) => e.path)).toContain(path);
    expect(await reservationsOf(typeof body.email === 'string' ? body.email.toLowerCase() : email)).toHaveLength(0);
    expect(await mailsOf(typeof body.email === 'string' ? body.email.toLowerCase() : email)).toHaveLength(0);
  });

  it('refuses a cross-site call (ERR_API_1001) and a malformed locale (ERR_API_1005)', async () => {
    const held = await heldSize(MONTAIGNE, 1);
    expect(
      (
        await post('/api/store/reserve-product', reservation(held), {
          headers: { 'Sec-Fetch-Site': 'cross-site' },
        }).expect(403)
      ).body.code,
    ).toBe('ERR_API_1001');
    expect(
      (await post('/api/store/reserve-product', reservation(held), { locale: 'FR-FR' }).expect(400)).body.code,
    ).toBe('ERR_API_1005');
  });

  it('limits reservations: 5 per address per day, 10 per IP address per hour (429 with Retry-After)', async () => {
    const email = address('reserve-limit');
    // Requests refused later (unknown boutique) still count: the limits come first.
    for (let i = 0; i < STORE_LIMITS.reservationPerEmail.max; i++)
      await post('/api/store/reserve-product', reservation({ pid: 'AB12', storeId: OUTLET_LIKE_NONE, email })).expect(
        404,
      );
    const res = await post(
      '/api/store/reserve-product',
      reservation({ pid: 'AB12', storeId: OUTLET_LIKE_NONE, email }),
    ).expect(429);
    expect(res.body.code).toBe('ERR_API_1028');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const ip = nextIp();
    for (let i = 0; i < STORE_LIMITS.reservationPerIp.max; i++) {
      await post(
        '/api/store/reserve-product',
        reservation({ pid: 'AB12', storeId: OUTLET_LIKE_NONE, email: address(`ip-${i}`) }),
        { ip },
      ).expect(404);
    }
    expect(
      (
        await post(
          '/api/store/reserve-product',
          reservation({ pid: 'AB12', storeId: OUTLET_LIKE_NONE, email: address('ip-x') }),
          { ip },
        ).expect(429)
      ).body.code,
    ).toBe('ERR_API_1028');
  });

  it('answers ERR_STORE_API_1001 when the reservation cannot be stored, and stores nothing', async () => {
    const held = await heldSize(MONTAIGNE, 1);
    const email = address('reserve-broken');
    const spy = vi.spyOn(repository, 'insertReservation').mockRejectedValueOnce(new Error('disk full'));
    const res = await post('/api/store/reserve-product', reservation({ pid: held.pid, size: held.size, email })).expect(
      502,
    );
    expect(res.body.code).toBe('ERR_STORE_API_1001');
    spy.mockRestore();
    expect(await reservationsOf(email)).toHaveLength(0);
    expect(await mailsOf(email)).toHaveLength(0);
  });

  it('holds the last unit for one client only when several reserve it at once', async () => {
    const held = await heldSize(CANNES, 1, 1);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(
          '/api/store/reserve-product',
          reservation({ storeId: CANNES, pid: held.pid, size: held.size, email: address(`race-${i}`) }),
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.database.db
      .selectFrom('store_reservations')
      .select('id')
      .where('store_id', '=', CANNES)
      .where('sku', '=', held.sku)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/store/appointment', () => {
  const appointment = (over: Record<string, unknown> = {}) => ({
    storeId: MONTAIGNE,
    reason: 'personalShopping',
    date: '2030-01-07',
    time: '15:00',
    civility: 'MR',
    firstName: 'Louis',
    lastName: "D'Artois",
    email: address('louis'),
    phone: '+33612345678',
    preferredChannel: 'phoneCall',
    consent: true,
    recaptchaToken: TEST_RECAPTCHA_TOKEN,
    ...over,
  });

  it('registers a request within the opening hours and acknowledges it by e-mail', async () => {
    const slot = await bookable(MONTAIGNE);
    const held = await heldSize(MONTAIGNE, 1);
    const email = address('book-ok');
    const res = await post(
      '/api/store/appointment',
      appointment({ ...slot, email, pids: [held.pid.toLowerCase()], message: 'Essayer le sac.' }),
    ).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      status: 'requested',
      storeId: MONTAIGNE,
      storeName: 'Saint Laurent Avenue Montaigne',
      reason: 'personalShopping',
      durationMinutes: 60,
    });
    expect(res.body.appointmentId).toMatch(/^APT-\d{8}-[A-Z0-9]{6}$/);
    expect(res.body.startsAt).toMatch(new RegExp(`^${slot.date}T${slot.time}:00\\+0[12]:00$`));
    const [row] = await appointmentsOf(email);
    expect(row).toMatchObject({
      reference: res.body.appointmentId,
      reason: 'personalShopping',
      pids: [held.pid],
      preferred_channel: 'phoneCall',
      last_name: "D'Artois",
      message: 'Essayer le sac.',
      locale: 'fr-fr',
    });
    expect(new Date(row!.starts_at).getTime()).toBe(Date.parse(res.body.startsAt));
    const mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'store-appointment-ack',
      locale: 'fr-fr',
      data: { reference: res.body.appointmentId, storeName: 'Saint Laurent Avenue Montaigne', firstName: 'Louis' },
    });
    expect((mails[0]!.data as { when: string }).when).toMatch(/ à \d{2}:\d{2}$|\d{2}:\d{2}$/);
    // The same request twice: the first one, no second e-mail.
    const again = await post('/api/store/appointment', appointment({ ...slot, email })).expect(201);
    expect(again.body.appointmentId).toBe(res.body.appointmentId);
    expect(await appointmentsOf(email)).toHaveLength(1);
    expect(await mailsOf(email)).toHaveLength(1);
  });

  it('writes the time with the boutique offset, whatever the locale', async () => {
    const slot = await bookable('1501');
    const res = await post(
      '/api/store/appointment',
      appointment({ ...slot, storeId: '1501', reason: 'discovery', email: address('ny'), phone: '+12125550123' }),
      { locale: 'en-us' },
    ).expect(201);
    expect(res.body.startsAt).toMatch(new RegExp(`^${slot.date}T${slot.time}:00-0[45]:00$`));
    expect(res.body.storeName).toBe('Saint Laurent Madison Avenue');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no reason', { reason: undefined }, 'body/reason'],
    ['an unknown reason', { reason: 'coffee' }, 'body/reason'],
    ['a time not on the half-hour', { time: '15:15' }, 'body/time'],
    ['a malformed date', { date: '2030-13-01' }, 'body/date'],
    ['no consent', { consent: false }, 'body/consent'],
    ['a message of 501 characters', { message: 'x'.repeat(501) }, 'body/message'],
    ['eleven products', { pids: Array.from({ length: 11 }, (_, i) => `AB${i}`) }, 'body/pids'],
    ['a name with digits', { lastName: 'D4rtois' }, 'body/lastName'],
    ['an impossible phone number', { phone: '+33012345678' }, 'body/phone'],
    ['the live chat as channel', { preferredChannel: 'chat' }, 'body/preferredChannel'],
  ])('refuses %s (ERR_STORE_API_1002) and writes nothing', async (_what, over, path) => {
    const slot = await bookable(MONTAIGNE);
    const email = address(`book-refused-${Math.random().toString(36).slice(2, 7)}`);
    const body = appointment({ ...slot, email, ...over });
    const res = await post('/api/store/appointment', JSON.parse(JSON.stringify(body))).expect(400);
    expect((res.body as Problem).code).toBe('ERR_STORE_API_1002');
    expect((res.body as Problem).errors?.map((e) => e.path.replace(/\/\d+$/, ''))).toContain(path);
    expect(await appointmentsOf(email)).toHaveLength(0);
    expect(await mailsOf(email)).toHaveLength(0);
  });

  it('refuses times outside the rules: closed day, outside the hours, too soon, too far (ERR_STORE_API_1002)', async () => {
    const service = new StoreService(t.database.db, TEST_BRAND);
    const cannes = (await service.data(CANNES))!;
    const hours = service.hoursOf(cannes, 95);
    const today = localNow(cannes.timeZone, new Date()).date;
    const now = new Date();
    const find = (pred: (date: string) => boolean) => {
      for (let i = 3; i < 40; i++) if (pred(addDays(today, i))) return addDays(today, i);
      throw new Error('no date');
    };
    const sunday = find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 0);
    const monday = find(
      (d) =>
        new Date(`${d}T12:00:00Z`).getUTCDay() === 1 &&
        appointmentRefusal(hours, cannes.timeZone, d, '10:00', now) === null,
    );
    const cases: [string, Record<string, unknown>, string][] = [
      ['a Sunday (closed)', { date: sunday, time: '15:00' }, 'body/date'],
      ['across the lunch break', { date: monday, time: '12:30' }, 'body/time'],
      ['before opening', { date: monday, time: '09:30' }, 'body/time'],
      ['ending after closing', { date: monday, time: '18:30' }, 'body/time'],
      ['today', { date: today, time: '15:00' }, 'body/time'],
      ['in 91 days', { date: addDays(today, 92), time: '15:00' }, 'body/date'],
    ];
    for (const [what, over, path] of cases) {
      const email = address(`book-time-${Math.random().toString(36).slice(2, 7)}`);
      const res = await post(
        '/api/store/appointment',
        appointment({ storeId: CANNES, reason: 'discovery', email, ...over }),
      );
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe('ERR_STORE_API_1002');
      if (what !== 'today' && what !== 'in 91 days') expect(res.body.errors?.[0]?.path, what).toBe(path);
      expect(await appointmentsOf(email), what).toHaveLength(0);
    }
    // The first hour after the lunch break is bookable.
    await post(
      '/api/store/appointment',
      appointment({ storeId: CANNES, reason: 'discovery', date: monday, time: '14:00', email: address('after-lunch') }),
    ).expect(201);
  });

  it('refuses a service the boutique does not offer, and a boutique without appointments', async () => {
    const slot = await bookable(GALERIES);
    const res = await post(
      '/api/store/appointment',
      appointment({ ...slot, storeId: GALERIES, reason: 'leatherCare', email: address('leather') }),
    ).expect(400);
    expect(res.body).toMatchObject({ code: 'ERR_STORE_API_1002', errors: [{ path: 'body/reason' }] });
    const unknownPid = await post(
      '/api/store/appointment',
      appointment({ ...(await bookable(MONTAIGNE)), pids: ['ZZZZ0000NOPE'], email: address('pid') }),
    ).expect(400);
    expect(unknownPid.body).toMatchObject({ code: 'ERR_STORE_API_1002', errors: [{ path: 'body/pids/0' }] });
  });

  it.each<[string, (b: Record<string, unknown>) => Record<string, unknown>, number, string]>([
    ['no reCAPTCHA token', ({ recaptchaToken: _, ...b }) => b, 400, 'ERR_RECAPTCHA_1000'],
    ['a failed reCAPTCHA check', (b) => ({ ...b, recaptchaToken: 'forged' }), 403, 'ERR_RECAPTCHA_1002'],
    ['an undocumented property', (b) => ({ ...b, status: 'confirmed' }), 400, 'ERR_API_1018'],
    ['an unknown boutique', (b) => ({ ...b, storeId: OUTLET_LIKE_NONE }), 404, 'ERR_GLS_1006'],
    ["another house's boutique", (b) => ({ ...b, storeId: BALENCIAGA }), 404, 'ERR_GLS_1006'],
  ])('refuses %s', async (_what, build, status, code) => {
    const email = address(`book-${code.toLowerCase()}-${Math.random().toString(36).slice(2, 6)}`);
    const res = await post(
      '/api/store/appointment',
      build(appointment({ ...(await bookable(MONTAIGNE)), email })),
    ).expect(status);
    expect(res.body.code).toBe(code);
    expect(await appointmentsOf(email)).toHaveLength(0);
  });

  it('refuses a cross-site call (ERR_API_1001) and a malformed locale (ERR_API_1005)', async () => {
    expect(
      (await post('/api/store/appointment', appointment(), { headers: { 'Sec-Fetch-Site': 'cross-site' } }).expect(403))
        .body.code,
    ).toBe('ERR_API_1001');
    expect((await post('/api/store/appointment', appointment(), { locale: 'fr_fr' }).expect(400)).body.code).toBe(
      'ERR_API_1005',
    );
  });

  it('limits requests: 3 per address per day, 10 per IP address per hour', async () => {
    const email = address('book-limit');
    for (let i = 0; i < STORE_LIMITS.appointmentPerEmail.max; i++)
      await post('/api/store/appointment', appointment({ storeId: OUTLET_LIKE_NONE, email })).expect(404);
    expect(
      (await post('/api/store/appointment', appointment({ storeId: OUTLET_LIKE_NONE, email })).expect(429)).body.code,
    ).toBe('ERR_API_1028');
    const ip = nextIp();
    for (let i = 0; i < STORE_LIMITS.appointmentPerIp.max; i++)
      await post('/api/store/appointment', appointment({ storeId: OUTLET_LIKE_NONE, email: address(`bip-${i}`) }), {
        ip,
      }).expect(404);
    expect(
      (
        await post('/api/store/appointment', appointment({ storeId: OUTLET_LIKE_NONE, email: address('bip-x') }), {
          ip,
        }).expect(429)
      ).body.code,
    ).toBe('ERR_API_1028');
  });

  it('answers ERR_STORE_API_1003 when the request cannot be stored, and stores nothing', async () => {
    const email = address('book-broken');
    const spy = vi.spyOn(repository, 'insertAppointment').mockRejectedValueOnce(new Error('disk full'));
    const res = await post('/api/store/appointment', appointment({ ...(await bookable(MONTAIGNE)), email })).expect(
      502,
    );
    expect(res.body.code).toBe('ERR_STORE_API_1003');
    spy.mockRestore();
    expect(await appointmentsOf(email)).toHaveLength(0);
    expect(await mailsOf(email)).toHaveLength(0);
  });
});

describe('InStoreService with its own clock', () => {
  it('holds a reservation until closing time on the third day, the next open day when closed', async () => {
    const markets = await MarketService.load(t.database.db);
    const at = (iso: string) => {
      const now = () => new Date(iso);
      const stores = new StoreService(t.database.db, TEST_BRAND, now);
      return new InStoreService(
        t.database.db,
        TEST_BRAND,
        stores,
        new RecaptchaVerifier({ mode: 'test' }),
        new RateLimiter(t.database.db),
        { publicOrigin: 'http://localhost:3000', clock: () => Date.parse(iso) },
      );
    };
    const service = new StoreService(t.database.db, TEST_BRAND);
    const montaigne = (await service.data(MONTAIGNE))!;
    const cannes = (await service.data(CANNES))!;
    // Saturday 21 November 2026 → Tuesday 24th, 19:30 in Paris (the contract's example).
    expect(at('2026-11-21T10:14:51Z').holdUntil(montaigne, new Date('2026-11-21T10:14:51Z')).toISOString()).toBe(
      '2026-11-24T18:30:00.000Z',
    );
    // Thursday 19 November → Sunday 22nd, Cannes is closed on Sundays: Monday 23rd, 19:00.
    expect(at('2026-11-19T10:00:00Z').holdUntil(cannes, new Date('2026-11-19T10:00:00Z')).toISOString()).toBe(
      '2026-11-23T18:00:00.000Z',
    );
    // Christmas: 22 December → 25th closed → 26th, 19:30.
    expect(at('2026-12-22T10:00:00Z').holdUntil(montaigne, new Date('2026-12-22T10:00:00Z')).toISOString()).toBe(
      '2026-12-26T18:30:00.000Z',
    );
    void markets;
  });

  it('takes units from a boutique stock with one conditional update (never below zero)', async () => {
    const held = await heldSize(GALERIES, 2, 4, 3);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.database.db.transaction().execute((trx) => takeStoreStock(trx, GALERIES, held.sku, 1)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(held.quantity);
    const row = await t.database.db
      .selectFrom('store_stock')
      .select('quantity')
      .where('store_id', '=', GALERIES)
      .where('sku', '=', held.sku)
      .executeTakeFirstOrThrow();
    expect(row.quantity).toBe(0);
    expect(await takeStoreStock(t.database.db, GALERIES, held.sku, 1)).toBe(false);
    expect(await takeStoreStock(t.database.db, OUTLET_LIKE_NONE, held.sku, 1)).toBe(false);
    await expect(takeStoreStock(t.database.db, GALERIES, held.sku, 0)).rejects.toThrow(RangeError);
  });

  it('puts units back into a boutique stock (a cancelled collection), never into a boutique that does not list the size', async () => {
    const held = await heldSize(GALERIES, 1, 99, 4);
    const stock = async (storeId: string) =>
      (
        await t.database.db
          .selectFrom('store_stock')
          .select('quantity')
          .where('store_id', '=', storeId)
          .where('sku', '=', held.sku)
          .executeTakeFirst()
      )?.quantity;
    await t.database.db.transaction().execute((trx) => returnStoreStock(trx, GALERIES, held.sku, 2));
    expect(await stock(GALERIES)).toBe(held.quantity + 2);
    await returnStoreStock(t.database.db, OUTLET_LIKE_NONE, held.sku, 1);
    expect(await stock(OUTLET_LIKE_NONE)).toBeUndefined();
    await expect(returnStoreStock(t.database.db, GALERIES, held.sku, 0)).rejects.toThrow(RangeError);
  });

  it(`runs on ${testDatabaseKind()}`, () => {
    expect(['pglite', 'postgres']).toContain(testDatabaseKind());
  });
});
