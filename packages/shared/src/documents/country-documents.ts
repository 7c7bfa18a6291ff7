import { formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';
import { formatCpf, isValidCpf, normalizeCpf } from './cpf';
import { formatRut, isValidRut, normalizeRut } from './rut';

export const PERSON_TYPES = ['natural', 'legal'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

export const DOCUMENT_TYPES = [
  'RUT',
  'CPF',
  'CNPJ',
  'DNI',
  'CUIT',
  'PASSPORT',
  'CI',
  'NIT',
  'CC',
  'RUC',
  'DPI',
  'CURP',
  'RFC',
  'ID',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export type DocumentError = 'DOCUMENT_TYPE_NOT_ALLOWED' | 'DOCUMENT_INVALID' | 'DOCUMENT_REQUIRED';

/** Documents without a checksum are stored trimmed and upper-case, at most this long. */
export const FREE_DOCUMENT_MAX_LENGTH = 30;

type Allowed = Readonly<Record<PersonType, readonly DocumentType[]>>;

/**
 * Document types per country and person type (spec 000 §5). The spec lists types per country and only
 * splits Brazil by person type; the split below follows each country's actual registry:
 * - Personal identity cards (DNI, CI, CC, DPI, CURP) and passports exist only for natural persons.
 * - Tax ids (CUIT, NIT, RUC, RFC, Chile's RUT) are issued to companies and also to individuals who
 *   trade or pay tax (an Argentine monotributista has a CUIT, a Peruvian sole trader a RUC 10-...), so
 *   they are allowed for both. Ecuador lists only RUC, so RUC must serve natural persons too.
 * - Brazil is split by the spec itself: CPF natural, CNPJ legal.
 * Order matters: the first natural entry is the one offered by default for that country.
 */
export const COUNTRY_DOCUMENT_TYPES: Readonly<Record<string, Allowed>> = {
  AR: { natural: ['DNI', 'CUIT', 'PASSPORT'], legal: ['CUIT'] },
  BO: { natural: ['CI', 'NIT'], legal: ['NIT'] },
  BR: { natural: ['CPF'], legal: ['CNPJ'] },
  CL: { natural: ['RUT'], legal: ['RUT'] },
  CO: { natural: ['CC', 'NIT'], legal: ['NIT'] },
  EC: { natural: ['RUC'], legal: ['RUC'] },
  GT: { natural: ['DPI', 'NIT'], legal: ['NIT'] },
  MX: { natural: ['CURP', 'RFC'], legal: ['RFC'] },
  PY: { natural: ['CI', 'RUC'], legal: ['RUC'] },
  PE: { natural: ['DNI', 'RUC'], legal: ['RUC'] },
};

/** Every country not in the table above ("Others" in the spec). */
export const OTHER_COUNTRY_DOCUMENT_TYPES: Allowed = { natural: ['PASSPORT'], legal: ['ID'] };

function countryKey(country: string | null | undefined): string {
  return (country ?? '').trim().toUpperCase();
}

/** Allowed document types for an ISO 3166-1 alpha-2 country and a person type. */
export function documentTypesFor(country: string | null | undefined, personType: PersonType): readonly DocumentType[] {
  const allowed = COUNTRY_DOCUMENT_TYPES[countryKey(country)] ?? OTHER_COUNTRY_DOCUMENT_TYPES;
  return allowed[personType];
}

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** A document type is valid only if it is in the country's list and matches the person type. */
export function isDocumentTypeAllowed(
  country: string | null | undefined,
  personType: PersonType,
  type: string | null | undefined,
): boolean {
  const key = (type ?? '').trim().toUpperCase();
  return isDocumentType(key) && documentTypesFor(country, personType).includes(key);
}

/**
 * Default document type. The spec says "CPF for natural and CNPJ for legal in Brazil, otherwise RUT";
 * the product's companies are Chilean or Brazilian, so "otherwise" means Chile. For a country where RUT
 * is not allowed we return that country's first allowed type, so the default always passes
 * `isDocumentTypeAllowed` instead of producing DOCUMENT_TYPE_NOT_ALLOWED on an untouched form.
 */
export function defaultDocumentType(country: string | null | undefined, personType: PersonType): DocumentType {
  const key = countryKey(country);
  if (key === 'BR') return personType === 'natural' ? 'CPF' : 'CNPJ';
  const allowed = documentTypesFor(key, personType);
  if (key === '' || allowed.includes('RUT')) return 'RUT';
  return allowed[0] ?? 'RUT';
}

function normalizeFree(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Canonical stored form: RUT `12345678-5`, CPF 11 digits, CNPJ 14 characters, others trimmed upper-case. */
export function normalizeDocument(type: string, value: string | null | undefined): string {
  const v = value ?? '';
  switch (type.toUpperCase()) {
    case 'RUT':
      return normalizeRut(v);
    case 'CPF':
      return normalizeCpf(v);
    case 'CNPJ':
      return normalizeCnpj(v);
    default:
      return normalizeFree(v);
  }
}

/** Display form: RUT 12.345.678-5, CPF 000.000.000-00, CNPJ 00.000.000/0000-00, others as normalized. */
export function formatDocument(type: string, value: string | null | undefined): string {
  const v = value ?? '';
  switch (type.toUpperCase()) {
    case 'RUT':
      return formatRut(v);
    case 'CPF':
      return formatCpf(v);
    case 'CNPJ':
      return formatCnpj(v);
    default:
      return normalizeFree(v);
  }
}

/** Checksum for RUT, CPF and CNPJ; for other types only presence, length and printable characters. */
function isDocumentValueValid(type: DocumentType, value: string): boolean {
  switch (type) {
    case 'RUT':
      return isValidRut(value);
    case 'CPF':
      return isValidCpf(value);
    case 'CNPJ':
      return isValidCnpj(value);
    default: {
      const normalized = normalizeFree(value);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
      return normalized.length <= FREE_DOCUMENT_MAX_LENGTH && !/[\u0000-\u001f\u007f]/.test(normalized);
    }
  }
}

export interface DocumentInput {
  country: string | null | undefined;
  personType: PersonType;
  type: string | null | undefined;
  value: string | null | undefined;
}

export interface DocumentValidation {
  valid: boolean;
  normalized: string;
  formatted: string;
  error?: DocumentError;
}

/**
 * Validates a document against its country and person type. The type is checked first (a wrong type
 * is the more useful message), then presence, then the checksum (RUT, CPF, CNPJ) or, for other
 * types, the length limit.
 */
export function validateDocument(input: DocumentInput): DocumentValidation {
  const type = (input.type ?? '').trim().toUpperCase();
  const raw = input.value ?? '';
  const normalized = normalizeDocument(type, raw);
  const formatted = formatDocument(type, raw);
  if (!isDocumentType(type) || !isDocumentTypeAllowed(input.country, input.personType, type)) {
    return { valid: false, normalized, formatted, error: 'DOCUMENT_TYPE_NOT_ALLOWED' };
  }
  if (raw.trim() === '') return { valid: false, normalized: '', formatted: '', error: 'DOCUMENT_REQUIRED' };
  if (!isDocumentValueValid(type, raw)) return { valid: false, normalized, formatted, error: 'DOCUMENT_INVALID' };
  return { valid: true, normalized, formatted };
}

/** Length of the placeholder dni that the product stores for a file (ficha) without a document. */
export const NO_DOCUMENT_DNI_LENGTH = 22;

/** A ficha whose dni has exactly 22 characters counts as a file without a document (spec 000 §5). */
export function isFileWithoutDocument(dni: string | null | undefined): boolean {
  return typeof dni === 'string' && dni.length === NO_DOCUMENT_DNI_LENGTH;
}

/** A document shown as exactly ten digits is masked after the ninth: '1234567890' -> '123456789*'. */
export function maskDocument(display: string | null | undefined): string {
  const value = display ?? '';
  return /^\d{10}$/.test(value) ? `${value.slice(0, 9)}*` : value;
}
