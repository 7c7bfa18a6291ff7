import type { ErrorCode } from '@regcheck/shared';
import { errorsOf } from '../../lib/errors';

/** An error of the forms module: its message is in the `forms` catalog under `errors.<CODE>`. */
export const formError = errorsOf<ErrorCode>('forms');
