// The web's one door to the API: a typed openapi-fetch client generated from the contract.
import { createStorefrontClient, ApiError, unwrap } from '@storefront/openapi/client';

export { ApiError, unwrap };
export type { Schemas, Problem } from '@storefront/openapi/client';

export const api = createStorefrontClient({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
});

/** Fetches a page-data URL (`/ssr/...`); non-ok answers become ApiError. */
export async function fetchPageData<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, undefined);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) throw new ApiError(response.status, body as never);
  return body as T;
}
