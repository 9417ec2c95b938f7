import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/settings.ts';
import {
  REPO_ROOT,
  SERVER_ENTRY,
  killServerProcess,
  startServerProcess,
  untilReady,
  type ServerProcess,
} from './test/server-process.ts';

// The process serves pages from the production web build, and `npm start` runs the server's bundle
// (npm test builds both first).
beforeAll(() => {
  if (
    !existsSync(join(REPO_ROOT, 'web/dist/server/entry-server.js')) ||
    !existsSync(join(REPO_ROOT, 'server/dist/main.mjs'))
  ) {
    execFileSync('node', ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
}, 180_000);

let server: ServerProcess | undefined;
afterEach(() => killServerProcess(server));

describe.each([
  ['its TypeScript sources (tsx)', SERVER_ENTRY],
  ['its production bundle (npm start, the image)', ['server/dist/main.mjs']],
])('server process from %s', (_name, entry) => {
  it('starts on an in-memory database, serves pages, the portal and validated requests, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    server = startServerProcess({
      port,
      args: entry,
      env: {
        NODE_ENV: 'production',
        VALIDATE_RESPONSES: 'false',
        HOST: '127.0.0.1',
        PGLITE_DIR: 'memory://',
        CATALOG_PRODUCTS: '30',
        DATABASE_URL: '',
      },
    });
    await untilReady(server, 75_000);
    const { base } = server;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // A page: the web build, and the translations the server reads from web/src/locales.
    const page = await fetch(`${base}/fr-fr/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html[^>]* lang="fr-FR"[\s\S]*Boutique en ligne officielle/i);
    // The contract's request validation, on the view production gives it (no responses, no examples).
    const login = await fetch(`${base}/api/auth/login?locale=fr-fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: '{"email":"a@b.co"}',
    });
    expect(login.status).toBe(400);
    expect(((await login.json()) as { detail: string }).detail).toContain(
      "body/password: must have required property 'password'",
    );
    // The API portal (openapi/dist).
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    expect(server.output).not.toMatch(/ENOENT|translations unavailable/);
    // An idle kept-alive connection stays open past Node's own 5 s (KEEP_ALIVE_TIMEOUT_MS, 65 s): a proxy in front
    // closes it first, so no request it sends meets a socket this server is closing.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await localPortOf(`${base}/healthz`, agent);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await localPortOf(`${base}/healthz`, agent), 'the same connection, still open').toBe(first);
    agent.destroy();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 100_000);
});

/** Answers a GET through the agent; resolves with the local port of the connection it went through. */
function localPortOf(url: string, agent: Agent): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      const port = res.socket.localPort;
      res.resume();
      res.on('end', () => resolve(port));
    }).on('error', reject);
  });
}

// The image library (sharp, libvips) belongs to `npm run media:import` only: the server starts without it.
it('the production bundle does not import the image library', () => {
  const bundle = readFileSync(join(REPO_ROOT, 'server/dist/main.mjs'), 'utf8');
  expect(bundle).toContain('getProductPhoto');
  expect(bundle).not.toMatch(/(?:from|import)\s*\(?\s*["']sharp["']/);
});
