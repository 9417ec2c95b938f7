import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/settings.ts';

const root = join(import.meta.dirname, '../..');

// The process serves pages from the production web build (npm test builds it first).
beforeAll(() => {
  if (!existsSync(join(root, 'web/dist/server/entry-server.js'))) execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
}, 180_000);

describe('server process', () => {
  it('starts on an in-memory database, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: 'memory://', CATALOG_PRODUCTS: '30', DATABASE_URL: '' },
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
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
