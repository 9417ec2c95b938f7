// Typed clients of both APIs for a Node script or service (Node's global fetch, no browser): what a browser does
// for the storefront, done here —
//   - a cookie jar shared by both clients: `Set-Cookie` answers are stored (the session `sid`, `cs_sid`; their
//     `__Host-` names over HTTPS) and sent back as `Cookie` to the same host and path; an expired or emptied
//     cookie (`Max-Age=0`, a past `Expires`) is dropped, so signing out forgets the session;
//   - `Origin` on every request: state-changing calls from another origin are refused (`ERR_API_1001`), and the
//     customer service's sign-out is a GET that changes state.
// `createNodeClients({ origin: 'http://localhost:3000' })` gives `{ storefront, customerService, jar }`.
import createClient, { type ClientOptions } from 'openapi-fetch';
import type { paths as StorefrontPaths } from '../generated/storefront.d.ts';
import type { paths as CustomerServicePaths } from '../generated/customer-service.d.ts';

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  secure: boolean;
  /** Epoch milliseconds; undefined for a session cookie. */
  expires: number | undefined;
}

/** Cookies of one script run (RFC 6265, host-only: what a session cookie of these APIs needs). */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Stores the `Set-Cookie` lines of an answer to `url`. */
  store(url: string | URL, response: Response): void {
    const target = new URL(url);
    for (const line of response.headers.getSetCookie()) this.storeLine(target, line);
  }

  private storeLine(url: URL, line: string): void {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    if (eq <= 0) return;
    const cookie: StoredCookie = {
      name: pair!.slice(0, eq).trim(),
      value: pair!.slice(eq + 1).trim(),
      host: url.hostname,
      path: defaultPath(url.pathname),
      secure: false,
      expires: undefined,
    };
    let maxAge: number | undefined;
    for (const attribute of attributes) {
      const [rawKey, ...rest] = attribute.split('=');
      const key = rawKey!.trim().toLowerCase();
      const value = rest.join('=').trim();
      if (key === 'path' && value.startsWith('/')) cookie.path = value;
      else if (key === 'secure') cookie.secure = true;
      else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
      else if (key === 'expires' && !Number.isNaN(Date.parse(value))) cookie.expires = Date.parse(value);
    }
    // Max-Age wins over Expires.
    if (maxAge !== undefined) cookie.expires = Date.now() + maxAge * 1000;
    // A secure cookie set over plain HTTP is ignored, as a browser does.
    if (cookie.secure && url.protocol !== 'https:') return;
    const key = `${cookie.host}\u0000${cookie.path}\u0000${cookie.name}`;
    if ((cookie.expires !== undefined && cookie.expires <= Date.now()) || cookie.value === '') this.cookies.delete(key);
    else this.cookies.set(key, cookie);
  }

  /** The `Cookie` header for a request to `url` (undefined when no cookie applies). */
  header(url: string | URL): string | undefined {
    const target = new URL(url);
    const now = Date.now();
    const matching = [...this.cookies.values()].filter(
      (c) =>
        c.host === target.hostname &&
        pathMatches(target.pathname, c.path) &&
        (!c.secure || target.protocol === 'https:') &&
        (c.expires === undefined || c.expires > now),
    );
    // Longer paths first (RFC 6265 §5.4).
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** The value of a cookie for `url`, by name. */
  get(url: string | URL, name: string): string | undefined {
    return this.header(url)
      ?.split('; ')
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  }

  clear(): void {
    this.cookies.clear();
  }
}

function defaultPath(pathname: string): string {
  const slash = pathname.lastIndexOf('/');
  return slash <= 0 ? '/' : pathname.slice(0, slash);
}
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/');
}

/** A `fetch` for openapi-fetch that keeps cookies in `jar` and names `origin` (the host the script calls). */
export function fetchWithSession(
  jar: CookieJar,
  origin: string,
  baseFetch: typeof fetch = globalThis.fetch,
): (input: Request) => Promise<Response> {
  return async (input: Request) => {
    const headers = new Headers(input.headers);
    const cookie = jar.header(input.url);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    if (!headers.has('origin')) headers.set('origin', origin);
    const response = await baseFetch(new Request(input, { headers }));
    jar.store(input.url, response);
    return response;
  };
}

export interface NodeClientsOptions {
  /** Where the storefront is served: `http://localhost:3000` for `npm start`. */
  origin: string;
  /** The customer service's base path on that origin (its contract's `servers`). */
  customerServicePath?: string;
  /** A jar to share with other clients; a new one by default. */
  jar?: CookieJar;
  /** Headers sent with every call (e.g. `Accept-Language`). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

/** Both typed clients over one cookie jar: sign in on either, the other sees the same session. */
export function createNodeClients(options: NodeClientsOptions) {
  const origin = new URL(options.origin).origin;
  const jar = options.jar ?? new CookieJar();
  const shared: ClientOptions = {
    fetch: fetchWithSession(jar, origin, options.fetch),
    headers: options.headers,
    credentials: 'omit',
  };
  return {
    jar,
    origin,
    storefront: createClient<StorefrontPaths>({ ...shared, baseUrl: origin }),
    customerService: createClient<CustomerServicePaths>({
      ...shared,
      baseUrl: `${origin}${options.customerServicePath ?? '/customer-service/v1'}`,
    }),
  };
}
export type NodeClients = ReturnType<typeof createNodeClients>;
