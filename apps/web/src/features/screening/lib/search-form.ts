import { defaultDocumentType, validateDocument } from '@regcheck/shared/documents/country-documents';
import type { SearchBody } from '../api/screening-api';

export interface SearchFormValues {
  personType: 'natural' | 'legal';
  country: string;
  name: string;
  fatherName: string;
  motherName: string;
  documentType: string;
  dni: string;
  birthDate: string;
  city: string;
}

/** An empty search in the company's country. */
export function toFormValues(country: string): SearchFormValues {
  return {
    personType: 'natural',
    country,
    name: '',
    fatherName: '',
    motherName: '',
    documentType: defaultDocumentType(country, 'natural'),
    dni: '',
    birthDate: '',
    city: '',
  };
}

/** Chile asks natural persons for given names and both family names apart; elsewhere one name field. */
export function splitsFamilyNames(country: string, personType: 'natural' | 'legal'): boolean {
  return country.toUpperCase() === 'CL' && personType === 'natural';
}

/** The body of POST /search/individual from the form: empty fields left out, names trimmed. */
export function toPayload(v: SearchFormValues): SearchBody {
  const body: SearchBody = { personType: v.personType };
  const name = v.name.trim();
  if (name) body.name = name;
  if (splitsFamilyNames(v.country, v.personType)) {
    if (v.fatherName.trim()) body.fatherName = v.fatherName.trim();
    if (v.motherName.trim()) body.motherName = v.motherName.trim();
  }
  if (v.dni.trim()) {
    body.dni = v.dni.trim();
    if (v.documentType) body.documentType = v.documentType;
  }
  if (v.country) body.country = v.country;
  if (v.birthDate && v.personType === 'natural') body.birthDate = v.birthDate;
  if (v.city.trim()) body.city = v.city.trim();
  return body;
}

/** A search needs a name (or family name) or a document; a document is checked as the ficha form checks it. */
export function validate(v: SearchFormValues): { search?: 'nameOrDocument'; dni?: 'documentInvalid' } {
  const b = toPayload(v);
  if (!(b.name || b.fatherName || b.motherName || b.dni)) return { search: 'nameOrDocument' };
  if (b.dni && v.country) {
    const type = v.documentType || defaultDocumentType(v.country, v.personType);
    const r = validateDocument({ country: v.country, personType: v.personType, type, value: b.dni });
    if (!r.valid) return { dni: 'documentInvalid' };
  }
  return {};
}

/** The new-ficha form filled with what was searched (/home/person/create?type=...&dni=...&name=...). */
export function createFichaLink(v: SearchFormValues): string {
  const p = new URLSearchParams({ type: v.personType });
  const set = (k: string, value: string) => {
    if (value.trim()) p.set(k, value.trim());
  };
  set('dni', v.dni);
  set('documentType', v.documentType);
  if (v.personType === 'legal') set('socialReason', v.name);
  else {
    set('name', v.name);
    set('fatherName', v.fatherName);
    set('motherName', v.motherName);
    set('birthDate', v.birthDate);
    set('nationality', v.country);
  }
  return `/home/person/create?${p.toString()}`;
}

/** Whether the form may be sent (no validation error). */
export function canSearch(v: SearchFormValues): boolean {
  return Object.keys(validate(v)).length === 0;
}
