import { errorsOf } from '../../lib/errors';

/** The codes whose messages live in the `fichas` catalog (locales/<lang>/fichas.json); statuses are in the one
 * catalogue of packages/shared/src/errors.ts. */
const FICHA_CODES = [
  'FICHA_NOT_FOUND',
  'FICHA_DNI_EXISTS',
  'FICHA_DNI_OTHER_PERSON_TYPE',
  'FICHA_UPDATE_FAILED',
  'FICHA_NOT_IN_TRASH',
  'DOCUMENT_INVALID',
  'DOCUMENT_TYPE_NOT_ALLOWED',
  'DOCUMENT_REQUIRED',
  'COUNTRY_NOT_FOUND',
  'EMAIL_INVALID',
  'NAME_INVALID',
  'DATE_INVALID',
  'FIELD_REQUIRED',
  'TAGS_TOO_MANY',
  'TAGS_REPEATED',
  'RELATIONSHIP_EXISTS',
  'RELATIONSHIP_CREATE_FAILED',
  'RELATIONSHIP_NOT_FOUND',
  'RELATED_SAME_DNI',
  'PERSON_ALREADY_ADDED',
  'LEGAL_REP_ALREADY_ADDED',
  'LEGAL_PERSON_NOT_ALLOWED',
  'PERCENTAGE_REQUIRED',
  'PERCENTAGE_FORMAT',
  'PERCENTAGE_RANGE',
  'OWNERSHIP_PERCENTAGE',
  'TAG_NOT_FOUND',
  'TAG_EXISTS',
  'TAG_DELETE_SUPERADMIN_ONLY',
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'FILE_FORMAT',
  'FILE_ENCRYPTED',
  'FILE_ACTIVE_CONTENT',
  'FILE_NOT_FOUND',
  'MATCH_NOT_FOUND',
  'NO_RECORDS_FOR_DNI',
  'POSITION_EXISTS',
  'RISK_OVERWRITE_ADMIN_ONLY',
  'SCREENING_FAILED',
  'FICHAS_EXPORT_TOO_MANY',
  'FICHA_REVIEW_INACTIVE',
  'FICHA_EDD_OPEN',
  'FICHA_EDD_APPROVAL_ADMIN_ONLY',
  'FICHA_EDD_NOT_REQUIRED',
  'FICHA_EDD_FUNDS_REQUIRED',
  'FICHA_EDD_WEALTH_REQUIRED',
] as const;

export type FichaErrorCode = (typeof FICHA_CODES)[number];

/**
 * An AppError of the fichas family: stable `code`, the message from the `fichas` catalog in the caller's
 * language, and the offending `field` both in the body and in the message.
 */
export const fichaError = errorsOf<FichaErrorCode>('fichas');
