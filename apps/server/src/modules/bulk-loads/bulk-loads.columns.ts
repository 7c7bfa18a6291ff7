import { LOCALES, type Locale, translate } from '@regcheck/shared';
import type { BulkLoadType } from '../../db/tables/bulk-loads.tables';

/*
 * The columns of each bulk-load template: their key, whether a row needs them, and their kind (how a cell is read).
 * Headers and explanations are texts of the `bulk` catalog (`bulk:columns.<key>`, `bulk:help.<key>`), so the
 * template's header row is in the company's language and a file's header is recognised in any of the three.
 */

export type ColumnKind = 'text' | 'date' | 'number' | 'personType' | 'gender' | 'relationType' | 'dni';

export interface ColumnSpec {
  key: string;
  required?: boolean;
  kind?: ColumnKind;
}

const PERSON: ColumnSpec[] = [
  { key: 'personType', required: true, kind: 'personType' },
  { key: 'documentCountry' },
  { key: 'documentType' },
  { key: 'dni', required: true, kind: 'dni' },
  { key: 'name' },
  { key: 'fatherName' },
  { key: 'motherName' },
  { key: 'socialReason' },
];

/** fichas 3.0: natural and legal persons; a row with parentDni is a related person (or beneficial owner) of it. */
const FICHAS_3: ColumnSpec[] = [
  ...PERSON,
  { key: 'fantasyName' },
  { key: 'gender', kind: 'gender' },
  { key: 'nationality' },
  { key: 'countryOfResidence' },
  { key: 'birthDate', kind: 'date' },
  { key: 'email' },
  { key: 'phone' },
  { key: 'address' },
  { key: 'city' },
  { key: 'commune' },
  { key: 'region' },
  { key: 'position' },
  { key: 'employer' },
  { key: 'income', kind: 'number' },
  { key: 'sales', kind: 'number' },
  { key: 'businessType' },
  { key: 'reference' },
  { key: 'parentDni', kind: 'dni' },
  { key: 'relationType', kind: 'relationType' },
  { key: 'participation', kind: 'number' },
];

/** fichas v2: one person a row; a legal person may name its legal representative. */
const FICHAS_V2: ColumnSpec[] = [
  ...PERSON,
  { key: 'gender', kind: 'gender' },
  { key: 'nationality' },
  { key: 'birthDate', kind: 'date' },
  { key: 'email' },
  { key: 'phone' },
  { key: 'address' },
  { key: 'city' },
  { key: 'position' },
  { key: 'reference' },
  { key: 'representativeDni', kind: 'dni' },
  { key: 'representativeName' },
];

/** operations: one participant a row; consecutive rows with the same operation reference are one operation. */
const OPERATIONS: ColumnSpec[] = [
  { key: 'operationRef', required: true },
  { key: 'transactionType' },
  { key: 'transactionDate', kind: 'date' },
  { key: 'currency', required: true },
  { key: 'reference' },
  { key: 'comments' },
  ...PERSON,
  { key: 'amount', kind: 'number' },
  { key: 'cash', kind: 'number' },
];

export function columnsOf(type: BulkLoadType): ColumnSpec[] {
  return type === 'operation' ? OPERATIONS : type === 'fichas_v2' ? FICHAS_V2 : FICHAS_3;
}

/** A header cell folded for comparison: lower case, no accents, no spaces or punctuation. */
export const foldHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export const headerOf = (locale: Locale, key: string) => translate(locale, `bulk:columns.${key}`);

/** The header row of a file mapped to column keys: each cell in any language (or the key itself). */
export function matchHeader(type: BulkLoadType, cells: string[]) {
  const names = new Map<string, string>();
  for (const c of columnsOf(type)) {
    names.set(foldHeader(c.key), c.key);
    for (const l of LOCALES) names.set(foldHeader(headerOf(l, c.key)), c.key);
  }
  const byIndex = new Map<number, string>();
  cells.forEach((cell, i) => {
    const key = names.get(foldHeader(cell ?? ''));
    if (key) byIndex.set(i, key);
  });
  const present = new Set(byIndex.values());
  const missing = columnsOf(type)
    .filter((c) => c.required && !present.has(c.key))
    .map((c) => c.key);
  return { byIndex, missing };
}
