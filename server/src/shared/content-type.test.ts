// The request validators compile an operation's schemas once per distinct Content-Type and keep them: a
// client varying the header's parameters (`application/json; x=1`, `x=2`, …) or its media type made every
// request compile them again (≈ 200 ms of CPU and ≈ 2 MB of memory kept, each). Found by the contract fuzz
// suite (its transport mutations send several media types and charsets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { boundedContentType } from './content-type.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const GET = '/api/data/basket/get-basket?locale=fr-fr';

async function timeOf(contentTypes: string[]): Promise<number> {
  const start = performance.now();
  for (const type of contentTypes) await request(t.app).get(GET).set('Content-Type', type).expect(200);
  return performance.now() - start;
}

describe('Content-Type and the validators', () => {
  it('twenty distinct Content-Type values cost about what twenty equal ones do (no compilation per value)', async () => {
    await timeOf(['application/json', 'application/octet-stream']);
    const same = await timeOf(Array.from({ length: 20 }, () => 'application/json'));
    const parameters = await timeOf(Array.from({ length: 20 }, (_, i) => `application/json; x=${i}`));
    const mediaTypes = await timeOf(Array.from({ length: 20 }, (_, i) => `application/x-fuzz-${i}`));
    // Before: each new value compiled the operation's schemas again, about 100 times a cached request.
    expect(parameters).toBeLessThan(same * 5 + 300);
    expect(mediaTypes).toBeLessThan(same * 5 + 300);
  });

  it('a JSON body with parameters in its Content-Type is still read and validated', async () => {
    const res = await request(t.app)
      .post('/api/data/basket/add-item?locale=fr-fr')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Content-Type', 'application/json; charset=utf-8; x=1')
      .send(JSON.stringify({ pid: 'ABC-123', size: 'M' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ERR_API_1009');
  });

  it('reduces the header to an accepted media type, or application/octet-stream', () => {
    const reduce = (header: string | undefined) => {
      const req = { headers: header === undefined ? {} : { 'content-type': header } } as never as {
        headers: Record<string, string>;
      };
      boundedContentType(new Set(['application/json']))(req as never, {} as never, () => undefined);
      return req.headers['content-type'];
    };
    expect(reduce('Application/JSON; charset=UTF-8; x=1')).toBe('application/json');
    expect(reduce('text/plain')).toBe('application/octet-stream');
    expect(reduce('application/x-anything-1')).toBe('application/octet-stream');
    expect(reduce(undefined)).toBeUndefined();
  });
});
