import { AppError } from '../../lib/errors';

/** Status of each fichas error code; the messages are in the `fichas` catalog (locales/<lang>/fichas.json). */
const STATUS = {
  FICHA_NOT_FOUND: 404,
  FICHA_DNI_EXISTS: 409,
  FICHA_DNI_OTHER_PERSON_TYPE: 409,
  FICHA_UPDATE_FAILED: 500,
  FICHA_NOT_IN_TRASH: 409,
  DOCUMENT_INVALID: 400,
  DOCUMENT_TYPE_NOT_ALLOWED: 400,
  DOCUMENT_REQUIRED: 400,
  COUNTRY_NOT_FOUND: 400,
  EMAIL_INVALID: 400,
  NAME_INVALID: 400,
  DATE_INVALID: 400,
  FIELD_REQUIRED: 400,
  TAGS_TOO_MANY: 400,
  TAGS_REPEATED: 400,
  RELATIONSHIP_EXISTS: 409,
  RELATIONSHIP_CREATE_FAILED: 500,
  RELATIONSHIP_NOT_FOUND: 404,
  RELATED_SAME_DNI: 400,
  PERSON_ALREADY_ADDED: 409,
  LEGAL_REP_ALREADY_ADDED: 409,
  LEGAL_PERSON_NOT_ALLOWED: 400,
  PERCENTAGE_REQUIRED: 400,
  PERCENTAGE_FORMAT: 400,
  PERCENTAGE_RANGE: 400,
  OWNERSHIP_PERCENTAGE: 400,
  TAG_NOT_FOUND: 404,
  TAG_EXISTS: 409,
  TAG_DELETE_SUPERADMIN_ONLY: 403,
  FILE_REQUIRED: 400,
  FILE_TOO_LARGE: 413,
  FILE_FORMAT: 400,
  FILE_ENCRYPTED: 400,
  FILE_NOT_FOUND: 404,
  MATCH_NOT_FOUND: 404,
  NO_RECORDS_FOR_DNI: 404,
  POSITION_EXISTS: 409,
  RISK_OVERWRITE_ADMIN_ONLY: 403,
  SCREENING_FAILED: 502,
  FICHAS_EXPORT_TOO_MANY: 400,
} as const;

export type FichaErrorCode = keyof typeof STATUS;

/**
 * An AppError of the fichas family: stable `code`, the message from the `fichas` catalog in the caller's
 * language, and the offending `field` both in the body and in the message.
 */
export function fichaError(code: FichaErrorCode, field?: string, params: Record<string, unknown> = {}) {
  return new AppError(code, {
    statusCode: STATUS[code],
    field,
    params: { field: field ?? '', ...params },
    messageKey: `fichas:errors.${code}`,
  });
}
