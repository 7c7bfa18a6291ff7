import {
  type DocumentType,
  defaultDocumentType,
  documentTypesFor,
  maskDocument,
  normalizeDocument,
  type PersonType,
  validateDocument,
} from '@regcheck/shared/documents/index';
import { isValidEmail } from '@regcheck/shared/format/email';
import { isValidPersonName } from '@regcheck/shared/format/person-name';

/** A translation key of the fichas namespace plus its parameters: the page translates it. */
export interface FieldProblem {
  key: string;
  params?: Record<string, unknown>;
}

export type FormErrors = Partial<Record<string, FieldProblem>>;

/** Who a person is, as a form holds it (a ficha, a related person): strings as typed. */
export interface PersonIdentityValues {
  personType: PersonType;
  country: string;
  documentType: string;
  dni: string;
  name: string;
  fatherName: string;
  motherName: string;
  socialReason: string;
}

/** What the create/edit form holds: strings as typed, so an error never loses input. */
export interface FichaFormValues extends PersonIdentityValues {
  fantasyName: string;
  gender: string;
  nationality: string;
  countryOfResidence: string;
  birthDate: string;
  email: string;
  phone: string;
  address: string;
  fiscalAddress: string;
  city: string;
  commune: string;
  region: string;
  zipCode: string;
  position: string;
  employer: string;
  maritalStatus: string;
  income: string;
  sales: string;
  businessType: string;
  businessRelationshipPurpose: string;
  comments: string;
  pepStatus: string;
  pepLevel: string;
  tags: string[];
}

export const MAX_TAGS = 20;

export function emptyFichaValues(companyCountry: string, personType: PersonType): FichaFormValues {
  const country = (companyCountry || 'CL').toUpperCase();
  return {
    personType,
    country,
    documentType: defaultDocumentType(country, personType),
    dni: '',
    name: '',
    fatherName: '',
    motherName: '',
    socialReason: '',
    fantasyName: '',
    gender: '',
    nationality: personType === 'natural' ? country : '',
    countryOfResidence: country,
    birthDate: '',
    email: '',
    phone: '',
    address: '',
    fiscalAddress: '',
    city: '',
    commune: '',
    region: '',
    zipCode: '',
    position: '',
    employer: '',
    maritalStatus: '',
    income: '',
    sales: '',
    businessType: '',
    businessRelationshipPurpose: '',
    comments: '',
    pepStatus: '',
    pepLevel: '',
    tags: [],
  };
}

/** Keeps the document type inside the country's list for the person type, else the default. */
export function coerceDocumentType(country: string, personType: PersonType, current: string): DocumentType {
  const allowed = documentTypesFor(country, personType);
  return (allowed as readonly string[]).includes(current)
    ? (current as DocumentType)
    : defaultDocumentType(country, personType);
}

/** 'YYYY-MM-DD...' (stored) -> 'dd/mm/yyyy' (typed). */
export function isoToDmy(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** 'dd/mm/yyyy' -> 'YYYY-MM-DD' (10 characters, the server adds noon UTC); null when not a real date. */
export function dmyToIso(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** Inserts the slashes of dd/mm/yyyy while typing digits. */
export function typeDmy(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** Amounts are typed with dot thousands and comma decimals; returns null for empty, NaN for junk. */
export function parseTypedAmount(value: string): number | null {
  const s = value.trim();
  if (s === '') return null;
  const n = Number(s.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : Number.NaN;
}

/** The live state of a document field: display format and the error key, if any. */
export function documentState(country: string, personType: PersonType, type: string, value: string) {
  const result = validateDocument({ country, personType, type, value });
  const problem: FieldProblem | undefined =
    value.trim() === ''
      ? undefined
      : result.valid
        ? undefined
        : { key: `errors.${result.error}`, params: { field: type, dni: value, document: type, personType, country } };
  return { valid: result.valid, formatted: result.formatted, normalized: result.normalized, problem };
}

/**
 * Company names (social reason, trade name) also take digits, commas, dots and parentheses ("Inversiones 2020
 * S.A.", "Comercio (Chile) Ltda"), as the server's rule does; person names take & / - only.
 */
const COMPANY_NAME = /^[\p{L}\p{M}\p{N} '’.,&/()-]+$/u;
export function isValidCompanyName(value: string): boolean {
  const s = value.trim();
  return s !== '' && COMPANY_NAME.test(s) && /[\p{L}\p{N}]/u.test(s);
}

const NAME_FIELDS_NATURAL = ['name', 'fatherName', 'motherName'] as const;

/** Client-side checks before sending; the server checks again and its field errors land in the same places. */
export function validate(v: FichaFormValues): FormErrors {
  const errors: FormErrors = {};
  const doc = documentState(v.country, v.personType, v.documentType, v.dni);
  if (v.dni.trim() === '') errors.dni = { key: 'form.errors.required' };
  else if (doc.problem) errors.dni = doc.problem;
  if (v.personType === 'natural') {
    if (v.name.trim() === '') errors.name = { key: 'form.errors.required' };
    if (v.fatherName.trim() === '') errors.fatherName = { key: 'form.errors.required' };
    for (const f of NAME_FIELDS_NATURAL) {
      if (!errors[f] && v[f].trim() !== '' && !isValidPersonName(v[f])) errors[f] = { key: 'form.errors.name' };
    }
    if (v.birthDate.trim() !== '' && dmyToIso(v.birthDate) === null) errors.birthDate = { key: 'form.errors.date' };
  } else {
    if (v.socialReason.trim() === '') errors.socialReason = { key: 'form.errors.required' };
    else if (!isValidCompanyName(v.socialReason)) errors.socialReason = { key: 'form.errors.companyName' };
    if (v.fantasyName.trim() !== '' && !isValidCompanyName(v.fantasyName)) {
      errors.fantasyName = { key: 'form.errors.companyName' };
    }
  }
  if (v.email.trim() !== '' && !isValidEmail(v.email)) errors.email = { key: 'form.errors.email' };
  for (const f of ['income', 'sales'] as const) {
    if (Number.isNaN(parseTypedAmount(v[f]))) errors[f] = { key: 'form.errors.amount' };
  }
  if (v.tags.length > MAX_TAGS) errors.tags = { key: 'form.errors.tagsTooMany', params: { max: MAX_TAGS } };
  const lower = v.tags.map((t) => t.trim().toLowerCase());
  if (new Set(lower).size !== lower.length) errors.tags = { key: 'form.errors.tagsRepeated' };
  return errors;
}

const text = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body of POST /fichas-clientes and PATCH /fichas-clientes/{id}. */
export function toPayload(v: FichaFormValues) {
  const natural = v.personType === 'natural';
  return {
    personType: v.personType,
    dni: normalizeDocument(v.documentType, v.dni),
    dniType: { country: v.country, person: v.personType, document: v.documentType },
    name: natural ? text(v.name) : null,
    fatherName: natural ? text(v.fatherName) : null,
    motherName: natural ? text(v.motherName) : null,
    socialReason: natural ? null : text(v.socialReason),
    fantasyName: natural ? null : text(v.fantasyName),
    gender: natural && (v.gender === 'female' || v.gender === 'male') ? v.gender : null,
    nationality: text(v.nationality),
    countryOfResidence: text(v.countryOfResidence),
    birthDate: natural && v.birthDate.trim() !== '' ? dmyToIso(v.birthDate) : null,
    email: text(v.email),
    phone: text(v.phone),
    address: text(v.address),
    fiscalAddress: text(v.fiscalAddress),
    city: text(v.city),
    commune: text(v.commune),
    region: text(v.region),
    zipCode: text(v.zipCode),
    position: natural ? text(v.position) : null,
    employer: natural ? text(v.employer) : null,
    maritalStatus: natural ? text(v.maritalStatus) : null,
    income: natural ? parseTypedAmount(v.income) : null,
    sales: natural ? null : parseTypedAmount(v.sales),
    businessType: text(v.businessType),
    businessRelationshipPurpose: text(v.businessRelationshipPurpose),
    comments: text(v.comments),
    pepStatus: v.pepStatus === 'direct' || v.pepStatus === 'consanguineous' ? v.pepStatus : null,
    pepLevel: v.pepLevel === '1' ? 1 : v.pepLevel === '2' ? 2 : null,
    tags: v.tags.map((name) => ({ name: name.trim() })),
  };
}

/** A stored ficha as form values (for editing). */
export function toFormValues(f: {
  personType: PersonType;
  dni: string;
  dniFormatted?: string;
  withoutDocument?: boolean;
  dniType: { country: string; document: string };
  tags: { name: string }[];
  [key: string]: unknown;
}): FichaFormValues {
  const s = (k: string) => {
    const value = f[k];
    return value == null ? '' : String(value);
  };
  const amount = (k: string) => {
    const value = f[k];
    return typeof value === 'number' ? String(value).replace('.', ',') : '';
  };
  const declared = f.pepDeclared as { status: string | null; level: number | null } | undefined;
  return {
    personType: f.personType,
    country: f.dniType.country,
    documentType: f.dniType.document,
    dni: f.withoutDocument ? '' : (f.dniFormatted ?? f.dni),
    name: s('name'),
    fatherName: s('fatherName'),
    motherName: s('motherName'),
    socialReason: s('socialReason'),
    fantasyName: s('fantasyName'),
    gender: s('gender'),
    nationality: s('nationality'),
    countryOfResidence: s('countryOfResidence'),
    birthDate: isoToDmy(s('birthDate')),
    email: s('email'),
    phone: s('phone'),
    address: s('address'),
    fiscalAddress: s('fiscalAddress'),
    city: s('city'),
    commune: s('commune'),
    region: s('region'),
    zipCode: s('zipCode'),
    position: s('position'),
    employer: s('employer'),
    maritalStatus: s('maritalStatus'),
    income: amount('income'),
    sales: amount('sales'),
    businessType: s('businessType'),
    businessRelationshipPurpose: s('businessRelationshipPurpose'),
    comments: s('comments'),
    // the form edits what the ficha declares, not the status derived from every source (decision 170)
    pepStatus: declared?.status ?? '',
    pepLevel: declared?.level == null ? '' : String(declared.level),
    tags: f.tags.map((t) => t.name),
  };
}

/**
 * The form field a server error names: 'dniType.document' -> 'documentType', 'tags.3.name' -> 'tags',
 * 'legalRepresentatives.0.dni' -> 'related'. Unknown fields give null (the error goes to a toast).
 */
export function formFieldOf(serverField: string | undefined, known: readonly string[]): string | null {
  if (!serverField) return null;
  if (serverField === 'dniType.document' || serverField === 'documentType') return 'documentType';
  if (serverField.startsWith('dniType')) return 'country';
  const head = serverField.split('.')[0] ?? '';
  if (head === 'tags') return 'tags';
  if (head === 'legalRepresentatives' || head === 'participation' || head === 'relatedFichaId') return 'related';
  return known.includes(head) ? head : null;
}

/** How a document is shown in tables: the formatted value, masked when shown as ten digits; '-' without one. */
export function displayDni(f: {
  dniFormatted?: string | null;
  dni?: string | null;
  withoutDocument?: boolean;
}): string {
  if (f.withoutDocument) return '-';
  return maskDocument(f.dniFormatted || f.dni || '') || '-';
}
