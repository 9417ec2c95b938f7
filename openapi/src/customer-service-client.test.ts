// The wrapper against the customer service contract served by Prism (the contract's own mock).
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations.
import { startPrism } from '../../mocks/serve.mjs';
import { createCustomerServiceClient, CustomerServiceError, settle } from './customer-service-client.ts';

const contract = join(import.meta.dirname, '../generated/customer-service.bundled.yaml');
let prism: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  const port = await new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
  prism = startPrism({ port, contract, stdio: ['ignore', 'ignore', 'ignore'] });
  // Prism serves the paths without the servers' base path.
  baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fetch(baseUrl);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('Prism did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}, 70_000);
afterAll(() => prism?.kill('SIGTERM'));

describe('customer service client wrapper', () => {
  it('gives typed data on success', async () => {
    const cs = createCustomerServiceClient({ baseUrl, headers: { Prefer: 'example=fr-fr' } });
    const { data } = await settle(cs.GET('/session', { params: { query: { locale: 'fr-fr' } } }));
    expect(data).not.toBeNull();
    expect(typeof data?.customerAuthenticated).toBe('boolean');
    expect(data?.isEmployee).toBe(false);
  });

  it('gives null data for 204 No Content', async () => {
    const cs = createCustomerServiceClient({ baseUrl });
    const { data, response } = await settle(
      cs.POST('/status', {
        params: { query: { locale: 'fr-fr' } },
        body: { email: 'client@maison.fr', recaptchaToken: 'test-token' },
      }),
    );
    expect(response.status).toBe(204);
    expect(data).toBeNull();
  });

  it('throws a typed error carrying status, status text and the problem body', async () => {
    const cs = createCustomerServiceClient({ baseUrl, headers: { Prefer: 'code=401' } });
    const err = await settle(cs.GET('/customer', { params: { query: { locale: 'fr-fr' } } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CustomerServiceError);
    const e = err as CustomerServiceError;
    expect(e.kind).toBe('SERVICE_ERROR');
    expect(e.status).toBe(401);
    expect(e.statusText.length).toBeGreaterThan(0);
    expect(e.code).toMatch(/^ERR_/);
    expect(e.body).toMatchObject({ status: 401 });
  });

  it('turns a failed network call into API_UNKNOWN_ERROR', async () => {
    const cs = createCustomerServiceClient({ baseUrl: 'http://127.0.0.1:9' });
    const err = (await settle(cs.GET('/session', { params: { query: { locale: 'fr-fr' } } })).catch(
      (e: unknown) => e,
    )) as CustomerServiceError;
    expect(err).toBeInstanceOf(CustomerServiceError);
    expect(err.code).toBe('API_UNKNOWN_ERROR');
  });
});
