import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/settings.ts';

const root = join(import.meta.dirname, '../..');

// The process serves pages from the production web build, and `npm start` runs the server's bundle
// (npm test builds both first).
beforeAll(() => {
  if (!existsSync(join(root, 'web/dist/server/entry-server.js')) || !existsSync(join(root, 'server/dist/main.mjs'))) execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
}, 180_000);

describe.each([
  ['its TypeScript sources (tsx)', ['--import', 'tsx', 'server/src/main.ts']],
  ['its production bundle (npm start)', ['server/dist/main.mjs']],
])('server process from %s', (_name, entry) => {
  it('starts on an in-memory database, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, entry, {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', VALIDATE_RESPONSES: 'false', PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: 'memory://', CATALOG_PRODUCTS: '30', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 45_000;
      while (!output.includes('Storefront ready') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(output).toContain('Storefront ready');
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // A page: the web build, and the translations the server reads from web/src/locales.
      const page = await fetch(`${base}/fr-fr/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html[^>]* lang="fr-FR"[\s\S]*Boutique en ligne officielle/i);
      // The contract's request validation, on the view production gives it (no responses, no examples).
      const login = await fetch(`${base}/api/auth/login?locale=fr-fr`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{"email":"a@b.co"}' });
      expect(login.status).toBe(400);
      expect(((await login.json()) as { detail: string }).detail).toContain("body/password: must have required property 'password'");
      // The API portal (openapi/dist).
      expect((await fetch(`${base}/docs`)).status).toBe(200);
      expect(output).not.toMatch(/ENOENT|translations unavailable/);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});

// The image library (sharp, libvips) belongs to `npm run media:import` only: the server starts without it.
it('the production bundle does not import the image library', () => {
  const bundle = readFileSync(join(root, 'server/dist/main.mjs'), 'utf8');
  expect(bundle).toContain('getProductPhoto');
  expect(bundle).not.toMatch(/(?:from|import)\s*\(?\s*["']sharp["']/);
});
