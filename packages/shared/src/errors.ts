/**
 * Stable error codes of the API with their default HTTP status. The message of each code is in the `errors`
 * catalog of every language (packages/shared/src/locales/<lang>/errors.json).
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  COMPANY_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  DENOUNCES_ADMIN_EXISTS: 409,
  CONFLICT: 409,
  OLD_PASSWORD_INVALID: 400,
  PASSWORDS_MUST_MATCH: 400,
  PASSWORD_WEAK: 400,
  PASSWORD_NOT_UPDATED: 400,
  CAPTCHA_INVALID: 400,
  CAPTCHA_INTERNAL: 500,
  RECOVERY_TOKEN_INVALID: 400,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  SSO_TOKEN_REQUIRED: 400,
  SSO_NOT_CONFIGURED: 400,
  ROLE_NOT_ASSIGNABLE: 403,
  COMPANY_REQUIRED: 400,
  NO_COMPANY_ASSIGNED: 403,
  REQUEST_LIMIT_REACHED: 429,
  INTERNAL: 500,
  LIST_NOT_FOUND: 404,
  LIST_ENTRY_NOT_FOUND: 404,
  LIST_VERSION_NOT_FOUND: 404,
  LIST_IMPORT_INVALID: 400,
  LIST_FIELD_REQUIRED: 400,
  LIST_INTERN_NOT_FOUND: 404,
  LIST_INTERN_DUPLICATE: 409,
  BLACKLIST_NOT_FOUND: 404,
  BLACKLIST_REASON_NOT_FOUND: 404,
  SEARCH_LOG_NOT_FOUND: 404,
} as const;

export type CoreErrorCode = keyof typeof ERROR_STATUS;

/** The error body of every failed API call. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  /** the offending field, for validation errors */
  field?: string;
  /** further detail: per-field issues, per-line import errors */
  details?: unknown;
}
