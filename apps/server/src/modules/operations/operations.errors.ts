import { errorsOf } from '../../lib/errors';

/** The codes whose messages live in the `operations` catalog under `errors.<CODE>`; statuses are in the one
 * catalogue of packages/shared/src/errors.ts. */
export const OPERATION_ERROR_CODES = [
  'OPERATION_NOT_FOUND',
  'PUBLIC_LINK_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'FILE_NOT_FOUND',
  'FEATURE_DISABLED',
  'RATE_NOT_FOUND',
  'CASH_EXCEEDS_CONTRIBUTED',
  'CASH_EXCEEDS_TOTAL',
  'CURRENCY_MISMATCH',
  'PERSON_ALREADY_ADDED',
  'DOCUMENT_TYPE_NOT_ALLOWED',
  'DOCUMENT_INVALID',
  'PARTICIPANT_NOT_FOUND',
  'AMOUNT_FILTER_NEEDS_CURRENCY',
  'ROS_REASON_REQUIRED',
  'OPERATION_FINISHED',
  'OPERATION_NOT_FINISHED',
  'OPERATION_INACTIVE',
  'TRANSACTION_INCOMPLETE',
  'FILES_PENDING',
  'FILE_TOO_LARGE',
  'FILE_FORMAT',
  'FILE_ENCRYPTED',
  'FILE_ACTIVE_CONTENT',
  'FILE_REQUIRED',
] as const;

export type OperationErrorCode = (typeof OPERATION_ERROR_CODES)[number];

export const opError = errorsOf<OperationErrorCode>('operations');
