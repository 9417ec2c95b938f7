import { errorCatalogue, type ErrorCode } from '@storefront/openapi/errors';

export type { ErrorCode };

export interface Issue {
  path: string;
  message: string;
}

/** An error answered to the client with a catalogue code; status and title come from the catalogue. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly issues: Issue[] | undefined;
  /** Seconds to wait before retrying (answered as `Retry-After`, e.g. with ERR_API_1028). */
  retryAfterSeconds?: number;
  constructor(code: ErrorCode, detail?: string, issues?: Issue[]) {
    super(`${code}: ${detail ?? errorCatalogue[code].message}`);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.detail = detail;
    this.issues = issues;
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  requestId?: string;
  errors?: Issue[];
}

export function problemOf(error: AppError, requestId?: string): ProblemBody {
  const body: ProblemBody = {
    type: `https://errors.storefront.dev/${error.code}`,
    title: errorCatalogue[error.code].message,
    status: error.status,
    code: error.code,
  };
  if (error.detail) body.detail = error.detail;
  if (requestId) body.requestId = requestId;
  if (error.issues?.length) body.errors = error.issues;
  return body;
}
