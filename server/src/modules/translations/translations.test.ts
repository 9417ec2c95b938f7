import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { loadContract } from '../../shared/contract.ts';
import { OperationRegistry } from '../../shared/operations.ts';
import { problemHandler } from '../../shared/error-handler.ts';
import { createLogger } from '../../shared/logger.ts';
import { AppError } from '../../shared/errors.ts';
import { DEFAULT_LOCALES_DIR, TRANSLATION_LANGUAGES, TRANSLATION_NAMESPACES, TranslationService } from './index.ts';
import { translationRoutes } from './routes.ts';

const readLocale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(DEFAULT_LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/data/translations/{language}/{namespace}', () => {
  it('answers the strings of the web app, cacheable for a day, with an ETag', async () => {
    const res = await request(t.app).get('/api/data/translations/fr/common').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(readLocale('fr', 'common'));
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
  });

  it('serves Traditional Chinese as zh-hant, apart from Simplified zh', async () => {
    const hant = await request(t.app).get('/api/data/translations/zh-hant/common').expect(200);
    const hans = await request(t.app).get('/api/data/translations/zh/common').expect(200);
    expect(hant.body).toEqual(readLocale('zh-hant', 'common'));
    expect((hant.body as { nav: { bag: string } }).nav.bag).toBe('購物袋');
    expect((hans.body as { nav: { bag: string } }).nav.bag).toBe('购物袋');
    expect(hant.headers.etag).not.toBe(hans.headers.etag);
  });

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const first = await request(t.app).get('/api/data/translations/ja/errors').expect(200);
    const etag = first.headers.etag as string;
    const again = await request(t.app).get('/api/data/translations/ja/errors').set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=86400');
    // Another version's ETag: the full strings.
    await request(t.app).get('/api/data/translations/ja/errors').set('If-None-Match', '"stale"').expect(200);
  });

  it('refuses an unknown language or namespace with ERR_API_1021 (the contract enums, x-error-code)', async () => {
    for (const path of [
      '/api/data/translations/nl/common',
      '/api/data/translations/zh-hans/common',
      '/api/data/translations/fr/payments',
      '/api/data/translations/FR/common',
    ]) {
      const res = await request(t.app).get(path).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body, path).toMatchObject({ code: 'ERR_API_1021', status: 400 });
    }
  });

  it('refuses undocumented query parameters with ERR_API_1018', async () => {
    const res = await request(t.app).get('/api/data/translations/fr/common?v=2').expect(400);
    expect(res.body.code).toBe('ERR_API_1018');
  });

  it('knows exactly the languages and namespaces of the contract', () => {
    const contract = loadContract() as {
      paths: Record<string, { get: { parameters: { name: string; schema: { enum: string[] } }[] } }>;
    };
    const params = contract.paths['/api/data/translations/{language}/{namespace}']!.get.parameters;
    expect([...TRANSLATION_LANGUAGES]).toEqual(params.find((p) => p.name === 'language')!.schema.enum);
    expect([...TRANSLATION_NAMESPACES]).toEqual(params.find((p) => p.name === 'namespace')!.schema.enum);
  });
});

describe('strings that cannot be read', () => {
  let dir: string;
  let service: TranslationService;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'translations-'));
    mkdirSync(join(dir, 'fr'));
    writeFileSync(join(dir, 'fr', 'common.json'), JSON.stringify({ close: 'Fermer' }));
    writeFileSync(join(dir, 'fr', 'errors.json'), '{ "ERR_API_1000": "Une erreur', 'utf8'); // cut short
    writeFileSync(join(dir, 'fr', 'market.json'), '["not", "an", "object"]');
    // fr/consent.json and every other language: no file.
    service = await TranslationService.load({ dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the files of the directory it is given, once, at start', () => {
    expect(service.get('fr', 'common').body).toEqual({ close: 'Fermer' });
    writeFileSync(join(dir, 'fr', 'common.json'), JSON.stringify({ close: 'Changed' }));
    expect(service.get('fr', 'common').body).toEqual({ close: 'Fermer' });
  });

  it('gives ERR_CMS_9000 for a file that is missing, not JSON or not an object', () => {
    for (const [language, namespace] of [
      ['fr', 'errors'],
      ['fr', 'market'],
      ['fr', 'consent'],
      ['de', 'common'],
    ] as const) {
      let error: unknown;
      try {
        service.get(language, namespace);
      } catch (e) {
        error = e;
      }
      expect(error, `${language}/${namespace}`).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('ERR_CMS_9000');
    }
  });

  it('answers 502 ERR_CMS_9000 as problem details', async () => {
    // The module's router and the app's problem handler, over the temporary directory.
    const ops = new OperationRegistry([{ base: '', document: loadContract() }]);
    translationRoutes(ops, service);
    const app = express()
      .use(ops.router)
      .use(problemHandler(createLogger('silent'), new Map()));
    const res = await request(app).get('/api/data/translations/fr/errors').expect(502);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.body).toMatchObject({
      code: 'ERR_CMS_9000',
      status: 502,
      detail: 'The fr/errors strings could not be read.',
    });
    await request(app).get('/api/data/translations/fr/common').expect(200, { close: 'Fermer' });
  });
});
