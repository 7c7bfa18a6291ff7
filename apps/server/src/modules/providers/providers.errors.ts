import type { ErrorCode } from '@regcheck/shared';
import { AppError } from '../../lib/errors';

/** An error of the records family: its message lives in the `records` catalog (locales/<lang>/records.json). */
export function recordsError(code: ErrorCode, field?: string, params?: Record<string, unknown>): AppError {
  return new AppError(code, { field, params, messageKey: `records:errors.${code}` });
}
