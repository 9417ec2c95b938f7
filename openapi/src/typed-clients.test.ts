// The typed clients: per-operation error codes (checked by `npm run typecheck`, which compiles this file, and at
// run time), request fields with defaults left optional, the customer service's typed error, and the Node
// client's cookie jar and Origin header.
import { describe, expect, it } from 'vitest';
import { ApiError, attempt, unwrap, type ErrorCodesOf, type Schemas, type StorefrontClient } from './client.ts';
import {
  CustomerServiceError,
  type CustomerServiceErrorCode,
  type CustomerServiceErrorCodesOf,
} from './customer-service-client.ts';
import { CookieJar, createNodeClients, fetchWithSession } from './node-client.ts';

// ---- types (a wrong line here fails the typecheck) ------------------------------------------------------

// Request fields with a default are optional…
const addBody: Schemas['AddBasketItemRequest'] = { pid: '5YSSDTX7G4J0', size: 'TU' };
// …and answers keep theirs required (a basket always says its per-product maximum).
// @ts-expect-error: maxQuantityPerProduct is required in an answer
const basket: Schemas['Basket'] = {
  id: null,
  market: {} as Schemas['Basket']['market'],
  currencyCode: null,
  items: [],
  itemCount: 0,
  subtotal: null,
};
// An operation's codes: what its answers list, and the codes of any call.
const listed: ErrorCodesOf<'addBasketItem'>[] = [
  'ERR_OCAPI_1010',
  'ERR_PDT_API_1007',
  'ERR_API_1009',
  'ERR_API_1001',
  'ERR_API_1003',
  'ERR_API_1000',
];
// @ts-expect-error: signing out without a session is not a code adding to the basket answers
const notListed: ErrorCodesOf<'addBasketItem'> = 'ERR_API_1022';
const csListed: CustomerServiceErrorCodesOf<'csLogout'> = 'ERR_API_1022';
// @ts-expect-error: not a code of the customer service's sign-out
const csNotListed: CustomerServiceErrorCodesOf<'csLogout'> = 'ERR_OCAPI_1010';
const csAny: CustomerServiceErrorCode = 'ERR_API_1022';
// The error of a real call through the generated client carries the operation's union.
export async function addToBasket(client: StorefrontClient): Promise<string> {
  const result = await attempt(
    client.POST('/api/data/basket/add-item', { params: { query: { locale: 'fr-fr' } }, body: addBody }),
  );
  if (result.ok) return result.data.id ?? '';
  const code: ErrorCodesOf<'addBasketItem'> | 'API_UNKNOWN_ERROR' = result.error.code;
  // @ts-expect-error: ERR_API_1022 is not among addBasketItem's codes, so the comparison cannot be true
  if (result.error.code === 'ERR_API_1022') return 'never';
  return code;
}

describe('typed clients', () => {
  it('keeps the type-level checks above in the compiled file', () => {
    expect([addBody.quantity, basket.itemCount, listed.length, notListed, csListed, csNotListed, csAny]).toHaveLength(
      7,
    );
  });

  it('narrows error.code to the codes of the called operation', async () => {
    const problem = {
      type: 'https://errors.storefront.dev/ERR_OCAPI_1010',
      title: 'Too many',
      status: 409,
      code: 'ERR_OCAPI_1010',
    };
    const call = Promise.resolve({
      data: undefined,
      error: problem as { code: 'ERR_OCAPI_1010' | 'ERR_OCAPI_1011' },
      response: new Response(null, { status: 409 }),
    });
    const result = await attempt(call);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The type is the operation's union (plus API_UNKNOWN_ERROR for no answer): a `case` outside it would not compile.
    const code: 'ERR_OCAPI_1010' | 'ERR_OCAPI_1011' | 'API_UNKNOWN_ERROR' = result.error.code;
    expect(code).toBe('ERR_OCAPI_1010');
    expect(result.error.status).toBe(409);
    expect(() => unwrap({ error: problem, response: new Response(null, { status: 409 }) })).toThrow(ApiError);
  });

  it('answers API_UNKNOWN_ERROR for a failed call or a body that is not a problem', async () => {
    const failed = await attempt(Promise.reject(new TypeError('fetch failed')));
    expect(!failed.ok && failed.error.code).toBe('API_UNKNOWN_ERROR');
    const html = await attempt(Promise.resolve({ error: '<html>', response: new Response('<html>', { status: 502 }) }));
    expect(!html.ok && [html.error.code, html.error.status]).toEqual(['API_UNKNOWN_ERROR', 502]);
  });

  it('types the customer service error with a catalogue code, or none', () => {
    const known = new CustomerServiceError(401, 'Unauthorized', { code: 'ERR_API_1022', status: 401 });
    expect(known.code).toBe('ERR_API_1022');
    const unknown = new CustomerServiceError(502, 'Bad Gateway', { code: 'SOMETHING_ELSE' });
    expect(unknown.code).toBeUndefined();
    expect(unknown.body).toEqual({ code: 'SOMETHING_ELSE' });
  });
});

describe('Node client', () => {
  const origin = 'http://127.0.0.1:3000';
  const answer = (...cookies: string[]) => {
    const headers = new Headers();
    for (const c of cookies) headers.append('set-cookie', c);
    return new Response('{}', { headers });
  };

  it('keeps cookies by host and path, and drops an emptied or expired one', () => {
    const jar = new CookieJar();
    jar.store(
      `${origin}/api/auth/login`,
      answer('sid=abc; Path=/; HttpOnly; SameSite=Lax', 'cs_sid=abc; Path=/customer-service; HttpOnly'),
    );
    expect(jar.header(`${origin}/api/data/basket/get-basket`)).toBe('sid=abc');
    expect(jar.header(`${origin}/customer-service/v1/session`)).toBe('cs_sid=abc; sid=abc');
    expect(jar.header('http://other.example/api')).toBeUndefined();
    jar.store(`${origin}/customer-service/v1/logout`, answer('cs_sid=; Path=/customer-service; Max-Age=0'));
    jar.store(`${origin}/api/x`, answer(`sid=abc; Path=/; Expires=${new Date(Date.now() - 1000).toUTCString()}`));
    expect(jar.header(`${origin}/customer-service/v1/session`)).toBeUndefined();
  });

  it('keeps a Secure cookie for HTTPS only', () => {
    const jar = new CookieJar();
    jar.store('http://shop.test/api', answer('__Host-sid=x; Path=/; Secure'));
    expect(jar.header('http://shop.test/api')).toBeUndefined();
    jar.store('https://shop.test/api', answer('__Host-sid=x; Path=/; Secure'));
    expect(jar.get('https://shop.test/api/data', '__Host-sid')).toBe('x');
    expect(jar.header('http://shop.test/api')).toBeUndefined();
  });

  it('sends the jar and Origin with each call and stores what comes back', async () => {
    const seen: Request[] = [];
    const jar = new CookieJar();
    const fetcher = fetchWithSession(jar, origin, async (input) => {
      seen.push(input as Request);
      return answer('sid=rotated; Path=/');
    });
    jar.store(`${origin}/`, answer('sid=first; Path=/'));
    await fetcher(new Request(`${origin}/api/data/basket/add-item`, { method: 'POST' }));
    expect(seen[0]!.headers.get('cookie')).toBe('sid=first');
    expect(seen[0]!.headers.get('origin')).toBe(origin);
    expect(jar.get(origin, 'sid')).toBe('rotated');
  });

  it('builds both clients on one origin and jar', () => {
    const clients = createNodeClients({ origin: `${origin}/ignored/path` });
    expect(clients.origin).toBe(origin);
    expect(clients.jar).toBeInstanceOf(CookieJar);
  });
});
