import { ERROR_STATUS, type ErrorCode } from '@regcheck/shared';

/**
 * An error the API answers with `{ statusCode, code, message }`. `code` is stable and its HTTP status comes from
 * the one catalogue (packages/shared/src/errors.ts), never from the thrower; the message is the catalog entry of
 * `messageKey ?? code` in the caller's language, with `params` interpolated.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params?: Record<string, unknown>;
  readonly field?: string;
  readonly details?: unknown;
  /** catalog key of the message when it differs from the code, as `ns:key` */
  readonly messageKey?: string;

  constructor(
    code: ErrorCode,
    opts: {
      params?: Record<string, unknown>;
      field?: string;
      details?: unknown;
      messageKey?: string;
    } = {},
  ) {
    super(code);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.params = opts.params;
    this.field = opts.field;
    this.details = opts.details;
    this.messageKey = opts.messageKey;
  }
}

/** What a module's error says besides its code: the field it names, the values of its message, more details. */
export interface ErrorDetail {
  field?: string;
  params?: Record<string, unknown>;
  details?: unknown;
}

/**
 * The one shape of a module's error helper (decision 267): `fichaError(code, { field, params })`, its message the
 * module's catalogue entry `<namespace>:errors.<code>`, with `{{field}}` and the module's `defaults` among the
 * values of the message.
 */
export function errorsOf<C extends ErrorCode>(namespace: string, defaults: Record<string, unknown> = {}) {
  return (code: C, detail: ErrorDetail = {}): AppError =>
    new AppError(code, {
      field: detail.field,
      details: detail.details,
      params: { field: detail.field ?? '', ...defaults, ...detail.params },
      messageKey: `${namespace}:errors.${code}`,
    });
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(code);
export const forbidden = () => new AppError('FORBIDDEN');
