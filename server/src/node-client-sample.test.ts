// The Node client of the `openapi` workspace (`openapi/src/node-client.ts`) and its sample script
// (`openapi/samples/node-sign-in.ts`) against the real app on a real database, over HTTP: sign in, add to the
// basket, read the basket — the cookie jar carries the session, `Origin` passes the same-origin guard.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClients } from '@storefront/openapi/node-client';
import { signInAndShop } from '../../openapi/samples/node-sign-in.ts';
import { startTestApp, type TestApp } from './test/harness.ts';
import { sellableVariant } from './test/fixtures.ts';
import { insertCustomer, RECAPTCHA, type TestCustomer } from './modules/accounts/test-support.ts';

let t: TestApp;
let server: Server;
let origin: string;
let customer: TestCustomer;
let pid: string;

beforeAll(async () => {
  t = await startTestApp();
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  customer = await insertCustomer(t.database.db);
  pid = (await sellableVariant(t.database.db, 3)).pid;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe('Node client against the server', () => {
  it('signs in, adds to the basket and reads it back on one session', async () => {
    const result = await signInAndShop({
      origin,
      email: customer.email,
      password: customer.password,
      pid,
      recaptchaToken: RECAPTCHA,
    });
    expect(result.signedIn).toBe(true);
    expect(result.cookies).toContain('sid');
    expect(result.basket.items).toEqual([{ pid, size: result.size, quantity: 1 }]);
    expect(result.basket.itemCount).toBe(1);
    expect(result.basket.currencyCode).toBe('EUR');
  });

  it('answers a typed problem: a wrong password, and another Origin refused by the CSRF check', async () => {
    const { storefront } = createNodeClients({ origin });
    const wrong = await storefront.POST('/api/auth/login', {
      params: { query: { locale: 'fr-fr' } },
      body: { email: customer.email, password: 'not-the-password-1', recaptchaToken: RECAPTCHA },
    });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.code).toMatch(/^ERR_/);
    const foreign = createNodeClients({ origin, headers: { Origin: 'https://elsewhere.example' } });
    const refused = await foreign.storefront.POST('/api/data/basket/add-item', {
      params: { query: { locale: 'fr-fr' } },
      body: { pid, size: 'TU' },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.code).toBe('ERR_API_1001');
  });

  it('runs the sample script as a user would, against this server', async () => {
    const script = join(import.meta.dirname, '../../openapi/samples/node-sign-in.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, pid], {
      cwd: join(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        STOREFRONT_URL: origin,
        EMAIL: customer.email,
        PASSWORD: customer.password,
        RECAPTCHA_TOKEN: RECAPTCHA,
      },
      timeout: 60_000,
    });
    const result = JSON.parse(stdout) as { signedIn: boolean; basket: { items: { pid: string }[] } };
    expect(result.signedIn).toBe(true);
    expect(result.basket.items.map((i) => i.pid)).toContain(pid);
  }, 90_000);
});
