import { errorsOf } from '../../lib/errors';

/** The codes transactions answer; their messages are the operations catalog's (`operations:errors.<CODE>`). */
export type TransactionErrorCode =
  | 'TRANSACTION_NOT_FOUND'
  | 'FILE_NOT_FOUND'
  | 'CASH_EXCEEDS_TOTAL'
  | 'FILE_REQUIRED'
  | 'FILE_TOO_LARGE'
  | 'FILE_FORMAT'
  | 'FILE_ENCRYPTED'
  | 'FILE_ACTIVE_CONTENT';

export const transactionError = errorsOf<TransactionErrorCode>('operations');
