import type { ErrorCode } from '@regcheck/shared';
import { AppError } from '../../lib/errors';

/** An error of the forms module: its message is in the `forms` catalog under `errors.<CODE>`. */
export function formError(code: ErrorCode, field?: string, params?: Record<string, unknown>) {
  return new AppError(code, { field, params, messageKey: `forms:errors.${code}` });
}
