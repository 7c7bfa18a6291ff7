import { type FichaFieldsInput, RELATION_TYPES } from '@regcheck/shared';
import { isFileWithoutDocument } from '@regcheck/shared/documents/country-documents';
import { isValidEmail } from '@regcheck/shared/format/email';
import type { BulkLoadType } from '../../db/tables/bulk-loads.tables';
import { type ColumnSpec, columnsOf } from './bulk-loads.columns';
import type { Cell, SheetRow } from './bulk-loads.xlsx';

/*
 * A spreadsheet row as the services' input, with the clean-up rules of spec 001 §5: a dni ending in a lowercase k
 * is upper-cased, gender is lower-cased, phone and reference are text, date serials become an ISO date (stored at
 * 12:00 UTC by the fichas service), an invalid e-mail is emptied and reported. Nothing here validates what the
 * services validate (documents, names, ownership, currencies): they do, as for the API.
 */

/** One problem of a row: its column, the value read, and the message key with its parameters. */
export interface RowIssue {
  column: string;
  value: string;
  messageKey: string;
  params?: Record<string, unknown>;
}

export type RowValues = Record<string, string | number | null>;

export interface ParsedRow {
  number: number;
  values: RowValues;
  /** problems that reject the row */
  errors: RowIssue[];
  /** problems reported while the row still loads (an emptied e-mail) */
  warnings: RowIssue[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** A number as text without exponent or trailing zeros (phones and references typed as numbers). */
export function numberText(n: number) {
  return Number.isInteger(n) ? BigInt(Math.round(n)).toString() : String(n);
}

/** A spreadsheet date serial (days since 1899-12-30) as YYYY-MM-DD. */
export function serialToIso(n: number) {
  return new Date(Math.round((n - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** A date typed as dd/mm/yyyy as YYYY-MM-DD (the operations API takes ISO dates); anything else as it is. */
export function isoDay(s: string) {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}` : s;
}

function text(c: Cell): string | null {
  if (c === null) return null;
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === 'number') return numberText(c);
  return c;
}

function personTypeOf(s: string): 'natural' | 'legal' | null {
  const f = fold(s);
  if (['natural', 'persona natural', 'pessoa fisica', 'fisica', 'pf', 'n', 'person'].includes(f)) return 'natural';
  if (['legal', 'juridica', 'persona juridica', 'pessoa juridica', 'pj', 'j', 'company', 'empresa'].includes(f))
    return 'legal';
  return null;
}

function genderOf(s: string): 'female' | 'male' | null {
  const f = fold(s);
  if (['female', 'f', 'femenino', 'feminino', 'mujer', 'mulher'].includes(f)) return 'female';
  if (['male', 'm', 'masculino', 'hombre', 'homem'].includes(f)) return 'male';
  return null;
}

function cleanDni(c: Cell): string | null {
  const s = text(c);
  if (s === null) return null;
  return s.trim().replace(/k$/, 'K');
}

function read(spec: ColumnSpec, c: Cell, issues: RowIssue[]): string | number | null {
  if (c === null) return null;
  const value = text(c) ?? '';
  switch (spec.kind) {
    case 'dni':
      return cleanDni(c);
    case 'date':
      if (c instanceof Date) return c.toISOString().slice(0, 10);
      if (typeof c === 'number') return serialToIso(c);
      return c.trim();
    case 'number': {
      if (typeof c === 'number') return c;
      const n = Number(
        String(c)
          .replace(/\s/g, '')
          .replace(/\.(?=\d{3}(\D|$))/g, '')
          .replace(',', '.'),
      );
      if (Number.isFinite(n)) return n;
      issues.push({ column: spec.key, value, messageKey: 'bulk:errors.ROW_NUMBER' });
      return null;
    }
    case 'personType': {
      const p = personTypeOf(value);
      if (!p) issues.push({ column: spec.key, value, messageKey: 'bulk:errors.ROW_PERSON_TYPE' });
      return p;
    }
    case 'gender': {
      const g = genderOf(value);
      if (!g) issues.push({ column: spec.key, value, messageKey: 'bulk:errors.ROW_GENDER' });
      return g;
    }
    case 'relationType': {
      const t = RELATION_TYPES.find((r) => fold(r) === fold(value));
      if (!t) issues.push({ column: spec.key, value, messageKey: 'bulk:errors.ROW_RELATION_TYPE' });
      return t ?? null;
    }
    default:
      return value;
  }
}

/** Each load type's columns by key (built once, not per row). */
const specsOf = new Map(
  (['fichas', 'fichas_v2', 'operation'] as const).map((t) => [t, new Map(columnsOf(t).map((c) => [c.key, c]))]),
);

/** Reads a data row by the header's column map; required cells, formulas without a result, kinds and e-mail. */
export function parseRow(type: BulkLoadType, byIndex: Map<number, string>, row: SheetRow): ParsedRow {
  const specs = specsOf.get(type) as Map<string, ColumnSpec>;
  const values: RowValues = {};
  const errors: RowIssue[] = [];
  const warnings: RowIssue[] = [];
  for (const [i, key] of byIndex) {
    const spec = specs.get(key);
    if (!spec) continue;
    if (row.formulas.includes(i)) {
      errors.push({ column: key, value: '', messageKey: 'bulk:errors.ROW_FORMULA' });
      continue;
    }
    values[key] = read(spec, row.cells[i] ?? null, errors);
  }
  for (const spec of specs.values())
    if (spec.required && (values[spec.key] === null || values[spec.key] === undefined || values[spec.key] === ''))
      if (!errors.some((e) => e.column === spec.key))
        errors.push({ column: spec.key, value: '', messageKey: 'bulk:errors.ROW_REQUIRED' });
  // a dni of exactly 22 characters is the product's mark of a file without a document (spec 000 §5): the row loads
  // as such, and the report says so (decision 101), since the officer may have meant a real document
  const dni = values.dni;
  if (type !== 'operation' && typeof dni === 'string' && isFileWithoutDocument(dni))
    warnings.push({ column: 'dni', value: dni, messageKey: 'bulk:errors.ROW_DNI_NO_DOCUMENT' });
  const email = values.email;
  if (typeof email === 'string' && email !== '' && !isValidEmail(email)) {
    warnings.push({ column: 'email', value: email, messageKey: 'bulk:errors.ROW_EMAIL_EMPTIED' });
    values.email = null;
  }
  return { number: row.number, values, errors, warnings };
}

const str = (v: string | number | null | undefined) =>
  v === null || v === undefined ? undefined : typeof v === 'number' ? numberText(v) : v;
const num = (v: string | number | null | undefined) => (typeof v === 'number' ? v : undefined);

/** Brazilian documents typed as numbers lose their leading zeros: CPF has 11 digits, CNPJ 14. */
function padDocument(dni: string, personType: 'natural' | 'legal', country: string) {
  if (country.toUpperCase() !== 'BR' || !/^\d+$/.test(dni)) return dni;
  return dni.padStart(personType === 'natural' ? 11 : 14, '0');
}

/** The document of a row: its dni (padded when Brazilian), country (the load's by default) and type. */
export function documentOf(v: RowValues, prefix: '' | 'parent' | 'representative', country: string) {
  const personType = prefix === 'representative' ? 'natural' : ((v.personType as 'natural' | 'legal') ?? 'natural');
  const raw = str(prefix === '' ? v.dni : prefix === 'parent' ? v.parentDni : v.representativeDni) ?? '';
  const docCountry = str(v.documentCountry) ?? country;
  return {
    dni: padDocument(raw, personType, prefix === '' ? docCountry : country),
    dniType: {
      country: prefix === '' ? docCountry : country,
      document: prefix === '' ? str(v.documentType) : undefined,
    },
  };
}

/** The fichas service's input of a row (fichas 3.0 and v2). */
export function fichaInput(v: RowValues, country: string): FichaFieldsInput {
  const personType = (v.personType as 'natural' | 'legal') ?? 'natural';
  const { dni, dniType } = documentOf(v, '', country);
  const out: Record<string, unknown> = {
    personType,
    dni,
    dniType,
    name: personType === 'natural' ? str(v.name) : undefined,
    fatherName: personType === 'natural' ? str(v.fatherName) : undefined,
    motherName: personType === 'natural' ? str(v.motherName) : undefined,
    socialReason: personType === 'legal' ? (str(v.socialReason) ?? str(v.name)) : undefined,
    fantasyName: str(v.fantasyName),
    gender: v.gender ?? undefined,
    nationality: str(v.nationality),
    countryOfResidence: str(v.countryOfResidence),
    birthDate: str(v.birthDate),
    email: str(v.email),
    phone: str(v.phone),
    address: str(v.address),
    city: str(v.city),
    commune: str(v.commune),
    region: str(v.region),
    position: str(v.position),
    employer: str(v.employer),
    income: num(v.income),
    sales: num(v.sales),
    businessType: str(v.businessType),
    identificadorFicha: str(v.reference),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as FichaFieldsInput;
}
