import { errorsOf } from '../../lib/errors';

/** The codes whose messages live in the `allegations` catalog under `errors.<CODE>`; statuses are in the one
 * catalogue of packages/shared/src/errors.ts. */
export const ALLEGATION_ERROR_CODES = [
  'ALLEGATION_NOT_FOUND',
  'ALLEGATION_CHANNEL_UNAVAILABLE',
  'ALLEGATION_CREDENTIALS',
  'ALLEGATION_LOCKED',
  'ALLEGATION_STATUS_TRANSITION',
  'ALLEGATION_KARIN_NOT_DISMISSED',
  'ALLEGATION_KARIN_INVESTIGATION_FIRST',
  'ALLEGATION_KARIN_RESOLUTION_REQUIRED',
  'ALLEGATION_REASON_REQUIRED',
  'ALLEGATION_CATEGORY_UNKNOWN',
  'ALLEGATION_CATEGORY_OTHER_COUNTRY',
  'ALLEGATION_ASSIGNEE_INVALID',
  'ALLEGATION_REPORTER_CONTACT',
  'ALLEGATION_MODE_INVALID',
  'ALLEGATION_DATA_INVALID',
  'FILE_TOO_LARGE',
  'FILE_FORMAT',
  'FILE_ENCRYPTED',
  'FILE_ACTIVE_CONTENT',
  'FILE_REQUIRED',
  'FILE_NOT_FOUND',
] as const;

export type AllegationErrorCode = (typeof ALLEGATION_ERROR_CODES)[number];

export const allegationError = errorsOf<AllegationErrorCode>('allegations');
