import { validateDocument } from '@regcheck/shared/documents/country-documents';
import {
  PEP_YEARS_AFTER_OFFICE,
  type PepCountry,
  type PersonCreateBody,
  type PersonUpdateBody,
  type PersonView,
  pepExpirationFor,
} from '@regcheck/shared/schemas/people';

/** The relations a related (level 2) person may have to the primary PEP (DOMAIN.md: family to the 2nd degree...). */
export const RELATIONS = [
  'spouse',
  'civilPartner',
  'child',
  'stepchild',
  'parent',
  'sibling',
  'grandparent',
  'grandchild',
  'inLaw',
  'associate',
  'other',
] as const;

/** The form's free-text fields: empty in the form, left out (create) or null (edit) when blank. */
const TEXT_FIELDS = [
  'position',
  'institution',
  'officeStart',
  'officeEnd',
  'primaryPersonId',
  'relation',
  'email',
  'phone',
  'address',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export interface PepFormValues extends Record<TextField, string> {
  country: PepCountry;
  dni: string;
  name: string;
  pepLevel: '1' | '2';
}

/** Each free-text field with what `value` makes of it. */
function textFields<T>(value: (field: TextField) => T): Record<TextField, T> {
  return Object.fromEntries(TEXT_FIELDS.map((f) => [f, value(f)])) as Record<TextField, T>;
}

export function emptyPepForm(primaryPersonId = ''): PepFormValues {
  return {
    country: 'CL',
    dni: '',
    name: '',
    pepLevel: primaryPersonId ? '2' : '1',
    ...textFields(() => ''),
    primaryPersonId,
  };
}

export function toFormValues(p: PersonView): PepFormValues {
  return {
    country: (p.country === 'BR' ? 'BR' : 'CL') as PepCountry,
    dni: p.dni,
    name: p.name,
    pepLevel: p.pepLevel === 2 ? '2' : '1',
    ...textFields((f) => p[f] ?? ''),
  };
}

/** Error keys (platform:pep.form.errors.*) by field; empty when the form may be sent. */
export function validate(v: PepFormValues, mode: 'create' | 'edit'): Partial<Record<keyof PepFormValues, string>> {
  const out: Partial<Record<keyof PepFormValues, string>> = {};
  if (mode === 'create') {
    if (!v.dni.trim()) out.dni = 'required';
    else {
      const type = v.country === 'BR' ? 'CPF' : 'RUT';
      const r = validateDocument({ country: v.country, personType: 'natural', type, value: v.dni });
      if (!r.valid) out.dni = v.country === 'BR' ? 'cpf' : 'rut';
    }
  }
  if (!v.name.trim()) out.name = 'required';
  if (v.officeStart && v.officeEnd && v.officeEnd < v.officeStart) out.officeEnd = 'endBeforeStart';
  if (v.pepLevel === '2' && !v.primaryPersonId) out.primaryPersonId = 'primaryRequired';
  if (v.pepLevel === '2' && !v.relation) out.relation = 'required';
  if (v.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) out.email = 'email';
  return out;
}

const opt = (s: string) => (s.trim() ? s.trim() : undefined);
const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function toCreatePayload(v: PepFormValues): PersonCreateBody {
  const level = v.pepLevel === '2' ? 2 : 1;
  return {
    country: v.country,
    personType: 'natural',
    dni: v.dni.trim(),
    name: v.name.trim(),
    pepLevel: level,
    ...textFields((f) => opt(v[f])),
    // a primary PEP has no primary nor relation
    primaryPersonId: level === 2 ? opt(v.primaryPersonId) : undefined,
    relation: level === 2 ? opt(v.relation) : undefined,
  };
}

export function toUpdatePayload(v: PepFormValues): PersonUpdateBody {
  const level = v.pepLevel === '2' ? 2 : 1;
  return {
    name: v.name.trim(),
    pepLevel: level,
    ...textFields((f) => orNull(v[f])),
    primaryPersonId: level === 2 ? orNull(v.primaryPersonId) : null,
    relation: level === 2 ? orNull(v.relation) : null,
  };
}

/**
 * What the form says about the expiration while it is filled: a primary PEP's from the country's rule and the end
 * of office (none while in office), a related person's the primary's.
 */
export type ExpirationPreview =
  | { kind: 'date'; date: string; years: number; past: boolean }
  | { kind: 'inOffice'; years: number }
  | { kind: 'followsPrimary'; date: string | null; past: boolean }
  | { kind: 'pickPrimary' };

export function expirationPreview(
  v: PepFormValues,
  primary: { pepExpiration: string | null } | null,
  today = new Date().toISOString().slice(0, 10),
): ExpirationPreview {
  const years = PEP_YEARS_AFTER_OFFICE[v.country];
  if (v.pepLevel === '2') {
    if (!primary) return { kind: 'pickPrimary' };
    return {
      kind: 'followsPrimary',
      date: primary.pepExpiration,
      past: !!primary.pepExpiration && primary.pepExpiration < today,
    };
  }
  const date = pepExpirationFor(v.country, v.officeEnd || null);
  if (!date) return { kind: 'inOffice', years };
  return { kind: 'date', date, years, past: date < today };
}
