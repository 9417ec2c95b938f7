// A Node script against a running storefront: signs a customer in, adds a product to the basket, reads the
// basket — through the typed clients of both APIs sharing one cookie jar (`openapi/src/node-client.ts`).
//
//   npm start                                   (in another terminal: the demo client, the test reCAPTCHA)
//   node --import tsx openapi/samples/node-sign-in.ts <pid>
//
// Environment: STOREFRONT_URL (http://localhost:3000), LOCALE (fr-fr), EMAIL and PASSWORD (the demo client of
// `npm start`), RECAPTCHA_TOKEN (the test verifier's token). An error answer ends the script with its catalogue
// code; each code is one the called operation lists in the contract, so the `switch` below is checked by tsc.
import { fileURLToPath } from 'node:url';
import { attempt, ApiError } from '../src/client.ts';
import { createNodeClients } from '../src/node-client.ts';

export interface SignInAndShop {
  origin: string;
  email: string;
  password: string;
  pid: string;
  locale?: string;
  recaptchaToken?: string;
}

export interface ShopResult {
  signedIn: boolean;
  /** The size added: the first one in stock. */
  size: string;
  basket: { itemCount: number; items: { pid: string; size: string; quantity: number }[]; currencyCode: string | null };
  /** Cookie names the jar held at the end (the session cookie among them). */
  cookies: string[];
}

export async function signInAndShop(options: SignInAndShop): Promise<ShopResult> {
  const locale = options.locale ?? 'fr-fr';
  const { storefront, jar, origin } = createNodeClients({ origin: options.origin });

  // 1. Sign in: the answer sets the session cookie, which the jar sends with every later call.
  const login = await attempt(
    storefront.POST('/api/auth/login', {
      params: { query: { locale } },
      body: {
        email: options.email,
        password: options.password,
        recaptchaToken: options.recaptchaToken ?? 'test-recaptcha-token',
      },
    }),
  );
  if (!login.ok) {
    switch (login.error.code) {
      case 'ERR_API_1028':
        throw new Error(
          `too many sign-in attempts: wait ${login.response?.headers.get('retry-after') ?? 'a while'} s`,
          { cause: login.error },
        );
      case 'ERR_RECAPTCHA_1002':
        throw new Error('the server does not run the test reCAPTCHA verifier (RECAPTCHA_VERIFIER=test)', {
          cause: login.error,
        });
      default:
        throw login.error;
    }
  }

  // 2. A size of the product in stock.
  const availability = await attempt(
    storefront.GET('/api/data/product/{pid}/availability', {
      params: { path: { pid: options.pid }, query: { locale } },
    }),
  );
  if (!availability.ok) throw availability.error;
  const size = availability.data.variants.find((v) => v.inStock)?.size;
  if (!size) throw new Error(`product ${options.pid} has no size in stock`);

  // 3. Add one unit (`quantity` defaults to 1, `applePay` to false: both optional in the typed body).
  const added = await attempt(
    storefront.POST('/api/data/basket/add-item', { params: { query: { locale } }, body: { pid: options.pid, size } }),
  );
  if (!added.ok) {
    // Only codes addBasketItem lists compile here (a rule of the basket: 409; an unknown product or size: 404).
    switch (added.error.code) {
      case 'ERR_OCAPI_1010':
        throw new Error('the basket already holds the most units of this product it may', { cause: added.error });
      case 'ERR_OCAPI_1011':
        throw new Error(`size ${size} has no more units in stock`, { cause: added.error });
      default:
        throw added.error;
    }
  }

  // 4. Read it back on the same session.
  const basket = await attempt(storefront.GET('/api/data/basket/get-basket', { params: { query: { locale } } }));
  if (!basket.ok) throw basket.error;
  const session = await attempt(storefront.POST('/api/data/session', { params: { query: { locale } } }));
  return {
    signedIn: session.ok && session.data.customerAuthenticated,
    size,
    basket: {
      itemCount: basket.data.itemCount,
      currencyCode: basket.data.currencyCode,
      items: basket.data.items.map((i) => ({ pid: i.pid, size: i.size, quantity: i.quantity })),
    },
    cookies: (jar.header(origin) ?? '')
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.slice(0, pair.indexOf('='))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pid = process.argv[2] ?? process.env.PID;
  if (!pid) {
    console.error('usage: node --import tsx openapi/samples/node-sign-in.ts <pid>');
    process.exit(2);
  }
  signInAndShop({
    origin: process.env.STOREFRONT_URL ?? 'http://localhost:3000',
    email: process.env.EMAIL ?? 'client@example.com',
    password: process.env.PASSWORD ?? 'Maison-Montaigne-2026',
    locale: process.env.LOCALE,
    recaptchaToken: process.env.RECAPTCHA_TOKEN,
    pid,
  }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (err: unknown) => {
      console.error(err instanceof ApiError ? `${err.status} ${err.code}: ${err.message}` : err);
      process.exit(1);
    },
  );
}
