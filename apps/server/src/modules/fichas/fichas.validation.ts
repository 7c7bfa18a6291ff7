import { randomBytes } from 'node:crypto';
import type { FichaFieldsInput } from '@regcheck/shared';
import {
  defaultDocumentType,
  isFileWithoutDocument,
  NO_DOCUMENT_DNI_LENGTH,
  normalizeDocument,
  validateDocument,
} from '@regcheck/shared/documents/index';
import { cleanEmail, isValidEmail, isValidPersonName, normalizeDateInput } from '@regcheck/shared/format/index';
import { findCountry } from '@regcheck/shared/reference/index';
import { fichaError } from './fichas.errors';

export type PersonType = 'natural' | 'legal';

/** Lower case, accents removed, punctuation as single spaces: the form `search_name` and search terms use. */
export function foldText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@]+/gu, ' ')
    .trim();
}

/** The stored forms a typed dni may have (RUT, CPF, CNPJ normalisations and as typed). */
export function dniCandidates(dni: string): string[] {
  const raw = dni.trim();
  return [
    ...new Set([
      raw,
      raw.toUpperCase(),
      normalizeDocument('RUT', raw),
      normalizeDocument('CPF', raw),
      normalizeDocument('CNPJ', raw),
    ]),
  ].filter(Boolean);
}

/** Company names may hold digits and a little more punctuation than person names ("Inversiones 2020 S.A."). */
const COMPANY_NAME = /^[\p{L}\p{M}\p{N} '’.,&/()-]+$/u;

export function isValidCompanyName(value: string): boolean {
  const s = value.trim();
  return s !== '' && COMPANY_NAME.test(s) && /[\p{L}\p{N}]/u.test(s);
}

/** A placeholder dni of 22 characters: the spec's "file without document". */
export function newNoDocumentDni(): string {
  return `SD${randomBytes(16).toString('hex').toUpperCase()}`.slice(0, NO_DOCUMENT_DNI_LENGTH);
}

export interface DocumentResult {
  dni: string;
  dniType: { country: string; person: PersonType; document: string };
}

/**
 * Resolves and validates a ficha's document: the country of the document (dniType.country, else the
 * nationality, else the company's country), the type (given, else the country's default: CPF/CNPJ in Brazil,
 * RUT otherwise) and the number (cleaned, truncated to 9/11/14, zero-padded, checksum for RUT, CPF and CNPJ).
 * No number, or one of exactly 22 characters, is a file without document.
 */
export function resolveDocument(
  input: { dni?: string | null; dniType?: { country?: string | null; document?: string | null } | null },
  personType: PersonType,
  fallbackCountry: string | null | undefined,
  field = 'dni',
): DocumentResult {
  const rawCountry = input.dniType?.country ?? fallbackCountry ?? 'CL';
  const country = findCountry(rawCountry);
  if (!country) throw fichaError('COUNTRY_NOT_FOUND', { field: `${field}Type.country`, params: { value: rawCountry } });
  const rawType = (input.dniType?.document ?? '').trim();
  const document = rawType ? rawType.toUpperCase().replace(/^PASAPORTE$|^PASSAPORTE$/, 'PASSPORT') : null;
  const type = document ?? defaultDocumentType(country.code, personType);
  const dniType = { country: country.code, person: personType, document: type };
  const raw = (input.dni ?? '').trim();
  if (raw === '') return { dni: newNoDocumentDni(), dniType };
  if (isFileWithoutDocument(raw)) return { dni: raw, dniType };
  const v = validateDocument({ country: country.code, personType, type, value: raw });
  if (!v.valid) {
    const code = v.error ?? 'DOCUMENT_INVALID';
    throw fichaError(code, {
      field: code === 'DOCUMENT_TYPE_NOT_ALLOWED' ? `${field}Type.document` : field,
      params: {
        dni: raw,
        document: type,
        personType,
        country: country.code,
      },
    });
  }
  return { dni: v.normalized, dniType };
}

/** Accepts an ISO code or a country name in es/pt/en; stores the ISO alpha-2 code. */
export function resolveCountry(value: string | null | undefined, field: string): string | null {
  const s = (value ?? '').trim();
  if (s === '') return null;
  const c = findCountry(s);
  if (!c) throw fichaError('COUNTRY_NOT_FOUND', { field, params: { value: s } });
  return c.code;
}

export function resolveDate(value: string | null | undefined, field: string): string | null {
  const s = (value ?? '').trim();
  if (s === '') return null;
  const d = normalizeDateInput(s);
  if (!d) throw fichaError('DATE_INVALID', { field, params: { value: s } });
  return d;
}

/**
 * E-mail: empty is no e-mail. A non-empty invalid address typed by a user is rejected naming the field,
 * rather than silently dropped (the spec's "treated as empty" is applied by the bulk load, not by this API).
 */
export function resolveEmail(value: string | null | undefined, field = 'email'): string | null {
  const s = (value ?? '').trim();
  if (s === '') return null;
  if (!isValidEmail(s)) throw fichaError('EMAIL_INVALID', { field, params: { value: s } });
  return cleanEmail(s);
}

function cleanText(value: string | null | undefined): string | null {
  const s = (value ?? '').replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

function personName(value: string | null | undefined, field: string): string | null {
  const s = cleanText(value);
  if (s !== null && !isValidPersonName(s)) throw fichaError('NAME_INVALID', { field });
  return s;
}

function companyName(value: string | null | undefined, field: string): string | null {
  const s = cleanText(value);
  if (s !== null && !isValidCompanyName(s)) throw fichaError('NAME_INVALID', { field });
  return s;
}

/** Up to 20 tags per record, no repeats (case and accents ignored). */
export function resolveTags(tags: { name: string }[] | undefined, field = 'tags'): { name: string }[] | undefined {
  if (tags === undefined) return undefined;
  if (tags.length > 20) throw fichaError('TAGS_TOO_MANY', { field });
  const seen = new Set<string>();
  const out: { name: string }[] = [];
  for (const t of tags) {
    const name = t.name.trim();
    const key = foldText(name);
    if (seen.has(key)) throw fichaError('TAGS_REPEATED', { field, params: { name } });
    seen.add(key);
    out.push({ name });
  }
  return out;
}

/** The ficha's display name: names and family names (natural) or company name (legal). */
export function fullNameOf(f: {
  personType: string;
  name?: string | null;
  fatherName?: string | null;
  motherName?: string | null;
  socialReason?: string | null;
  fantasyName?: string | null;
}): string {
  if (f.personType === 'legal') return (f.socialReason ?? f.fantasyName ?? f.name ?? '').trim();
  return [f.name, f.fatherName, f.motherName]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

export function searchNameOf(f: Parameters<typeof fullNameOf>[0] & { dni: string }): string {
  const digits = f.dni.replace(/[^0-9A-Za-z]/g, '');
  return foldText(`${fullNameOf(f)} ${f.personType === 'legal' ? (f.fantasyName ?? '') : ''} ${f.dni} ${digits}`);
}

/** Columns of a ficha computed from validated input (everything but identity, risk and screening). */
export interface FichaColumns {
  name?: string | null;
  fatherName?: string | null;
  motherName?: string | null;
  socialReason?: string | null;
  fantasyName?: string | null;
  gender?: string | null;
  nationality?: string | null;
  countryOfResidence?: string | null;
  birthDate?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  fiscalAddress?: string | null;
  city?: string | null;
  commune?: string | null;
  region?: string | null;
  zipCode?: string | null;
  position?: string | null;
  employer?: string | null;
  maritalStatus?: string | null;
  income?: number | null;
  sales?: number | null;
  businessType?: string | null;
  businessRelationshipPurpose?: string | null;
  comments?: string | null;
  tags?: { name: string }[];
  /** the API's pepStatus, pepLevel, pepExpiration are the ficha's declaration: one source of its PEP status */
  pepDeclaredStatus?: 'direct' | 'consanguineous' | null;
  pepDeclaredLevel?: number | null;
  pepDeclaredExpiration?: string | null;
  identificadorFicha?: string | null;
  personId?: string | null;
  lastDofDate?: string | null;
  corporateStructure?: unknown;
}

const has = (o: object, k: string) => Object.hasOwn(o, k);

/**
 * Validates and cleans the writable fields present in `input` (a create or a patch). Only keys present in the
 * input appear in the result, so a patch leaves the others alone. Errors name the field.
 */
export function resolveFields(input: Partial<FichaFieldsInput>, personType: PersonType): FichaColumns {
  const out: FichaColumns = {};
  const text = [
    'gender',
    'phone',
    'address',
    'fiscalAddress',
    'city',
    'commune',
    'region',
    'zipCode',
    'position',
    'employer',
    'maritalStatus',
    'businessType',
    'businessRelationshipPurpose',
    'comments',
    'identificadorFicha',
  ] as const;
  for (const k of text) if (has(input, k)) out[k] = cleanText(input[k] as string | null);
  if (has(input, 'comments')) out.comments = (input.comments ?? '').trim() || null;
  if (has(input, 'name'))
    out.name = personType === 'legal' ? companyName(input.name, 'name') : personName(input.name, 'name');
  if (has(input, 'fatherName')) out.fatherName = personName(input.fatherName, 'fatherName');
  if (has(input, 'motherName')) out.motherName = personName(input.motherName, 'motherName');
  if (has(input, 'socialReason')) out.socialReason = companyName(input.socialReason, 'socialReason');
  if (has(input, 'fantasyName')) out.fantasyName = companyName(input.fantasyName, 'fantasyName');
  if (has(input, 'nationality')) out.nationality = resolveCountry(input.nationality, 'nationality');
  if (has(input, 'countryOfResidence'))
    out.countryOfResidence = resolveCountry(input.countryOfResidence, 'countryOfResidence');
  if (has(input, 'birthDate')) out.birthDate = resolveDate(input.birthDate, 'birthDate');
  if (has(input, 'pepExpiration')) out.pepDeclaredExpiration = resolveDate(input.pepExpiration, 'pepExpiration');
  if (has(input, 'lastDOFDate')) out.lastDofDate = resolveDate(input.lastDOFDate, 'lastDOFDate');
  if (has(input, 'email')) out.email = resolveEmail(input.email);
  if (has(input, 'income')) out.income = input.income ?? null;
  if (has(input, 'sales')) out.sales = input.sales ?? null;
  if (has(input, 'tags')) out.tags = resolveTags(input.tags ?? []);
  if (has(input, 'personId')) out.personId = input.personId ?? null;
  if (has(input, 'pepStatus')) {
    out.pepDeclaredStatus = input.pepStatus ?? null;
    if (!has(input, 'pepLevel'))
      out.pepDeclaredLevel = out.pepDeclaredStatus === null ? null : out.pepDeclaredStatus === 'direct' ? 1 : 2;
  }
  if (has(input, 'pepLevel')) out.pepDeclaredLevel = input.pepLevel ?? null;
  if (has(input, 'corporateStructure')) {
    const cs = input.corporateStructure;
    if (cs) {
      for (const [i, p] of (cs.partners ?? []).entries()) {
        if (p.extractDate)
          p.extractDate = resolveDate(p.extractDate, `corporateStructure.partners[${i}].extractDate`) ?? undefined;
      }
      if (cs.lastExtractPublication)
        cs.lastExtractPublication =
          resolveDate(cs.lastExtractPublication, 'corporateStructure.lastExtractPublication') ?? undefined;
    }
    out.corporateStructure = cs ?? null;
  }
  return out;
}

/** A complete ficha needs its name: name for a natural person, socialReason for a legal one. */
export function assertRequired(f: { personType: string; name?: string | null; socialReason?: string | null }) {
  if (f.personType === 'legal' && !f.socialReason) throw fichaError('FIELD_REQUIRED', { field: 'socialReason' });
  if (f.personType === 'natural' && !f.name) throw fichaError('FIELD_REQUIRED', { field: 'name' });
}
