import { type CoreErrorCode, ERROR_STATUS } from '@regcheck/shared';

/**
 * An error the API answers with `{ statusCode, code, message }`. `code` is stable; the message is the `errors`
 * catalog entry of `messageKey ?? code` in the caller's language, with `params` interpolated.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly params?: Record<string, unknown>;
  readonly field?: string;
  readonly details?: unknown;
  /** catalog key of the message when it differs from the code, as `ns:key` */
  readonly messageKey?: string;

  constructor(
    code: CoreErrorCode | (string & {}),
    opts: {
      statusCode?: number;
      params?: Record<string, unknown>;
      field?: string;
      details?: unknown;
      messageKey?: string;
    } = {},
  ) {
    super(code);
    this.code = code;
    this.statusCode = opts.statusCode ?? (ERROR_STATUS as Record<string, number>)[code] ?? 400;
    this.params = opts.params;
    this.field = opts.field;
    this.details = opts.details;
    this.messageKey = opts.messageKey;
  }
}

export const notFound = (code = 'NOT_FOUND') => new AppError(code, { statusCode: 404 });
export const forbidden = () => new AppError('FORBIDDEN', { statusCode: 403 });
