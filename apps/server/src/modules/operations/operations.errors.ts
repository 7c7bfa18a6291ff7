import { AppError } from '../../lib/errors';

/** Error codes of the operations module: messages live in the `operations` catalog under `errors.<CODE>`. */
export const OPERATION_ERROR_STATUS = {
  OPERATION_NOT_FOUND: 404,
  PUBLIC_LINK_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  FEATURE_DISABLED: 404,
  RATE_NOT_FOUND: 404,
  CASH_EXCEEDS_CONTRIBUTED: 400,
  CASH_EXCEEDS_TOTAL: 400,
  CURRENCY_MISMATCH: 400,
  PERSON_ALREADY_ADDED: 400,
  DOCUMENT_TYPE_NOT_ALLOWED: 400,
  DOCUMENT_INVALID: 400,
  PARTICIPANT_NOT_FOUND: 400,
  AMOUNT_FILTER_NEEDS_CURRENCY: 400,
  ROS_REASON_REQUIRED: 400,
  OPERATION_FINISHED: 409,
  OPERATION_NOT_FINISHED: 409,
  OPERATION_INACTIVE: 409,
  TRANSACTION_INCOMPLETE: 400,
  FILES_PENDING: 400,
  FILE_TOO_LARGE: 413,
  FILE_FORMAT: 400,
  FILE_ENCRYPTED: 400,
  FILE_REQUIRED: 400,
} as const;

export type OperationErrorCode = keyof typeof OPERATION_ERROR_STATUS;

export function opError(code: OperationErrorCode, opts: { field?: string; params?: Record<string, unknown> } = {}) {
  return new AppError(code, {
    statusCode: OPERATION_ERROR_STATUS[code],
    messageKey: `operations:errors.${code}`,
    field: opts.field,
    params: opts.params,
  });
}
