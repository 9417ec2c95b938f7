// The mocks answer an invalid request exactly as the server does: the same request is sent to the real app
// (in-memory PGlite, a small catalogue) and to the mocks (npm run mock), and the two answers must have the same
// status, Content-Type and body, byte for byte (the request id is fixed by the caller). Also: a sign-in through
// the mocks opens the account pages, a sign-out closes them again.
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seed } from '../server/src/db/seed.ts';
import { loadConfig } from '../server/src/shared/config.ts';
import { createLogger } from '../server/src/shared/logger.ts';
// @ts-expect-error plain ESM script without type declarations
import { startMocks } from './serve.mjs';

const HOST = '127.0.0.1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Mocks = { storefrontUrl: string; customerServiceUrl?: string; close(): Promise<void> };
let mocks: Mocks | undefined;
let mocksStarting: Promise<Mocks> | undefined;
let database: DatabaseHandle | undefined;
let server: Server | undefined;
let closeApp: (() => Promise<void>) | undefined;
let serverUrl = '';

beforeAll(async () => {
  mocksStarting = freePort().then(
    (port) => startMocks({ port, host: HOST, stdio: ['ignore', 'ignore', 'ignore'] }) as Promise<Mocks>,
  );
  database = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(database.db);
  await seed(database.db, { brand: 'ysl', products: 24 });
  const config = loadConfig({ NODE_ENV: 'test', BRAND: 'ysl', LOG_LEVEL: 'silent' });
  const created = await createApp({ config, database, logger: createLogger('silent'), pages: false });
  closeApp = created.close;
  server = await new Promise<Server>((resolve) => {
    const s = created.app.listen(0, HOST, () => resolve(s));
  });
  serverUrl = `http://${HOST}:${(server.address() as { port: number }).port}`;
  mocks = await mocksStarting;
}, 300_000);

afterAll(async () => {
  // Also when the start timed out: the mocks may come up later.
  await (mocks ?? (await mocksStarting?.catch(() => undefined)))?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await closeApp?.();
  await database?.close();
}, 30_000);

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  status: number;
  code: string;
}

const json = (value: unknown) => JSON.stringify(value);
const CASES: Case[] = [
  {
    name: 'a sign-in body without its password',
    method: 'POST',
    path: '/api/auth/login?locale=fr-fr',
    body: json({ email: 'camille@example.fr', recaptchaToken: 'x'.repeat(40) }),
    status: 400,
    code: 'ERR_AUTH_API_1000',
  },
  { name: 'a locale in capitals', path: '/ssr/home?locale=FR-FR', status: 400, code: 'ERR_API_1005' },
  {
    name: 'an undocumented query parameter',
    path: '/ssr/home?locale=fr-fr&colour=red',
    status: 400,
    code: 'ERR_API_1018',
  },
  {
    name: 'a malformed product id in the path',
    path: '/ssr/pr/not-a-pid?locale=fr-fr',
    status: 400,
    code: 'ERR_API_1009',
  },
  {
    name: 'a basket body sent as text/plain',
    method: 'POST',
    path: '/api/data/basket/add-item?locale=fr-fr',
    headers: { 'Content-Type': 'text/plain' },
    body: 'pid=1',
    status: 415,
    code: 'ERR_API_1030',
  },
  {
    name: 'a body that is not JSON',
    method: 'POST',
    path: '/api/data/basket/add-item?locale=fr-fr',
    body: '{"pid":',
    status: 400,
    code: 'ERR_API_1018',
  },
  {
    name: 'a body over 32 KB',
    method: 'POST',
    path: '/api/data/basket/add-item?locale=fr-fr',
    body: json({ pid: 'x'.repeat(40_000) }),
    status: 413,
    code: 'ERR_API_1029',
  },
  {
    name: 'an undocumented body property',
    method: 'POST',
    path: '/api/data/basket/add-item?locale=fr-fr',
    body: json({ pid: '5YSSDTX7G4J0', size: 'U', gift: true }),
    status: 400,
    code: 'ERR_API_1018',
  },
  {
    name: 'U+0000 in a query value',
    path: '/api/data/search?locale=fr-fr&brand=ysl&q=a%00b',
    status: 400,
    code: 'ERR_SEARCH_API_1000',
  },
  { name: 'an undocumented API path', path: '/api/data/nothing-here?locale=fr-fr', status: 404, code: 'ERR_API_1002' },
  {
    name: 'a cross-site POST',
    method: 'POST',
    path: '/api/data/basket/add-item?locale=fr-fr',
    headers: { 'Sec-Fetch-Site': 'cross-site' },
    body: json({ pid: '5YSSDTX7G4J0', size: 'U' }),
    status: 403,
    code: 'ERR_API_1001',
  },
  {
    name: 'a customer-service sign-in without a body',
    method: 'POST',
    path: '/customer-service/v1/login',
    body: json({}),
    status: 400,
    code: '',
  },
  {
    name: 'a customer-service session call with an undocumented parameter',
    path: '/customer-service/v1/session?locale=fr-fr&debug=1',
    status: 400,
    code: 'ERR_API_1018',
  },
];

async function call(base: string, c: Case, requestId: string) {
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    'X-Request-Id': requestId,
    'Sec-Fetch-Site': 'same-origin',
    ...(c.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...c.headers,
  };
  const res = await fetch(`${base}${c.path}`, {
    method: c.method ?? 'GET',
    headers,
    body: c.body,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe('an invalid request gets the server’s answer from the mocks', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const requestId = `case-${CASES.indexOf(c)}`;
    const fromServer = await call(serverUrl, c, requestId);
    const fromMocks = await call(mocks!.storefrontUrl, c, requestId);
    expect(fromServer.status).toBe(c.status);
    const problem = JSON.parse(fromServer.body) as { code: string; requestId: string };
    if (c.code) expect(problem.code).toBe(c.code);
    expect(problem.requestId).toBe(requestId);
    expect(fromMocks).toEqual(fromServer);
  });

  it('answers the customer service without its base path on the next port the same way', async () => {
    const c = CASES.find((x) => x.path.startsWith('/customer-service/v1/login'))!;
    const fromServer = await call(serverUrl, c, 'cs-root');
    const fromMocks = await call(mocks!.customerServiceUrl!, { ...c, path: '/login' }, 'cs-root');
    expect(fromServer.status).toBe(400);
    expect(fromMocks).toEqual(fromServer);
  });

  it('still answers a valid request from the examples', async () => {
    const res = await fetch(`${mocks!.storefrontUrl}/ssr/home?locale=fr-fr`, { headers: { Prefer: 'example=fr-fr' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { market: { locale: string } }).market.locale).toBe('fr-fr');
  });
});

describe('signing in and out through the mocks', () => {
  it('opens the account pages after a sign-in and closes them after a sign-out', async () => {
    const base = mocks!.storefrontUrl;
    let cookies = new Map<string, string>();
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Accept: 'application/json, application/problem+json',
          'Sec-Fetch-Site': 'same-origin',
          Prefer: 'example=fr-fr',
          ...(cookies.size ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      // A browser's cookie jar, enough for this: a cookie set to '' with a past expiry is forgotten.
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=') as [string, string];
        if (value === '' || /Expires=Thu, 01 Jan 1970/.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return res;
    };
    expect((await send('GET', '/ssr/myaccount?locale=fr-fr')).status).toBe(401);
    const signIn = await send('POST', '/api/auth/login?locale=fr-fr', {
      email: 'camille.lefevre@example.fr',
      password: 'Rue-de-Sevres-18',
      recaptchaToken: 'x'.repeat(40),
    });
    expect(signIn.status).toBe(200);
    expect([...cookies.keys()].sort()).toEqual(['cs_sid', 'sid']);
    const account = await send('GET', '/ssr/myaccount?locale=fr-fr');
    expect(account.status).toBe(200);
    expect(((await account.json()) as { pageType: string }).pageType).toMatch(/account/);
    expect((await send('GET', '/customer-service/v1/logout')).status).toBe(204);
    expect(cookies.size).toBe(0);
    cookies = new Map();
    expect((await send('GET', '/ssr/myaccount?locale=fr-fr')).status).toBe(401);
  });
});
