// The bundled contracts are served next to their portals, at stable URLs the portals link to: the YAML as
// generated and the same document as JSON. Outside the contracts, like the portals themselves.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { BUNDLED_CONTRACT_PATH, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from './contract.ts';
import { PORTAL_DIR } from './portal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const CONTRACTS = [
  { name: 'storefront', path: BUNDLED_CONTRACT_PATH, title: 'Storefront API', portal: '/docs', page: 'docs.html' },
  {
    name: 'customer-service',
    path: CUSTOMER_SERVICE_CONTRACT_PATH,
    title: 'Customer Service API',
    portal: '/docs/customer-service',
    page: 'customer-service.html',
  },
];

describe.each(CONTRACTS)('the $name contract at /docs/$name.yaml and .json', ({ name, path, title, portal, page }) => {
  it('serves the bundled YAML as generated, as application/yaml', async () => {
    const res = await request(t.app)
      .get(`/docs/${name}.yaml`)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${name}.yaml"`);
    expect(res.body).toBe(readFileSync(path, 'utf8'));
    const doc = YAML.parse(res.body as string);
    expect(doc).toEqual(loadContract(path));
    expect(doc.info.title).toBe(title);
  });

  it('serves the same document as JSON', async () => {
    const res = await request(t.app).get(`/docs/${name}.json`).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual(loadContract(path));
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('answers HEAD, and a conditional GET with 304 (ETag)', async () => {
    await request(t.app).head(`/docs/${name}.json`).expect(200);
    const first = await request(t.app).get(`/docs/${name}.json`).expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    await request(t.app)
      .get(`/docs/${name}.json`)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });

  it.skipIf(!existsSync(join(PORTAL_DIR, page)))(
    'is linked from its portal, which loads nothing from another host',
    async () => {
      const res = await request(t.app).get(portal).expect(200);
      expect(res.text).toContain(`/docs/${name}.yaml`);
      expect(res.text).toContain(`/docs/${name}.json`);
      expect(res.text).not.toMatch(/https:\/\/cdn\.redoc\.ly|https:\/\/cdn\.redocly\.com\/redoc/);
      expect(res.text).toMatch(/__redoc_options = \{[^\n]*"disableTelemetry":true/);
    },
  );
});

describe('paths near the contract files', () => {
  it('answer 404: only the two formats of the two contracts are served', async () => {
    for (const path of [
      '/docs/storefront.xml',
      '/docs/storefront.yml',
      '/docs/errors.json',
      '/docs/customer-service/customer-service.json',
    ]) {
      const res = await request(t.app).get(path).set('Accept', 'application/json');
      expect(res.status, path).toBe(404);
    }
  });
});
