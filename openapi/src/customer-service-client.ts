// The customer service client (spec §7 "Customer API"): cookies sent, JSON, locale as a query value.
// `settle(call)` resolves to `{ data }` — `null` for a 204 — or throws CustomerServiceError carrying the HTTP
// status, status text and the problem body. The storefront server calls the customer service through this
// wrapper only.
import createClient, { type ClientOptions } from 'openapi-fetch';
import type { paths, components, operations } from '../generated/customer-service.d.ts';
import { isErrorCode, type ErrorCode } from '../generated/errors.ts';
import type { AnyCallErrorCode, ProblemCode } from './client.ts';

export type {
  paths as CustomerServicePaths,
  components as CustomerServiceComponents,
  operations as CustomerServiceOperations,
};
export type CustomerServiceSchemas = components['schemas'];

type ProblemOf<R> = R extends { content: { 'application/problem+json': infer P } } ? P : never;
/**
 * The codes a customer service operation may answer: what each of its error answers lists in the contract,
 * plus the codes of any call. `CustomerServiceErrorCodesOf<'csLogin'>`.
 */
export type CustomerServiceErrorCodesOf<Op extends keyof operations> =
  | {
      [S in keyof operations[Op]['responses']]: ProblemCode<ProblemOf<operations[Op]['responses'][S]>>;
    }[keyof operations[Op]['responses']]
  | AnyCallErrorCode;
/** Every code the customer service contract lists for one of its operations. */
export type CustomerServiceErrorCode = { [Op in keyof operations]: CustomerServiceErrorCodesOf<Op> }[keyof operations];

/**
 * A non-ok answer of the customer service (the spec's SERVICE_ERROR), with status, statusText and body.
 * `code` is a catalogue code (`ErrorCode`; `API_UNKNOWN_ERROR` for a failed network call), or `undefined` when
 * the body carries none (the raw body stays in `body`). Where the operation is known, `Code` narrows it to the
 * codes that operation lists: `err as CustomerServiceError<CustomerServiceErrorCodesOf<'csLogin'>>`.
 */
export class CustomerServiceError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly kind = 'SERVICE_ERROR' as const;
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  /** The catalogue code of a problem body, when there is one. */
  readonly code: Code | undefined;
  /** The answer's headers (e.g. `Retry-After`), when there was an answer. */
  readonly headers: Headers | undefined;
  constructor(status: number, statusText: string, body: unknown, headers?: Headers) {
    const raw = body && typeof body === 'object' && 'code' in body ? (body as { code: unknown }).code : undefined;
    const code = isErrorCode(raw) ? (raw as Code) : undefined;
    super(`Customer service answered ${status} ${statusText}${code ? ` (${code})` : ''}`);
    this.name = 'CustomerServiceError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.code = code;
    this.headers = headers;
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** `{ data }` for a success (null for 204 No Content), CustomerServiceError for anything else. */
export async function settle<T>(call: Promise<Result<T>>): Promise<{ data: T | null; response: Response }> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (cause) {
    // The network call itself failed: spec §8 API_UNKNOWN_ERROR (500).
    throw Object.assign(new CustomerServiceError(500, 'Network request failed', { code: 'API_UNKNOWN_ERROR' }), {
      cause,
    });
  }
  const { response } = result;
  if (!response.ok)
    throw new CustomerServiceError(response.status, response.statusText, result.error ?? null, response.headers);
  if (response.status === 204) return { data: null, response };
  return { data: (result.data ?? null) as T | null, response };
}

/**
 * A typed client of the customer service API; `baseUrl` ends with its base path (`…/customer-service/v1`).
 * Wrap each call in `settle()`: `const { data } = await settle(cs.GET('/session', { params: { query: { locale } } }))`.
 */
export function createCustomerServiceClient(options: ClientOptions & { baseUrl: string }) {
  return createClient<paths>({ credentials: 'include', ...options });
}
export type CustomerServiceClient = ReturnType<typeof createCustomerServiceClient>;
