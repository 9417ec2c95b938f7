// The web's one door to the API: a typed openapi-fetch client generated from the contract.
import { createStorefrontClient, ApiError, unwrap } from '@storefront/openapi/client';

import type { PageDataRequest, PageDataResponse } from './paths';

export { ApiError, unwrap };
export type { Schemas, Problem } from '@storefront/openapi/client';

export const api = createStorefrontClient({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
});

/**
 * Fetches a page's data through the contract's client (`GET /ssr/...`); a non-ok answer becomes ApiError, a
 * network failure ApiError(0). The request was checked against its operation where it was built
 * (`pageDataRequest`), so one call serves every page-data operation.
 */
export async function fetchPageData(request: PageDataRequest): Promise<PageDataResponse> {
  let result;
  try {
    result = await api.GET(request.path as '/ssr/home', {
      params: request.params as never,
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  return unwrap(result) as PageDataResponse;
}
