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

/** Codes any call may answer whatever its operation lists: an unexpected failure, a part not implemented yet. */
export type AnyCallErrorCode = 'ERR_API_1000' | 'ERR_API_1036';

/** The `code` of a problem type (`never` for a body that is not a problem). */
export type ProblemCode<E> = E extends { code: infer C extends string } ? C : never;

/**
 * The codes an operation may answer: the union of what each of its error answers lists in the contract (the
 * generated types carry them: `error.code` of an openapi-fetch call is already this union), plus the codes of
 * any call. `ErrorCodesOf<'addBasketItem'>` is `'ERR_API_1001' | 'ERR_OCAPI_1010' | …`.
 */
export type ErrorCodesOf<Op extends keyof operations> =
  | {
      [S in keyof operations[Op]['responses']]: ProblemCode<ProblemOf<operations[Op]['responses'][S]>>;
    }[keyof operations[Op]['responses']]
  | AnyCallErrorCode;
type ProblemOf<R> = R extends { content: { 'application/problem+json': infer P } } ? P : never;

/**
 * A non-ok answer of the storefront API, carrying the problem body and HTTP status. `Code` narrows `code` to
 * an operation's codes (`ApiError<ErrorCodesOf<'addBasketItem'>>`, or what `attempt()` infers); without an
 * answer (a network failure) or with a body that is not a problem, the code is `API_UNKNOWN_ERROR`.
 */
export class ApiError<Code extends string = ErrorCode> extends Error {
  readonly status: number;
  readonly code: Code | 'API_UNKNOWN_ERROR';
  readonly problem: (Omit<Problem, 'code'> & { code: Code }) | undefined;
  constructor(status: number, problem: (Omit<Problem, 'code'> & { code: Code }) | undefined) {
    super(problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.code = problem?.code ?? 'API_UNKNOWN_ERROR';
  }
}

type FetchResult<T, E> = { data?: T; error?: E; response: Response };

function apiErrorOf<E>(result: FetchResult<unknown, E>): ApiError<ProblemCode<E> & string> {
  const err = result.error as unknown;
  const problem =
    err && typeof err === 'object' && 'code' in err && typeof err.code === 'string'
      ? (err as Omit<Problem, 'code'> & { code: ProblemCode<E> & string })
      : undefined;
  return new ApiError(result.response.status, problem);
}

/** Unwraps an openapi-fetch result: data on success, ApiError (of the operation's codes) otherwise. */
export function unwrap<T, E = unknown>(result: FetchResult<T, E>): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw apiErrorOf(result);
}

/**
 * Settles an openapi-fetch call without throwing for an error answer: `{ ok: true, data }` or
 * `{ ok: false, error }` whose `error.code` is the union of the codes that operation lists, so that a
 * `switch (error.code)` is checked against the contract. A failed network call is ApiError(0,
 * `API_UNKNOWN_ERROR`).
 */
export async function attempt<T, E>(
  call: Promise<FetchResult<T, E>>,
): Promise<
  | { ok: true; data: T; response: Response }
  | { ok: false; error: ApiError<ProblemCode<E> & string>; response?: Response }
> {
  let result: FetchResult<T, E>;
  try {
    result = await call;
  } catch (cause) {
    return { ok: false, error: Object.assign(new ApiError<ProblemCode<E> & string>(0, undefined), { cause }) };
  }
  if (result.response.ok) return { ok: true, data: result.data as T, response: result.response };
  return { ok: false, error: apiErrorOf(result), response: result.response };
}
