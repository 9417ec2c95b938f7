// The Content-Security-Policy: storefront pages run no inline script (script-src 'self' alone; the page state
// is a JSON data block), and the API portals' inline scripts are allowed by their hashes, on those pages only.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { inlineScriptHashes, withScriptSources } from './csp.ts';

const scriptSrc = (policy: string | undefined = '') =>
  policy
    .split(';')
    .find((d) => d.trim().startsWith('script-src '))
    ?.trim();

describe('inline script hashes', () => {
  it('hashes each inline script exactly, and skips scripts loaded from a file', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script type="module">\nb()\n</script><script>a()</script>';
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n')]);
  });

  it('replaces the script-src directive and keeps the others', () => {
    const policy = "default-src 'self';script-src 'self' 'unsafe-inline';img-src 'self' data:";
    expect(withScriptSources(policy, ["'self'", "'sha256-x'"])).toBe(
      "default-src 'self';img-src 'self' data:;script-src 'self' 'sha256-x'",
    );
  });
});

describe('the policy the app sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it("storefront answers allow scripts from this origin only: no 'unsafe-inline', no 'unsafe-eval'", async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(scriptSrc(res.headers['content-security-policy'])).toBe("script-src 'self'");
  });

  for (const [path, file] of [
    ['/docs', 'docs.html'],
    ['/docs/customer-service', 'customer-service.html'],
  ] as const) {
    const portal = join(import.meta.dirname, '../../../openapi/dist', file);
    it.skipIf(!existsSync(portal))(
      `the API portal ${path} allows its own inline scripts by hash, and nothing else inline`,
      async () => {
        const res = await request(t.app).get(path).expect(200);
        const directive = scriptSrc(res.headers['content-security-policy']) ?? '';
        expect(directive).not.toContain('unsafe-inline');
        const hashes = inlineScriptHashes(readFileSync(portal, 'utf8'));
        expect(hashes.length).toBeGreaterThan(0);
        expect(directive).toBe(`script-src 'self' ${hashes.join(' ')}`);
        expect(res.text).toBe(readFileSync(portal, 'utf8'));
      },
    );
  }
});
