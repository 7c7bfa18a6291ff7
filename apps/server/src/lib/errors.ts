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

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(code);
export const forbidden = () => new AppError('FORBIDDEN');
