import type { ListIntern } from '../api/screening-api';

/** Reasons offered for the list of interest; 'other' asks for a free text (spec: reason with an other-reason option). */
export const INTEREST_REASONS = ['pep', 'sanctions', 'adverseMedia', 'fraud', 'judicial', 'other'] as const;

/** What the create/edit form of the list of interest holds. */
export interface ListInternFormValues {
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  reason: string | null;
  otherReason: string;
}

/** The form's values for a record, or empty ones for a new record. */
export function toFormValues(record: ListIntern | null): ListInternFormValues {
  return {
    dni: record?.dni ?? '',
    name: record?.name ?? '',
    personType: record?.personType ?? 'natural',
    reason: record?.reason ?? null,
    otherReason: record?.otherReason ?? '',
  };
}

/** Saving needs a document (the server checks the rest). */
export function validate(v: { dni: string }): { dni?: 'required' } {
  return v.dni.trim() ? {} : { dni: 'required' };
}

/** The body of POST/PATCH /list-interns from the form (empty optional fields left out, or cleared when editing). */
export function toPayload(v: ListInternFormValues, editing: boolean) {
  const clear = editing ? null : undefined;
  return {
    dni: v.dni.trim(),
    name: v.name.trim() || clear,
    personType: v.personType,
    reason: v.reason ?? clear,
    otherReason: v.reason === 'other' ? v.otherReason.trim() || clear : clear,
  };
}
