// The typed storefront client. Web code imports the API only through web/src/lib/api-client.ts,
// which wraps this; server integration tests import the types from here.
import createClient, { type ClientOptions } from 'openapi-fetch';
import type { paths, components, operations } from '../generated/storefront.d.ts';
import type { ErrorCode } from '../generated/errors.ts';

export type { paths, components, operations, ErrorCode };
export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

export function createStorefrontClient(options: ClientOptions = {}) {
  return createClient<paths>({ credentials: 'same-origin', ...options });
}
export type StorefrontClient = ReturnType<typeof createStorefrontClient>;

/** A non-ok answer of the storefront API, carrying the problem body and HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'API_UNKNOWN_ERROR';
  readonly problem: Problem | undefined;
  constructor(status: number, problem: Problem | undefined) {
    super(problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.code = problem?.code ?? 'API_UNKNOWN_ERROR';
  }
}

/** Unwraps an openapi-fetch result: data on success, ApiError otherwise. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  const err = result.error as Problem | undefined;
  throw new ApiError(result.response.status, err && typeof err === 'object' && 'code' in err ? err : undefined);
}
