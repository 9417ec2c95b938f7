import express from 'express';
import request from 'supertest';
import * as OpenApiValidator from 'express-openapi-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { OperationRegistry } from '../../shared/operations.ts';
import { problemHandler } from '../../shared/error-handler.ts';
import { createLogger } from '../../shared/logger.ts';
import { AppError } from '../../shared/errors.ts';
import { loadConfig } from '../../shared/config.ts';
import { createApp } from '../../app.ts';
import { TEST_BRAND } from '../../test/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A small contract: one operation with a handler, one without. */
const CONTRACT = {
  openapi: '3.1.0',
  info: { title: 'test', version: '1.0.0' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]{2}$' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/things': { get: { operationId: 'getHealth', responses: { '200': { description: 'ok' } } } },
  },
};

function registryApp() {
  const ops = new OperationRegistry([{ base: '', document: CONTRACT }]);
  ops.handle('getHealth', { run: ({ res }) => void res.json([]) });
  const app = express();
  app.use(
    OpenApiValidator.middleware({
      apiSpec: structuredClone(CONTRACT) as never,
      validateRequests: { allowUnknownQueryParameters: false },
      validateResponses: false,
    }),
  );
  app.use(ops.router);
  app.use(ops.notImplemented());
  // The validator's own errors as the catalogue's generic bad request.
  app.use((err: { status?: number }, _req: express.Request, _res: express.Response, next: express.NextFunction) =>
    next(err instanceof AppError ? err : err.status === 400 ? new AppError('ERR_API_1018') : err),
  );
  app.use(problemHandler(createLogger('silent'), new Map()));
  return { app, ops };
}

describe('operations described but not implemented', () => {
  it('answer 501 ERR_API_1036 to a valid request, never a fake success', async () => {
    const { app, ops } = registryApp();
    expect(ops.implemented('getThing')).toBe(false);
    expect(ops.implemented('getHealth')).toBe(true);
    const res = await request(app).get('/things/ab').expect(501);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'ERR_API_1036', status: 501 });
    await request(app).get('/things').expect(200, []);
  });

  it('still validate requests against their contract first', async () => {
    const { app } = registryApp();
    expect((await request(app).get('/things/ABC').expect(400)).body.code).toBe('ERR_API_1018');
    expect((await request(app).get('/things/ab?extra=1').expect(400)).body.code).toBe('ERR_API_1018');
  });

  it('refuse a handler for an operation outside the contract, or registered twice', () => {
    const { ops } = registryApp();
    expect(() => ops.handle('getBasket', { run: () => undefined })).toThrow(/not in the contract/);
    expect(() => ops.handle('getHealth', { run: () => undefined })).toThrow(/registered twice/);
  });

  it('none is left in the real contracts', async () => {
    const config = loadConfig({ NODE_ENV: 'test', BRAND: TEST_BRAND, CACHE_TTL_SECONDS: '0' });
    const { operations, close } = await createApp({
      config,
      database: t.database,
      logger: createLogger('silent'),
      pages: false,
    });
    try {
      expect(operations.all().length).toBeGreaterThan(100);
      expect(
        operations
          .all()
          .filter((o) => !operations.implemented(o.id))
          .map((o) => o.id),
      ).toEqual([]);
    } finally {
      await close();
    }
  });

  it('answers unknown customer service routes with ERR_API_1002', async () => {
    const res = await agent(t.app).get('/customer-service/v1/nothing').expect(404);
    expect(res.body.code).toBe('ERR_API_1002');
  });
});

describe('field codes from the contract, per operation', () => {
  it('a code on the body schema applies to its fields (login → ERR_AUTH_API_1000)', async () => {
    const res = await agent(t.app)
      .post('/api/auth/login?locale=fr-fr')
      .send({ password: 'x', recaptchaToken: 'y' })
      .expect(400);
    expect(res.body.code).toBe('ERR_AUTH_API_1000');
  });
  it('the same field name keeps its own code in each operation', async () => {
    const res = await agent(t.app).post('/api/data/cdb/update-customer?locale=fr-fr').send({}).expect(400);
    expect(res.body.code).toBe('ERR_CDB_API_2002');
  });
});
