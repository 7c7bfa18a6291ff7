/** A failed API call: the server's `{ statusCode, code, message, field? }`, message already translated. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  /** what the server adds to some errors, e.g. every field problem of a form at once ({ fields: [...] }) */
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, field?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
