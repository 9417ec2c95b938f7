import express from 'express';
import request from 'supertest';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from './errors.ts';
import { OperationRegistry, type BodyOf, type PathOf, type QueryOf, type ResponseOf } from './operations.ts';
import type { Schemas } from './http.ts';

/** Two operations of the storefront's contract, described at paths of their own (the registry reads ids and statuses). */
const CONTRACT = {
  paths: {
    '/things/{pid}': {
      post: {
        operationId: 'subscribeBackInStock',
        responses: { '201': { content: { 'application/json': {} } }, '400': {} },
      },
    },
    '/things': { get: { operationId: 'getHealth', responses: { '200': { content: { 'application/json': {} } } } } },
    '/pictures/{pid}/{view}': {
      get: {
        operationId: 'getProductImage',
        parameters: [{ name: 'pid', in: 'path', schema: { type: 'string' } }, { $ref: '#/components/parameters/view' }],
        responses: { '200': {} },
      },
    },
  },
  components: { parameters: { view: { name: 'view', in: 'path', schema: { type: 'integer' } } } },
};

const subscription = (pid: string, body: Schemas['BackInStockRequest']): Schemas['BackInStockSubscription'] => ({
  pid,
  size: body.size,
  email: body.email,
  locale: body.locale,
  status: 'subscribed',
  createdAt: '2026-01-01T00:00:00.000Z',
});

function appOf(register: (ops: OperationRegistry) => void) {
  const ops = new OperationRegistry([{ base: '', document: CONTRACT }]);
  register(ops);
  const app = express();
  app.use(express.json());
  app.use(ops.router);
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err instanceof AppError ? err.status : 500).json({ code: err instanceof AppError ? err.code : '?' });
  });
  return app;
}

const body = { email: 'a@example.org', size: 'M', locale: 'en-us', recaptchaToken: 't' };

describe('typed operation handlers', () => {
  it('hand the path, query and body to the handler and send its answer with the contract success status', async () => {
    const app = appOf((ops) =>
      ops.handle('subscribeBackInStock', {
        run: ({ path, query, body }) => subscription(`${path.pid}:${query.locale}`, body),
      }),
    );
    const res = await request(app).post('/things/P1?locale=fr-fr').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pid: 'P1:fr-fr', size: 'M', status: 'subscribed' });
  });

  it('run the middleware first, in order', async () => {
    const seen: string[] = [];
    const app = appOf((ops) =>
      ops.handle('subscribeBackInStock', {
        use: [
          (_req, _res, next) => (seen.push('a'), next()),
          (_req, res, next) => (seen.push('b'), res.set('Cache-Control', 'no-store'), next()),
        ],
        run: ({ path, body }) => (seen.push('run'), subscription(path.pid, body)),
      }),
    );
    const res = await request(app).post('/things/P1').send(body);
    expect(seen).toEqual(['a', 'b', 'run']);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leave the answer to a handler that returns nothing', async () => {
    const app = appOf((ops) =>
      ops.handle('getHealth', {
        run: ({ res }) => void res.status(202).type('text/plain').send('own answer'),
      }),
    );
    const res = await request(app).get('/things');
    expect(res.status).toBe(202);
    expect(res.text).toBe('own answer');
  });

  it('hand over the path parameters the contract declares as numbers as numbers', async () => {
    const app = appOf((ops) =>
      ops.handle('getProductImage', {
        run: ({ path, res }) => void res.json({ pid: path.pid, view: path.view, next: path.view + 1 }),
      }),
    );
    const res = await request(app).get('/pictures/P1/2');
    expect(res.body).toEqual({ pid: 'P1', view: 2, next: 3 });
  });

  it('pass a thrown AppError to the problem handler', async () => {
    const app = appOf((ops) =>
      ops.handle('getHealth', {
        run: async () => {
          throw new AppError('ERR_API_1036');
        },
      }),
    );
    const res = await request(app).get('/things');
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ code: 'ERR_API_1036' });
  });

  it('answer a GET operation in-process by its contract path: its handler only, the answer as a value', async () => {
    const ops = new OperationRegistry([{ base: '', document: CONTRACT }]);
    const seen: string[] = [];
    ops.handle('getProductImage', {
      use: [(_req, _res, next) => (seen.push('middleware'), next())],
      run: ({ path, query, res }) => {
        seen.push('run');
        return void res.json({ pid: path.pid, view: path.view, locale: query.locale });
      },
    });
    ops.handle('getHealth', { run: () => ({ status: 'ok' }) as never });
    const req = {} as express.Request;
    const res = {} as express.Response;
    const input = { path: {}, query: {}, req, res };
    expect(await ops.answerOf('/things', input)).toEqual({ status: 'ok' });
    // A handler that answers through the response has no value to hand over.
    await expect(
      ops.answerOf('/pictures/{pid}/{view}', { ...input, res: { json: () => res } as unknown as express.Response }),
    ).rejects.toThrow(/answered through its response/);
    expect(seen).toEqual(['run']);
    // Described but without a handler: 501 ERR_API_1036, as over HTTP; not in the contract: a programming error.
    const bare = new OperationRegistry([{ base: '', document: CONTRACT }]);
    await expect(bare.answerOf('/things', input)).rejects.toMatchObject({ code: 'ERR_API_1036', status: 501 });
    await expect(bare.answerOf('/nothing', input)).rejects.toThrow(/not in the contract/);
  });

  it('refuse an id outside the contract and a second registration', () => {
    const ops = new OperationRegistry([{ base: '', document: CONTRACT }]);
    expect(() => ops.handle('getBasket', { run: () => undefined })).toThrow(/not in the contract/);
    ops.handle('getHealth', { run: () => undefined });
    expect(() => ops.handle('getHealth', { run: () => undefined })).toThrow(/registered twice/);
  });

  it('type path, query, body and answer from the generated operations', () => {
    expectTypeOf<PathOf<'subscribeBackInStock'>>().toEqualTypeOf<{ pid: string }>();
    expectTypeOf<QueryOf<'removeBasketItem'>>().toHaveProperty('itemId').toEqualTypeOf<string>();
    expectTypeOf<BodyOf<'subscribeBackInStock'>>().toEqualTypeOf<Schemas['BackInStockRequest']>();
    expectTypeOf<BodyOf<'getBasket'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<'subscribeBackInStock'>>().toEqualTypeOf<Schemas['BackInStockSubscription']>();

    // What `tsc -b` refuses (each line below fails to compile without its expectation).
    const ops = new OperationRegistry([{ base: '', document: CONTRACT }]);
    ops.handle('subscribeBackInStock', {
      // @ts-expect-error: a body field the contract does not have
      run: ({ path, body }) => subscription(path.pid, body.colour),
    });
    ops.handle('getHealth', {
      // @ts-expect-error: an answer of the wrong shape
      run: () => ({ status: 'fine' }),
    });
    expect(() =>
      // @ts-expect-error: an operation id the contract does not have
      ops.handle('getThings', { run: () => undefined }),
    ).toThrow(/not in the contract/);
  });
});
