import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { activeLocales } from '../../../../reference/markets/index.ts';
import { CustomerSessionService, visitorCountryOf } from './customer-session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const open = (a: ReturnType<typeof agent>, locale: string) => a.post('/api/data/session').query({ locale });

describe('POST /api/data/session', () => {
  it('creates an anonymous session with its cookie, then keeps the same usid', async () => {
    const a = agent(t.app);
    const first = await open(a, 'fr-fr').set('CF-IPCountry', 'de').expect(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['set-cookie']?.[0]).toMatch(/^sid=[A-Za-z0-9_-]{22};.*HttpOnly.*SameSite=Lax/);
    expect(first.body).toEqual({
      usid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerAuthenticated: false,
      keringClientId: null,
      customerUUID: null,
      phoneNumberE164: null,
      phoneNumberNormalized: null,
      emailSha256: null,
      isEmployee: false,
      isEmployeeTraffic: false,
      currentContextTags: ['market-fr', 'lang-fr', 'region-emea', 'segment-guest'],
      visitorCountry: 'DE',
    });
    const second = await open(a, 'ja-jp').expect(200);
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(second.body.usid).toBe(first.body.usid);
    expect(second.body.currentContextTags).toEqual(['market-jp', 'lang-ja', 'region-apac', 'segment-guest']);
    expect(second.body.visitorCountry).toBe('unknown');
  });

  it('reuses the session the basket created', async () => {
    const a = agent(t.app);
    await a.post('/api/data/basket/add-item').query({ locale: 'en-us' }).send({ pid: 'NOPE', size: 'M' });
    const sessionsBefore = await t.database.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await open(a, 'en-us').expect(200);
    await open(a, 'en-us').expect(200);
    const sessionsAfter = await t.database.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(sessionsAfter.n - sessionsBefore.n).toBe(1);
  });

  it('strips the internal employee-sale tag and never shows the raw employee flag', async () => {
    const a = agent(t.app);
    const res = await open(a, 'en-gb').expect(200);
    const cookie = String(res.headers['set-cookie']?.[0]).split(';')[0] as string;
    const { createHash } = await import('node:crypto');
    const id = createHash('sha256')
      .update(cookie.split('=')[1] as string)
      .digest('base64url');
    await t.database.db
      .updateTable('sessions')
      .set({
        data: sql`data || '{"isEmployee": true, "isEmployeeTraffic": true, "contextTags": ["market-gb", "employee-sale", "vip-client"]}'::jsonb`,
      })
      .where('id', '=', id)
      .execute();
    const again = await open(a, 'en-gb').expect(200);
    expect(again.body.isEmployee).toBe(false);
    expect(again.body.isEmployeeTraffic).toBe(true);
    expect(again.body.currentContextTags).toEqual([
      'market-gb',
      'lang-en',
      'region-emea',
      'segment-guest',
      'vip-client',
    ]);
    const row = await t.database.db
      .selectFrom('sessions')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((row.data as { contextTags: string[] }).contextTags).toContain('employee-sale');
  });

  // zh-cn is China, an external site: the API answers it with US settings like any unknown market.
  it.each(activeLocales().filter((l) => l !== 'zh-cn'))('answers the market tags of %s', async (locale) => {
    const res = await open(agent(t.app), locale).expect(200);
    const tags = res.body.currentContextTags as string[];
    expect(tags[0]).toMatch(/^market-[a-z]{2}$/);
    expect(tags[1]).toBe(`lang-${locale.slice(0, 2)}`);
    expect(tags[2]).toMatch(/^region-(emea|amer|latam|apac|intl)$/);
  });

  it('falls back to the US market for an unknown country', async () => {
    const res = await open(agent(t.app), 'fr-zz').expect(200);
    expect(res.body.currentContextTags.slice(0, 3)).toEqual(['market-us', 'lang-en', 'region-amer']);
  });

  it('reads the visitor country from the configured header', async () => {
    const other = await startTestApp({ VISITOR_COUNTRY_HEADER: 'X-Geo-Country' });
    try {
      const res = await open(agent(other.app), 'en-us')
        .set('X-Geo-Country', 'jp')
        .set('CF-IPCountry', 'FR')
        .expect(200);
      expect(res.body.visitorCountry).toBe('JP');
    } finally {
      await other.close();
    }
  });

  it.each([
    ['fr', 'FR'],
    ['US', 'US'],
    [' gb ', 'GB'],
    ['XX', 'unknown'],
    ['T1', 'unknown'],
    ['ZZ', 'unknown'],
    ['EU', 'unknown'],
    ['QQ', 'unknown'],
    ['FRA', 'unknown'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('visitor country %j → %s', (header, expected) => {
    expect(visitorCountryOf(header)).toBe(expected);
  });

  it('refuses cross-site calls with ERR_API_1001 and creates nothing', async () => {
    const res = await request(t.app)
      .post('/api/data/session')
      .query({ locale: 'fr-fr' })
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(res.body.code).toBe('ERR_API_1001');
    expect(res.headers['set-cookie']).toBeUndefined();
    const byOrigin = await request(t.app)
      .post('/api/data/session')
      .query({ locale: 'fr-fr' })
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(byOrigin.body.code).toBe('ERR_API_1001');
  });

  it.each([
    [{ locale: 'fr' }, 'ERR_API_1005'],
    [{}, 'ERR_API_1005'],
    [{ locale: 'fr-fr', usid: 'x' }, 'ERR_API_1018'],
  ])('refuses %j with %s', async (query, code) => {
    const res = await agent(t.app).post('/api/data/session').query(query).expect(400);
    expect(res.body.code).toBe(code);
  });

  it('answers ERR_API_1016 when the session store fails', async () => {
    const spy = vi.spyOn(CustomerSessionService.prototype, 'open').mockRejectedValueOnce(new Error('database down'));
    const res = await open(agent(t.app), 'fr-fr').expect(503);
    expect(res.body.code).toBe('ERR_API_1016');
    spy.mockRestore();
  });
});
