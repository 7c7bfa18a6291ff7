import type { ListIntern } from '../api/screening-api';
import { type DocumentFormValues, documentFormValues, documentPayload } from './document-form';

/** Reasons offered for the list of interest; 'other' asks for a free text (spec: reason with an other-reason option). */
export const INTEREST_REASONS = ['pep', 'sanctions', 'adverseMedia', 'fraud', 'judicial', 'other'] as const;

/** What the create/edit form of the list of interest holds. */
export interface ListInternFormValues extends DocumentFormValues {
  reason: string | null;
  otherReason: string;
}

/** The form's values for a record, or empty ones for a new record. */
export function toFormValues(record: ListIntern | null): ListInternFormValues {
  return { ...documentFormValues(record), reason: record?.reason ?? null, otherReason: record?.otherReason ?? '' };
}

/** The body of POST/PATCH /list-interns from the form (empty optional fields left out, or cleared when editing). */
export function toPayload(v: ListInternFormValues, editing: boolean) {
  const clear = editing ? null : undefined;
  return {
    ...documentPayload(v, editing),
    reason: v.reason ?? clear,
    otherReason: v.reason === 'other' ? v.otherReason.trim() || clear : clear,
  };
}
