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

/** Chile asks natural persons for given names and both family names apart; elsewhere one name field. */
export function splitsFamilyNames(country: string, personType: 'natural' | 'legal'): boolean {
  return country.toUpperCase() === 'CL' && personType === 'natural';
}

/** The body of POST /search/individual from the form: empty fields left out, names trimmed. */
export function toSearchBody(v: SearchFormValues): SearchBody {
  const body: SearchBody = { personType: v.personType };
  const name = v.name.trim();
  if (name) body.name = name;
  if (splitsFamilyNames(v.country, v.personType)) {
    if (v.fatherName.trim()) body.fatherName = v.fatherName.trim();
    if (v.motherName.trim()) body.motherName = v.motherName.trim();
  }
  if (v.dni.trim()) body.dni = v.dni.trim();
  if (v.country) body.country = v.country;
  if (v.birthDate) body.birthDate = v.birthDate;
  if (v.city.trim()) body.city = v.city.trim();
  return body;
}

/** A search needs a name (or family name) or a document. */
export function canSearch(v: SearchFormValues): boolean {
  const b = toSearchBody(v);
  return !!(b.name || b.fatherName || b.motherName || b.dni);
}

/** Score as a percentage for display (0.8731 gives 87%). */
export function scorePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}
