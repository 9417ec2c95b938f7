// A page load that fails on our side (here: the database is gone) reads a short page in the shopper's language,
// never the JSON problem an API call gets; an API call to the same failing database stays a problem.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
  // Warm the page once, then take the database away (its pool, or the embedded database, is closed).
  await request(t.app).get('/de-de/search?q=sac').set('Accept', 'text/html').expect(200);
  await t.database.close();
}, 120_000);
afterAll(async () => {
  // The database is already closed; only the app's own timers are left.
  await t?.close().catch(() => undefined);
});

describe('a page that fails on our side', () => {
  it('answers a short page in the language of its locale, with no script', async () => {
    const res = await request(t.app)
      .get('/de-de/search?q=tasche')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Accept', 'text/html');
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('Unsere Online-Boutique ist vorübergehend nicht erreichbar');
    expect(res.text).toContain('<a href="/de-de/search">');
    expect(res.text).not.toContain('<script');
  });

  it('an API call to the same failing database stays a catalogue problem', async () => {
    const res = await request(t.app)
      .get('/api/data/search?locale=de-de&brand=ysl&q=tasche')
      .set('Sec-Fetch-Mode', 'navigate');
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
